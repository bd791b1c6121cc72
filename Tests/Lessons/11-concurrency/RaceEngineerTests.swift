import Dispatch
import Foundation
import Testing
@testable import ConcurrencyInjection

/// A small, seeded generator (SplitMix64): the same seed gives the same stores everywhere.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A fake store that is an actor: safe to share between tasks, and it keeps
/// every lap it is handed so a test can count them.
actor SpyTelemetry: TelemetryStore {
    private var recorded: [Lap] = []

    func record(_ lap: Lap) {
        recorded.append(lap)
    }

    func laps() -> [Lap] {
        recorded
    }
}

/// A fake store that is a final class guarding its state with a lock: the
/// other way to be `Sendable`. It starts with laps a test chooses.
final class StubTelemetry: TelemetryStore, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Lap]

    init(laps: [Lap]) {
        stored = laps
    }

    func record(_ lap: Lap) {
        lock.lock()
        defer { lock.unlock() }
        stored.append(lap)
    }

    func laps() -> [Lap] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

@Suite("Dependencies and Swift concurrency", .serialized)
struct RaceEngineerTests {
    @Test("LapLog is an actor")
    func lapLogIsAnActor() {
        let log = LapLog()
        #expect((log as AnyObject) is any Actor, "LapLog must be an actor: write `public actor LapLog: TelemetryStore`. A class marked `@unchecked Sendable` only silences the compiler; its array is still changed from many tasks at once (a data race that loses laps or crashes), and a struct would give every holder its own copy of the log. [zh-Hans] LapLog 必须是 actor：写成 `public actor LapLog: TelemetryStore`。标记为 `@unchecked Sendable` 的类只是让编译器不再报错；它的数组仍然会被许多任务同时修改（数据竞争会丢圈或崩溃），而结构体会让每个持有者拿到日志的一份副本。")
    }

    @Test("a thousand laps from a thousand tasks all reach the injected store")
    func concurrentLapsAreAllKept() async {
        let spy = SpyTelemetry()
        let engineer = RaceEngineer(telemetry: spy)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    await engineer.completeLap(car: index % 10, milliseconds: 90_000 + index)
                }
            }
        }
        let laps = await spy.laps()
        #expect(laps.count == 1_000, "1000 tasks each called completeLap once, but the store handed to RaceEngineer(telemetry:) received \(laps.count) lap\(laps.count == 1 ? "" : "s"). completeLap must await telemetry.record(_:) on the injected store, not a shared log, and not in a detached task it does not wait for. [zh-Hans] 1000 个任务各调用了一次 completeLap，但交给 RaceEngineer(telemetry:) 的存储收到了 \(laps.count) 圈。completeLap 必须 await 注入的存储上的 telemetry.record(_:)，不要用共享的日志，也不要放进它不等待的分离任务里。")
        #expect(laps.filter { $0.car == 3 }.count == 100, "Car 3 completed 100 laps, but the store holds \(laps.filter { $0.car == 3 }.count) lap\(laps.filter { $0.car == 3 }.count == 1 ? "" : "s") of car 3. Record each lap with the car number completeLap was given. [zh-Hans] 3 号车完成了 100 圈，但存储中 3 号车有 \(laps.filter { $0.car == 3 }.count) 圈。用交给 completeLap 的车号记录每一圈。")
    }

    @Test("the real LapLog keeps every lap recorded from many tasks, however many (5,000)")
    func lapLogIsSafeToShare() async {
        let log = LapLog()
        let engineer = RaceEngineer(telemetry: log)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<5_000 {
                group.addTask {
                    await engineer.completeLap(car: 1 + index % 4, milliseconds: 80_000 + index)
                }
            }
        }
        let laps = await log.laps()
        let culprit = (log as AnyObject) is any Actor
            ? "LapLog is an actor, so no lap is lost inside it: completeLap returned before its lap was in the log. Await telemetry.record(_:) inside completeLap, not in a Task { } or Task.detached you do not wait for."
            : "LapLog is shared by many tasks: make it an actor so no lap is lost."
        let culpritZh = (log as AnyObject) is any Actor
            ? "LapLog 是 actor，所以它里面不会丢圈：是 completeLap 在这一圈进入日志之前就返回了。在 completeLap 中 await telemetry.record(_:)，不要放进你不等待的 Task { } 或 Task.detached 里。"
            : "LapLog 被许多任务共享：把它改成 actor，这样就不会丢圈。"
        #expect(laps.count == 5_000, "5000 tasks completed one lap each, awaited, with an engineer handed one LapLog(), which kept \(laps.count). A log keeps every lap it is handed, however many: no limit, nothing dropped. \(culprit) [zh-Hans] 5000 个任务各完成并等待了一圈，比赛工程师拿到的是一个 LapLog()，它保存了 \(laps.count) 圈。日志保存交给它的每一圈，不管有多少：没有上限，什么也不丢。\(culpritZh)")
        let best = await engineer.bestLap(car: 2)
        #expect(best?.milliseconds == 80_001, "The fastest lap of car 2 in the log took 80001 ms, but bestLap(car: 2) returned \(String(describing: best?.milliseconds)). [zh-Hans] 日志中 2 号车最快的一圈用时 80001 ms，但 bestLap(car: 2) 返回的是 \(String(describing: best?.milliseconds))。")
    }

    @Test("the real LapLog returns laps in the order they were recorded")
    func lapLogKeepsTheOrder() async {
        let log = LapLog()
        let engineer = RaceEngineer(telemetry: log)
        await engineer.completeLap(car: 16, milliseconds: 91_200)
        await engineer.completeLap(car: 44, milliseconds: 90_900)
        await engineer.completeLap(car: 16, milliseconds: 90_700)
        await engineer.completeLap(car: 1, milliseconds: 92_000)
        let laps = await log.laps()
        let seen = laps.map { "car \($0.car): \($0.milliseconds) ms" }
        guard laps.count == 4 else {
            Issue.record("Four awaited completeLap calls, then LapLog().laps() returned \(laps.count) lap\(laps.count == 1 ? "" : "s"): \(seen). completeLap must await telemetry.record(_:) before it returns (not start a Task { } it does not wait for), and LapLog must keep every lap. [zh-Hans] 四次等待完成的 completeLap 调用之后，LapLog().laps() 返回了 \(laps.count) 圈：\(seen)。completeLap 必须在返回之前 await telemetry.record(_:)（不要启动一个它不等待的 Task { }），LapLog 必须保留每一圈。")
            return
        }
        #expect(laps.map(\.milliseconds) == [91_200, 90_900, 90_700, 92_000], "Four laps were recorded one after the other (car 16: 91200 ms, car 44: 90900 ms, car 16: 90700 ms, car 1: 92000 ms), and LapLog().laps() should return them in that order; it returned \(seen). Keep the laps in one array and append each new lap at the end: no grouping by car, no sorting. [zh-Hans] 四圈是一个接一个记录的（16 号车：91200 ms，44 号车：90900 ms，16 号车：90700 ms，1 号车：92000 ms），LapLog().laps() 应该按这个顺序返回它们；它返回的是 \(seen)。把圈保存在一个数组中，每一圈都追加到末尾：不要按车分组，也不要排序。")
    }

    @Test("two equal laps are two laps: the real LapLog keeps both")
    func equalLapsAreKept() async {
        let log = LapLog()
        let engineer = RaceEngineer(telemetry: log)
        await engineer.completeLap(car: 16, milliseconds: 90_000)
        await engineer.completeLap(car: 16, milliseconds: 90_000)
        await RaceSession.$id.withValue("Q1") {
            await engineer.completeLap(car: 16, milliseconds: 90_000)
            await engineer.completeLap(car: 16, milliseconds: 90_000)
        }
        let laps = await log.laps()
        #expect(laps.count == 4, "Car 16 did four laps of exactly 90000 ms (two outside a session, two in Q1), and each completeLap call records one lap, but LapLog().laps() holds \(laps.count). A lap equal to an earlier one is still a lap: keep every lap recorded, do not drop or merge equal ones. [zh-Hans] 16 号车跑了四圈，每圈都正好 90000 ms（两圈不在任何赛段中，两圈在 Q1），每次 completeLap 调用都记录一圈，但 LapLog().laps() 里有 \(laps.count) 圈。和之前相同的一圈仍然是一圈：保留记录的每一圈，不要丢弃或合并相同的圈。")
    }

    @Test("two engineers with two stores keep their laps apart")
    func twoStoresTwoResults() async {
        let first = SpyTelemetry()
        let second = SpyTelemetry()
        let firstEngineer = RaceEngineer(telemetry: first)
        let secondEngineer = RaceEngineer(telemetry: second)
        await firstEngineer.completeLap(car: 7, milliseconds: 91_000)
        await firstEngineer.completeLap(car: 7, milliseconds: 90_500)
        await secondEngineer.completeLap(car: 9, milliseconds: 95_000)
        let firstLaps = await first.laps()
        let secondLaps = await second.laps()
        #expect(firstLaps.map(\.milliseconds) == [91_000, 90_500], "The first engineer recorded two laps (91000 ms, then 90500 ms) and its own store should hold exactly those, in order; it holds \(firstLaps.map(\.milliseconds)). Each engineer must record into the store it was given (not a global one), and await it before completeLap returns. [zh-Hans] 第一个比赛工程师记录了两圈（先 91000 ms，再 90500 ms），它自己的存储应该按顺序正好保存这两圈；里面是 \(firstLaps.map(\.milliseconds))。每个比赛工程师都必须记录到交给它的存储中（不是全局的存储），并在 completeLap 返回之前等待它完成。")
        #expect(secondLaps.map(\.car) == [9], "The second engineer recorded one lap of car 9 and its store should hold only that; it holds laps of cars \(secondLaps.map(\.car)). Laps must not leak through a shared log. [zh-Hans] 第二个比赛工程师记录了 9 号车的一圈，它的存储应该只保存这一圈；里面是这些车的圈：\(secondLaps.map(\.car))。圈不能通过共享的日志泄漏出去。")
    }

    @Test("every completeLap is one lap as given, whatever its numbers, and a lap outside any session has no session")
    func everyLapAsGiven() async {
        let spy = SpyTelemetry()
        let engineer = RaceEngineer(telemetry: spy)
        let given: [(car: Int, milliseconds: Int)] = [(0, 0), (1, -5), (44, 1), (16, 91_850), (7, Int.max), (-3, 90_000)]
        for lap in given { await engineer.completeLap(car: lap.car, milliseconds: lap.milliseconds) }
        let laps = await spy.laps()
        #expect(laps.map(\.car) == given.map(\.car) && laps.map(\.milliseconds) == given.map(\.milliseconds), "Each completeLap records one Lap with the car and milliseconds it was given, in order, whatever the numbers (0, a negative time, the largest Int); the store received \(laps.map { "(\($0.car), \($0.milliseconds))" }). Keep the behaviour: record every lap as it comes, and judge nothing. [zh-Hans] 每次 completeLap 都用交给它的车号和毫秒数按顺序记录一个 Lap，不管数字是什么（0、负的时间、最大的 Int）；存储收到的是 \(laps.map { "(\($0.car), \($0.milliseconds))" })。保持原有行为：每一圈来了就记录，不做任何判断。")
        #expect(laps.allSatisfy { $0.session == nil }, "No session was set, so every lap's session should be nil, but the store received \(laps.map { $0.session ?? "nil" }). RaceSession.id has no default: a lap outside any session has none, and no label is invented for it. [zh-Hans] 没有设置赛段，所以每一圈的 session 都应该是 nil，但存储收到的是 \(laps.map { $0.session ?? "nil" })。RaceSession.id 没有默认值：赛段之外的圈就没有赛段，也不要为它编一个标签。")
    }

    @Test("a lap in a session carries that session's label exactly as set, whatever the text: empty, blank, padded, lower case or not Latin")
    func everySessionLabelAsGiven() async {
        let spy = SpyTelemetry()
        let engineer = RaceEngineer(telemetry: spy)
        let labels = ["Q1", "", " ", "q1", " Q1 ", "练习赛 1", "FP1\n"]
        for (index, label) in labels.enumerated() {
            await RaceSession.$id.withValue(label) { await engineer.completeLap(car: index, milliseconds: 90_000 + index) }
        }
        let sessions = await spy.laps().map(\.session)
        #expect(sessions == labels.map { Optional($0) }, "Laps were completed in sessions labelled \(labels.map { "\"\($0)\"" }); the store received the sessions \(sessions.map { $0.map { "\"\($0)\"" } ?? "nil" }). A lap carries RaceSession.id exactly as the work set it: an empty or blank label is still a label, and no label is trimmed, changed or replaced. [zh-Hans] 这些圈分别在标签为 \(labels.map { "\"\($0)\"" }) 的赛段中完成；存储收到的赛段是 \(sessions.map { $0.map { "\"\($0)\"" } ?? "nil" })。一圈带的就是工作设定的 RaceSession.id，原样不变：空的或只有空格的标签也是标签，任何标签都不要修剪、改动或替换。")
    }

    @Test("a lap completed by a task that was cancelled is recorded all the same: cancelling stops the caller's work, not the lap it hands over")
    func cancelledTaskStillRecords() async {
        let spy = SpyTelemetry()
        let engineer = RaceEngineer(telemetry: spy)
        let timing = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await engineer.completeLap(car: 16, milliseconds: 91_850)
        }
        await timing.value
        let laps = await spy.laps()
        #expect(laps.map(\.car) == [16] && laps.map(\.milliseconds) == [91_850], "A timing task was cancelled (its car crossed the line as the loop was torn down) and then completed a lap of car 16 in 91850 ms: the store should have that lap; it has \(laps.map { "car \($0.car) \($0.milliseconds) ms" }). completeLap records the lap it is given and returns once the store has it, whether or not the calling task was cancelled: do not check Task.isCancelled there. [zh-Hans] 一个计时任务被取消了（赛车过线时计时循环正被拆掉），之后它完成了 16 号车 91850 ms 的一圈：存储里应该有这一圈；实际有 \(laps.map { "\($0.car) 号车 \($0.milliseconds) ms" })。completeLap 记录交给它的那一圈，等存储拿到之后才返回，不管调用它的任务有没有被取消：不要在那里检查 Task.isCancelled。")
    }

    @Test("a lap gets the session of the work that completes it, or none, wherever and whenever the engineer was built")
    func sessionBelongsToTheWork() async {
        // The model: a lap's session is RaceSession.id as the completing task sees it at that moment; where the engineer
        // was built (inside a session or not) and what came before change nothing.
        for builtIn in [nil, "FP3"] as [String?] {
            let spy = SpyTelemetry()
            let engineer: RaceEngineer
            if let builtIn {
                engineer = await RaceSession.$id.withValue(builtIn) { RaceEngineer(telemetry: spy) }
            } else {
                engineer = RaceEngineer(telemetry: spy)
            }
            await engineer.completeLap(car: 1, milliseconds: 90_001)
            await RaceSession.$id.withValue("Q2") {
                await engineer.completeLap(car: 2, milliseconds: 90_002)
                await RaceSession.$id.withValue("race") {
                    await engineer.completeLap(car: 3, milliseconds: 90_003)
                }
                await engineer.completeLap(car: 4, milliseconds: 90_004)
            }
            await engineer.completeLap(car: 5, milliseconds: 90_005)
            let sessions = await spy.laps().map { $0.session ?? "nil" }
            let expected = ["nil", "Q2", "race", "Q2", "nil"]
            #expect(sessions == expected, "An engineer built \(builtIn.map { "inside session \"\($0)\"" } ?? "outside any session") completed a lap outside any session, then in \"Q2\", in \"race\" nested inside it, in \"Q2\" again, and outside again: the laps should be labelled \(expected), but were labelled \(sessions). The session belongs to the work, not to the engineer: read RaceSession.id in completeLap, each time, and keep no session in the engineer (a lap outside any session has none). [zh-Hans] 一个\(builtIn.map { "在赛段 \"\($0)\" 之内" } ?? "在任何赛段之外")创建的比赛工程师先在赛段之外完成一圈，然后在 \"Q2\" 中、在嵌套于其中的 \"race\" 中、再在 \"Q2\" 中、最后又在赛段之外各完成一圈：这些圈应该标为 \(expected)，实际标的是 \(sessions)。赛段属于工作，不属于比赛工程师：每次都在 completeLap 中读取 RaceSession.id，不要在比赛工程师里保存赛段（赛段之外的圈就没有赛段）。")
        }
    }

    @Test("the store is asked at every question: laps that reach it another way after the first question (another engineer, the timing system) count at the next")
    func bestLapAsksTheStoreEachTime() async {
        let store = StubTelemetry(laps: [Lap(car: 44, milliseconds: 92_300, session: "Q1")])
        let engineer = RaceEngineer(telemetry: store)
        let other = RaceEngineer(telemetry: store)
        let first = await engineer.bestLap(car: 44)
        await other.completeLap(car: 44, milliseconds: 91_000)
        let second = await engineer.bestLap(car: 44)
        store.record(Lap(car: 44, milliseconds: 90_500, session: "Q1"))
        let third = await engineer.bestLap(car: 44)
        let answers = [first, second, third].map { $0?.milliseconds }
        #expect(answers == [92_300, 91_000, 90_500], "One engineer asked for car 44's best lap three times; between the questions, another engineer sharing the store completed a 91000 ms lap, then the timing system recorded 90500 ms. The answers should be [92300, 91000, 90500], but were \(answers). Ask the store you were handed at every call (await telemetry.laps()); keep no copy of its laps. [zh-Hans] 一位工程师三次询问 44 号车的最快圈；两次询问之间，共用这个存储的另一位工程师完成了 91000 ms 的一圈，之后计时系统又记录了 90500 ms。答案应该是 [92300, 91000, 90500]，实际是 \(answers)。每次调用都询问交给你的存储（await telemetry.laps()），不要保存它的圈的副本。")
    }

    @Test("the best lap is read from the injected store")
    func bestLapComesFromTheStore() async {
        let stub = StubTelemetry(laps: [
            Lap(car: 44, milliseconds: 92_300, session: "Q1"),
            Lap(car: 44, milliseconds: 91_850, session: "Q1"),
            Lap(car: 16, milliseconds: 90_100, session: "Q1"),
            Lap(car: 44, milliseconds: 93_000, session: "Q1"),
        ])
        let engineer = RaceEngineer(telemetry: stub)
        let best = await engineer.bestLap(car: 44)
        #expect(best?.milliseconds == 91_850, "The store handed to RaceEngineer(telemetry:) holds three laps of car 44; the fastest took 91850 ms, but bestLap(car: 44) returned \(String(describing: best?.milliseconds)). Read the laps with telemetry.laps() from the injected store and keep only the given car's. [zh-Hans] 交给 RaceEngineer(telemetry:) 的存储中有 44 号车的三圈；最快的一圈用时 91850 ms，但 bestLap(car: 44) 返回的是 \(String(describing: best?.milliseconds))。用 telemetry.laps() 从注入的存储读取圈，只保留指定车的圈。")
        let none = await engineer.bestLap(car: 1)
        #expect(none == nil, "Car 1 has no laps in the store, so bestLap(car: 1) should return nil. [zh-Hans] 存储中没有 1 号车的圈，所以 bestLap(car: 1) 应该返回 nil。")
    }

    @Test("bestLap is the fastest of the car's laps in the store, whatever the numbers (200 seeded stores)")
    func bestLapWhateverTheNumbers() async {
        // The model: the smallest time among the car's laps, nil when it has none; 0, negative times and the
        // extremes of Int are laps like any other.
        var generator = SeededGenerator(state: 0x1100_BE57)
        let odd = [0, -1, -90_000, 1, Int.max, Int.min, 59_999, 60_000]
        for round in 0..<200 {
            let laps = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                Lap(car: Int.random(in: 0...3, using: &generator),
                    milliseconds: Bool.random(using: &generator) ? odd[Int.random(in: 0..<odd.count, using: &generator)]
                                                                 : Int.random(in: 60_000...120_000, using: &generator),
                    session: nil)
            }
            let engineer = RaceEngineer(telemetry: StubTelemetry(laps: laps))
            let car = Int.random(in: 0...3, using: &generator)
            let expected = laps.filter { $0.car == car }.map(\.milliseconds).min()
            let best = await engineer.bestLap(car: car)
            guard best?.milliseconds == expected, best == nil || best?.car == car else {
                Issue.record("Store \(round) (seed 0x1100BE57) holds \(laps.map { "(car \($0.car), \($0.milliseconds) ms)" }); bestLap(car: \(car)) should be the lap of \(expected.map { "\($0) ms" } ?? "nil (no lap)"), but it returned \(best.map { "(car \($0.car), \($0.milliseconds) ms)" } ?? "nil"). Every lap counts, whatever its numbers: keep the car's laps and take the one with the fewest milliseconds. [zh-Hans] 第 \(round) 个存储（种子 0x1100BE57）里有 \(laps.map { "(car \($0.car), \($0.milliseconds) ms)" })；bestLap(car: \(car)) 应该是 \(expected.map { "\($0) ms" } ?? "nil（没有圈）") 的那一圈，但它返回的是 \(best.map { "(car \($0.car), \($0.milliseconds) ms)" } ?? "nil")。每一圈都算数，不管数字是什么：留下这辆车的圈，取毫秒数最少的那一圈。")
                return
            }
        }
    }

    @Test("bestLap asks the store at every call: laps recorded since the last answer count, in any session (200 seeded sessions)")
    func bestLapAsksEveryTime() async {
        // The model: after any mix of completed laps and questions, each inside a session or outside any,
        // bestLap(car:) is the fastest of that car's laps in the store at that moment, whatever their sessions and
        // whatever the session of the question; nil while it has none.
        var generator = SeededGenerator(state: 0x11_A5C5)
        let sessions: [String?] = [nil, "FP1", "Q1", "race"]
        for round in 0..<200 {
            let spy = SpyTelemetry()
            let engineer = RaceEngineer(telemetry: spy)
            var kept: [Lap] = []
            var steps: [String] = []
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let car = Int.random(in: 0...2, using: &generator)
                let session = round < 50 ? nil : sessions.randomElement(using: &generator)!
                let inSession = session.map { " in session \"\($0)\"" } ?? ""
                if Bool.random(using: &generator) {
                    let milliseconds = Int.random(in: 50_000...120_000, using: &generator)
                    await RaceSession.$id.withValue(session) { await engineer.completeLap(car: car, milliseconds: milliseconds) }
                    kept.append(Lap(car: car, milliseconds: milliseconds, session: session))
                    steps.append("completeLap(car: \(car), milliseconds: \(milliseconds))\(inSession)")
                } else {
                    let expected = kept.filter { $0.car == car }.map(\.milliseconds).min()
                    let answer = await RaceSession.$id.withValue(session) { await engineer.bestLap(car: car) }
                    let best = answer?.milliseconds
                    steps.append("bestLap(car: \(car))\(inSession)")
                    // The answer is one of the car's laps as it was recorded: its car and its session too, not relabelled.
                    let recorded = answer.map { lap in kept.contains { $0.car == lap.car && $0.milliseconds == lap.milliseconds && $0.session == lap.session } } ?? true
                    if !recorded, let answer {
                        Issue.record("Session \(round) (seed 0x11A5C5): after \(steps.joined(separator: ", ")), bestLap(car: \(car)) answered a lap of car \(answer.car), \(answer.milliseconds) ms, session \(answer.session.map { "\"\($0)\"" } ?? "nil"), which is none of the laps recorded. Return the fastest lap as the store holds it (its car, its time and the session it was driven in), not a new Lap built for the question. [zh-Hans] 第 \(round) 次会话（种子 0x11A5C5）：执行 \(steps.joined(separator: "、")) 之后，bestLap(car: \(car)) 回答的是车 \(answer.car)、\(answer.milliseconds) ms、会话 \(answer.session.map { "\"\($0)\"" } ?? "nil") 的一圈，它不是记录过的任何一圈。按存储里保存的样子返回最快的那一圈（它的车、时间和跑出它的会话），不要为这次提问新造一个 Lap。")
                        return
                    }
                    if best != expected {
                        Issue.record("Session \(round) (seed 0x11A5C5): after \(steps.joined(separator: ", ")), bestLap(car: \(car)) should be \(expected.map { "\($0) ms" } ?? "nil"), but it was \(best.map { "\($0) ms" } ?? "nil"). bestLap is the fastest of all the car's laps in the store, whatever session each was driven in and whatever session asks: ask the store every time it is called, and filter by car only. [zh-Hans] 第 \(round) 次会话（种子 0x11A5C5）：执行 \(steps.joined(separator: "、")) 之后，bestLap(car: \(car)) 应该是 \(expected.map { "\($0) ms" } ?? "nil")，实际是 \(best.map { "\($0) ms" } ?? "nil")。bestLap 是存储中这辆车所有圈里最快的一圈，不管每一圈在哪个会话中跑出，也不管是在哪个会话中询问：每次调用都询问存储，并且只按车筛选。")
                        return
                    }
                }
            }
        }
    }

    @Test("the real LapLog has no limit: laps recorded one after another, however many (up to 65,537), are all kept in order")
    func lapLogHasNoLimit() async {
        for count in [8_193, 65_537] {
            let log = LapLog()
            for index in 0..<count {
                await log.record(Lap(car: index % 4, milliseconds: index, session: nil))
            }
            let laps = await log.laps()
            guard laps.count == count, laps.first?.milliseconds == 0, laps.last?.milliseconds == count - 1 else {
                Issue.record("\(count) laps were recorded into one LapLog(), one after another; laps() gave \(laps.count), from \(laps.first.map { "\($0.milliseconds)" } ?? "none") to \(laps.last.map { "\($0.milliseconds)" } ?? "none"). A log keeps every lap in the order it was recorded: no limit, no oldest dropped. [zh-Hans] 向同一个 LapLog() 依次记录了 \(count) 圈；laps() 给出了 \(laps.count) 圈，从 \(laps.first.map { "\($0.milliseconds)" } ?? "无") 到 \(laps.last.map { "\($0.milliseconds)" } ?? "无")。日志按记录的顺序保存每一圈：没有上限，不丢掉最早的。")
                return
            }
        }
    }

    @Test("a session set with RaceSession.$id.withValue is seen in child tasks")
    func sessionTravelsIntoChildTasks() async {
        let spy = SpyTelemetry()
        // Built outside the session on purpose: the session belongs to the work, not to the engineer.
        let engineer = RaceEngineer(telemetry: spy)
        await RaceSession.$id.withValue("Q1") {
            await withTaskGroup(of: Void.self) { group in
                for car in 1...5 {
                    group.addTask {
                        await engineer.completeLap(car: car, milliseconds: 89_000 + car)
                    }
                }
            }
            await Task {
                await engineer.completeLap(car: 6, milliseconds: 89_006)
            }.value
        }
        let laps = await spy.laps()
        #expect(laps.count == 6, "Six laps were completed inside the session; the injected store received \(laps.count). [zh-Hans] 在这一节中完成了六圈；注入的存储收到了 \(laps.count) 圈。")
        let sessions = laps.map { $0.session ?? "nil" }
        #expect(laps.allSatisfy { $0.session == "Q1" }, "Laps driven inside RaceSession.$id.withValue(\"Q1\") (in child tasks and in a Task { }) should all be labelled \"Q1\", but they were labelled \(sessions). Declare RaceSession.id as @TaskLocal and read it in completeLap, in the calling task: not once in init, and not inside a Task.detached. [zh-Hans] 在 RaceSession.$id.withValue(\"Q1\") 之内跑的圈（在子任务和 Task { } 中）都应该标为 \"Q1\"，但它们标的是 \(sessions)。把 RaceSession.id 声明为 @TaskLocal，并在 completeLap 中、在调用它的任务里读取：不要在 init 中只读一次，也不要在 Task.detached 里读取。")
    }

    @Test("two sessions timed at the same time each label their own laps")
    func twoSessionsAtOnce() async {
        let spy = SpyTelemetry()
        let engineer = RaceEngineer(telemetry: spy)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await RaceSession.$id.withValue("FP1") {
                    for lap in 0..<50 {
                        await engineer.completeLap(car: 1, milliseconds: 95_000 + lap)
                        await Task.yield()
                    }
                }
            }
            group.addTask {
                await RaceSession.$id.withValue("FP2") {
                    for lap in 0..<50 {
                        await engineer.completeLap(car: 2, milliseconds: 94_000 + lap)
                        await Task.yield()
                    }
                }
            }
        }
        let laps = await spy.laps()
        let carOne = laps.filter { $0.car == 1 }
        let carTwo = laps.filter { $0.car == 2 }
        #expect(carOne.count == 50 && carTwo.count == 50, "Each car completed 50 laps; the store received \(carOne.count) for car 1 and \(carTwo.count) for car 2. [zh-Hans] 每辆车都完成了 50 圈；存储收到 1 号车 \(carOne.count) 圈，2 号车 \(carTwo.count) 圈。")
        #expect(carOne.allSatisfy { $0.session == "FP1" }, "Car 1 drove in session FP1 while car 2 drove in FP2 at the same time; every lap of car 1 should say \"FP1\", but its laps say \(Set(carOne.map { $0.session ?? "nil" }).sorted()). A global session variable is overwritten by the other session; a value read in init belongs to whoever built the engineer. Read the @TaskLocal RaceSession.id in completeLap. [zh-Hans] 1 号车在 FP1 这一节跑，同时 2 号车在 FP2 跑；1 号车的每一圈都应该标为 \"FP1\"，但它的圈标的是 \(Set(carOne.map { $0.session ?? "nil" }).sorted())。全局的节次变量会被另一节覆盖；在 init 中读取的值属于创建比赛工程师的那一方。请在 completeLap 中读取 @TaskLocal 的 RaceSession.id。")
        #expect(carTwo.allSatisfy { $0.session == "FP2" }, "Every lap of car 2 should say \"FP2\", but its laps say \(Set(carTwo.map { $0.session ?? "nil" }).sorted()): each task must see its own RaceSession.id. [zh-Hans] 2 号车的每一圈都应该标为 \"FP2\"，但它的圈标的是 \(Set(carTwo.map { $0.session ?? "nil" }).sorted())：每个任务都必须看到它自己的 RaceSession.id。")
    }

    @Test("a task-local stops at Task.detached and DispatchQueue, so pass it on by hand there")
    func whereTaskLocalsStop() async {
        let spy = SpyTelemetry()
        let engineer = RaceEngineer(telemetry: spy)
        await RaceSession.$id.withValue("race") {
            let inTask = await Task { RaceSession.id }.value
            #expect(inTask == "race", "Task { } inherits task-local values: inside RaceSession.$id.withValue(\"race\") it should see \"race\". Is RaceSession.id declared with @TaskLocal? [zh-Hans] Task { } 会继承任务局部值：在 RaceSession.$id.withValue(\"race\") 之内，它应该看到 \"race\"。RaceSession.id 是用 @TaskLocal 声明的吗？")

            let inDetached = await Task.detached { RaceSession.id }.value
            #expect(inDetached == nil, "Task.detached starts with no task-local values, so it should see nil, not \(String(describing: inDetached)). Is RaceSession.id a @TaskLocal with no default value (String?)? [zh-Hans] Task.detached 开始时没有任何任务局部值，所以它应该看到 nil，而不是 \(String(describing: inDetached))。RaceSession.id 是没有默认值的 @TaskLocal（String?）吗？")

            let onQueue: String? = await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(returning: RaceSession.id)
                }
            }
            #expect(onQueue == nil, "A DispatchQueue closure runs outside any task, so it should see nil, not \(String(describing: onQueue)). [zh-Hans] DispatchQueue 的闭包在任何任务之外运行，所以它应该看到 nil，而不是 \(String(describing: onQueue))。")

            // Work that leaves the task tree must be handed the value explicitly.
            let session = RaceSession.id
            await Task.detached {
                await RaceSession.$id.withValue(session) {
                    await engineer.completeLap(car: 5, milliseconds: 88_888)
                }
            }.value
        }
        let laps = await spy.laps()
        #expect(laps.map { $0.session ?? "nil" } == ["race"], "A detached task that sets RaceSession.$id.withValue(session) again should record one lap labelled \"race\"; the store holds \(laps.map { $0.session ?? "nil" }). completeLap should label the lap with RaceSession.id as seen by the task that calls it. [zh-Hans] 再次设置 RaceSession.$id.withValue(session) 的分离任务应该记录一圈，标为 \"race\"；存储中是 \(laps.map { $0.session ?? "nil" })。completeLap 应该用调用它的任务所看到的 RaceSession.id 来标记这一圈。")
    }
}

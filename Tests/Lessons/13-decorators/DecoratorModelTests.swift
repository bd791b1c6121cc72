import Foundation
import Testing
@testable import Decorators

/// A small, seeded generator (SplitMix64): the same seed gives the same sequences everywhere.
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

/// An error no decorator has heard of.
struct PitLaneClosed: Error, CustomStringConvertible {
    var description: String { "pit lane closed" }
}

/// A client to wrap that answers each call from a queue the test fills (an answer or an error), and writes
/// down every question. At the questions a test names (`callBackAt`, counted from 0) it first calls back (`callBack`:
/// a call into the decorator that wraps it, while that decorator is asking), once each, then answers.
final class QueuedClient: LapTimesClient {
    var queue: [Result<[Int], any Error>] = []
    private(set) var asked: [String] = []
    var callBackAt: Set<Int> = []
    var callBack: (() -> Void)?

    func lapTimes(for driver: String) throws -> [Int] {
        let question = asked.count
        asked.append(driver)
        if callBackAt.remove(question) != nil { callBack?() }
        guard !queue.isEmpty else { return [] }
        return try queue.removeFirst().get()
    }
}

/// A sleeper that writes down its waits and, at the waits a test names (`callBackAt`, counted from 0), calls back
/// (`callBack`: another call into the retry that is waiting on it), once each, before the wait ends.
final class CallingBackSleeper: Sleeper {
    private(set) var waits: [Int] = []
    var callBackAt: Set<Int> = []
    var callBack: (() -> Void)?

    func sleep(milliseconds: Int) {
        let wait = waits.count
        waits.append(milliseconds)
        if callBackAt.remove(wait) != nil { callBack?() }
    }
}

/// A log that writes its name and each line it gets into a journal several logs share and, at the lines a test names
/// (`callBackAt`, counted from 0 over this log's lines), then calls back (`callBack`: another line written to the
/// composite that holds it, while the composite is writing), once each.
final class CallingBackLog: TimingLog {
    let name: String
    let journal: Journal
    private(set) var received = 0
    var callBackAt: Set<Int> = []
    var callBack: (() -> Void)?

    init(_ name: String, journal: Journal) {
        self.name = name
        self.journal = journal
    }

    func write(_ line: String) {
        let number = received
        received += 1
        journal.entries.append("\(name): \(line)")
        if callBackAt.remove(number) != nil { callBack?() }
    }
}

/// A log line as LoggingLapTimes writes it, for an answer or a failure.
func logLine(_ driver: String, _ answer: Result<[Int], any Error>) -> String {
    switch answer {
    case .success(let laps): "lap times of \(driver): \(laps.count) lap\(laps.count == 1 ? "" : "s")"
    case .failure(let error): "lap times of \(driver) failed: \(error)"
    }
}

/// A driver as the pit wall may ask: the usual codes (often the same twice), the same code written otherwise (another
/// case, a space: another question, asked as it is), a long name, another script, nothing.
func anyDriver(using generator: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<8, using: &generator) {
    case 0: return ["", "Zhou Guanyu", "周冠宇", String(repeating: "VER", count: 40)].randomElement(using: &generator)!
    case 1: return ["ham", "Ham", "HAM ", " ver", "Lec"].randomElement(using: &generator)!
    default: return ["HAM", "VER", "LEC"].randomElement(using: &generator)!
    }
}

/// What the wrapped client answers to one call: laps (none, one or many), a timeout, an unknown driver, or an
/// error nobody has heard of.
func anyAnswer(for driver: String, using generator: inout SeededGenerator) -> Result<[Int], any Error> {
    switch Int.random(in: 0..<8, using: &generator) {
    case 0: return .failure(TimingError.timeout)
    case 1: return .failure(TimingError.unknownDriver(driver))
    case 2: return .failure(anyForeignError(using: &generator))
    default: return .success((0..<Int.random(in: 0...4, using: &generator)).map { _ in Int.random(in: 60_000...200_000, using: &generator) })
    }
}

/// An error that is not the feed's own: some come from other layers and only look like a timeout (a POSIX or
/// URL-loading timeout, a cancelled task, one of the app's errors that calls itself a timeout). None is
/// `TimingError.timeout`, so none is worth another attempt.
func anyForeignError(using generator: inout SeededGenerator) -> any Error {
    let errors: [any Error] = [
        PitLaneClosed(), TimeoutLookalike(), TimeoutImpostor(), POSIXError(.ETIMEDOUT), CancellationError(),
        NSError(domain: "NSURLErrorDomain", code: -1001, userInfo: [NSLocalizedDescriptionKey: "The request timed out."]),
    ]
    return errors.randomElement(using: &generator)!
}

/// One of the app's own errors that describes itself as a timeout, without being the feed's timeout.
struct TimeoutLookalike: Error, CustomStringConvertible {
    var description: String { "timeout (of the pit wall's own clock)" }
}

/// An error of another layer that reads exactly like the feed's timeout in every text Swift and Foundation give
/// (`description`, `String(reflecting:)`, `localizedDescription`), without being it: only the error's value tells.
struct TimeoutImpostor: Error, CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    var description: String { String(describing: TimingError.timeout) }
    var debugDescription: String { String(reflecting: TimingError.timeout) }
    var errorDescription: String? { TimingError.timeout.localizedDescription }
}

/// Checks that a decorator passed every question on as it was asked; records an issue and returns false when not.
func passedOnAsAsked(_ asked: [String], _ expected: [String], decorator: String, seed: String, sequence: Int) -> Bool {
    guard asked != expected else { return true }
    Issue.record("Sequence \(sequence) (seed \(seed)): the calls asked \(decorator) for \(expected.map(\.debugDescription)), and the client it wraps was asked for \(asked.map(\.debugDescription)). A decorator passes each question on exactly as it was asked (\"HAM \" with its space, \"ham\" in lower case: another driver's name is another question), and no more often than its promise says. [zh-Hans] 第 \(sequence) 组（种子 \(seed)）：这些调用向 \(decorator) 要的是 \(expected.map(\.debugDescription))，而它包装的客户端被问的是 \(asked.map(\.debugDescription))。装饰器把每个问题原样传下去（\"HAM \" 带着空格，\"ham\" 是小写：名字不同就是另一个问题），次数也不超过它承诺的。")
    return false
}

func text(_ result: Result<[Int], any Error>) -> String {
    switch result {
    case .success(let laps): "laps \(laps)"
    case .failure(let error): "error \(shown(error))"
    }
}

@Suite("Decorators against models of their promises", .serialized)
struct DecoratorModelTests {
    @Test("200 seeded sequences through LoggingLapTimes: every answer handed on, every error thrown on, one line per call after it, a call made from inside a call too")
    func loggingFollowsTheModel() {
        var generator = SeededGenerator(state: 0x13_1066)
        for sequence in 0..<200 {
            let client = QueuedClient(), log = SpyLog()
            let logging = LoggingLapTimes(wrapping: client, log: log)
            var expectedLines: [String] = [], steps: [String] = [], questions: [String] = []
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let driver = anyDriver(using: &generator)
                let answer = anyAnswer(for: driver, using: &generator)
                // Now and then the wrapped client, asked for this driver, first asks the same logger about another
                // driver (a call inside a call), which is logged when it ends, before the call it ran in.
                var inside: (driver: String, answer: Result<[Int], any Error>)?
                if Int.random(in: 0..<6, using: &generator) == 0 {
                    let other = anyDriver(using: &generator)
                    inside = (other, anyAnswer(for: other, using: &generator))
                }
                var gotInside: String?
                client.queue = inside.map { [$0.answer, answer] } ?? [answer]
                if let inside {
                    client.callBackAt = [client.asked.count]
                    client.callBack = { gotInside = ask(logging, inside.driver).text }
                }
                let got = ask(logging, driver).text
                client.callBack = nil
                questions.append(driver)
                if let inside { questions.append(inside.driver) }
                guard passedOnAsAsked(client.asked, questions, decorator: "LoggingLapTimes", seed: "0x131066", sequence: sequence) else { return }
                if let inside {
                    steps.append("\(driver.debugDescription) -> (asks \(inside.driver.debugDescription) -> \(text(inside.answer)) from inside) \(text(answer))")
                    expectedLines.append(logLine(inside.driver, inside.answer))
                } else {
                    steps.append("\(driver.debugDescription) -> \(text(answer))")
                }
                expectedLines.append(logLine(driver, answer))
                let insideRight = inside.map { gotInside == text($0.answer) } ?? true
                guard got == text(answer), insideRight, client.asked.count == questions.count, log.lines == expectedLines else {
                    Issue.record("Sequence \(sequence) (seed 0x131066), calls \(steps.joined(separator: "; ")): the last call should give \(text(answer))\(inside.map { " (and the call from inside \(text($0.answer)))" } ?? "") after \(questions.count) questions to the wrapped client in all, and the log should read \(expectedLines); it gave \(got)\(inside == nil ? "" : " (and \(gotInside ?? "nothing") from inside)"), the client was asked \(client.asked.count) times, and the log reads \(log.lines). LoggingLapTimes hands on what it gets, throws the same error on, and writes exactly one line per call, after the call, for any driver and any answer (\"1 lap\" for one), also for a call made while another is under way. [zh-Hans] 第 \(sequence) 组（种子 0x131066），调用 \(steps.joined(separator: "；"))：最后一次调用应该得到 \(text(answer))\(inside.map { "（里面发起的那次调用得到 \(text($0.answer))）" } ?? "")，被包装的客户端总共被问 \(questions.count) 次，日志应该是 \(expectedLines)；实际得到 \(got)\(inside == nil ? "" : "（里面那次得到 \(gotInside ?? "无")）")，客户端被问了 \(client.asked.count) 次，日志是 \(log.lines)。LoggingLapTimes 原样交出拿到的结果，原样抛出同一个错误，每次调用在调用之后只写一行，不管车手是谁、回答是什么（一圈写 \"1 lap\"），在另一次调用还没结束时发起的调用也一样。")
                    return
                }
            }
        }
    }

    @Test("200 seeded sequences through CachingLapTimes: each driver's first answer is kept, whatever it holds; no failure of any kind is kept")
    func cachingFollowsTheModel() {
        var generator = SeededGenerator(state: 0x13_CAC4E)
        for sequence in 0..<200 {
            let client = QueuedClient()
            let caching = CachingLapTimes(wrapping: client)
            var kept: [String: [Int]] = [:], asks = 0, steps: [String] = [], questions: [String] = []
            // Some sequences ask about a whole field, every driver once and then some again: a grid of 10 to 24, a
            // season's entries (25 to 120), or a timing archive's (121 to 700): a cache keeps every driver, however many.
            let size = sequence % 12 == 0 ? Int.random(in: 121...700, using: &generator)
                : sequence % 12 == 4 ? Int.random(in: 25...120, using: &generator) : Int.random(in: 10...24, using: &generator)
            let grid = sequence % 4 == 0 ? (0..<size).map { "CAR\($0)" }.shuffled(using: &generator) : []
            for call in 0..<(grid.count + Int.random(in: 1...(grid.isEmpty ? 14 : 60), using: &generator)) {
                let driver = grid.isEmpty ? anyDriver(using: &generator) : call < grid.count ? grid[call] : grid.randomElement(using: &generator)!
                let expected: String
                var expectedInside: String?, gotInside: String?
                if let laps = kept[driver] {
                    client.queue = []
                    expected = "laps \(laps)"
                    steps.append("\(driver.debugDescription) (kept)")
                } else {
                    let answer = anyAnswer(for: driver, using: &generator)
                    var queue = [answer]
                    asks += 1
                    questions.append(driver)
                    var step = "\(driver.debugDescription) -> "
                    // Now and then the wrapped client, asked for this driver, first asks the same cache about another
                    // driver (a call inside a call): a kept driver is answered from the cache, another is asked for.
                    let other = grid.isEmpty ? anyDriver(using: &generator) : grid.randomElement(using: &generator)!
                    if Int.random(in: 0..<6, using: &generator) == 0, other != driver {
                        if let laps = kept[other] {
                            expectedInside = "laps \(laps)"
                            step += "(asks \(other.debugDescription) (kept) from inside) "
                        } else {
                            let otherAnswer = anyAnswer(for: other, using: &generator)
                            queue.insert(otherAnswer, at: 0)
                            asks += 1
                            questions.append(other)
                            if case .success(let laps) = otherAnswer { kept[other] = laps }
                            expectedInside = text(otherAnswer)
                            step += "(asks \(other.debugDescription) -> \(text(otherAnswer)) from inside) "
                        }
                        client.callBackAt = [client.asked.count]
                        client.callBack = { gotInside = ask(caching, other).text }
                    }
                    client.queue = queue
                    if case .success(let laps) = answer { kept[driver] = laps }
                    expected = text(answer)
                    steps.append(step + text(answer))
                }
                let got = ask(caching, driver).text
                client.callBack = nil
                guard passedOnAsAsked(client.asked, questions, decorator: "CachingLapTimes", seed: "0x13CAC4E", sequence: sequence) else { return }
                guard got == expected, gotInside == expectedInside, client.asked.count == asks else {
                    let recent = steps.count > 16 ? ["... \(steps.count - 16) calls before (\(Set(questions).count) drivers asked)"] + steps.suffix(16) : steps
                    Issue.record("Sequence \(sequence) (seed 0x13CAC4E), calls \(recent.joined(separator: "; ")): the last call should give \(expected)\(expectedInside.map { " (and the call made from inside it \($0))" } ?? "") with the wrapped client asked \(asks) times in all; it gave \(got)\(expectedInside == nil ? "" : " (and \(gotInside ?? "nothing") from inside)") and the client was asked \(client.asked.count) times. CachingLapTimes asks once per driver and keeps that driver's answer whatever it holds (no laps too); a failure of any kind is not kept, so the next call for that driver asks again; a call made while another is under way is a call like any other. [zh-Hans] 第 \(sequence) 组（种子 0x13CAC4E），调用 \(recent.joined(separator: "；"))：最后一次调用应该得到 \(expected)\(expectedInside.map { "（在它里面发起的那次调用得到 \($0)）" } ?? "")，被包装的客户端总共被问 \(asks) 次；实际得到 \(got)\(expectedInside == nil ? "" : "（里面那次得到 \(gotInside ?? "无")）")，客户端被问了 \(client.asked.count) 次。CachingLapTimes 每位车手只问一次，并保存这位车手的回答，不管里面是什么（没有圈也保存）；任何失败都不保存，下一次问这位车手时要重新问；在另一次调用还没结束时发起的调用和其他调用一样。")
                    return
                }
            }
        }
    }

    @Test("CachingLapTimes keeps every driver of a field of tens of thousands, and RetryingLapTimes waits 500 ms more after each of thousands of timeouts: no number stops either")
    func noNumberStopsTheDecorators() {
        var generator = SeededGenerator(state: 0x13_B16)
        // A field far larger than any the other tests use: each driver asked once, then every one again from the cache.
        let size = Int.random(in: 20_000...60_000, using: &generator)
        let client = QueuedClient()
        let caching = CachingLapTimes(wrapping: client)
        let drivers = (0..<size).map { "CAR\($0)" }
        for driver in drivers { _ = ask(caching, driver) }
        let firstRound = client.asked.count
        var wrong: String?
        for driver in drivers.shuffled(using: &generator) where wrong == nil {
            if case .laps(let laps) = ask(caching, driver), laps == [] { continue }
            wrong = driver
        }
        #expect(firstRound == size && client.asked.count == size && wrong == nil, "A field of \(size) drivers, each asked once and then again: the wrapped client should be asked \(size) times in all, once per driver; it was asked \(firstRound) times in the first round and \(client.asked.count) in all\(wrong.map { " (\($0) was not answered from the cache)" } ?? ""). CachingLapTimes keeps every driver's answer, however many drivers: no cap, no limit on what it holds. [zh-Hans] 一个有 \(size) 位车手的车队，每位先问一次，再问一次：被包装的客户端总共应该被问 \(size) 次，每位车手一次；第一轮它被问了 \(firstRound) 次，总共 \(client.asked.count) 次\(wrong.map { "（\($0) 没有由缓存回答）" } ?? "")。不管有多少车手，CachingLapTimes 都保存每位车手的回答：没有上限，也不限制它保存的数量。")
        // A feed that never answers, and a retry with thousands of attempts: every wait is 500 ms longer than the last.
        let attempts = Int.random(in: 2_000...9_000, using: &generator)
        let feed = QueuedClient()
        feed.queue = Array(repeating: .failure(TimingError.timeout), count: attempts)
        let sleeper = SpySleeper()
        let outcome = ask(RetryingLapTimes(wrapping: feed, attempts: attempts, sleeper: sleeper), "ALO")
        let expected = (1..<attempts).map { 500 * $0 }
        let firstWrong = zip(sleeper.waits, expected).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(outcome.text == "error timeout" && feed.asked.count == attempts && sleeper.waits == expected, "RetryingLapTimes(attempts: \(attempts)) around a feed that always times out should ask \(attempts) times, wait 500, 1000, ... up to \(500 * (attempts - 1)) ms (\(attempts - 1) waits), and end in TimingError.timeout; it asked \(feed.asked.count) times, waited \(sleeper.waits.count) times\(firstWrong.map { " (wait \($0.offset + 1) was \($0.element.0) ms, not \($0.element.1))" } ?? ""), and gave \(outcome.text). Every wait grows by 500 ms, with no cap. [zh-Hans] 包着一个总是超时的计时源的 RetryingLapTimes(attempts: \(attempts)) 应该问 \(attempts) 次，依次等待 500、1000……直到 \(500 * (attempts - 1)) 毫秒（共 \(attempts - 1) 次），最后以 TimingError.timeout 结束；它问了 \(feed.asked.count) 次，等待了 \(sleeper.waits.count) 次\(firstWrong.map { "（第 \($0.offset + 1) 次等待是 \($0.element.0) 毫秒，而不是 \($0.element.1)）" } ?? "")，给出的是 \(outcome.text)。每次等待都比上一次多 500 毫秒，没有上限。")
    }

    @Test("200 seeded calls through RetryingLapTimes of 1 to 12 attempts, and some of up to 400, some against a feed that keeps timing out, some with a sleeper that calls the retry again while it waits: a timeout is tried again up to the attempts, waiting 500 ms times the attempt between, never after the last, with no cap; any other error at once")
    func retryFollowsTheModel() {
        var generator = SeededGenerator(state: 0x13_2E72)
        for sequence in 0..<200 {
            // Now and then a long retry (the sleeper only writes its waits down): the waits keep growing, with no cap.
            let attempts = sequence % 10 == 9 ? Int.random(in: 13...400, using: &generator) : Int.random(in: 1...12, using: &generator)
            let client = QueuedClient(), sleeper = CallingBackSleeper()
            let retrying = RetryingLapTimes(wrapping: client, attempts: attempts, sleeper: sleeper)
            let driver = anyDriver(using: &generator)
            // In a quarter of the calls the sleeper, at one or two of its waits, asks the same retry about a driver
            // before the wait ends (a call inside a call, as a pit wall that keeps working while one call waits):
            // each call counts its own attempts. Those calls meet many more timeouts.
            let callingBack = sequence % 4 == 1 && attempts > 1
            var answers = (0..<(callingBack ? 2 * attempts + 4 : attempts + 2)).map { _ in anyAnswer(for: driver, using: &generator) }
            var insideDriver = driver
            if callingBack {
                insideDriver = anyDriver(using: &generator)
                for _ in 0...Int.random(in: 0...1, using: &generator) { sleeper.callBackAt.insert(Int.random(in: 0..<min(attempts - 1, 3), using: &generator)) }
                for index in answers.indices where Bool.random(using: &generator) { answers[index] = .failure(TimingError.timeout) }
            }
            // A third of the calls meet a feed that keeps timing out, so that long runs of waits are seen too.
            if Int.random(in: 0..<3, using: &generator) == 0 {
                let run = Int.random(in: 1...attempts, using: &generator)
                for index in 0..<run { answers[index] = .failure(TimingError.timeout) }
            }
            client.queue = answers
            // The model: call after call until an answer, an error other than a timeout, or the last attempt; a call the
            // sleeper makes while it waits runs whole, with attempts of its own, before the wait ends.
            var position = 0, asked: [String] = [], waits: [Int] = [], fromInside: [String] = []
            var callBacks = sleeper.callBackAt
            func modelCall(_ who: String) -> String {
                var attempt = 1
                while true {
                    let answer: Result<[Int], any Error> = position < answers.count ? answers[position] : .success([])
                    position += 1
                    asked.append(who)
                    if case .failure(let error) = answer, case TimingError.timeout? = error as? TimingError, attempt < attempts {
                        let wait = waits.count
                        waits.append(500 * attempt)
                        if callBacks.remove(wait) != nil { fromInside.append(modelCall(insideDriver)) }
                        attempt += 1
                        continue
                    }
                    return text(answer)
                }
            }
            let expected = modelCall(driver)
            let calls = asked.count
            var gotInside: [String] = []
            sleeper.callBack = { gotInside.append(ask(retrying, insideDriver).text) }
            let got = ask(retrying, driver).text
            sleeper.callBack = nil
            if !callingBack {
                guard passedOnAsAsked(client.asked, Array(repeating: driver, count: min(calls, client.asked.count)), decorator: "RetryingLapTimes", seed: "0x132E72", sequence: sequence) else { return }
            }
            let inside = fromInside.isEmpty ? "" : " While it waited, the sleeper asked the same retry about \(insideDriver.debugDescription) \(fromInside.count) time\(fromInside.count == 1 ? "" : "s") (each such call should give \(fromInside), and gave \(gotInside)); the questions should be \(asked.map(\.debugDescription)) and were \(client.asked.map(\.debugDescription)). Each call counts its own attempts: keep the count in the call (a local `var`), not in a property another call can reset."
            let insideZh = fromInside.isEmpty ? "" : "等待期间，sleeper 又向同一个重试装饰器问了 \(fromInside.count) 次 \(insideDriver.debugDescription)（每次应该得到 \(fromInside)，实际得到 \(gotInside)）；问题应该是 \(asked.map(\.debugDescription))，实际是 \(client.asked.map(\.debugDescription))。每次调用数自己的尝试次数：把计数放在调用里（局部 `var`），不要放在另一次调用能重置的属性里。"
            guard got == expected, client.asked == asked, sleeper.waits == waits, gotInside == fromInside else {
                Issue.record("Sequence \(sequence) (seed 0x132E72): \(attempts) attempt\(attempts == 1 ? "" : "s"), the wrapped client answering \(answers.prefix(calls + 1).map(text)): the call should give \(expected) after \(calls) question\(calls == 1 ? "" : "s") and waits of \(waits) ms; it gave \(got) after \(client.asked.count) and waits of \(sleeper.waits) ms. Try again only after TimingError.timeout, up to `attempts` calls in all, waiting 500 * n ms after the n-th failed attempt and not after the last; throw any other error on at once, also one of another layer that only looks like a timeout (POSIX, URL loading, a cancelled task, a description that says \"timeout\").\(inside) [zh-Hans] 第 \(sequence) 组（种子 0x132E72）：\(attempts) 次尝试，被包装的客户端依次回答 \(answers.prefix(calls + 1).map(text))：这次调用应该在问 \(calls) 次、等待 \(waits) 毫秒之后得到 \(expected)；实际在问 \(client.asked.count) 次、等待 \(sleeper.waits) 毫秒之后得到 \(got)。只在 TimingError.timeout 之后重试，总共最多 `attempts` 次，第 n 次尝试失败后等待 500 * n 毫秒，最后一次之后不等待；其他错误立即原样抛出，包括别的层只是看起来像超时的错误（POSIX、URL 加载、被取消的任务、描述里写着 \"timeout\" 的错误）。\(insideZh)")
                return
            }
        }
    }

    /// What the process itself measured while it ran: its waits (a thread that blocks, in a sleep of any API, gives up
    /// the processor of its own accord: the kernel counts each such switch) and the processor time it used (a wait spun
    /// out in a loop uses it). A retry that waits only through the sleeper it is handed does neither.
    static func processUsage() -> (waits: Int, seconds: Double) {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let seconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
        return (Int(usage.ru_nvcsw), seconds)
    }

    @Test("3,000 timeouts through RetryingLapTimes wait only on its sleeper: the process neither blocks nor spins while they are retried")
    func retryWaitsOnlyOnItsSleeper() {
        let client = QueuedClient(), sleeper = SpySleeper()
        client.queue = Array(repeating: .failure(TimingError.timeout), count: 3_000) + [.success([90_000])]
        let retrying = RetryingLapTimes(wrapping: client, attempts: 3_001, sleeper: sleeper)
        let before = Self.processUsage()
        let got = ask(retrying, "HAM").text
        let after = Self.processUsage()
        let blocked = after.waits - before.waits, busy = after.seconds - before.seconds
        #expect(got == "laps [90000]" && sleeper.waits.count == 3_000, "3,000 timeouts then laps, with 3,001 attempts: the call should give laps [90000] after 3,000 waits on the sleeper; it gave \(got) after \(sleeper.waits.count). [zh-Hans] 3000 次超时之后是圈速，允许 3001 次尝试：这次调用应该在 sleeper 上等待 3000 次之后得到 laps [90000]；实际在等待 \(sleeper.waits.count) 次之后得到 \(got)。")
        #expect(blocked < 1_000 && busy < 3, "While 3,000 timeouts were retried, the process gave up the processor \(blocked) times of its own accord and used \(String(format: "%.2f", busy)) s of processor time: the retry waits for real besides the sleeper (a sleep of the system under any name, a semaphore, a loop that spins until time has passed). Wait only by calling sleeper.sleep(milliseconds:): SystemSleeper is the one place that really sleeps. [zh-Hans] 在重试 3000 次超时期间，进程主动让出处理器 \(blocked) 次，用了 \(String(format: "%.2f", busy)) 秒处理器时间：除了 sleeper 之外，重试还真的在等待（任何名字的系统睡眠、信号量、一直空转到时间过去的循环）。只通过调用 sleeper.sleep(milliseconds:) 来等待：SystemSleeper 是唯一真正睡眠的地方。")
    }

    @Test("200 seeded sequences through CompositeLog: every line to every entry of its list, once per entry, in order, a log given twice and a line written twice in a row too, and a line written from inside a write")
    func compositeFollowsTheModel() {
        var generator = SeededGenerator(state: 0x13_C0C0)
        let lines = ["lap times of HAM: 3 laps", "lap times of HAM: 3 laps", "lap times of VER failed: timeout", "", "lap times of 周冠宇: 1 lap"]
        for sequence in 0..<200 {
            let journal = Journal()
            let pool = (0..<Int.random(in: 1...4, using: &generator)).map { CallingBackLog("log \(["A", "B", "C", "D"][$0])", journal: journal) }
            // The list: logs drawn from the pool with repeats (the same object twice, side by side too), and now and then
            // a PitWall, once or twice. An entry is a pool index, or -1 for the pit wall.
            var order = (0..<Int.random(in: 0...6, using: &generator)).map { _ in Int.random(in: 0..<pool.count, using: &generator) }
            if Int.random(in: 0..<3, using: &generator) == 0 {
                for _ in 0...Int.random(in: 0...1, using: &generator) { order.insert(-1, at: Int.random(in: 0...order.count, using: &generator)) }
            }
            let pitWall = PitWall()
            let composite = CompositeLog(logs: order.map { $0 < 0 ? pitWall as any TimingLog : pool[$0] as any TimingLog })
            // In a third of the sequences a log, at one or two of the lines it gets, writes another line to the same
            // composite before it returns.
            if Int.random(in: 0..<3, using: &generator) == 0 {
                for _ in 0...Int.random(in: 0...1, using: &generator) {
                    let log = pool.randomElement(using: &generator)!
                    log.callBackAt.insert(Int.random(in: 0..<4, using: &generator))
                    log.callBack = { composite.write("written from inside by \(log.name)") }
                }
            }
            defer { pool.forEach { $0.callBack = nil } }
            var callBacks = pool.map(\.callBackAt), received = Array(repeating: 0, count: pool.count)
            var expected: [String] = [], expectedPitWall: [String] = [], written: [String] = []
            func modelWrite(_ line: String) {
                for entry in order {
                    guard entry >= 0 else { expectedPitWall.append(line); continue }
                    let number = received[entry]
                    received[entry] += 1
                    expected.append("\(pool[entry].name): \(line)")
                    if callBacks[entry].remove(number) != nil { modelWrite("written from inside by \(pool[entry].name)") }
                }
            }
            let given = order.map { $0 < 0 ? "pit wall" : pool[$0].name }
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let line = lines.randomElement(using: &generator)!
                written.append(line)
                modelWrite(line)
                composite.write(line)
                guard journal.entries == expected, pitWall.lines == expectedPitWall else {
                    Issue.record("Sequence \(sequence) (seed 0x13C0C0): CompositeLog(logs:) was given \(given) and was written \(written.map(\.debugDescription))\(callBacks.contains { !$0.isEmpty } || pool.contains { $0.callBack != nil } ? " (some logs write a line of their own to the composite while they are written to)" : ""); the logs should have received, in this order, \(expected)\(order.contains(-1) ? " and the pit wall \(expectedPitWall)" : ""); they received \(journal.entries)\(order.contains(-1) ? " and the pit wall \(pitWall.lines)" : ""). Write each line to every entry of the list, in the order given, once per entry: a log given twice gets the line twice, the same line written twice is written twice, and a line written while another is being written goes to every entry before the first line goes on. [zh-Hans] 第 \(sequence) 组（种子 0x13C0C0）：CompositeLog(logs:) 拿到的是 \(given)，写入的是 \(written.map(\.debugDescription))\(callBacks.contains { !$0.isEmpty } || pool.contains { $0.callBack != nil } ? "（有的日志在被写入时会向组合日志写一行自己的）" : "")；各日志应该按这个顺序收到 \(expected)\(order.contains(-1) ? "，pit wall 应该收到 \(expectedPitWall)" : "")；实际收到的是 \(journal.entries)\(order.contains(-1) ? "，pit wall 收到的是 \(pitWall.lines)" : "")。按交入的顺序把每一行写给列表中的每一项，每项一次：交入两次的日志收到两次，同一行写两次就写两次，在写另一行的过程中写入的行要先写给每一项，原来那一行才继续往下写。")
                    return
                }
            }
        }
    }
}

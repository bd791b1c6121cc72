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
/// down every question.
final class QueuedClient: LapTimesClient {
    var queue: [Result<[Int], any Error>] = []
    private(set) var asked: [String] = []

    func lapTimes(for driver: String) throws -> [Int] {
        asked.append(driver)
        guard !queue.isEmpty else { return [] }
        return try queue.removeFirst().get()
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
    @Test("200 seeded sequences through LoggingLapTimes: every answer handed on, every error thrown on, one line per call after it")
    func loggingFollowsTheModel() {
        var generator = SeededGenerator(state: 0x13_1066)
        for sequence in 0..<200 {
            let client = QueuedClient(), log = SpyLog()
            let logging = LoggingLapTimes(wrapping: client, log: log)
            var expectedLines: [String] = [], steps: [String] = [], questions: [String] = []
            for call in 0..<Int.random(in: 1...12, using: &generator) {
                let driver = anyDriver(using: &generator)
                let answer = anyAnswer(for: driver, using: &generator)
                client.queue = [answer]
                let got = ask(logging, driver).text
                questions.append(driver)
                guard passedOnAsAsked(client.asked, questions, decorator: "LoggingLapTimes", seed: "0x131066", sequence: sequence) else { return }
                steps.append("\(driver.debugDescription) -> \(text(answer))")
                switch answer {
                case .success(let laps): expectedLines.append("lap times of \(driver): \(laps.count) lap\(laps.count == 1 ? "" : "s")")
                case .failure(let error): expectedLines.append("lap times of \(driver) failed: \(error)")
                }
                guard got == text(answer), client.asked.count == call + 1, log.lines == expectedLines else {
                    Issue.record("Sequence \(sequence) (seed 0x131066), calls \(steps.joined(separator: "; ")): the last call should give \(text(answer)) after asking the wrapped client once (\(call + 1) questions in all) and the log should read \(expectedLines); it gave \(got), the client was asked \(client.asked.count) times, and the log reads \(log.lines). LoggingLapTimes hands on what it gets, throws the same error on, and writes exactly one line per call, for any driver and any answer (\"1 lap\" for one). [zh-Hans] 第 \(sequence) 组（种子 0x131066），调用 \(steps.joined(separator: "；"))：最后一次调用应该在问被包装的客户端一次之后（总共 \(call + 1) 次）得到 \(text(answer))，日志应该是 \(expectedLines)；实际得到 \(got)，客户端被问了 \(client.asked.count) 次，日志是 \(log.lines)。LoggingLapTimes 原样交出拿到的结果，原样抛出同一个错误，每次调用只写一行，不管车手是谁、回答是什么（一圈写 \"1 lap\"）。")
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
                if let laps = kept[driver] {
                    client.queue = []
                    expected = "laps \(laps)"
                    steps.append("\(driver.debugDescription) (kept)")
                } else {
                    let answer = anyAnswer(for: driver, using: &generator)
                    client.queue = [answer]
                    asks += 1
                    questions.append(driver)
                    if case .success(let laps) = answer { kept[driver] = laps }
                    expected = text(answer)
                    steps.append("\(driver.debugDescription) -> \(text(answer))")
                }
                let got = ask(caching, driver).text
                guard passedOnAsAsked(client.asked, questions, decorator: "CachingLapTimes", seed: "0x13CAC4E", sequence: sequence) else { return }
                guard got == expected, client.asked.count == asks else {
                    let recent = steps.count > 16 ? ["... \(steps.count - 16) calls before (\(Set(questions).count) drivers asked)"] + steps.suffix(16) : steps
                    Issue.record("Sequence \(sequence) (seed 0x13CAC4E), calls \(recent.joined(separator: "; ")): the last call should give \(expected) with the wrapped client asked \(asks) times in all; it gave \(got) and the client was asked \(client.asked.count) times. CachingLapTimes asks once per driver and keeps that driver's answer whatever it holds (no laps too); a failure of any kind is not kept, so the next call for that driver asks again. [zh-Hans] 第 \(sequence) 组（种子 0x13CAC4E），调用 \(recent.joined(separator: "；"))：最后一次调用应该得到 \(expected)，被包装的客户端总共被问 \(asks) 次；实际得到 \(got)，客户端被问了 \(client.asked.count) 次。CachingLapTimes 每位车手只问一次，并保存这位车手的回答，不管里面是什么（没有圈也保存）；任何失败都不保存，下一次问这位车手时要重新问。")
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

    @Test("200 seeded calls through RetryingLapTimes of 1 to 12 attempts, and some of up to 400, some against a feed that keeps timing out: a timeout is tried again up to the attempts, waiting 500 ms times the attempt between, never after the last, with no cap; any other error at once")
    func retryFollowsTheModel() {
        var generator = SeededGenerator(state: 0x13_2E72)
        for sequence in 0..<200 {
            // Now and then a long retry (the sleeper only writes its waits down): the waits keep growing, with no cap.
            let attempts = sequence % 10 == 9 ? Int.random(in: 13...400, using: &generator) : Int.random(in: 1...12, using: &generator)
            let client = QueuedClient(), sleeper = SpySleeper()
            let retrying = RetryingLapTimes(wrapping: client, attempts: attempts, sleeper: sleeper)
            let driver = anyDriver(using: &generator)
            var answers = (0..<(attempts + 2)).map { _ in anyAnswer(for: driver, using: &generator) }
            // A third of the calls meet a feed that keeps timing out, so that long runs of waits are seen too.
            if Int.random(in: 0..<3, using: &generator) == 0 {
                let run = Int.random(in: 1...attempts, using: &generator)
                for index in 0..<run { answers[index] = .failure(TimingError.timeout) }
            }
            client.queue = answers
            // The model: call after call until an answer, an error other than a timeout, or the last attempt.
            var calls = 0, waits: [Int] = [], expected = ""
            for answer in answers {
                calls += 1
                if case .failure(let error) = answer, case TimingError.timeout? = error as? TimingError, calls < attempts {
                    waits.append(500 * calls)
                    continue
                }
                expected = text(answer)
                break
            }
            let got = ask(retrying, driver).text
            guard passedOnAsAsked(client.asked, Array(repeating: driver, count: min(calls, client.asked.count)), decorator: "RetryingLapTimes", seed: "0x132E72", sequence: sequence) else { return }
            guard got == expected, client.asked.count == calls, sleeper.waits == waits else {
                Issue.record("Sequence \(sequence) (seed 0x132E72): \(attempts) attempt\(attempts == 1 ? "" : "s"), the wrapped client answering \(answers.prefix(calls + 1).map(text)): the call should give \(expected) after \(calls) question\(calls == 1 ? "" : "s") and waits of \(waits) ms; it gave \(got) after \(client.asked.count) and waits of \(sleeper.waits) ms. Try again only after TimingError.timeout, up to `attempts` calls in all, waiting 500 * n ms after the n-th failed attempt and not after the last; throw any other error on at once, also one of another layer that only looks like a timeout (POSIX, URL loading, a cancelled task, a description that says \"timeout\"). [zh-Hans] 第 \(sequence) 组（种子 0x132E72）：\(attempts) 次尝试，被包装的客户端依次回答 \(answers.prefix(calls + 1).map(text))：这次调用应该在问 \(calls) 次、等待 \(waits) 毫秒之后得到 \(expected)；实际在问 \(client.asked.count) 次、等待 \(sleeper.waits) 毫秒之后得到 \(got)。只在 TimingError.timeout 之后重试，总共最多 `attempts` 次，第 n 次尝试失败后等待 500 * n 毫秒，最后一次之后不等待；其他错误立即原样抛出，包括别的层只是看起来像超时的错误（POSIX、URL 加载、被取消的任务、描述里写着 \"timeout\" 的错误）。")
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
}

import Foundation
import Testing
@testable import Decorators

/// A timing feed that answers from a script, one entry per question (the last
/// entry again once the script is used up), and writes down every question.
final class ScriptedFeed: TimingFeed {
    private var script: [Result<String, TimingError>]
    private(set) var questions: [String] = []

    init(_ script: [Result<String, TimingError>]) {
        self.script = script
    }

    func answer(for driver: String) throws -> String {
        questions.append(driver)
        let next = script.count > 1 ? script.removeFirst() : script[0]
        return try next.get()
    }
}

/// A fake client to wrap: it fails with the errors it was given first, then
/// answers each driver's laps from its table (an unknown driver is an error),
/// and writes down every question.
final class SpyClient: LapTimesClient {
    private var failures: [TimingError]
    private let laps: [String: [Int]]
    private(set) var asked: [String] = []

    init(laps: [String: [Int]], failingFirst failures: [TimingError] = []) {
        self.laps = laps
        self.failures = failures
    }

    func lapTimes(for driver: String) throws -> [Int] {
        asked.append(driver)
        if !failures.isEmpty {
            throw failures.removeFirst()
        }
        guard let found = laps[driver] else {
            throw TimingError.unknownDriver(driver)
        }
        return found
    }
}

/// A log that keeps every line it is handed.
final class SpyLog: TimingLog {
    private(set) var lines: [String] = []

    func write(_ line: String) {
        lines.append(line)
    }
}

/// One notebook several logs write into, so a test sees which log got a line first.
final class Journal {
    var entries: [String] = []
}

/// A log that writes its name and the line into a shared journal.
final class NamedLog: TimingLog {
    let name: String
    let journal: Journal

    init(_ name: String, journal: Journal) {
        self.name = name
        self.journal = journal
    }

    func write(_ line: String) {
        journal.entries.append("\(name): \(line)")
    }
}

/// A sleeper that does not sleep: it writes down how long it was asked to wait.
final class SpySleeper: Sleeper {
    private(set) var waits: [Int] = []

    func sleep(milliseconds: Int) {
        waits.append(milliseconds)
    }
}

/// What a call gave: the laps, or the error it threw, as text. Compared as plain strings and numbers.
enum Outcome {
    case laps([Int])
    case failed(String)

    var text: String {
        switch self {
        case .laps(let laps): "laps \(laps)"
        case .failed(let error): "error \(error)"
        }
    }
}

func ask(_ client: any LapTimesClient, _ driver: String) -> Outcome {
    do {
        return .laps(try client.lapTimes(for: driver))
    } catch {
        return .failed(shown(error))
    }
}

/// An error as a message shows it: the errors of other layers by their kind and code, the others as they describe
/// themselves.
func shown(_ error: any Error) -> String {
    if let posix = error as? POSIXError { return posix.code == .ETIMEDOUT ? "POSIXError(.ETIMEDOUT)" : "POSIXError(\(posix.code.rawValue))" }
    if type(of: error) == NSError.self {
        let bridged = error as NSError
        return "NSError(domain: \(bridged.domain), code: \(bridged.code))"
    }
    if error is CancellationError { return "CancellationError()" }
    return "\(error)"
}

func times(_ n: Int) -> String {
    "\(n) time\(n == 1 ? "" : "s")"
}

@Suite("Decorators and a composite", .serialized)
struct DecoratorTests {
    // MARK: The core client

    @Test("the core client turns the feed's answer into lap times")
    func coreDecodesTheFeed() {
        let feed = ScriptedFeed([.success("91234,90876,92001")])
        let client = TrackTimingClient(feed: feed)
        let outcome = ask(client, "HAM")
        #expect(outcome.text == "laps [91234, 90876, 92001]", "The feed answered \"91234,90876,92001\" for HAM, so TrackTimingClient(feed:).lapTimes(for: \"HAM\") should return [91234, 90876, 92001]; it gave \(outcome.text). Keep the reading of the feed's answer in the core client. [zh-Hans] 计时源对 HAM 的回答是 \"91234,90876,92001\"，所以 TrackTimingClient(feed:).lapTimes(for: \"HAM\") 应该返回 [91234, 90876, 92001]；它给出的是 \(outcome.text)。读取计时源回答的代码留在核心客户端里。")
        #expect(feed.questions == ["HAM"], "The core client should ask the feed it was handed once, for HAM; the feed was asked \(feed.questions). [zh-Hans] 核心客户端应该向交给它的计时源询问一次，问的是 HAM；计时源被问到的是 \(feed.questions)。")
    }

    @Test("the core client reads every answer as the starter did: its numbers in order, an empty answer no laps, no lap that is not in it")
    func coreReadsEveryAnswerLikeTheStarter() {
        // The starter's reading, the promise: the pieces between commas that are numbers, in order.
        func laps(_ answer: String) -> [Int] { answer.split(separator: ",").compactMap { Int($0) } }
        // The listed answers, then 300 seeded ones of any characters a feed could send (spaces, signs, letters, other
        // separators, empty pieces).
        var generator = SeededGenerator(state: 0x13_AD1A)
        let alphabet = Array("0123456789,,,  -+x.;\t\n")
        let seeded = (0..<300).map { _ in String((0..<Int.random(in: 0...14, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }) }
        for answer in ["", "91234", "91234,90876", ",91234", "91234,", "91234,,90876", ",", "91234,pit,90876", "0,-1,2147483648",
                       "91234, 90876", " 91234", "+91234", "91234.5", "91234;90876", "91234\n"] + seeded {
            let outcome = ask(TrackTimingClient(feed: ScriptedFeed([.success(answer)])), "HAM")
            #expect(outcome.text == "laps \(laps(answer))", "The feed answered \(answer.debugDescription) for HAM, so TrackTimingClient(feed:).lapTimes(for: \"HAM\") should return \(laps(answer)), the numbers of the answer in order; it gave \(outcome.text). Keep the starter's reading: an empty answer is no laps, and a piece that is not a number is no lap (no 0 for it). [zh-Hans] 计时源对 HAM 的回答是 \(answer.debugDescription)，所以 TrackTimingClient(feed:).lapTimes(for: \"HAM\") 应该返回 \(laps(answer))，也就是回答里按顺序排列的数字；它给出的是 \(outcome.text)。保留初始代码的读法：空回答就是没有圈，不是数字的那一段也不是一圈（不要把它当成 0）。")
        }
    }

    @Test("300 seeded questions to the core client: the feed is asked for each driver exactly as it was asked (a space, another case, another script, nothing)")
    func coreAsksTheFeedAsAsked() {
        var generator = SeededGenerator(state: 0x13_C0_4E)
        for question in 0..<300 {
            let driver = anyDriver(using: &generator)
            let feed = ScriptedFeed([.success("90000")])
            _ = ask(TrackTimingClient(feed: feed), driver)
            guard feed.questions == [driver] else {
                Issue.record("Question \(question) (seed 0x13C04E): TrackTimingClient(feed:).lapTimes(for: \(driver.debugDescription)) should ask the feed once, for \(driver.debugDescription) exactly; the feed was asked \(feed.questions.map(\.debugDescription)). The core client passes the driver on as it is: trimming, changing the case or filling in a name is a job nobody gave it. [zh-Hans] 第 \(question) 个问题（种子 0x13C04E）：TrackTimingClient(feed:).lapTimes(for: \(driver.debugDescription)) 应该向计时源询问一次，问的正是 \(driver.debugDescription)；计时源被问到的是 \(feed.questions.map(\.debugDescription))。核心客户端把车手原样传下去：去掉空格、改变大小写或者补上名字，都不是交给它的工作。")
                return
            }
        }
    }

    @Test("the core client asks the feed on every call: no cache, no retry, no log")
    func coreDoesOnlyItsJob() {
        let pitWallReads = PitWall.sharedAccessCount
        let archiveReads = RaceArchive.sharedAccessCount
        let feed = ScriptedFeed([.success("90000,91000"), .success("89000")])
        let client = TrackTimingClient(feed: feed)
        _ = ask(client, "VER")
        let second = ask(client, "VER")
        #expect(feed.questions.count == 2 && second.text == "laps [89000]", "Two calls to the core client for VER should ask the feed twice and return its second answer, [89000]; the feed was asked \(times(feed.questions.count)) and the second call gave \(second.text). The core client keeps no answers: caching is the job of CachingLapTimes. [zh-Hans] 对核心客户端为 VER 调用两次，应该询问计时源两次，并返回它的第二个回答 [89000]；计时源被问了 \(feed.questions.count) 次，第二次调用给出的是 \(second.text)。核心客户端不保存回答：缓存是 CachingLapTimes 的工作。")

        let slow = ScriptedFeed([.failure(.timeout), .success("90000")])
        let outcome = ask(TrackTimingClient(feed: slow), "VER")
        #expect(outcome.text == "error timeout" && slow.questions.count == 1, "A feed that times out should make the core client throw TimingError.timeout after one question; it gave \(outcome.text) after \(times(slow.questions.count)). The core client does not try again: retrying is the job of RetryingLapTimes. [zh-Hans] 计时源超时，核心客户端应该在问一次之后抛出 TimingError.timeout；它问了 \(slow.questions.count) 次，给出的是 \(outcome.text)。核心客户端不重试：重试是 RetryingLapTimes 的工作。")

        let flaky = ScriptedFeed([.success("90000"), .failure(.timeout)])
        let core = TrackTimingClient(feed: flaky)
        _ = ask(core, "NOR")
        let afterTimeout = ask(core, "NOR")
        #expect(afterTimeout.text == "error timeout", "The feed answered NOR's laps once, then timed out: the core client's second call should throw TimingError.timeout, but it gave \(afterTimeout.text). The core client hands on what the feed does now; an earlier answer kept to cover a timeout is a cache, and caching is the job of CachingLapTimes. [zh-Hans] 计时源先回答了一次 NOR 的圈速，然后超时了：核心客户端的第二次调用应该抛出 TimingError.timeout，但它给出的是 \(afterTimeout.text)。核心客户端交出的是计时源此刻的结果；为了应付超时而保留的旧答案就是缓存，而缓存是 CachingLapTimes 的工作。")

        let pitWall = PitWall.sharedAccessCount - pitWallReads
        let archive = RaceArchive.sharedAccessCount - archiveReads
        #expect(pitWall == 0 && archive == 0, "The core client read PitWall.shared \(times(pitWall)) and RaceArchive.shared \(times(archive)). It writes no log at all: logging is the job of LoggingLapTimes, handed its log by PitWallApp. [zh-Hans] 核心客户端读取了 PitWall.shared \(pitWall) 次、RaceArchive.shared \(archive) 次。它根本不写日志：日志是 LoggingLapTimes 的工作，由 PitWallApp 把日志交给它。")
    }

    // MARK: Logging

    @Test("LoggingLapTimes writes one line per call and hands the answer on")
    func loggingWritesOneLinePerCall() {
        let inner = SpyClient(laps: ["HAM": [91234, 90876, 92001], "NOR": [93000]])
        let log = SpyLog()
        let logging = LoggingLapTimes(wrapping: inner, log: log)
        let first = ask(logging, "HAM")
        let second = ask(logging, "NOR")
        #expect(first.text == "laps [91234, 90876, 92001]" && second.text == "laps [93000]", "LoggingLapTimes should return what the client it wraps returns: [91234, 90876, 92001] for HAM and [93000] for NOR; it gave \(first.text) and \(second.text). [zh-Hans] LoggingLapTimes 应该返回它包装的客户端返回的东西：HAM 是 [91234, 90876, 92001]，NOR 是 [93000]；它给出的是 \(first.text) 和 \(second.text)。")
        #expect(inner.asked == ["HAM", "NOR"], "Two calls to LoggingLapTimes should ask the client it wraps twice, once for each driver; it asked \(inner.asked). A decorator calls the inner client once per call: keep its answer in a `let` and both log it and return it. [zh-Hans] 对 LoggingLapTimes 调用两次，应该向它包装的客户端询问两次，每位车手一次；它问的是 \(inner.asked)。装饰器每次调用只调用内层客户端一次：把答案存进一个 `let`，既写日志又返回它。")
        #expect(log.lines == ["lap times of HAM: 3 laps", "lap times of NOR: 1 lap"], "After a call for HAM (3 laps) and one for NOR (1 lap), the log handed to LoggingLapTimes should hold [\"lap times of HAM: 3 laps\", \"lap times of NOR: 1 lap\"]; it holds \(log.lines). Write one line per call, after the inner client answered, into the log you were handed. [zh-Hans] 先为 HAM（3 圈）、再为 NOR（1 圈）调用之后，交给 LoggingLapTimes 的日志应该是 [\"lap times of HAM: 3 laps\", \"lap times of NOR: 1 lap\"]；它是 \(log.lines)。每次调用在内层客户端回答之后写一行，写进交给你的日志。")
    }

    @Test("LoggingLapTimes logs a failure and throws the same error on")
    func loggingPassesFailuresOn() {
        let inner = SpyClient(laps: [:])
        let log = SpyLog()
        let outcome = ask(LoggingLapTimes(wrapping: inner, log: log), "XYZ")
        #expect(outcome.text == "error unknown driver XYZ", "The wrapped client threw TimingError.unknownDriver(\"XYZ\"), and LoggingLapTimes should throw that same error on; it gave \(outcome.text). A logging decorator watches the call, it does not change its outcome: catch, write the line, then `throw error`. [zh-Hans] 被包装的客户端抛出了 TimingError.unknownDriver(\"XYZ\")，LoggingLapTimes 应该把同一个错误继续抛出；它给出的是 \(outcome.text)。日志装饰器只旁观调用，不改变结果：捕获、写一行，再 `throw error`。")
        #expect(log.lines == ["lap times of XYZ failed: unknown driver XYZ"], "A failed call should write one line, \"lap times of XYZ failed: unknown driver XYZ\" (the error as text after \"failed: \"); the log holds \(log.lines). [zh-Hans] 一次失败的调用应该写一行 \"lap times of XYZ failed: unknown driver XYZ\"（\"failed: \" 之后是错误的文字）；日志里是 \(log.lines)。")
        #expect(inner.asked == ["XYZ"], "LoggingLapTimes should ask the client it wraps once, even when it fails; it asked \(inner.asked). Trying again is not the logger's job. [zh-Hans] 即使失败，LoggingLapTimes 也应该只向它包装的客户端询问一次；它问的是 \(inner.asked)。重试不是日志装饰器的工作。")
    }

    // MARK: Caching

    @Test("CachingLapTimes asks the client it wraps once per driver")
    func cachingAsksOncePerDriver() {
        let inner = SpyClient(laps: ["HAM": [91234], "VER": [90100, 90050]])
        let caching = CachingLapTimes(wrapping: inner)
        let first = ask(caching, "HAM")
        let again = ask(caching, "HAM")
        let other = ask(caching, "VER")
        let otherAgain = ask(caching, "VER")
        #expect(first.text == "laps [91234]" && again.text == "laps [91234]", "CachingLapTimes should return HAM's laps, [91234], on both calls; it gave \(first.text) and \(again.text). [zh-Hans] CachingLapTimes 两次调用都应该返回 HAM 的圈速 [91234]；它给出的是 \(first.text) 和 \(again.text)。")
        #expect(other.text == "laps [90100, 90050]" && otherAgain.text == "laps [90100, 90050]", "After HAM, a call for VER should return VER's own laps, [90100, 90050]; it gave \(other.text), then \(otherAgain.text). Keep the answers by driver (a dictionary keyed by the driver's name), not one answer for everybody. [zh-Hans] 在 HAM 之后，为 VER 调用应该返回 VER 自己的圈速 [90100, 90050]；它先给出 \(other.text)，又给出 \(otherAgain.text)。按车手保存答案（以车手名字为键的字典），不要所有人共用一个答案。")
        #expect(inner.asked == ["HAM", "VER"], "Two calls for HAM and two for VER should ask the wrapped client once for each driver, [\"HAM\", \"VER\"]; it was asked \(inner.asked). Look the driver up in the cache first, and ask the inner client only when the driver is not there. [zh-Hans] 为 HAM 调用两次、为 VER 调用两次，应该为每位车手向被包装的客户端各问一次，即 [\"HAM\", \"VER\"]；它被问到的是 \(inner.asked)。先在缓存里找这位车手，找不到时才询问内层客户端。")
    }

    @Test("CachingLapTimes keeps every answer, whatever it holds: no laps, one lap or many")
    func cachingKeepsAnswersOfAnyShape() {
        let laps: [String: [Int]] = ["RUS": [], "ALB": [95000], "SAR": [96000, 95500, 95100]]
        let inner = SpyClient(laps: laps)
        let caching = CachingLapTimes(wrapping: inner)
        for driver in ["RUS", "ALB", "SAR"] {
            let first = ask(caching, driver)
            let again = ask(caching, driver)
            let expected = "laps \(laps[driver] ?? [])"
            #expect(first.text == expected && again.text == expected, "For \(driver), CachingLapTimes should return \(expected) on both calls; it gave \(first.text), then \(again.text). [zh-Hans] 对 \(driver)，CachingLapTimes 两次调用都应该返回 \(expected)；它先给出 \(first.text)，又给出 \(again.text)。")
        }
        #expect(inner.asked == ["RUS", "ALB", "SAR"], "Two calls per driver should ask the wrapped client once per driver, [\"RUS\", \"ALB\", \"SAR\"]; it was asked \(inner.asked). An answer with no laps is an answer too: keep it like any other (only a failure is asked again). [zh-Hans] 每位车手调用两次，应该为每位车手向被包装的客户端各问一次，即 [\"RUS\", \"ALB\", \"SAR\"]；它被问到的是 \(inner.asked)。没有圈速的回答也是回答：像其他回答一样保存它（只有失败才重新询问）。")
    }

    @Test("CachingLapTimes keeps answers, not failures")
    func cachingKeepsNoFailures() {
        let inner = SpyClient(laps: ["LEC": [92500, 92400]], failingFirst: [.timeout])
        let caching = CachingLapTimes(wrapping: inner)
        let failed = ask(caching, "LEC")
        let answered = ask(caching, "LEC")
        let kept = ask(caching, "LEC")
        #expect(failed.text == "error timeout", "The wrapped client timed out on the first call, and CachingLapTimes should throw that error on; it gave \(failed.text). [zh-Hans] 被包装的客户端第一次调用超时了，CachingLapTimes 应该把这个错误继续抛出；它给出的是 \(failed.text)。")
        #expect(answered.text == "laps [92500, 92400]" && kept.text == "laps [92500, 92400]", "After a timeout, the next call should ask again and return LEC's laps, [92500, 92400]; the second and third calls gave \(answered.text) and \(kept.text). Keep only answers in the cache: a failure is not remembered. [zh-Hans] 超时之后，下一次调用应该重新询问并返回 LEC 的圈速 [92500, 92400]；第二次和第三次调用给出的是 \(answered.text) 和 \(kept.text)。缓存里只保存答案：失败不被记住。")
        #expect(inner.asked.count == 2, "Three calls for LEC (a timeout, then an answer, then the same answer again) should ask the wrapped client twice: once for the timeout, once for the answer it then keeps; it was asked \(times(inner.asked.count)). [zh-Hans] 为 LEC 调用三次（一次超时、一次得到答案、再一次同样的答案），应该向被包装的客户端询问两次：一次超时，一次得到随后保存的答案；它被问了 \(inner.asked.count) 次。")
    }

    @Test("CachingLapTimes keeps no failure of any kind: an unknown driver is asked again too")
    func cachingKeepsNoFailureOfAnyKind() {
        let inner = SpyClient(laps: ["NOR": [91000]], failingFirst: [.unknownDriver("NOR")])
        let caching = CachingLapTimes(wrapping: inner)
        let failed = ask(caching, "NOR")
        let later = ask(caching, "NOR")
        #expect(failed.text == "error unknown driver NOR" && later.text == "laps [91000]" && inner.asked.count == 2, "The feed did not know NOR at first (a driver added later), then answered [91000]: the second call should ask again and get the laps, because a failure, whatever its kind, is not kept. CachingLapTimes gave \(failed.text), then \(later.text), after asking \(times(inner.asked.count)). [zh-Hans] 计时源一开始不认识 NOR（后来才加入的车手），之后回答了 [91000]：第二次调用应该重新询问并拿到圈速，因为任何种类的失败都不被保存。CachingLapTimes 先给出 \(failed.text)，然后是 \(later.text)，共询问了 \(inner.asked.count) 次。")
    }

    @Test("two caches keep their own answers")
    func twoCachesKeepTheirOwnAnswers() {
        let practice = SpyClient(laps: ["HAM": [95000]])
        let race = SpyClient(laps: ["HAM": [91000]])
        let first = ask(CachingLapTimes(wrapping: practice), "HAM")
        let second = ask(CachingLapTimes(wrapping: race), "HAM")
        #expect(first.text == "laps [95000]" && second.text == "laps [91000]", "Two CachingLapTimes around two clients should each return their own client's answer for HAM, [95000] and [91000]; they gave \(first.text) and \(second.text). Keep the cache in the decorator's own stored property, not in a `static` shared by every cache. [zh-Hans] 包装两个不同客户端的两个 CachingLapTimes，应该各自返回自己客户端对 HAM 的回答，即 [95000] 和 [91000]；它们给出的是 \(first.text) 和 \(second.text)。把缓存放在装饰器自己的存储属性里，不要放在所有缓存共用的 `static` 里。")
        #expect(practice.asked == ["HAM"] && race.asked == ["HAM"], "Each cache should ask its own client once; the clients were asked \(practice.asked) and \(race.asked). [zh-Hans] 每个缓存都应该询问它自己的客户端一次；两个客户端被问到的分别是 \(practice.asked) 和 \(race.asked)。")
    }

    // MARK: Retry

    @Test("RetryingLapTimes tries again after a timeout and waits on the injected sleeper")
    func retryWaitsOnTheInjectedSleeper() {
        let inner = SpyClient(laps: ["SAI": [90900]], failingFirst: [.timeout, .timeout])
        let sleeper = SpySleeper()
        let retrying = RetryingLapTimes(wrapping: inner, attempts: 3, sleeper: sleeper)
        let outcome = ask(retrying, "SAI")
        #expect(outcome.text == "laps [90900]", "The wrapped client timed out twice, then answered [90900]; with 3 attempts, RetryingLapTimes should return that answer, but it gave \(outcome.text). Catch TimingError.timeout and ask the inner client again while attempts are left. [zh-Hans] 被包装的客户端超时两次，然后回答了 [90900]；有 3 次尝试机会，RetryingLapTimes 应该返回这个答案，但它给出的是 \(outcome.text)。捕获 TimingError.timeout，还有尝试机会时就再问内层客户端一次。")
        #expect(inner.asked == ["SAI", "SAI", "SAI"], "Two timeouts and an answer should take 3 questions to the wrapped client; it was asked \(times(inner.asked.count)). [zh-Hans] 两次超时加一次回答，应该向被包装的客户端询问 3 次；它被问了 \(inner.asked.count) 次。")
        #expect(sleeper.waits == [500, 1000], "Between the attempts RetryingLapTimes should wait on the sleeper it was handed, 500 ms after the first timeout and 1000 ms after the second: [500, 1000]; the sleeper was asked for \(sleeper.waits). Call sleeper.sleep(milliseconds: 500 * attempt); never Thread.sleep and never a SystemSleeper() of its own, or a test waits for real. [zh-Hans] 两次尝试之间，RetryingLapTimes 应该在交给它的 sleeper 上等待：第一次超时后 500 ms，第二次超时后 1000 ms，即 [500, 1000]；sleeper 收到的是 \(sleeper.waits)。调用 sleeper.sleep(milliseconds: 500 * attempt)；不要用 Thread.sleep，也不要自己创建 SystemSleeper()，否则测试会真的等待。")
    }

    @Test("RetryingLapTimes gives up after its attempts, without a wait after the last one")
    func retryGivesUpAfterItsAttempts() {
        for attempts in [3, 4] {
            let inner = SpyClient(laps: ["ALO": [93300]], failingFirst: Array(repeating: .timeout, count: 10))
            let sleeper = SpySleeper()
            let started = ContinuousClock.now
            let outcome = ask(RetryingLapTimes(wrapping: inner, attempts: attempts, sleeper: sleeper), "ALO")
            let elapsed = ContinuousClock.now - started
            let expectedWaits = (1..<attempts).map { 500 * $0 }
            #expect(outcome.text == "error timeout", "A client that always times out, wrapped in RetryingLapTimes(attempts: \(attempts)), should end in TimingError.timeout once the attempts are used up; it gave \(outcome.text). [zh-Hans] 一个总是超时的客户端，包装在 RetryingLapTimes(attempts: \(attempts)) 里，用完尝试次数之后应该以 TimingError.timeout 结束；它给出的是 \(outcome.text)。")
            #expect(inner.asked.count == attempts, "With attempts: \(attempts), a client that always times out should be asked \(attempts) times in all; it was asked \(times(inner.asked.count)). Count the first call as attempt 1. [zh-Hans] 设置 attempts: \(attempts) 时，总是超时的客户端总共应该被问 \(attempts) 次；它被问了 \(inner.asked.count) 次。第一次调用算作第 1 次尝试。")
            #expect(sleeper.waits == expectedWaits, "With attempts: \(attempts), the sleeper should be asked to wait \(expectedWaits) (500 ms more after each timeout, and no wait after the last attempt, since nothing follows it); it was asked for \(sleeper.waits). [zh-Hans] 设置 attempts: \(attempts) 时，sleeper 应该被要求等待 \(expectedWaits)（每次超时后多等 500 ms，最后一次尝试之后不再等待，因为后面没有尝试了）；它收到的是 \(sleeper.waits)。")
            #expect(elapsed < .milliseconds(400), "RetryingLapTimes with a sleeper that does not sleep took \(elapsed) of real time: it waits some other way. Wait only through the sleeper it was handed. [zh-Hans] 使用不会真正睡眠的 sleeper，RetryingLapTimes 却花了 \(elapsed) 的真实时间：它用别的方式等待了。只通过交给它的 sleeper 等待。")
        }
    }

    @Test("RetryingLapTimes does not try again when trying again cannot help")
    func retryDoesNotRepeatAPermanentError() {
        let inner = SpyClient(laps: [:])
        let sleeper = SpySleeper()
        let outcome = ask(RetryingLapTimes(wrapping: inner, attempts: 3, sleeper: sleeper), "XYZ")
        #expect(outcome.text == "error unknown driver XYZ", "An unknown driver should come out of RetryingLapTimes as the same error, TimingError.unknownDriver(\"XYZ\"); it gave \(outcome.text). [zh-Hans] 未知车手的错误应该原样从 RetryingLapTimes 出来，即 TimingError.unknownDriver(\"XYZ\")；它给出的是 \(outcome.text)。")
        #expect(inner.asked.count == 1 && sleeper.waits.isEmpty, "Only a timeout is worth another attempt: for an unknown driver RetryingLapTimes should ask once and never wait; it asked \(times(inner.asked.count)) and waited \(sleeper.waits). Catch TimingError.timeout only, and let every other error through. [zh-Hans] 只有超时才值得再试一次：对未知车手，RetryingLapTimes 应该只问一次，也不等待；它问了 \(inner.asked.count) 次，等待了 \(sleeper.waits)。只捕获 TimingError.timeout，其他错误都直接放行。")

        let steady = SpyClient(laps: ["PIA": [90700]])
        let calm = SpySleeper()
        let answered = ask(RetryingLapTimes(wrapping: steady, attempts: 3, sleeper: calm), "PIA")
        #expect(answered.text == "laps [90700]" && steady.asked.count == 1 && calm.waits.isEmpty, "A client that answers at once should be asked once, with no wait, and its answer [90700] handed on; RetryingLapTimes gave \(answered.text) after \(times(steady.asked.count)) and waited \(calm.waits). [zh-Hans] 立刻回答的客户端应该只被问一次、不等待，并把它的答案 [90700] 交出去；RetryingLapTimes 问了 \(steady.asked.count) 次，给出的是 \(answered.text)，等待了 \(calm.waits)。")
    }

    @Test("RetryingLapTimes throws any error that is not a timeout on at once, even one it has never heard of")
    func retryPassesOtherErrorsOn() {
        struct PitLaneClosed: Error, CustomStringConvertible { var description: String { "pit lane closed" } }
        final class Failing: LapTimesClient {
            private(set) var asked = 0
            func lapTimes(for driver: String) throws -> [Int] { asked += 1; throw PitLaneClosed() }
        }
        let inner = Failing()
        let sleeper = SpySleeper()
        let outcome = ask(RetryingLapTimes(wrapping: inner, attempts: 3, sleeper: sleeper), "ALO")
        #expect(outcome.text == "error pit lane closed" && inner.asked == 1 && sleeper.waits.isEmpty, "The wrapped client threw an error of its own (\"pit lane closed\"), not a timeout: RetryingLapTimes should ask once, never wait, and throw that same error on; it gave \(outcome.text) after \(times(inner.asked)) and waited \(sleeper.waits). Catch TimingError.timeout only: every other error, of any type, goes through at once. [zh-Hans] 被包装的客户端抛出了它自己的错误（\"pit lane closed\"），不是超时：RetryingLapTimes 应该只问一次、从不等待，并把同一个错误继续抛出；它给出的是 \(outcome.text)，问了 \(inner.asked) 次，等待了 \(sleeper.waits)。只捕获 TimingError.timeout：其他任何类型的错误都立刻放行。")
    }

    // MARK: Order

    @Test("logging outside retry logs once per call")
    func loggingOutsideRetryLogsOnce() {
        let inner = SpyClient(laps: ["RUS": [91500, 91400]], failingFirst: [.timeout, .timeout])
        let log = SpyLog()
        let client = LoggingLapTimes(wrapping: RetryingLapTimes(wrapping: inner, attempts: 3, sleeper: SpySleeper()), log: log)
        let outcome = ask(client, "RUS")
        #expect(outcome.text == "laps [91500, 91400]", "LoggingLapTimes around RetryingLapTimes, around a client that times out twice and then answers, should return the answer [91500, 91400]; it gave \(outcome.text). [zh-Hans] LoggingLapTimes 包着 RetryingLapTimes，后者包着一个超时两次后才回答的客户端，应该返回答案 [91500, 91400]；它给出的是 \(outcome.text)。")
        #expect(log.lines == ["lap times of RUS: 2 laps"], "With the logger outside the retry, the logger sees one call, whatever happens inside it: the log should hold one line, [\"lap times of RUS: 2 laps\"]; it holds \(log.lines). Each decorator should only know the `any LapTimesClient` it wraps. [zh-Hans] 日志装饰器在重试装饰器外面时，无论里面发生什么，它只看到一次调用：日志应该只有一行 [\"lap times of RUS: 2 laps\"]；它是 \(log.lines)。每个装饰器都应该只认识它包装的那个 `any LapTimesClient`。")
    }

    @Test("logging inside retry logs each attempt")
    func loggingInsideRetryLogsEachAttempt() {
        let inner = SpyClient(laps: ["RUS": [91500, 91400]], failingFirst: [.timeout, .timeout])
        let log = SpyLog()
        let sleeper = SpySleeper()
        let client = RetryingLapTimes(wrapping: LoggingLapTimes(wrapping: inner, log: log), attempts: 3, sleeper: sleeper)
        let outcome = ask(client, "RUS")
        let expected = ["lap times of RUS failed: timeout", "lap times of RUS failed: timeout", "lap times of RUS: 2 laps"]
        #expect(outcome.text == "laps [91500, 91400]", "RetryingLapTimes around LoggingLapTimes, around a client that times out twice and then answers, should return the answer [91500, 91400]; it gave \(outcome.text). [zh-Hans] RetryingLapTimes 包着 LoggingLapTimes，后者包着一个超时两次后才回答的客户端，应该返回答案 [91500, 91400]；它给出的是 \(outcome.text)。")
        #expect(log.lines == expected, "With the logger inside the retry, every attempt passes through the logger: the log should hold three lines, \(expected); it holds \(log.lines). The same decorators in another order do something else, and each must work in either order. [zh-Hans] 日志装饰器在重试装饰器里面时，每一次尝试都经过日志装饰器：日志应该有三行 \(expected)；它是 \(log.lines)。同样的装饰器换个顺序，做的事情就不同，而每个装饰器在哪种顺序下都必须能工作。")
        #expect(sleeper.waits == [500, 1000], "The retry should still wait [500, 1000] on its sleeper, whatever it wraps; it waited \(sleeper.waits). [zh-Hans] 无论包着什么，重试装饰器都应该在它的 sleeper 上等待 [500, 1000]；它等待的是 \(sleeper.waits)。")
    }

    // MARK: Composite

    @Test("CompositeLog writes each line to every log it holds, in order")
    func compositeWritesToEveryLog() {
        let journal = Journal()
        let composite = CompositeLog(logs: [NamedLog("pit wall", journal: journal), NamedLog("archive", journal: journal), NamedLog("radio", journal: journal)])
        composite.write("lap times of HAM: 3 laps")
        composite.write("lap times of VER: 2 laps")
        let expected = ["pit wall: lap times of HAM: 3 laps", "archive: lap times of HAM: 3 laps", "radio: lap times of HAM: 3 laps",
                        "pit wall: lap times of VER: 2 laps", "archive: lap times of VER: 2 laps", "radio: lap times of VER: 2 laps"]
        #expect(journal.entries == expected, "A CompositeLog of three logs (pit wall, archive, radio) was written two lines; each line should reach every log once, in the order the logs were given: \(expected). The logs received \(journal.entries). Loop over every log you hold and write the line to each. [zh-Hans] 一个由三个日志（pit wall、archive、radio）组成的 CompositeLog 被写入了两行；每一行都应该按日志交入的顺序到达每个日志一次：\(expected)。日志收到的是 \(journal.entries)。遍历你持有的每个日志，把这一行写给每一个。")
        CompositeLog(logs: []).write("nobody listens")
    }

    @Test("CompositeLog keeps the order it was given, whatever the logs are")
    func compositeKeepsAnyOrder() {
        // A log in the middle looks at the real logs when its turn comes: what they already hold shows who went
        // first. No kind of log goes first because of what it is.
        final class Witness: TimingLog {
            let pitWall: PitWall, archive: RaceArchive
            var seen = ""
            init(_ pitWall: PitWall, _ archive: RaceArchive) { self.pitWall = pitWall; self.archive = archive }
            func write(_ line: String) { seen = "pit wall \(pitWall.lines.count), archive \(archive.lines.count)" }
        }
        for pitWallFirst in [false, true] {
            let pitWall = PitWall(), archive = RaceArchive()
            let witness = Witness(pitWall, archive)
            let logs: [any TimingLog] = pitWallFirst ? [pitWall, witness, archive] : [archive, witness, pitWall]
            CompositeLog(logs: logs).write("lap times of SAI: 1 lap")
            let expected = pitWallFirst ? "pit wall 1, archive 0" : "pit wall 0, archive 1"
            let given = pitWallFirst ? "[pit wall, another log, archive]" : "[archive, another log, pit wall]"
            #expect(witness.seen == expected && pitWall.lines.count == 1 && archive.lines.count == 1, "CompositeLog(logs:) was given \(given): when the log in the middle got the line, the logs before it should have it and the one after it not yet (\(expected)), but they held \(witness.seen). Write to the logs in the order you were given, whatever kind each is, once each. [zh-Hans] CompositeLog(logs:) 拿到的是 \(given)：中间那个日志收到这一行时，它前面的日志应该已经有了，后面的还没有（\(expected)），但实际是 \(witness.seen)。按交给你的顺序写入每个日志，不管它是什么类型，每个只写一次。")
        }
    }

    // MARK: The composition root

    @Test("the root stacks the decorators: one line per call, to the pit wall and the archive")
    func rootLogsOncePerCallToBothLogs() {
        let pitWallReads = PitWall.sharedAccessCount
        let archiveReads = RaceArchive.sharedAccessCount
        let feed = ScriptedFeed([.failure(.timeout), .failure(.timeout), .success("91234,90876")])
        let pitWall = PitWall()
        let archive = RaceArchive()
        let sleeper = SpySleeper()
        let client = PitWallApp.makeLapTimes(feed: feed, pitWall: pitWall, archive: archive, sleeper: sleeper)
        let first = ask(client, "HAM")
        #expect(first.text == "laps [91234, 90876]", "The feed timed out twice, then answered \"91234,90876\": the client PitWallApp.makeLapTimes builds should try again and return [91234, 90876]; it gave \(first.text). Wrap the core in RetryingLapTimes with 3 attempts. [zh-Hans] 计时源超时两次，然后回答了 \"91234,90876\"：PitWallApp.makeLapTimes 组装的客户端应该重试，并返回 [91234, 90876]；它给出的是 \(first.text)。用有 3 次尝试机会的 RetryingLapTimes 包住核心客户端。")
        #expect(feed.questions.count == 3 && sleeper.waits == [500, 1000], "Two timeouts and an answer should take 3 questions to the feed and waits of [500, 1000] on the sleeper handed to the root; the feed was asked \(times(feed.questions.count)) and the sleeper \(sleeper.waits). [zh-Hans] 两次超时加一次回答，应该向计时源询问 3 次，并在交给组合根的 sleeper 上等待 [500, 1000]；计时源被问了 \(feed.questions.count) 次，sleeper 收到的是 \(sleeper.waits)。")
        #expect(pitWall.lines == ["lap times of HAM: 2 laps"] && archive.lines == ["lap times of HAM: 2 laps"], "One call, however many attempts it took, should be logged once, to the pit wall and to the archive both: [\"lap times of HAM: 2 laps\"]. The pit wall shows \(pitWall.lines) and the archive holds \(archive.lines). Put LoggingLapTimes outside RetryingLapTimes, with a CompositeLog of the pit wall and the archive. [zh-Hans] 一次调用，不管尝试了几次，都应该只记一次日志，同时写到 pit wall 和 archive：[\"lap times of HAM: 2 laps\"]。pit wall 显示的是 \(pitWall.lines)，archive 保存的是 \(archive.lines)。把 LoggingLapTimes 放在 RetryingLapTimes 外面，并交给它一个由 pit wall 和 archive 组成的 CompositeLog。")

        let linesAfterOneCall = pitWall.lines.count
        let again = ask(client, "HAM")
        #expect(again.text == "laps [91234, 90876]" && feed.questions.count == 3, "A second call for HAM should be answered from the cache, [91234, 90876], without asking the feed again; it gave \(again.text) and the feed has now been asked \(times(feed.questions.count)). Put CachingLapTimes around the retry. [zh-Hans] 第二次为 HAM 调用应该由缓存回答 [91234, 90876]，不再询问计时源；它给出的是 \(again.text)，计时源现在一共被问了 \(feed.questions.count) 次。把 CachingLapTimes 放在重试装饰器外面。")
        let added = pitWall.lines.count - linesAfterOneCall
        #expect(added == 1 && pitWall.lines.last == "lap times of HAM: 2 laps", "Every call is logged, an answer from the cache too: the second call for HAM should add one line, \"lap times of HAM: 2 laps\", to the pit wall; it added \(added) line\(added == 1 ? "" : "s") (the pit wall shows \(pitWall.lines)). LoggingLapTimes goes outside CachingLapTimes, so it sees the calls the cache answers. [zh-Hans] 每次调用都要记日志，由缓存回答的也一样：第二次为 HAM 调用应该给 pit wall 加上一行 \"lap times of HAM: 2 laps\"；它加了 \(added) 行（pit wall 显示的是 \(pitWall.lines)）。LoggingLapTimes 放在 CachingLapTimes 外面，这样它才能看到由缓存回答的调用。")
        #expect(archive.lines == pitWall.lines, "The archive should hold the same lines as the pit wall, \(pitWall.lines); it holds \(archive.lines). Hand LoggingLapTimes one CompositeLog of the pit wall and the archive. [zh-Hans] archive 保存的行应该和 pit wall 一样，即 \(pitWall.lines)；它保存的是 \(archive.lines)。交给 LoggingLapTimes 一个由 pit wall 和 archive 组成的 CompositeLog。")

        let pitWallShared = PitWall.sharedAccessCount - pitWallReads
        let archiveShared = RaceArchive.sharedAccessCount - archiveReads
        #expect(pitWallShared == 0 && archiveShared == 0, "While building and using the pit wall's client, PitWall.shared was read \(times(pitWallShared)) and RaceArchive.shared \(times(archiveShared)). Write only to the pit wall and the archive handed to PitWallApp.makeLapTimes. [zh-Hans] 在组装和使用 pit wall 的客户端时，PitWall.shared 被读取了 \(pitWallShared) 次，RaceArchive.shared 被读取了 \(archiveShared) 次。只写到交给 PitWallApp.makeLapTimes 的 pit wall 和 archive。")
    }

    @Test("the root gives up after three attempts, logs the failure once, and keeps no failure")
    func rootGivesUpAndKeepsNoFailure() {
        let feed = ScriptedFeed([.failure(.timeout)])
        let pitWall = PitWall()
        let archive = RaceArchive()
        let sleeper = SpySleeper()
        let client = PitWallApp.makeLapTimes(feed: feed, pitWall: pitWall, archive: archive, sleeper: sleeper)
        let first = ask(client, "BOT")
        #expect(first.text == "error timeout" && feed.questions.count == 3, "A feed that always times out should be asked 3 times, then the client PitWallApp.makeLapTimes builds should throw TimingError.timeout; the feed was asked \(times(feed.questions.count)) and the call gave \(first.text). [zh-Hans] 对总是超时的计时源，应该询问 3 次，然后 PitWallApp.makeLapTimes 组装的客户端抛出 TimingError.timeout；计时源被问了 \(feed.questions.count) 次，调用给出的是 \(first.text)。")
        #expect(pitWall.lines == ["lap times of BOT failed: timeout"] && archive.lines == ["lap times of BOT failed: timeout"], "A call that fails after three attempts should be logged once, to both: [\"lap times of BOT failed: timeout\"]; the pit wall shows \(pitWall.lines) and the archive holds \(archive.lines). [zh-Hans] 尝试三次后失败的调用应该只记一次日志，两处都写：[\"lap times of BOT failed: timeout\"]；pit wall 显示的是 \(pitWall.lines)，archive 保存的是 \(archive.lines)。")
        _ = ask(client, "BOT")
        #expect(feed.questions.count == 6 && sleeper.waits == [500, 1000, 500, 1000], "A failure is not kept: a second call for BOT should ask the feed 3 more times (6 in all) with the same waits ([500, 1000, 500, 1000] in all); the feed was asked \(times(feed.questions.count)) and the sleeper \(sleeper.waits). [zh-Hans] 失败不会被保存：第二次为 BOT 调用应该再向计时源询问 3 次（一共 6 次），等待也一样（一共 [500, 1000, 500, 1000]）；计时源被问了 \(feed.questions.count) 次，sleeper 收到的是 \(sleeper.waits)。")
    }

    @Test("the root hands each part exactly one job: no object it builds or hands in is both a log and a sleeper, or a client and a log")
    func rootHandsEachPartOneJob() {
        let client = PitWallApp.makeLapTimes(feed: ScriptedFeed([.success("90000")]), pitWall: PitWall(), archive: RaceArchive(), sleeper: SpySleeper())
        // Every object the client holds, however deep (through stored properties, arrays and optionals).
        var seen: Set<ObjectIdentifier> = []
        var found: [(path: String, roles: [String])] = []
        func walk(_ value: Any, _ path: String, depth: Int) {
            guard depth < 12 else { return }
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .class {
                guard seen.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
            }
            let roles = [value is any TimingLog ? "TimingLog" : nil, value is any Sleeper ? "Sleeper" : nil,
                         value is any LapTimesClient ? "LapTimesClient" : nil, value is any TimingFeed ? "TimingFeed" : nil].compactMap { $0 }
            if roles.count > 1 { found.append((path, roles)) }
            var level: Mirror? = mirror
            while let current = level {
                for (index, child) in current.children.enumerated() {
                    walk(child.value, "\(path).\(child.label ?? "[\(index)]")", depth: depth + 1)
                }
                level = current.superclassMirror
            }
        }
        walk(client, "the client", depth: 0)
        let shown = found.map { "\($0.path) is a \($0.roles.joined(separator: " and a "))" }.joined(separator: "; ")
        #expect(found.isEmpty, "In the client PitWallApp.makeLapTimes builds, \(shown). Hand each decorator exactly what it uses: the logger a log that only writes lines (a CompositeLog of the pit wall and the archive), the retry a sleeper that only waits (the one handed to the root). One object in two jobs is a bag of the pit wall's parts under another name. [zh-Hans] 在 PitWallApp.makeLapTimes 组装的客户端里，\(shown)。把每个装饰器正好需要的东西交给它：记录日志的装饰器一个只写日志的日志（由 pit wall 和 archive 组成的 CompositeLog），重试的装饰器一个只负责等待的 sleeper（交给组合根的那个）。一个对象身兼两职，就是换了名字的一袋赛道墙零件。")
    }

    @Test("the real sleeper the app hands in really waits")
    func systemSleeperReallyWaits() {
        let started = ContinuousClock.now
        SystemSleeper().sleep(milliseconds: 30)
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(25), "SystemSleeper().sleep(milliseconds: 30) returned after \(elapsed): the real sleeper should stop the thread for that long. Sleeper.swift is a file you do not change: undo your change there. [zh-Hans] SystemSleeper().sleep(milliseconds: 30) 在 \(elapsed) 后就返回了：真正的 sleeper 应该让线程停那么久。Sleeper.swift 是你不需要修改的文件：撤销你在那里的改动。")
    }
}

import Foundation
import Testing
@testable import SystemSingletons

/// A clock stopped at one moment.
struct FixedClock: TimeSource {
    let date: Date
    func now() -> Date { date }
}

/// A clock that moves at every read: each question gets a moment one second later than the last.
final class TickingClock: TimeSource {
    private var next: Date
    init(from start: Date) { next = start }
    func now() -> Date {
        defer { next = next.addingTimeInterval(1) }
        return next
    }
}

/// A clock the test moves by hand, between two laps.
final class MovableClock: TimeSource {
    var date: Date
    init(date: Date) { self.date = date }
    func now() -> Date { date }
}

/// A file system that lives in a dictionary: nothing reaches the disk.
final class InMemoryFileSystem: FileSystem {
    var files: [String: String]
    private(set) var writes = 0

    init(files: [String: String] = [:]) {
        self.files = files
    }

    func contents(atPath path: String) -> String? {
        files[path]
    }

    func write(_ text: String, toPath path: String) throws {
        writes += 1
        files[path] = text
    }
}

/// A file system whose disk is always full.
struct DiskFull: Error, Equatable {}

final class FullFileSystem: FileSystem {
    func contents(atPath path: String) -> String? { nil }
    func write(_ text: String, toPath path: String) throws { throw DiskFull() }
}

/// A store that lives in a dictionary and remembers what it was told.
final class InMemoryStore: KeyValueStore {
    private(set) var values: [String: Double] = [:]

    func double(forKey key: String) -> Double? { values[key] }
    func set(_ value: Double, forKey key: String) { values[key] = value }
}

/// A store that remembers one best lap, whatever the key.
final class RememberingStore: KeyValueStore {
    let best: Double
    private(set) var sets = 0

    init(best: Double) { self.best = best }

    func double(forKey key: String) -> Double? { best }
    func set(_ value: Double, forKey key: String) { sets += 1 }
}

/// Randomness that always picks the same index.
struct FixedRandom: RandomSource {
    let index: Int
    func nextIndex(below upperBound: Int) -> Int { min(index, upperBound - 1) }
}

/// 2001-09-09T01:46:40Z
let sentinel = Date(timeIntervalSince1970: 1_000_000_000)
/// 1970-01-01T00:00:00Z
let epoch = Date(timeIntervalSince1970: 0)

func makeLogger(
    clock: any TimeSource = FixedClock(date: sentinel),
    fileSystem: any FileSystem = InMemoryFileSystem(),
    store: any KeyValueStore = InMemoryStore(),
    random: any RandomSource = FixedRandom(index: 0)
) -> LapLogger {
    LapLogger(clock: clock, fileSystem: fileSystem, store: store, random: random)
}

/// A store shared with others: whatever key a logger uses, it holds one best lap, which others change too.
final class OneValueStore: KeyValueStore {
    var best: Double?
    private(set) var sets = 0
    func double(forKey key: String) -> Double? { best }
    func set(_ value: Double, forKey key: String) { sets += 1; best = value }
}
/// A file system in a dictionary that counts every write it is asked for, and can refuse the next one (a disk full
/// for a moment: the write after it works again).
final class FlakyFileSystem: FileSystem {
    var files: [String: String] = [:]
    var refuseNextWrite = false
    private(set) var writes = 0

    func contents(atPath path: String) -> String? { files[path] }

    func write(_ text: String, toPath path: String) throws {
        writes += 1
        if refuseNextWrite {
            refuseNextWrite = false
            throw DiskFull()
        }
        files[path] = text
    }
}

/// Randomness that gives its answers in turn and counts how often it is asked.
final class CountingRandom: RandomSource {
    let answers: [Int]
    private(set) var asks = 0

    init(answers: [Int]) { self.answers = answers }

    func nextIndex(below upperBound: Int) -> Int {
        defer { asks += 1 }
        return answers[asks % answers.count] % upperBound
    }
}

/// A small, seeded generator (SplitMix64): the same seed gives the same runs everywhere.
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

/// A lap time from the whole domain a lap can take, not only the usual 70-90 s: most are typical, some
/// are very short (down to 0 s, a timing glitch) and some very long (an out-lap, a lap behind the safety car, a red
/// flag).
func anyLapSeconds(using generator: inout SeededGenerator) -> Double {
    switch Int.random(in: 0..<12, using: &generator) {
    case 0..<5: return Double(Int.random(in: 7_000...9_000, using: &generator)) / 100
    case 5..<7: return Double(Int.random(in: 1...6_999, using: &generator)) / 100
    // A timing system that measures finer: thousandths, or every digit a Double holds.
    case 7: return Double(Int.random(in: 70_000...90_000, using: &generator)) / 1000
    case 8: return Double.random(in: 60..<100, using: &generator)
    // A lap the timing system read as no time at all, or as next to none: still a lap, and faster than any other.
    case 9: return [0, 0.001, 0.01].randomElement(using: &generator)!
    default:
        let exponent = Double.random(in: 2...6, using: &generator)
        return (pow(10, exponent) * 100).rounded() / 100
    }
}

@Suite("System singletons", .serialized)
final class LapLoggerTests {
    /// A logger that still writes to the real disk leaves a file behind; clean it up after every test.
    deinit {
        try? FileManager.default.removeItem(atPath: LapLogger.logPath)
    }

    @Test("the clock it is handed stamps the line")
    func handedClockStampsTheLine() throws {
        let late = try makeLogger(clock: FixedClock(date: sentinel)).record(lap: 81.25, by: "Leclerc")
        let early = try makeLogger(clock: FixedClock(date: epoch)).record(lap: 81.25, by: "Leclerc")
        #expect(late.hasPrefix("2001-09-09T01:46:40Z Leclerc 81.25s"), "A clock stopped at 2001-09-09T01:46:40Z should stamp the line, but record returned \"\(late)\". Ask the clock handed to LapLogger(clock:...) for now() instead of calling Date(). [zh-Hans] 停在 2001-09-09T01:46:40Z 的时钟应该给这一行盖上时间戳，但 record 返回的是 \"\(late)\"。向交给 LapLogger(clock:...) 的时钟调用 now()，不要调用 Date()。")
        #expect(early.hasPrefix("1970-01-01T00:00:00Z Leclerc 81.25s"), "A clock stopped at 1970-01-01T00:00:00Z should stamp the line, but record returned \"\(early)\". Two clocks must give two stamps: use the clock you were handed. [zh-Hans] 停在 1970-01-01T00:00:00Z 的时钟应该给这一行盖上时间戳，但 record 返回的是 \"\(early)\"。两个时钟必须给出两个时间戳：使用交给你的时钟。")
    }

    @Test("each lap is stamped when it is recorded")
    func stampsEachLapWhenItIsRecorded() throws {
        let clock = MovableClock(date: epoch)
        let logger = makeLogger(clock: clock)
        let first = try logger.record(lap: 81.25, by: "Leclerc")
        clock.date = sentinel
        let second = try logger.record(lap: 82.0, by: "Leclerc")
        #expect(first.hasPrefix("1970-01-01T00:00:00Z Leclerc 81.25s"), "The first lap was recorded while the clock read 1970-01-01T00:00:00Z, but record returned \"\(first)\". [zh-Hans] 第一圈记录时时钟显示 1970-01-01T00:00:00Z，但 record 返回的是 \"\(first)\"。")
        #expect(second.hasPrefix("2001-09-09T01:46:40Z Leclerc 82.0s"), "The second lap was recorded after the clock moved to 2001-09-09T01:46:40Z, but record returned \"\(second)\". Ask the clock for now() inside record(lap:by:), every time: do not read it once in init and keep the date. [zh-Hans] 第二圈是在时钟走到 2001-09-09T01:46:40Z 之后记录的，但 record 返回的是 \"\(second)\"。每次都在 record(lap:by:) 中向时钟调用 now()：不要在 init 中只读一次然后留着这个日期。")
    }

    @Test("the line goes to the file system it is handed, never to the disk")
    func lineGoesToTheHandedFileSystem() throws {
        try? FileManager.default.removeItem(atPath: LapLogger.logPath)
        let files = InMemoryFileSystem()
        let line = try makeLogger(fileSystem: files).record(lap: 80.5, by: "Sainz")
        let written = files.files[LapLogger.logPath]
        #expect(written?.contains(line) == true, "The handed file system should hold the line \"\(line)\" at LapLogger.logPath, but it holds \(written.map { "\"\($0)\"" } ?? "nothing"). Write through the fileSystem passed to LapLogger(...), not FileManager.default. [zh-Hans] 交给它的文件系统应该在 LapLogger.logPath 保存这一行 \"\(line)\"，但里面是 \(written.map { "\"\($0)\"" } ?? "（空）")。通过传给 LapLogger(...) 的 fileSystem 写入，不要用 FileManager.default。")
        #expect(!FileManager.default.fileExists(atPath: LapLogger.logPath), "A file appeared on the real disk at \(LapLogger.logPath). A logger handed a file system must not use FileManager.default. [zh-Hans] 真实磁盘上的 \(LapLogger.logPath) 出现了一个文件。拿到文件系统的记录器不能使用 FileManager.default。")
    }

    @Test("a new line is added after the lines already in the log")
    func appendsToTheExistingLog() throws {
        let old = "1970-01-01T00:00:00Z Hamilton 79.0s\n"
        let files = InMemoryFileSystem(files: [LapLogger.logPath: old])
        let line = try makeLogger(fileSystem: files).record(lap: 80.5, by: "Sainz")
        let written = files.files[LapLogger.logPath] ?? ""
        #expect(written.hasPrefix(old) && written.contains(line), "The log should keep its old line and gain the new one, but it reads \"\(written)\". Read the old log through the handed file system (contents(atPath:)) before writing. [zh-Hans] 日志应该保留旧的一行并加上新的一行，但它的内容是 \"\(written)\"。写入之前，先通过交给你的文件系统（contents(atPath:)）读取旧日志。")
        #expect(written == old + line + "\n", "The log should be the old text, then the new line, then one newline (\"\\n\"), so that the next lap starts on a line of its own; it reads \"\(written.debugDescription.dropFirst().dropLast())\". Write oldLog + line + \"\\n\". [zh-Hans] 日志应该是旧文本、新的一行，再加一个换行符（\"\\n\"），这样下一圈从新的一行开始；它的内容是 \"\(written.debugDescription.dropFirst().dropLast())\"。请写入 oldLog + line + \"\\n\"。")
    }

    @Test("the log is read when each lap is recorded, not remembered from before")
    func readsTheLogEachTime() throws {
        let files = InMemoryFileSystem(files: [LapLogger.logPath: "1970-01-01T00:00:00Z Hamilton 79.0s\n"])
        let logger = makeLogger(fileSystem: files)
        let first = try logger.record(lap: 80.5, by: "Sainz")
        // Another program (the pit wall's own logger) adds a line between two laps.
        let between = (files.files[LapLogger.logPath] ?? "") + "1970-01-01T00:01:00Z Norris 78.9s\n"
        files.files[LapLogger.logPath] = between
        let second = try logger.record(lap: 82.0, by: "Sainz")
        let written = files.files[LapLogger.logPath] ?? ""
        #expect(written == between + second + "\n", "A line another program added between two laps must stay: the log should read \"\(between + second + "\n")\" but it reads \"\(written)\". Read the log through the handed file system each time a lap is recorded (contents(atPath:)); do not keep a copy from an earlier lap. [zh-Hans] 两圈之间由另一个程序加入的一行必须保留：日志应该是 \"\(between + second + "\n")\"，但它是 \"\(written)\"。每次记录一圈时都通过交给你的文件系统读取日志（contents(atPath:)）；不要保留上一圈的副本。")
        #expect(written.contains(first), "The first lap's line should still be in the log. [zh-Hans] 第一圈的那一行应该仍在日志里。")
    }

    @Test("200 seeded runs of laps by two loggers handed one file system and one clock (moving at every read, or stopped, so the same line can come twice in a row), while another program adds, rewrites (with any text, a last line without its newline too) or removes the log and the disk refuses a write now and then: each lap asks for one write, its line goes after what the log holds at that moment, as it is, and a refused write throws and leaves the log as it was")
    func seededLogsChangedByOthers() throws {
        // The model of the promise: recording a lap reads the log as it is now (nothing when there is none) and
        // asks for one write of it with the new line added at the end; when that write is refused, record throws
        // and the log stays as it was. The same file system and the same clock are handed to two loggers.
        var generator = SeededGenerator(state: 0x05_10_6)
        for round in 0..<200 {
            let files = FlakyFileSystem()
            if Bool.random(using: &generator) { files.files[LapLogger.logPath] = "1970-01-01T00:00:00Z Hamilton 79.0s\n" }
            let stopped = Bool.random(using: &generator)
            let clock: any TimeSource = stopped ? FixedClock(date: sentinel) : TickingClock(from: sentinel)
            let store = InMemoryStore()
            let loggers = [makeLogger(clock: clock, fileSystem: files, store: store), makeLogger(clock: clock, fileSystem: files, store: store)]
            // Two lap times and two drivers per run, so the same lap often comes twice in a row.
            let laps = [anyLapSeconds(using: &generator), anyLapSeconds(using: &generator)]
            let drivers = ["Sainz", "Leclerc"]
            var steps: [String] = [stopped ? "a stopped clock" : "a clock that moves at every read"]
            for step in 0..<Int.random(in: 1...10, using: &generator) {
                switch Int.random(in: 0..<7, using: &generator) {
                case 0:
                    files.files[LapLogger.logPath, default: ""] += "1970-01-01T00:0\(step):00Z Other 7\(step).0s\n"
                    steps.append("another program adds a line")
                case 1:
                    // Whatever another program leaves: a line with or without its newline, nothing at all, blank
                    // lines, Windows line ends, text in any script. The logger adds after it, as it is.
                    let text = ["rotated \(round)-\(step)\n", "rotated \(round)-\(step)", "", "\n\n", "  ", "a\r\nb\r\n", "計時 \(step)",
                                "no newline at the end \(step)"].randomElement(using: &generator)!
                    files.files[LapLogger.logPath] = text
                    steps.append("another program rewrites the log as \(text.debugDescription)")
                case 2:
                    files.files[LapLogger.logPath] = nil
                    steps.append("another program removes the log")
                case 3:
                    files.refuseNextWrite = true
                    steps.append("the disk refuses the next write")
                default:
                    let which = Int.random(in: 0..<2, using: &generator)
                    let lap = laps.randomElement(using: &generator)!
                    let driver = drivers.randomElement(using: &generator)!
                    let before = files.files[LapLogger.logPath]
                    let writesBefore = files.writes
                    let refused = files.refuseNextWrite
                    var line: String?
                    var thrown: (any Error)?
                    do { line = try loggers[which].record(lap: lap, by: driver) } catch { thrown = error }
                    steps.append("logger \(which + 1): a lap of \(lap) s by \(driver)")
                    let after = files.files[LapLogger.logPath]
                    let writes = files.writes - writesBefore
                    let outcome = line.map { "returned \"\($0)\"" } ?? "threw \(thrown.map { "\($0)" } ?? "nothing")"
                    let held = before.map { "\"\($0)\"" } ?? "nothing"
                    let reads = after.map { "\"\($0)\"" } ?? "nothing"
                    if refused {
                        guard thrown is DiskFull, after == before, writes == 1 else {
                            Issue.record("Run \(round) (seed 0x05106): \(steps.joined(separator: ", ")). The disk refused this lap's write, so record should ask for the write once and throw the error it got, and the log should still read \(held); record \(outcome), the file system was asked to write \(writes) time\(writes == 1 ? "" : "s"), and the log reads \(reads). Write once, with try, and let the error go: do not try again, do not catch it. [zh-Hans] 第 \(round) 次运行（种子 0x05106）：\(steps.joined(separator: "，"))。磁盘拒绝了这一圈的写入，所以 record 应该只请求写入一次，并抛出它得到的错误，日志应该仍然是 \(held)；record \(line.map { "返回了 \"\($0)\"" } ?? "抛出了 \(thrown.map { "\($0)" } ?? "（无）")")，文件系统被要求写入 \(writes) 次，日志是 \(reads)。只写一次，用 try，让错误传出去：不要重试，也不要捕获它。")
                            return
                        }
                    } else {
                        let expected = line.map { (before ?? "") + $0 + "\n" }
                        guard let expected, after == expected, writes == 1 else {
                            Issue.record("Run \(round) (seed 0x05106): \(steps.joined(separator: ", ")). The log held \(held) when the lap was recorded, so after one write it should read \(expected.map { "\"\($0)\"" } ?? "that text with the line record returns added"); record \(outcome), the file system was asked to write \(writes) time\(writes == 1 ? "" : "s"), and the log reads \(reads). Read the log through the handed file system every time a lap is recorded, also when this logger or another one wrote it, and write it once with the very line record returns (read the clock once per lap) at its end, also when that line is the same as the last one: the same lap twice in a row is two lines. [zh-Hans] 第 \(round) 次运行（种子 0x05106）：\(steps.joined(separator: "，"))。记录这一圈时日志里是 \(held)，所以写入一次之后日志应该是 \(expected.map { "\"\($0)\"" } ?? "这段文字再加上 record 返回的那一行")；record \(line.map { "返回了 \"\($0)\"" } ?? "抛出了 \(thrown.map { "\($0)" } ?? "（无）")")，文件系统被要求写入 \(writes) 次，日志是 \(reads)。每次记录一圈都要通过交给你的文件系统读取日志，即使日志是这个记录器或另一个记录器写的，然后写入一次，把 record 返回的那一行（每圈只读一次时钟）加在末尾，即使这一行和上一行完全相同：同一圈连续记录两次就是两行。")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test("200 seeded moments from 1970 to 2100, the last and first days of a year and leap days among them, most between two whole seconds: the stamp is that moment in ISO 8601, in UTC")
    func stampsAnyMoment() throws {
        // The model of the promise: Foundation's own ISO 8601 formatter, which knows the calendar year from the week's.
        let iso = ISO8601DateFormatter()
        iso.timeZone = TimeZone(identifier: "UTC")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = SeededGenerator(state: 0x05_57A)
        for round in 0..<200 {
            let year = Int.random(in: 1970...2099, using: &generator)
            let day: (month: Int, day: Int) = [(12, 28), (12, 29), (12, 30), (12, 31), (1, 1), (1, 2), (1, 3), (2, 29), (3, 1),
                                               (Int.random(in: 1...12, using: &generator), Int.random(in: 1...28, using: &generator))][round % 10]
            let components = DateComponents(year: year, month: day.month, day: day.day, hour: Int.random(in: 0...23, using: &generator),
                                            minute: Int.random(in: 0...59, using: &generator), second: Int.random(in: 0...59, using: &generator))
            guard let second = calendar.date(from: components) else { continue }
            // A clock reads between whole seconds: .001, .5, .999 and anything else (a fifth of the moments are whole).
            let fraction = [0, 0.001, 0.5, 0.999, Double(Int.random(in: 1...999, using: &generator)) / 1000][round % 5]
            let moment = second.addingTimeInterval(fraction)
            let files = InMemoryFileSystem()
            let line = try makeLogger(clock: FixedClock(date: moment), fileSystem: files).record(lap: 81.25, by: "Leclerc")
            let expected = iso.string(from: moment)
            guard line.hasPrefix(expected + " ") else {
                Issue.record("Moment \(round) (seed 0x0557A), \(expected): the line should start with \"\(expected) \"; it is \"\(line)\". Write the stamp in ISO 8601, in UTC: the calendar year (`yyyy`, not the week-based `YYYY`), month, day, hour (00-23), minutes and seconds, or let `ISO8601DateFormatter` write it (it drops a fraction of a second; it never rounds up). [zh-Hans] 第 \(round) 个时刻（种子 0x0557A），\(expected)：这一行应该以 \"\(expected) \" 开头；实际是 \"\(line)\"。用 ISO 8601、UTC 写时间戳：日历年（`yyyy`，不是按周计算的 `YYYY`）、月、日、时（00-23）、分、秒，或者交给 `ISO8601DateFormatter` 来写（它不写秒的小数部分，也不进位）。")
                return
            }
        }
    }

    @Test("the best lap is kept in the store it is handed")
    func bestLapGoesToTheHandedStore() throws {
        let before = TeamDefaults.standardAccessCount
        let store = InMemoryStore()
        let logger = makeLogger(store: store)
        let first = try logger.record(lap: 81.5, by: "Norris")
        let second = try logger.record(lap: 82.0, by: "Norris")
        let reads = TeamDefaults.standardAccessCount - before
        #expect(store.values.values.contains(81.5), "After the first lap, the handed store should remember 81.5, but it holds \(store.values). Save the best lap with store.set(_:forKey:) on the store passed to LapLogger(...), and read the best lap only from that store: a best lap kept in a static or global variable by an earlier logger makes this lap look slower than it is. [zh-Hans] 第一圈之后，交给它的存储应该记住 81.5，但里面是 \(store.values)。用传给 LapLogger(...) 的存储的 store.set(_:forKey:) 保存最快圈，并且只从这个存储读取最快圈：之前的记录器留在静态变量或全局变量里的最快圈，会让这一圈看起来比实际慢。")
        #expect(first.contains("new best!"), "The first lap ever should be a new best, but record returned \"\(first)\". [zh-Hans] 有史以来的第一圈应该是新的最快圈，但 record 返回的是 \"\(first)\"。")
        #expect(!second.contains("new best!"), "A slower second lap (82.0 after 81.5) is not a new best, but record returned \"\(second)\". Read the best lap back from the handed store. [zh-Hans] 更慢的第二圈（81.5 之后的 82.0）不是新的最快圈，但 record 返回的是 \"\(second)\"。从交给你的存储读回最快圈。")
        #expect(reads == 0, "LapLogger read TeamDefaults.standard \(reads) time\(reads == 1 ? "" : "s"). A logger handed a store must not reach for the singleton. [zh-Hans] LapLogger 读取了 \(reads) 次 TeamDefaults.standard。拿到存储的记录器不能再去取单例。")
    }

    @Test("the best lap is kept under LapLogger.bestLapKey, \"bestLap\", where the team's store already holds it")
    func bestLapUnderTheTeamsKey() throws {
        let store = InMemoryStore()
        store.set(80.0, forKey: "bestLap")
        let slower = try makeLogger(store: store).record(lap: 81.0, by: "Gasly")
        #expect(!slower.contains("new best!"), "The team's store already holds a best lap of 80.0 under \"bestLap\" (saved by earlier sessions), so 81.0 is no new best; record returned \"\(slower)\". Read and save the best lap under LapLogger.bestLapKey, \"bestLap\", as the starter did: a key of your own finds nothing the team saved before. [zh-Hans] 车队的存储里已经在 \"bestLap\" 下保存了最快圈 80.0（之前的训练存下的），所以 81.0 不是新的最快圈；record 返回的是 \"\(slower)\"。像初始代码那样，用 LapLogger.bestLapKey（\"bestLap\"）读取和保存最快圈：换成你自己的键，就找不到车队以前存下的任何东西。")
        let faster = try makeLogger(store: store).record(lap: 79.0, by: "Gasly")
        #expect(faster.contains("new best!") && store.values == ["bestLap": 79.0], "A lap of 79.0 beats the team's 80.0: it should be a new best, saved under \"bestLap\" and nowhere else; record returned \"\(faster)\" and the store holds \(store.values). [zh-Hans] 79.0 比车队的 80.0 更快：它应该是新的最快圈，保存在 \"bestLap\" 下，不存到别处；record 返回的是 \"\(faster)\"，存储里是 \(store.values)。")
    }

    @Test("two stores give two answers to the same lap")
    func twoStoresTwoAnswers() throws {
        let remembering = RememberingStore(best: 80.0)
        let slow = try makeLogger(store: remembering).record(lap: 81.0, by: "Piastri")
        let fresh = try makeLogger(store: InMemoryStore()).record(lap: 81.0, by: "Piastri")
        #expect(!slow.contains("new best!"), "The handed store remembers a best lap of 80.0, so 81.0 is not a new best; record returned \"\(slow)\". Ask the handed store for the best lap. [zh-Hans] 交给它的存储记着最快圈 80.0，所以 81.0 不是新的最快圈；record 返回的是 \"\(slow)\"。向交给你的存储查询最快圈。")
        #expect(remembering.sets == 0, "A lap slower than the best one remembered (81.0 after 80.0) must not be stored, but store.set(_:forKey:) was called \(remembering.sets) time\(remembering.sets == 1 ? "" : "s"). Save to the store only when the lap is a new best. [zh-Hans] 比记住的最快圈更慢的一圈（80.0 之后的 81.0）不能保存，但 store.set(_:forKey:) 被调用了 \(remembering.sets) 次。只有新的最快圈才保存到存储。")
        #expect(fresh.contains("new best!"), "An empty store remembers no best lap, so 81.0 is a new best; record returned \"\(fresh)\". Read the best lap only from the store this logger was handed, not from a value kept in a static or global variable. [zh-Hans] 空的存储没有记着最快圈，所以 81.0 是新的最快圈；record 返回的是 \"\(fresh)\"。只从交给这个记录器的存储读取最快圈，不要读取留在静态变量或全局变量里的值。")
    }

    @Test("the best lap is the team's, whichever driver set it")
    func bestLapIsTheTeams() throws {
        let store = InMemoryStore()
        let logger = makeLogger(store: store)
        let leclerc = try logger.record(lap: 80.0, by: "Leclerc")
        let sainz = try logger.record(lap: 81.0, by: "Sainz")
        let norris = try logger.record(lap: 79.5, by: "Norris")
        #expect(leclerc.contains("new best!"), "The first lap ever (Leclerc, 80.0) should be a new best, but record returned \"\(leclerc)\". [zh-Hans] 有史以来的第一圈（Leclerc，80.0）应该是新的最快圈，但 record 返回的是 \"\(leclerc)\"。")
        #expect(!sainz.contains("new best!"), "The logger remembers the team's best lap, whoever drove it: after Leclerc's 80.0, Sainz's 81.0 is slower, so it is no new best; record returned \"\(sainz)\". Keep one best lap for the whole team, under one key, not one per driver. [zh-Hans] 记录器记住的是整个车队的最快圈，不管是谁跑出来的：在 Leclerc 的 80.0 之后，Sainz 的 81.0 更慢，所以不是新的最快圈；record 返回的是 \"\(sainz)\"。为整个车队只保存一个最快圈，用同一个键，不要每位车手一个。")
        #expect(norris.contains("new best!"), "Norris's 79.5 is faster than the team's best (80.0), so it is a new best; record returned \"\(norris)\". [zh-Hans] Norris 的 79.5 比车队的最快圈（80.0）更快，所以是新的最快圈；record 返回的是 \"\(norris)\"。")
        #expect(store.values.values.contains(79.5), "After laps of 80.0, 81.0 and 79.5 by three drivers, the handed store should remember the team's best lap, 79.5, but it holds \(store.values). Save each new best with store.set(_:forKey:), under the same key for every driver. [zh-Hans] 三位车手跑出 80.0、81.0 和 79.5 之后，交给它的存储应该记住车队的最快圈 79.5，但里面是 \(store.values)。用 store.set(_:forKey:) 保存每个新的最快圈，每位车手都用同一个键。")
    }

    @Test("a lap whose log cannot be written is not stored as the best")
    func failedWriteStoresNoBest() throws {
        let store = InMemoryStore()
        #expect(throws: DiskFull(), "When the handed file system throws, record(lap:by:) should throw that same error (use try, not try?). [zh-Hans] 交给它的文件系统抛出错误时，record(lap:by:) 应该抛出同一个错误（用 try，不要用 try?）。") {
            _ = try makeLogger(fileSystem: FullFileSystem(), store: store).record(lap: 80.0, by: "Alonso")
        }
        #expect(store.values.isEmpty, "The log could not be written, so the lap was not recorded and must not become the best lap, but the store holds \(store.values). Write the line first (with try), and save a new best only after the write succeeded. [zh-Hans] 日志没能写入，所以这一圈没有记录下来，也不能成为最快圈，但存储里是 \(store.values)。先写入这一行（用 try），写入成功之后才保存新的最快圈。")
        let next = try makeLogger(store: store).record(lap: 81.0, by: "Alonso")
        #expect(next.contains("new best!"), "The lap that failed to be written (80.0) is not the best, so the next lap written (81.0) is the first one recorded and a new best; record returned \"\(next)\". Save the best lap only after the log was written. [zh-Hans] 没能写入的那一圈（80.0）不是最快圈，所以下一圈写入的（81.0）是第一次记录下来的一圈，也是新的最快圈；record 返回的是 \"\(next)\"。只有在日志写入之后才保存最快圈。")
    }

    @Test("the best lap is read from the store at every lap: a faster lap another logger saved there since counts")
    func bestLapReadEachTime() throws {
        let store = InMemoryStore()
        let pitWall = makeLogger(store: store)
        let garage = makeLogger(store: store)
        let opening = try pitWall.record(lap: 82.0, by: "Sainz")
        let faster = try garage.record(lap: 79.0, by: "Leclerc")
        let later = try pitWall.record(lap: 80.0, by: "Sainz")
        #expect(opening.contains("new best!") && faster.contains("new best!"), "82.0 then 79.0 into an empty store are two new bests; record returned \"\(opening)\" and \"\(faster)\". [zh-Hans] 在空的存储上先后记录 82.0 和 79.0，两次都是新的最快圈；record 返回的是 \"\(opening)\" 和 \"\(faster)\"。")
        #expect(!later.contains("new best!"), "Another logger on the same store saved 79.0 after this logger's 82.0, so this logger's 80.0 is no new best; record returned \"\(later)\". The store holds the team's best lap: ask it at every lap (store.double(forKey:)) instead of keeping a copy from an earlier lap or from init. [zh-Hans] 同一个存储上的另一个记录器在这个记录器的 82.0 之后保存了 79.0，所以这个记录器的 80.0 不是新的最快圈；record 返回的是 \"\(later)\"。存储保存着车队的最快圈：每一圈都去问它（store.double(forKey:)），不要保留更早一圈或 init 时的副本。")
        #expect(store.values.values.contains(79.0) && !store.values.values.contains(80.0), "The store should still hold the team's best, 79.0, but it holds \(store.values). [zh-Hans] 存储应该仍然保存车队的最快圈 79.0，但里面是 \(store.values)。")
    }

    @Test("200 seeded runs of laps of any length (0 s, short, usual, very long) and any precision, the same lap often twice, by two loggers handed one store and one random source, while others change the store (a faster best, a slower one, or none) and the disk refuses a write now and then: a new best is a lap faster than what the store holds at that moment, the first lap into an empty store always; it asks the random source once and is saved once, unless its write was refused; any other lap asks and saves nothing")
    func bestAgainstTheStoreOfTheMoment() throws {
        var generator = SeededGenerator(state: 0x05_BE57)
        for run in 0..<200 {
            let store = OneValueStore()
            let random = CountingRandom(answers: (0..<5).map { _ in Int.random(in: 0..<3, using: &generator) })
            let files = FlakyFileSystem()
            // The same store, random source and file system handed to two loggers.
            let loggers = [makeLogger(fileSystem: files, store: store, random: random), makeLogger(fileSystem: files, store: store, random: random)]
            var recorded: [Double] = []
            var steps: [String] = []
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                switch Int.random(in: 0..<6, using: &generator) {
                case 0:
                    // A stored best of 0 (a glitch another program saved) is a best like any other: nothing beats it.
                    let set = Int.random(in: 0..<6, using: &generator) == 0 ? 0 : anyLapSeconds(using: &generator)
                    store.best = set
                    steps.append("store set to \(set) by another logger")
                case 1:
                    store.best = nil
                    steps.append("store emptied (a new season)")
                case 2:
                    files.refuseNextWrite = true
                    steps.append("the disk refuses the next write")
                default:
                    // Often a lap already recorded in this run (the same lap twice in a row among them), else any lap.
                    let lap = !recorded.isEmpty && Bool.random(using: &generator) ? recorded.randomElement(using: &generator)! : anyLapSeconds(using: &generator)
                    recorded.append(lap)
                    let which = Int.random(in: 0..<2, using: &generator)
                    let before = store.best
                    let setsBefore = store.sets, asksBefore = random.asks
                    let refused = files.refuseNextWrite
                    var line: String?
                    var thrown: (any Error)?
                    do { line = try loggers[which].record(lap: lap, by: "Sainz") } catch { thrown = error }
                    steps.append("logger \(which + 1): lap \(lap)\(refused ? " (write refused)" : "")")
                    let newBest = before.map { lap < $0 } ?? true
                    let after = newBest && !refused ? lap : before
                    let sets = store.sets - setsBefore, asks = random.asks - asksBefore
                    let expectedSets = newBest && !refused ? 1 : 0, expectedAsks = newBest ? 1 : 0
                    let cheer = LapLogger.cheers[random.answers[asksBefore % random.answers.count] % LapLogger.cheers.count]
                    let outcome = line.map { "returned \"\($0)\"" } ?? "threw \(thrown.map { "\($0)" } ?? "nothing")"
                    let outcomeZh = line.map { "返回了 \"\($0)\"" } ?? "抛出了 \(thrown.map { "\($0)" } ?? "（无）")"
                    if refused {
                        guard thrown is DiskFull, store.best == before, sets == 0, asks == expectedAsks else {
                            Issue.record("Run \(run) (seed 0x5BE57), after \(steps.joined(separator: ", ")): the disk refused the write of \(lap), so record should throw that error and save nothing: the store should still hold \(before.map { "\($0)" } ?? "nothing"), with no call to store.set(_:forKey:); it is \(newBest ? "a" : "no") new best, so its line should have asked the random source \(expectedAsks) time\(expectedAsks == 1 ? "" : "s"). record \(outcome), the store holds \(store.best.map { "\($0)" } ?? "nothing") after \(sets) call\(sets == 1 ? "" : "s") to set, and the random source was asked \(asks) time\(asks == 1 ? "" : "s"). Write the line once, with try (no second try), and save a new best only after the write worked. [zh-Hans] 第 \(run) 轮（种子 0x5BE57），在 \(steps.joined(separator: "、")) 之后：磁盘拒绝了 \(lap) 的写入，所以 record 应该抛出这个错误，什么都不保存：存储中应该仍是 \(before.map { "\($0)" } ?? "空的")，也不调用 store.set(_:forKey:)；它\(newBest ? "是" : "不是")新的最快圈，所以它的那一行应该问随机数来源 \(expectedAsks) 次。record \(outcomeZh)，存储中是 \(store.best.map { "\($0)" } ?? "空的")，set 被调用了 \(sets) 次，随机数来源被问了 \(asks) 次。先用 try 写入这一行，只写一次（不重试），写入成功之后才保存新的最快圈。")
                            return
                        }
                        continue
                    }
                    guard let line, line.contains("new best!") == newBest, store.best == after else {
                        Issue.record("Run \(run) (seed 0x5BE57), after \(steps.joined(separator: ", ")): the store held \(before.map { "\($0)" } ?? "nothing") when \(lap) was recorded, so it is \(newBest ? "a" : "no") new best and the store should then hold \(after.map { "\($0)" } ?? "nothing"); record \(outcome) and the store holds \(store.best.map { "\($0)" } ?? "nothing"). Compare each lap with what the store holds at that moment (store.double(forKey:)), not with a copy kept from an earlier lap or a limit of your own: a lap of any length counts, and with nothing stored any lap is a new best. [zh-Hans] 第 \(run) 轮（种子 0x5BE57），在 \(steps.joined(separator: "、")) 之后：记录 \(lap) 时存储中是 \(before.map { "\($0)" } ?? "空的")，所以它\(newBest ? "是" : "不是")新的最快圈，之后存储中应该是 \(after.map { "\($0)" } ?? "空的")；record \(outcomeZh)，存储中是 \(store.best.map { "\($0)" } ?? "空的")。每一圈都和存储此刻保存的值比较（store.double(forKey:)），不要和之前某一圈留下的副本或自己定的界限比较：任何长度的一圈都算数，存储为空时任何一圈都是新的最快圈。")
                        return
                    }
                    guard sets == expectedSets, asks == expectedAsks, !newBest || line.hasSuffix(" new best! " + cheer) else {
                        Issue.record("Run \(run) (seed 0x5BE57), after \(steps.joined(separator: ", ")): \(lap) is \(newBest ? "a" : "no") new best, so record should ask the random source \(expectedAsks) time\(expectedAsks == 1 ? "" : "s")\(newBest ? " (its line then ends with \" new best! \(cheer)\", the cheer of the answer it got)" : "") and call store.set(_:forKey:) \(expectedSets) time\(expectedSets == 1 ? "" : "s"); it asked \(asks) time\(asks == 1 ? "" : "s"), set \(sets) time\(sets == 1 ? "" : "s"), and \(outcome). Ask the random source once for the cheer of a new best and never otherwise, and save a new best once, after its line was written. [zh-Hans] 第 \(run) 轮（种子 0x5BE57），在 \(steps.joined(separator: "、")) 之后：\(lap) \(newBest ? "是" : "不是")新的最快圈，所以 record 应该问随机数来源 \(expectedAsks) 次\(newBest ? "（这一行随后以 \" new best! \(cheer)\" 结尾，也就是它得到的答案对应的欢呼语）" : "")，并调用 store.set(_:forKey:) \(expectedSets) 次；它问了 \(asks) 次，set 了 \(sets) 次，并且 \(outcomeZh)。只为新的最快圈的欢呼语问一次随机数来源，其他时候不问；新的最快圈在它的那一行写入之后保存一次。")
                        return
                    }
                }
            }
        }
    }

    @Test("a lap as fast as the best one is no new best")
    func tieIsNoNewBest() throws {
        let remembering = RememberingStore(best: 80.0)
        let tie = try makeLogger(store: remembering).record(lap: 80.0, by: "Sainz")
        #expect(!tie.contains("new best!") && remembering.sets == 0, "A lap equal to the stored best (80.0 and 80.0) is not faster, so it is no new best and is not stored; record returned \"\(tie)\" and store.set(_:forKey:) was called \(remembering.sets) time\(remembering.sets == 1 ? "" : "s"). Keep the comparison as it was: only a faster lap (<) is a new best. [zh-Hans] 与记住的最快圈相同的一圈（80.0 对 80.0）并不更快，所以不是新的最快圈，也不保存；record 返回的是 \"\(tie)\"，store.set(_:forKey:) 被调用了 \(remembering.sets) 次。保持原来的比较：只有更快的一圈（<）才是新的最快圈。")
    }

    @Test("the random source it is handed picks the cheer")
    func handedRandomPicksTheCheer() throws {
        let first = try makeLogger(random: FixedRandom(index: 0)).record(lap: 78.0, by: "Russell")
        let last = try makeLogger(random: FixedRandom(index: 2)).record(lap: 78.0, by: "Russell")
        #expect(first.hasSuffix("new best! Purple sector!"), "A random source that always answers 0 should pick the first cheer, \"Purple sector!\", but record returned \"\(first)\". Ask the handed random source (nextIndex(below:)) instead of Int.random. [zh-Hans] 总是回答 0 的随机数来源应该选出第一句欢呼 \"Purple sector!\"，但 record 返回的是 \"\(first)\"。向交给你的随机数来源调用 nextIndex(below:)，不要用 Int.random。")
        #expect(last.hasSuffix("new best! Get in there!"), "A random source that always answers 2 should pick the third cheer, \"Get in there!\", but record returned \"\(last)\". Ask the handed random source (nextIndex(below:)) instead of Int.random. [zh-Hans] 总是回答 2 的随机数来源应该选出第三句欢呼 \"Get in there!\"，但 record 返回的是 \"\(last)\"。向交给你的随机数来源调用 nextIndex(below:)，不要用 Int.random。")
    }

    @Test("two loggers live in two worlds")
    func twoLoggersTwoWorlds() throws {
        // Both loggers exist before either records a lap: a collaborator kept
        // in a static (shared by every logger) would show up here.
        let ferrariFiles = InMemoryFileSystem()
        let mclarenFiles = InMemoryFileSystem()
        let ferrari = makeLogger(clock: FixedClock(date: sentinel), fileSystem: ferrariFiles, store: InMemoryStore(), random: FixedRandom(index: 0))
        let mclaren = makeLogger(clock: FixedClock(date: epoch), fileSystem: mclarenFiles, store: InMemoryStore(), random: FixedRandom(index: 2))
        let first = try ferrari.record(lap: 80.0, by: "Leclerc")
        let second = try mclaren.record(lap: 85.0, by: "Norris")
        let third = try ferrari.record(lap: 82.0, by: "Leclerc")
        let hint = "Keep each collaborator in an instance property (`private let clock: any TimeSource`, ...), not in a static one: every logger must use what it was handed."
        let hintZh = "把每个协作者保存在实例属性中（`private let clock: any TimeSource`，……），不要放在静态属性里：每个记录器都必须使用交给它的协作者。"
        #expect(first == "2001-09-09T01:46:40Z Leclerc 80.0s new best! Purple sector!", "The first logger (clock at 2001-09-09T01:46:40Z, random answering 0) should return \"2001-09-09T01:46:40Z Leclerc 80.0s new best! Purple sector!\", not \"\(first)\". \(hint) [zh-Hans] 第一个记录器（时钟停在 2001-09-09T01:46:40Z，随机数回答 0）应该返回 \"2001-09-09T01:46:40Z Leclerc 80.0s new best! Purple sector!\"，而不是 \"\(first)\"。\(hintZh)")
        #expect(second == "1970-01-01T00:00:00Z Norris 85.0s new best! Get in there!", "The second logger has its own clock (1970-01-01T00:00:00Z), its own empty store (so 85.0 is its first best lap) and its own random source (answering 2), so it should return \"1970-01-01T00:00:00Z Norris 85.0s new best! Get in there!\", not \"\(second)\". \(hint) [zh-Hans] 第二个记录器有自己的时钟（1970-01-01T00:00:00Z）、自己的空存储（所以 85.0 是它的第一个最快圈）和自己的随机数来源（回答 2），所以应该返回 \"1970-01-01T00:00:00Z Norris 85.0s new best! Get in there!\"，而不是 \"\(second)\"。\(hintZh)")
        #expect(third == "2001-09-09T01:46:40Z Leclerc 82.0s", "The first logger's own store remembers 80.0, so 82.0 is not a new best: it should return \"2001-09-09T01:46:40Z Leclerc 82.0s\", not \"\(third)\". \(hint) [zh-Hans] 第一个记录器自己的存储记着 80.0，所以 82.0 不是新的最快圈：应该返回 \"2001-09-09T01:46:40Z Leclerc 82.0s\"，而不是 \"\(third)\"。\(hintZh)")
        let ferrariLog = ferrariFiles.files[LapLogger.logPath] ?? ""
        let mclarenLog = mclarenFiles.files[LapLogger.logPath] ?? ""
        let fileHint = "Write through the file system this logger was handed (kept in an instance property, not a static one), and end every line with \"\\n\"."
        let fileHintZh = "通过交给这个记录器的文件系统写入（保存在实例属性中，不要放在静态属性里），并让每一行都以 \"\\n\" 结尾。"
        #expect(ferrariLog == first + "\n" + third + "\n", "The first logger's file system should hold its own two lines, each followed by \"\\n\", and nothing else, but it holds \(ferrariLog.debugDescription). \(fileHint) [zh-Hans] 第一个记录器的文件系统应该只保存它自己的两行，每行后面跟着 \"\\n\"，但里面是 \(ferrariLog.debugDescription)。\(fileHintZh)")
        #expect(mclarenLog == second + "\n", "The second logger's file system should hold its own line followed by \"\\n\", and nothing else, but it holds \(mclarenLog.debugDescription). \(fileHint) [zh-Hans] 第二个记录器的文件系统应该只保存它自己的一行，后面跟着 \"\\n\"，但里面是 \(mclarenLog.debugDescription)。\(fileHintZh)")
    }

    @Test("a file system that cannot write makes record throw its error")
    func failingFileSystemThrows() {
        #expect(throws: DiskFull(), "When the handed file system throws, record(lap:by:) should throw that same error (use try, not try?). [zh-Hans] 交给它的文件系统抛出错误时，record(lap:by:) 应该抛出同一个错误（用 try，不要用 try?）。") {
            _ = try makeLogger(fileSystem: FullFileSystem()).record(lap: 80.0, by: "Alonso")
        }
    }
}

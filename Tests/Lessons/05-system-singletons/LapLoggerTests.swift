import Foundation
import Testing
@testable import SystemSingletons

/// A clock stopped at one moment.
struct FixedClock: TimeSource {
    let date: Date
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
        #expect(late.hasPrefix("2001-09-09T01:46:40Z Leclerc 81.25s"), "A clock stopped at 2001-09-09T01:46:40Z should stamp the line, but record returned \"\(late)\". Ask the clock handed to LapLogger(clock:...) for now() instead of calling Date().")
        #expect(early.hasPrefix("1970-01-01T00:00:00Z Leclerc 81.25s"), "A clock stopped at 1970-01-01T00:00:00Z should stamp the line, but record returned \"\(early)\". Two clocks must give two stamps: use the clock you were handed.")
    }

    @Test("the line goes to the file system it is handed, never to the disk")
    func lineGoesToTheHandedFileSystem() throws {
        try? FileManager.default.removeItem(atPath: LapLogger.logPath)
        let files = InMemoryFileSystem()
        let line = try makeLogger(fileSystem: files).record(lap: 80.5, by: "Sainz")
        let written = files.files[LapLogger.logPath]
        #expect(written?.contains(line) == true, "The handed file system should hold the line \"\(line)\" at LapLogger.logPath, but it holds \(written.map { "\"\($0)\"" } ?? "nothing"). Write through the fileSystem passed to LapLogger(...), not FileManager.default.")
        #expect(!FileManager.default.fileExists(atPath: LapLogger.logPath), "A file appeared on the real disk at \(LapLogger.logPath). A logger handed a file system must not use FileManager.default.")
    }

    @Test("a new line is added after the lines already in the log")
    func appendsToTheExistingLog() throws {
        let old = "1970-01-01T00:00:00Z Hamilton 79.0s\n"
        let files = InMemoryFileSystem(files: [LapLogger.logPath: old])
        let line = try makeLogger(fileSystem: files).record(lap: 80.5, by: "Sainz")
        let written = files.files[LapLogger.logPath] ?? ""
        #expect(written.hasPrefix(old) && written.contains(line), "The log should keep its old line and gain the new one, but it reads \"\(written)\". Read the old log through the handed file system (contents(atPath:)) before writing.")
        #expect(written == old + line + "\n", "The log should be the old text, then the new line, then one newline (\"\\n\"), so that the next lap starts on a line of its own; it reads \"\(written.debugDescription.dropFirst().dropLast())\". Write oldLog + line + \"\\n\".")
    }

    @Test("the best lap is kept in the store it is handed")
    func bestLapGoesToTheHandedStore() throws {
        let before = TeamDefaults.standardAccessCount
        let store = InMemoryStore()
        let logger = makeLogger(store: store)
        let first = try logger.record(lap: 81.5, by: "Norris")
        let second = try logger.record(lap: 82.0, by: "Norris")
        let reads = TeamDefaults.standardAccessCount - before
        #expect(store.values.values.contains(81.5), "After the first lap, the handed store should remember 81.5, but it holds \(store.values). Save the best lap with store.set(_:forKey:) on the store passed to LapLogger(...), and read the best lap only from that store: a best lap kept in a static or global variable by an earlier logger makes this lap look slower than it is.")
        #expect(first.contains("new best!"), "The first lap ever should be a new best, but record returned \"\(first)\".")
        #expect(!second.contains("new best!"), "A slower second lap (82.0 after 81.5) is not a new best, but record returned \"\(second)\". Read the best lap back from the handed store.")
        #expect(reads == 0, "LapLogger read TeamDefaults.standard \(reads) time(s). A logger handed a store must not reach for the singleton.")
    }

    @Test("two stores give two answers to the same lap")
    func twoStoresTwoAnswers() throws {
        let remembering = RememberingStore(best: 80.0)
        let slow = try makeLogger(store: remembering).record(lap: 81.0, by: "Piastri")
        let fresh = try makeLogger(store: InMemoryStore()).record(lap: 81.0, by: "Piastri")
        #expect(!slow.contains("new best!"), "The handed store remembers a best lap of 80.0, so 81.0 is not a new best; record returned \"\(slow)\". Ask the handed store for the best lap.")
        #expect(remembering.sets == 0, "A lap slower than the best one remembered (81.0 after 80.0) must not be stored, but store.set(_:forKey:) was called \(remembering.sets) time(s). Save to the store only when the lap is a new best.")
        #expect(fresh.contains("new best!"), "An empty store remembers no best lap, so 81.0 is a new best; record returned \"\(fresh)\". Read the best lap only from the store this logger was handed, not from a value kept in a static or global variable.")
    }

    @Test("the random source it is handed picks the cheer")
    func handedRandomPicksTheCheer() throws {
        let first = try makeLogger(random: FixedRandom(index: 0)).record(lap: 78.0, by: "Russell")
        let last = try makeLogger(random: FixedRandom(index: 2)).record(lap: 78.0, by: "Russell")
        #expect(first.hasSuffix("new best! Purple sector!"), "A random source that always answers 0 should pick the first cheer, \"Purple sector!\", but record returned \"\(first)\". Ask the handed random source (nextIndex(below:)) instead of Int.random.")
        #expect(last.hasSuffix("new best! Get in there!"), "A random source that always answers 2 should pick the third cheer, \"Get in there!\", but record returned \"\(last)\". Ask the handed random source (nextIndex(below:)) instead of Int.random.")
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
        #expect(first == "2001-09-09T01:46:40Z Leclerc 80.0s new best! Purple sector!", "The first logger (clock at 2001-09-09T01:46:40Z, random answering 0) should return \"2001-09-09T01:46:40Z Leclerc 80.0s new best! Purple sector!\", not \"\(first)\". \(hint)")
        #expect(second == "1970-01-01T00:00:00Z Norris 85.0s new best! Get in there!", "The second logger has its own clock (1970-01-01T00:00:00Z), its own empty store (so 85.0 is its first best lap) and its own random source (answering 2), so it should return \"1970-01-01T00:00:00Z Norris 85.0s new best! Get in there!\", not \"\(second)\". \(hint)")
        #expect(third == "2001-09-09T01:46:40Z Leclerc 82.0s", "The first logger's own store remembers 80.0, so 82.0 is not a new best: it should return \"2001-09-09T01:46:40Z Leclerc 82.0s\", not \"\(third)\". \(hint)")
        let ferrariLog = ferrariFiles.files[LapLogger.logPath] ?? ""
        let mclarenLog = mclarenFiles.files[LapLogger.logPath] ?? ""
        let fileHint = "Write through the file system this logger was handed (kept in an instance property, not a static one), and end every line with \"\\n\"."
        #expect(ferrariLog == first + "\n" + third + "\n", "The first logger's file system should hold its own two lines, each followed by \"\\n\", and nothing else, but it holds \(ferrariLog.debugDescription). \(fileHint)")
        #expect(mclarenLog == second + "\n", "The second logger's file system should hold its own line followed by \"\\n\", and nothing else, but it holds \(mclarenLog.debugDescription). \(fileHint)")
    }

    @Test("a file system that cannot write makes record throw its error")
    func failingFileSystemThrows() {
        #expect(throws: DiskFull(), "When the handed file system throws, record(lap:by:) should throw that same error (use try, not try?).") {
            _ = try makeLogger(fileSystem: FullFileSystem()).record(lap: 80.0, by: "Alonso")
        }
    }
}

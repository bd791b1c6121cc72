import Foundation

/// Wrong on purpose: the logger is handed its four collaborators, but the old
/// `init()` is kept "for the callers that are not migrated yet" and still
/// reaches for TeamDefaults.standard. No test calls `LapLogger()`; the
/// lesson's rule must reject it.
public final class LapLogger {
    /// Where the log file lives (one file per process, so two runs side by side never share a log).
    public static let logPath = NSTemporaryDirectory() + "di-kata-lap-log-\(ProcessInfo.processInfo.processIdentifier).txt"
    /// The cheers for a new best lap.
    public static let cheers = ["Purple sector!", "Mega lap!", "Get in there!"]
    static let bestLapKey = "bestLap"

    private let clock: any TimeSource
    private let fileSystem: any FileSystem
    private let store: any KeyValueStore
    private let random: any RandomSource

    public init(clock: any TimeSource, fileSystem: any FileSystem, store: any KeyValueStore, random: any RandomSource) {
        self.clock = clock
        self.fileSystem = fileSystem
        self.store = store
        self.random = random
    }

    /// Kept so that old code writing `LapLogger()` still compiles.
    public convenience init() {
        self.init(clock: SystemTime(), fileSystem: DiskFileSystem(), store: TeamDefaults.standard, random: SystemRandom())
    }

    /// Records a lap and returns the line it added to the log, for example
    /// `2001-09-09T01:46:40Z Leclerc 81.25s`. A lap faster than the best one
    /// remembered becomes the new best, and its line ends with
    /// ` new best! ` and a cheer picked at random.
    public func record(lap seconds: Double, by driver: String) throws -> String {
        let stamp = ISO8601DateFormatter().string(from: clock.now())
        var line = "\(stamp) \(driver) \(seconds)s"

        let best = store.double(forKey: Self.bestLapKey)
        let isNewBest = best.map { seconds < $0 } ?? true
        if isNewBest {
            line += " new best! " + Self.cheers[random.nextIndex(below: Self.cheers.count)]
        }

        let oldLog = fileSystem.contents(atPath: Self.logPath) ?? ""
        try fileSystem.write(oldLog + line + "\n", toPath: Self.logPath)

        if isNewBest {
            store.set(seconds, forKey: Self.bestLapKey)
        }
        return line
    }
}

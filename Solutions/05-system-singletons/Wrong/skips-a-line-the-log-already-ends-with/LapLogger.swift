import Foundation

/// Keeps the team's lap log: every lap becomes one line in a log file, and the
/// best lap ever is remembered from one session to the next.
///
/// The logger is handed the four things it used to grab from the system: a
/// clock, a file system, a key-value store and a source of randomness. The app
/// hands it the real ones (see `live()`); a test hands it a stopped clock, a
/// file system in memory, an empty store and randomness that always picks the
/// same cheer, and can then expect exact lines.
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

    /// The logger the app uses: the system singletons, each wrapped once, here at the edge.
    public static func live() -> LapLogger {
        LapLogger(clock: SystemTime(), fileSystem: DiskFileSystem(), store: TeamDefaults.standard, random: SystemRandom())
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
        // Wrong on purpose: a line the log already ends with is taken for a
        // double tap on the pit wall's button and not written again, though
        // the same lap twice in a row is two laps. It compiles against the
        // tests; the tests must reject it.
        if oldLog.hasSuffix(line + "\n") {
            return line
        }
        try fileSystem.write(oldLog + line + "\n", toPath: Self.logPath)

        if isNewBest {
            store.set(seconds, forKey: Self.bestLapKey)
        }
        return line
    }
}

import Foundation

/// Wrong on purpose: "the app has one clock, one disk, one store", so the
/// handed collaborators are kept in statics, and every logger uses those of
/// the last logger built. It compiles against the tests; the tests must
/// reject it.
public final class LapLogger {
    /// Where the log file lives (one file per process, so two runs side by side never share a log).
    public static let logPath = NSTemporaryDirectory() + "di-kata-lap-log-\(ProcessInfo.processInfo.processIdentifier).txt"
    /// The cheers for a new best lap.
    public static let cheers = ["Purple sector!", "Mega lap!", "Get in there!"]
    static let bestLapKey = "bestLap"

    nonisolated(unsafe) private static var clock: any TimeSource = SystemTime()
    nonisolated(unsafe) private static var fileSystem: any FileSystem = DiskFileSystem()
    nonisolated(unsafe) private static var store: any KeyValueStore = TeamDefaults()
    nonisolated(unsafe) private static var random: any RandomSource = SystemRandom()

    private var clock: any TimeSource { Self.clock }
    private var fileSystem: any FileSystem { Self.fileSystem }
    private var store: any KeyValueStore { Self.store }
    private var random: any RandomSource { Self.random }

    public init(clock: any TimeSource, fileSystem: any FileSystem, store: any KeyValueStore, random: any RandomSource) {
        Self.clock = clock
        Self.fileSystem = fileSystem
        Self.store = store
        Self.random = random
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
        try fileSystem.write(oldLog + line + "\n", toPath: Self.logPath)

        if isNewBest {
            store.set(seconds, forKey: Self.bestLapKey)
        }
        return line
    }
}

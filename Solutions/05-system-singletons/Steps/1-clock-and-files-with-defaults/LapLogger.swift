import Foundation

/// Keeps the team's lap log: every lap becomes one line in a log file, and the
/// best lap ever is remembered from one session to the next.
///
/// Step 1: the initializer takes all four collaborators, each with a default
/// that is the real thing, so every old `LapLogger()` call still compiles.
/// The clock and the file system are already used; the store and the
/// randomness are still reached directly.
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

    public init(
        clock: any TimeSource = SystemTime(),
        fileSystem: any FileSystem = DiskFileSystem(),
        store: any KeyValueStore = TeamDefaults.standard,
        random: any RandomSource = SystemRandom()
    ) {
        self.clock = clock
        self.fileSystem = fileSystem
        self.store = store
        self.random = random
    }

    /// Records a lap and returns the line it added to the log.
    public func record(lap seconds: Double, by driver: String) throws -> String {
        let stamp = ISO8601DateFormatter().string(from: clock.now())
        var line = "\(stamp) \(driver) \(seconds)s"

        let best = TeamDefaults.standard.double(forKey: Self.bestLapKey)
        let isNewBest = best.map { seconds < $0 } ?? true
        if isNewBest {
            line += " new best! " + Self.cheers[Int.random(in: 0..<Self.cheers.count)]
        }

        let oldLog = fileSystem.contents(atPath: Self.logPath) ?? ""
        try fileSystem.write(oldLog + line + "\n", toPath: Self.logPath)

        if isNewBest {
            TeamDefaults.standard.set(seconds, forKey: Self.bestLapKey)
        }
        return line
    }
}

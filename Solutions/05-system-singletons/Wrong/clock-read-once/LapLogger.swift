import Foundation

/// Wrong on purpose: the clock is handed in, but read once in init: every
/// line of the session carries the time the logger was built.
public final class LapLogger {
    public static let logPath = NSTemporaryDirectory() + "di-kata-lap-log-\(ProcessInfo.processInfo.processIdentifier).txt"
    public static let cheers = ["Purple sector!", "Mega lap!", "Get in there!"]
    static let bestLapKey = "bestLap"
    private let clock: any TimeSource
    private let fileSystem: any FileSystem
    private let store: any KeyValueStore
    private let random: any RandomSource
    private let sessionStart: Date

    public init(clock: any TimeSource, fileSystem: any FileSystem, store: any KeyValueStore, random: any RandomSource) {
        self.clock = clock; self.fileSystem = fileSystem; self.store = store; self.random = random
        sessionStart = clock.now()
    }
    public static func live() -> LapLogger { LapLogger(clock: SystemTime(), fileSystem: DiskFileSystem(), store: TeamDefaults.standard, random: SystemRandom()) }

    public func record(lap seconds: Double, by driver: String) throws -> String {
        let stamp = ISO8601DateFormatter().string(from: sessionStart)
        var line = "\(stamp) \(driver) \(seconds)s"
        let best = store.double(forKey: Self.bestLapKey)
        let isNewBest = best.map { seconds < $0 } ?? true
        if isNewBest { line += " new best! " + Self.cheers[random.nextIndex(below: Self.cheers.count)] }
        let oldLog = fileSystem.contents(atPath: Self.logPath) ?? ""
        try fileSystem.write(oldLog + line + "\n", toPath: Self.logPath)
        if isNewBest { store.set(seconds, forKey: Self.bestLapKey) }
        return line
    }
}

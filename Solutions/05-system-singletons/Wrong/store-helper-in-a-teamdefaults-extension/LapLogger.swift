import Foundation

public final class LapLogger {
    public static let logPath = NSTemporaryDirectory() + "di-kata-lap-log-\(ProcessInfo.processInfo.processIdentifier).txt"
    public static let cheers = ["Purple sector!", "Mega lap!", "Get in there!"]
    static let bestLapKey = "bestLap"
    private let clock: any TimeSource
    private let fileSystem: any FileSystem
    private let store: any KeyValueStore
    private let random: any RandomSource

    public init(clock: any TimeSource, fileSystem: any FileSystem, store: any KeyValueStore, random: any RandomSource) {
        self.clock = clock; self.fileSystem = fileSystem; self.store = store; self.random = random
    }
    //EXTRA

    public func record(lap seconds: Double, by driver: String) throws -> String {
        let stamp = ISO8601DateFormatter().string(from: clock.now())
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

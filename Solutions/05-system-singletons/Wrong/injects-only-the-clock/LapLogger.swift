import Foundation

/// Wrong on purpose: the logger takes all four collaborators but only uses the
/// clock; the disk, the shared store and Int.random are still reached directly.
public final class LapLogger {
    public static let logPath = NSTemporaryDirectory() + "di-kata-lap-log-\(ProcessInfo.processInfo.processIdentifier).txt"
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

    public func record(lap seconds: Double, by driver: String) throws -> String {
        let stamp = ISO8601DateFormatter().string(from: clock.now())
        var line = "\(stamp) \(driver) \(seconds)s"

        let best = TeamDefaults.standard.double(forKey: Self.bestLapKey)
        let isNewBest = best.map { seconds < $0 } ?? true
        if isNewBest {
            line += " new best! " + Self.cheers[Int.random(in: 0..<Self.cheers.count)]
        }

        let oldLog = FileManager.default.contents(atPath: Self.logPath)
            .map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard FileManager.default.createFile(atPath: Self.logPath, contents: Data((oldLog + line + "\n").utf8)) else {
            throw LapLogError.cannotWrite(Self.logPath)
        }

        if isNewBest {
            TeamDefaults.standard.set(seconds, forKey: Self.bestLapKey)
        }
        return line
    }
}

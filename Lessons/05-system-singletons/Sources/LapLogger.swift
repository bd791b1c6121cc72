import Foundation

/// Keeps the team's lap log: every lap becomes one line in a log file, and the
/// best lap ever is remembered from one session to the next.
///
/// Why it hurts: the logger reaches for four system singletons by itself.
/// `Date()` stamps every line with a different time, so no test can expect an
/// exact line; `FileManager.default` writes to the real disk; the best lap lands
/// in `TeamDefaults.standard`, where every later test finds it; and
/// `Int.random` picks a different cheer on every run.
public final class LapLogger {
    /// Where the log file lives (one file per process, so two runs side by side never share a log).
    public static let logPath = NSTemporaryDirectory() + "di-kata-lap-log-\(ProcessInfo.processInfo.processIdentifier).txt"
    /// The cheers for a new best lap.
    public static let cheers = ["Purple sector!", "Mega lap!", "Get in there!"]
    static let bestLapKey = "bestLap"

    public init() {}

    /// Records a lap and returns the line it added to the log, for example
    /// `2001-09-09T01:46:40Z Leclerc 81.25s`. A lap faster than the best one
    /// remembered becomes the new best, and its line ends with
    /// ` new best! ` and a cheer picked at random.
    public func record(lap seconds: Double, by driver: String) throws -> String {
        let stamp = ISO8601DateFormatter().string(from: Date())
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

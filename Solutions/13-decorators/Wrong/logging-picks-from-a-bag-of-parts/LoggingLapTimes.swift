/// The pit wall's parts, carried together so that every decorator can take what it needs.
public struct PitWallParts {
    public var log: any TimingLog
    public var sleeper: (any Sleeper)? = nil
}

/// A decorator: does what the client it wraps does, and writes one line per
/// call into the log it finds among the parts.
public final class LoggingLapTimes: LapTimesClient {
    private let inner: any LapTimesClient
    private let parts: PitWallParts

    public init(wrapping inner: any LapTimesClient, log: any TimingLog) {
        self.inner = inner
        self.parts = PitWallParts(log: log)
    }

    public init(wrapping inner: any LapTimesClient, parts: PitWallParts) {
        self.inner = inner
        self.parts = parts
    }

    public func lapTimes(for driver: String) throws -> [Int] {
        do {
            let laps = try inner.lapTimes(for: driver)
            parts.log.write("lap times of \(driver): \(laps.count) lap\(laps.count == 1 ? "" : "s")")
            return laps
        } catch {
            parts.log.write("lap times of \(driver) failed: \(error)")
            throw error
        }
    }
}

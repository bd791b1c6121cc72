/// A decorator: does what the client it wraps does, and writes one line per
/// call into the log it was handed, for an answer and for a failure alike.
public final class LoggingLapTimes: LapTimesClient {
    private let inner: any LapTimesClient
    private let log: any TimingLog

    public init(wrapping inner: any LapTimesClient, log: any TimingLog) {
        self.inner = inner
        self.log = log
    }

    public func lapTimes(for driver: String) throws -> [Int] {
        do {
            let laps = try inner.lapTimes(for: driver)
            log.write("lap times of \(driver): \(laps.count) lap\(laps.count == 1 ? "" : "s")")
            return laps
        } catch {
            log.write("lap times of \(driver) failed: \(error)")
            throw error
        }
    }
}

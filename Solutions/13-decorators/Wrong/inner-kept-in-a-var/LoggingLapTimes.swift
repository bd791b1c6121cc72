/// Keeps what it wraps in a var anyone inside the module may swap.
public final class LoggingLapTimes: LapTimesClient {
    var inner: any LapTimesClient
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

/// Logs the answer, then asks again to return it.
public final class LoggingLapTimes: LapTimesClient {
    private let inner: any LapTimesClient
    private let log: any TimingLog

    public init(wrapping inner: any LapTimesClient, log: any TimingLog) {
        self.inner = inner
        self.log = log
    }

    public func lapTimes(for driver: String) throws -> [Int] {
        do {
            let count = try inner.lapTimes(for: driver).count
            log.write("lap times of \(driver): \(count) lap\(count == 1 ? "" : "s")")
        } catch {
            log.write("lap times of \(driver) failed: \(error)")
            throw error
        }
        return try inner.lapTimes(for: driver)
    }
}

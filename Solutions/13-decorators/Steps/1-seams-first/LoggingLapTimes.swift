/// A decorator, for now a seam only: it forwards every call unchanged. The
/// client still writes its own log lines; they move here in the next step.
public final class LoggingLapTimes: LapTimesClient {
    private let inner: any LapTimesClient
    private let log: any TimingLog

    public init(wrapping inner: any LapTimesClient, log: any TimingLog) {
        self.inner = inner
        self.log = log
    }

    public func lapTimes(for driver: String) throws -> [Int] {
        try inner.lapTimes(for: driver)
    }
}

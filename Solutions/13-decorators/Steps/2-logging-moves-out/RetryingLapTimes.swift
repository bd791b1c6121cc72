/// A decorator, for now a seam only: it forwards every call unchanged. The
/// client still retries and sleeps by itself; that moves here in the last step.
public final class RetryingLapTimes: LapTimesClient {
    private let inner: any LapTimesClient
    private let attempts: Int
    private let sleeper: any Sleeper

    public init(wrapping inner: any LapTimesClient, attempts: Int, sleeper: any Sleeper) {
        self.inner = inner
        self.attempts = attempts
        self.sleeper = sleeper
    }

    public func lapTimes(for driver: String) throws -> [Int] {
        try inner.lapTimes(for: driver)
    }
}

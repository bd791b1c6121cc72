/// Waits after every timeout, the last one too.
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
        var attempt = 1
        while true {
            do {
                return try inner.lapTimes(for: driver)
            } catch TimingError.timeout {
                sleeper.sleep(milliseconds: 500 * attempt)
                if attempt == attempts { throw TimingError.timeout }
                attempt += 1
            }
        }
    }
}

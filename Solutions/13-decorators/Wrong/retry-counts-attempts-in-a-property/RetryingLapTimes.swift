/// A decorator: asks the client it wraps again after a timeout, up to
/// `attempts` times in all, and waits on the sleeper it was handed between
/// two attempts: 500 ms after the first, 1000 ms after the second, and so on.
/// Any other error, and the last timeout, is thrown on at once.
public final class RetryingLapTimes: LapTimesClient {
    private let inner: any LapTimesClient
    private let attempts: Int
    private let sleeper: any Sleeper
    /// The attempt under way, counted from 1 at every call.
    private var attempt = 1

    public init(wrapping inner: any LapTimesClient, attempts: Int, sleeper: any Sleeper) {
        self.inner = inner
        self.attempts = attempts
        self.sleeper = sleeper
    }

    public func lapTimes(for driver: String) throws -> [Int] {
        attempt = 1
        while true {
            do {
                return try inner.lapTimes(for: driver)
            } catch TimingError.timeout where attempt < attempts {
                sleeper.sleep(milliseconds: 500 * attempt)
                attempt += 1
            }
        }
    }
}

/// Keeps the sleeper it is handed, but waits on a real one it builds.
public final class RetryingLapTimes: LapTimesClient {
    private let inner: any LapTimesClient
    private let attempts: Int
    private let sleeper: any Sleeper
    private let realSleeper: any Sleeper

    public init(wrapping inner: any LapTimesClient, attempts: Int, sleeper: any Sleeper, realSleeper: any Sleeper = SystemSleeper()) {
        self.inner = inner
        self.attempts = attempts
        self.sleeper = sleeper
        self.realSleeper = realSleeper
    }

    public func lapTimes(for driver: String) throws -> [Int] {
        var attempt = 1
        while true {
            do {
                return try inner.lapTimes(for: driver)
            } catch TimingError.timeout where attempt < attempts {
                realSleeper.sleep(milliseconds: 500 * attempt)
                attempt += 1
            }
        }
    }
}

/// Answers "what are this driver's lap times?". The core client and every
/// decorator around it conform, so each can wrap any other.
public protocol LapTimesClient {
    /// The driver's lap times in milliseconds, in the order they were driven.
    func lapTimes(for driver: String) throws -> [Int]
}

/// Fluent wrapping: each client can put itself inside a decorator.
extension LapTimesClient {
    public func retried(attempts: Int, sleeper: any Sleeper) -> any LapTimesClient {
        RetryingLapTimes(wrapping: self, attempts: attempts, sleeper: sleeper)
    }

    public func cached() -> any LapTimesClient {
        CachingLapTimes(wrapping: self)
    }

    public func logged(to log: any TimingLog) -> any LapTimesClient {
        LoggingLapTimes(wrapping: self, log: log)
    }
}

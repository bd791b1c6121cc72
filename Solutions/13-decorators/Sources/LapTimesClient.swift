/// Answers "what are this driver's lap times?". The core client and every
/// decorator around it conform, so each can wrap any other.
public protocol LapTimesClient {
    /// The driver's lap times in milliseconds, in the order they were driven.
    func lapTimes(for driver: String) throws -> [Int]
}

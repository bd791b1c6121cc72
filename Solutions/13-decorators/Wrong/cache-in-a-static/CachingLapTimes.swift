/// One cache for every CachingLapTimes in the program.
public final class CachingLapTimes: LapTimesClient {
    nonisolated(unsafe) private static var answers: [String: [Int]] = [:]
    private let inner: any LapTimesClient

    public init(wrapping inner: any LapTimesClient) {
        self.inner = inner
    }

    public func lapTimes(for driver: String) throws -> [Int] {
        if let known = Self.answers[driver] {
            return known
        }
        let laps = try inner.lapTimes(for: driver)
        Self.answers[driver] = laps
        return laps
    }
}

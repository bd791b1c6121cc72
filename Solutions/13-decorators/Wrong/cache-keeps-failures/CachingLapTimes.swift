/// Keeps whatever came back, a failure too.
public final class CachingLapTimes: LapTimesClient {
    private let inner: any LapTimesClient
    private var outcomes: [String: Result<[Int], any Error>] = [:]

    public init(wrapping inner: any LapTimesClient) {
        self.inner = inner
    }

    public func lapTimes(for driver: String) throws -> [Int] {
        if let known = outcomes[driver] {
            return try known.get()
        }
        let outcome = Result { try inner.lapTimes(for: driver) }
        outcomes[driver] = outcome
        return try outcome.get()
    }
}

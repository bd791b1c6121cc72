/// A decorator, for now a seam only: it forwards every call unchanged. The
/// client still keeps its own answers; they move here in a later step.
public final class CachingLapTimes: LapTimesClient {
    private let inner: any LapTimesClient

    public init(wrapping inner: any LapTimesClient) {
        self.inner = inner
    }

    public func lapTimes(for driver: String) throws -> [Int] {
        try inner.lapTimes(for: driver)
    }
}

/// The timing tower's stopwatch, reachable from anywhere as
/// `TrackStopwatch.shared`. It measures real time, so a test can never know
/// in advance what it will read. You do not change this file.
///
/// Every read of `shared` is counted in `sharedAccessCount` (a tripwire for
/// the tests).
public final class TrackStopwatch: Stopwatch {
    nonisolated(unsafe) private static let instance = TrackStopwatch()
    nonisolated(unsafe) public private(set) static var sharedAccessCount = 0

    public static var shared: TrackStopwatch {
        sharedAccessCount += 1
        return instance
    }

    private var startedAt = ContinuousClock.now

    private init() {}

    /// Milliseconds since the last `stop()`, then starts the next lap.
    public func stop() -> Int {
        let now = ContinuousClock.now
        let elapsed = startedAt.duration(to: now)
        startedAt = now
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}

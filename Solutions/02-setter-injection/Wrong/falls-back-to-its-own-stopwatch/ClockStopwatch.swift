/// A stopwatch on the real clock, for callers that do not pass one.
public final class ClockStopwatch: Stopwatch {
    private var startedAt = ContinuousClock.now
    public init() {}
    public func stop() -> Int {
        let now = ContinuousClock.now
        let elapsed = startedAt.duration(to: now)
        startedAt = now
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}

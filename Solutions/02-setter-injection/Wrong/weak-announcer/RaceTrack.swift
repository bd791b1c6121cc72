/// Wrong on purpose: the announcer is held `weak`, like the delegate. The
/// track does not own a delegate, but it does own its announcer: one that is
/// handed over and kept nowhere else disappears, and the track falls silent.
/// It compiles against the tests; the tests must reject it.
public final class RaceTrack {
    public weak var announcer: (any Announcer)? = SilentAnnouncer()
    public weak var delegate: (any RaceTrackDelegate)?

    public init() {}

    /// Records a lap: returns `"<driver>: <milliseconds> ms"`, announces it,
    /// and tells the delegate.
    public func recordLap(of driver: String, using stopwatch: any Stopwatch) -> String {
        let milliseconds = stopwatch.stop()
        let message = "\(driver): \(milliseconds) ms"
        announcer?.announce(message)
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }
}

/// Wrong on purpose: the announcer is "locked" once the first lap has been
/// recorded. A new announcer set after that is quietly put back to the old
/// one, so the announcer set (or replaced) later never speaks, and the old
/// one keeps talking. It compiles against the tests; the tests must reject it.
public final class RaceTrack {
    public var announcer: any Announcer = SilentAnnouncer() {
        didSet {
            if lapsRecorded > 0 { announcer = oldValue }
        }
    }
    public weak var delegate: (any RaceTrackDelegate)?
    private var lapsRecorded = 0

    public init() {}

    /// Records a lap: returns `"<driver>: <milliseconds> ms"`, announces it,
    /// and tells the delegate.
    public func recordLap(of driver: String, using stopwatch: any Stopwatch) -> String {
        let milliseconds = stopwatch.stop()
        let message = "\(driver): \(milliseconds) ms"
        lapsRecorded += 1
        announcer.announce(message)
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }
}

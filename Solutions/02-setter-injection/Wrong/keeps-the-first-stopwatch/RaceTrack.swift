/// Wrong on purpose: the first stopwatch passed in is stored and reused for
/// every later lap, so the per-call collaborator is ignored from the second
/// call on. It compiles against the tests; the tests must reject it.
public final class RaceTrack {
    public var announcer: any Announcer = SilentAnnouncer()
    public weak var delegate: (any RaceTrackDelegate)?
    private var stopwatch: (any Stopwatch)?

    public init() {}

    public func recordLap(of driver: String, using stopwatch: any Stopwatch) -> String {
        if self.stopwatch == nil {
            self.stopwatch = stopwatch
        }
        let milliseconds = (self.stopwatch ?? stopwatch).stop()
        let message = "\(driver): \(milliseconds) ms"
        announcer.announce(message)
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }
}

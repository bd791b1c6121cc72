/// Wrong on purpose: the stopwatch parameter defaults to the timing tower's
/// singleton, so `recordLap(of: "Ada")` still reads TrackStopwatch.shared.
/// No test leaves the stopwatch out; the lesson's rule must reject it.
public final class RaceTrack {
    public var announcer: any Announcer = SilentAnnouncer()
    public weak var delegate: (any RaceTrackDelegate)?

    public init() {}

    public func recordLap(of driver: String, using stopwatch: any Stopwatch = TrackStopwatch.shared) -> String {
        let milliseconds = stopwatch.stop()
        let message = "\(driver): \(milliseconds) ms"
        announcer.announce(message)
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }
}

/// Wrong on purpose: the delegate is held strongly, so the track keeps it
/// alive. It compiles against the tests; the tests must reject it.
public final class RaceTrack {
    public var announcer: any Announcer = SilentAnnouncer()
    public var delegate: (any RaceTrackDelegate)?

    public init() {}

    public func recordLap(of driver: String, using stopwatch: any Stopwatch) -> String {
        let milliseconds = stopwatch.stop()
        let message = "\(driver): \(milliseconds) ms"
        announcer.announce(message)
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }
}

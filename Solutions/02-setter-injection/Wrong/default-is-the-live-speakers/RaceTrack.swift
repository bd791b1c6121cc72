/// Wrong on purpose: when nobody sets an announcer, the track falls back to
/// the live stadium speakers instead of a silent null object.
/// It compiles against the tests; the tests must reject it.
public final class RaceTrack {
    public var announcer: any Announcer = StadiumSpeakers.shared
    public weak var delegate: (any RaceTrackDelegate)?

    public init() {}

    public func recordLap(of driver: String, using stopwatch: any Stopwatch) -> String {
        let milliseconds = stopwatch.stop()
        let message = "\(driver): \(milliseconds) ms"
        announcer.announce(message)
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }
}

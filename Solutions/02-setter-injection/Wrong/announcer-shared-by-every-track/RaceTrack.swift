/// Wrong on purpose: "there is one stadium", so the announcer set on any track
/// is kept in a static and every track speaks through the last one set.
/// It compiles against the tests; the tests must reject it.
public final class RaceTrack {
    nonisolated(unsafe) private static var stadiumAnnouncer: any Announcer = SilentAnnouncer()

    public var announcer: any Announcer {
        get { Self.stadiumAnnouncer }
        set { Self.stadiumAnnouncer = newValue }
    }
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

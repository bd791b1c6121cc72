public final class RaceTrack {
    /// What every new track starts with. The app sets this once at launch
    /// (to the stadium speakers); tests leave it silent.
    nonisolated(unsafe) public static var defaultAnnouncer: any Announcer = SilentAnnouncer()

    public var announcer: any Announcer = RaceTrack.defaultAnnouncer
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

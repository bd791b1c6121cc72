public final class RaceTrack {
    public var announcer: any Announcer = SilentAnnouncer()
    public weak var delegate: (any RaceTrackDelegate)?
    private let towerClock = ClockStopwatch()

    public init() {}

    public func recordLap(of driver: String, using stopwatch: (any Stopwatch)? = nil) -> String {
        let milliseconds = (stopwatch ?? towerClock).stop()
        let message = "\(driver): \(milliseconds) ms"
        announcer.announce(message)
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }
}

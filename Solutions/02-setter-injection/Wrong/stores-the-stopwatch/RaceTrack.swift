public final class RaceTrack {
    public var announcer: any Announcer = SilentAnnouncer()
    public weak var delegate: (any RaceTrackDelegate)?
    /// The stopwatch of the current lap.
    public var stopwatch: (any Stopwatch)?

    public init() {}

    public func recordLap(of driver: String, using stopwatch: any Stopwatch) -> String {
        self.stopwatch = stopwatch
        return recordLap(of: driver)
    }

    /// Records a lap with whatever stopwatch was set last.
    public func recordLap(of driver: String) -> String {
        let milliseconds = stopwatch?.stop() ?? 0
        let message = "\(driver): \(milliseconds) ms"
        announcer.announce(message)
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }
}

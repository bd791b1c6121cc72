public final class RaceTrack {
    public var announcer: any Announcer = SilentAnnouncer()
    public var delegate: (any RaceTrackDelegate)? { get { trackDelegate } set { trackDelegate = newValue } }
    public init() {}
    public func recordLap(of driver: String, using stopwatch: any Stopwatch) -> String {
        let milliseconds = stopwatch.stop()
        let message = "\(driver): \(milliseconds) ms"
        announcer.announce(message)
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }
    
}

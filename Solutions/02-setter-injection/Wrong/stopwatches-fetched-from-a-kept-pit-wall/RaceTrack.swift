/// Hands out the stopwatch of a driver's car.
public protocol PitWall: AnyObject {
    func watch(of driver: String) -> any Stopwatch
}

/// A race track that records lap times, and keeps a pit wall to fetch stopwatches from.
public final class RaceTrack {
    public var announcer: any Announcer = SilentAnnouncer()
    public weak var delegate: (any RaceTrackDelegate)?
    public var pitWall: (any PitWall)?

    public init() {}

    public func recordLap(of driver: String, using stopwatch: any Stopwatch) -> String {
        let milliseconds = stopwatch.stop()
        let message = "\(driver): \(milliseconds) ms"
        announcer.announce(message)
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }

    /// Times a lap with the stopwatch the kept pit wall hands out.
    public func recordLap(of driver: String) -> String? {
        guard let pitWall else { return nil }
        return recordLap(of: driver, using: pitWall.watch(of: driver))
    }
}

/// A race track that records lap times.
///
/// Step 1: the seams are open, the old behaviour stays. The stopwatch is
/// handed to each call (method injection); the old `recordLap(of:)` stays
/// beside it as a forwarding shim that passes the tower's stopwatch. The
/// announcer is a property anyone can set (setter injection), but it still
/// starts as the shared speakers. `SilentAnnouncer` is written, not used yet.
/// The delegate is still strong.
public final class RaceTrack {
    public var announcer: any Announcer = StadiumSpeakers.shared
    public var delegate: (any RaceTrackDelegate)?

    public init() {}

    /// Records a lap: returns `"<driver>: <milliseconds> ms"`, announces it,
    /// and tells the delegate.
    public func recordLap(of driver: String, using stopwatch: any Stopwatch) -> String {
        let milliseconds = stopwatch.stop()
        let message = "\(driver): \(milliseconds) ms"
        announcer.announce(message)
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }

    /// The old way in, kept while callers move: it forwards to `recordLap(of:using:)` with the tower's stopwatch.
    public func recordLap(of driver: String) -> String {
        recordLap(of: driver, using: TrackStopwatch.shared)
    }
}

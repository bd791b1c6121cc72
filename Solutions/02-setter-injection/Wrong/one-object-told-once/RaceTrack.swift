/// A race track that records lap times.
///
/// `TrackBuilder.makeTrack()` builds it with `RaceTrack()`, so its
/// collaborators arrive through properties after it exists (setter
/// injection):
/// - `announcer` starts as a silent null object, until someone sets a real one;
/// - `delegate` is optional and `weak`: the track is not its owner.
///
/// The stopwatch is different for every lap, so it is not stored at all: each
/// call to `recordLap(of:using:)` is handed its own (method injection).
public final class RaceTrack {
    public var announcer: any Announcer = SilentAnnouncer()
    public weak var delegate: (any RaceTrackDelegate)?

    public init() {}

    /// Records a lap: returns `"<driver>: <milliseconds> ms"`, announces it,
    /// and tells the delegate.
    public func recordLap(of driver: String, using stopwatch: any Stopwatch) -> String {
        let milliseconds = stopwatch.stop()
        let message = "\(driver): \(milliseconds) ms"
        announcer.announce(message)
        // Wrong on purpose: a listener set as both the announcer and the
        // delegate has just heard the lap, so it is not told of it: one object
        // in two roles gets one call where the text promises both. It compiles
        // against the tests; the tests must reject it.
        if let delegate, delegate !== announcer {
            delegate.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        }
        return message
    }
}

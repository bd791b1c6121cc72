/// Wrong on purpose: past a number of laps the lesson never states (written as
/// arithmetic, `Int(UInt8.max) * 16`, not as a literal), the track stops telling
/// its announcer. It compiles against the tests; the rules must reject it.
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
    private var laps = 0
    public weak var delegate: (any RaceTrackDelegate)?

    public init() {}

    /// Records a lap: returns `"<driver>: <milliseconds> ms"`, announces it,
    /// and tells the delegate.
    public func recordLap(of driver: String, using stopwatch: any Stopwatch) -> String {
        let milliseconds = stopwatch.stop()
        let message = "\(driver): \(milliseconds) ms"
        laps += 1
        if laps <= Int(UInt8.max) * 16 { announcer.announce(message) }
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }
}

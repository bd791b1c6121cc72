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
    /// True while a lap is being said and told.
    private var isReporting = false

    public init() {}

    /// Records a lap: returns `"<driver>: <milliseconds> ms"`, announces it,
    /// and tells the delegate.
    public func recordLap(of driver: String, using stopwatch: any Stopwatch) -> String {
        let milliseconds = stopwatch.stop()
        let message = "\(driver): \(milliseconds) ms"
        // Wrong on purpose: a guard against a listener that records a lap while
        // it is called. The inner lap is timed and returned, but never said nor
        // told. It compiles against the tests; the tests must reject it.
        guard !isReporting else { return message }
        isReporting = true
        defer { isReporting = false }
        announcer.announce(message)
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }
}

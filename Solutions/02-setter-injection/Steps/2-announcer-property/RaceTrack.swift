/// A race track that records lap times.
///
/// Step 2: the announcer starts as a silent null object, so a track nobody
/// configured never reaches for the speakers. The old `recordLap(of:)` is
/// gone: every caller hands a stopwatch. The delegate is still held strongly.
public final class RaceTrack {
    public var announcer: any Announcer = SilentAnnouncer()
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
}

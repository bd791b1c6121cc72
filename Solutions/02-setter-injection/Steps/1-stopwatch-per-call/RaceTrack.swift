/// A race track that records lap times.
///
/// Step 1: the stopwatch is handed to each call (method injection). The
/// announcer is still the shared speakers, and the delegate is still strong.
public final class RaceTrack {
    public var delegate: (any RaceTrackDelegate)?

    public init() {}

    /// Records a lap: returns `"<driver>: <milliseconds> ms"`, announces it,
    /// and tells the delegate.
    public func recordLap(of driver: String, using stopwatch: any Stopwatch) -> String {
        let milliseconds = stopwatch.stop()
        let message = "\(driver): \(milliseconds) ms"
        StadiumSpeakers.shared.announce(message)
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }
}

/// A race track that records lap times.
///
/// Why it hurts: the track is built by `TrackBuilder.makeTrack()`, which you
/// cannot change, so nothing can be passed to its initializer. It grabs its
/// collaborators itself instead: every lap is read from the shared
/// `TrackStopwatch` (real time, never the same twice) and shouted through the
/// shared `StadiumSpeakers`, in every test. And it holds its delegate
/// strongly, so a results screen that went away is kept alive by the track.
public final class RaceTrack {
    public var delegate: (any RaceTrackDelegate)?

    public init() {}

    /// Records a lap: returns `"<driver>: <milliseconds> ms"`, announces it,
    /// and tells the delegate.
    public func recordLap(of driver: String) -> String {
        let milliseconds = TrackStopwatch.shared.stop()
        let message = "\(driver): \(milliseconds) ms"
        StadiumSpeakers.shared.announce(message)
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }
}

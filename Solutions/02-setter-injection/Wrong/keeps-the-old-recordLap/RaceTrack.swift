/// Wrong on purpose: recordLap(of:using:) is there, but the old recordLap(of:)
/// is kept "for the callers that have no stopwatch" and still reads
/// TrackStopwatch.shared. No test calls it; the lesson's rule must reject it.
public final class RaceTrack {
    public var announcer: any Announcer = SilentAnnouncer()
    public weak var delegate: (any RaceTrackDelegate)?

    public init() {}

    /// The old entry point, kept so that existing callers still compile.
    public func recordLap(of driver: String) -> String {
        recordLap(of: driver, using: TrackStopwatch.shared)
    }

    public func recordLap(of driver: String, using stopwatch: any Stopwatch) -> String {
        let milliseconds = stopwatch.stop()
        let message = "\(driver): \(milliseconds) ms"
        announcer.announce(message)
        delegate?.raceTrack(self, didRecordLapOf: driver, milliseconds: milliseconds)
        return message
    }
}

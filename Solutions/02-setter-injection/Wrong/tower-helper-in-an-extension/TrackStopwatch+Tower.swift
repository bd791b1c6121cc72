/// Wrong on purpose: RaceTrack is clean, but a helper added to TrackStopwatch
/// in another file keeps the old recordLap(of:) on the tower's real clock.
extension TrackStopwatch {
    /// The tower's watch, for callers that do not time their own laps.
    static func tower() -> any Stopwatch { TrackStopwatch.shared }
}
extension RaceTrack {
    public func recordLap(of driver: String) -> String { recordLap(of: driver, using: TrackStopwatch.tower()) }
}

/// Builds the race tracks. This code belongs to another team: you cannot
/// change it, and it always calls `RaceTrack()` with no arguments. Whatever a
/// track needs has to reach it some other way than its initializer.
public enum TrackBuilder {
    public static func makeTrack() -> RaceTrack {
        RaceTrack()
    }
}

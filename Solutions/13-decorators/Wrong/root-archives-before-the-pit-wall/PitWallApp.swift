/// Where the pit wall's software is put together: the composition root. The
/// decorators are stacked here, and only here, in the order the text asks.
public enum PitWallApp {
    /// The lap-time client the pit wall uses: every call logged once, to the
    /// pit wall and to the archive (a cache hit too); answers kept per driver;
    /// a timeout tried again, up to three attempts in all, on the sleeper handed in.
    public static func makeLapTimes(feed: any TimingFeed, pitWall: PitWall, archive: RaceArchive, sleeper: any Sleeper) -> any LapTimesClient {
        let core = TrackTimingClient(feed: feed)
        let retrying = RetryingLapTimes(wrapping: core, attempts: 3, sleeper: sleeper)
        let caching = CachingLapTimes(wrapping: retrying)
        return LoggingLapTimes(wrapping: caching, log: CompositeLog(logs: [archive, pitWall]))
    }
}

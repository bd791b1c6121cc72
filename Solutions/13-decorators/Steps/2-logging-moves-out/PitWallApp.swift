/// Where the pit wall's software is put together: the composition root.
public enum PitWallApp {
    /// The stack the app will use. The logger does its job now, into the pit
    /// wall and the archive handed in; the cache and the retry still forward.
    public static func makeLapTimes(feed: any TimingFeed, pitWall: PitWall, archive: RaceArchive, sleeper: any Sleeper) -> any LapTimesClient {
        let core = TrackTimingClient(feed: feed)
        let retrying = RetryingLapTimes(wrapping: core, attempts: 3, sleeper: sleeper)
        let caching = CachingLapTimes(wrapping: retrying)
        return LoggingLapTimes(wrapping: caching, log: CompositeLog(logs: [pitWall, archive]))
    }

    /// The old entry point, kept as a forwarding shim for callers not moved yet.
    public static func makeLapTimes(feed: any TimingFeed) -> any LapTimesClient {
        makeLapTimes(feed: feed, pitWall: .shared, archive: .shared, sleeper: SystemSleeper())
    }
}

/// The cache ends up outside the logger.
public enum PitWallApp {
    public static func makeLapTimes(feed: any TimingFeed, pitWall: PitWall, archive: RaceArchive, sleeper: any Sleeper) -> any LapTimesClient {
        let core = TrackTimingClient(feed: feed)
        let retrying = RetryingLapTimes(wrapping: core, attempts: 3, sleeper: sleeper)
        let logging = LoggingLapTimes(wrapping: retrying, log: CompositeLog(logs: [pitWall, archive]))
        return CachingLapTimes(wrapping: logging)
    }
}

/// The logger ends up inside the retry.
public enum PitWallApp {
    public static func makeLapTimes(feed: any TimingFeed, pitWall: PitWall, archive: RaceArchive, sleeper: any Sleeper) -> any LapTimesClient {
        let core = TrackTimingClient(feed: feed)
        let logging = LoggingLapTimes(wrapping: core, log: CompositeLog(logs: [pitWall, archive]))
        let retrying = RetryingLapTimes(wrapping: logging, attempts: 3, sleeper: sleeper)
        return CachingLapTimes(wrapping: retrying)
    }
}

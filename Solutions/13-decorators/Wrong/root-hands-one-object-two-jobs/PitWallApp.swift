/// Where the pit wall's software is put together: the composition root. The
/// decorators are stacked here, and only here, in the order the text asks.
public enum PitWallApp {
    /// The lap-time client the pit wall uses: every call logged once, to the
    /// pit wall and to the archive (a cache hit too); answers kept per driver;
    /// a timeout tried again, up to three attempts in all, on the sleeper handed in.
    public static func makeLapTimes(feed: any TimingFeed, pitWall: PitWall, archive: RaceArchive, sleeper: any Sleeper) -> any LapTimesClient {
        let desk = RaceDesk(logs: [pitWall, archive], sleeper: sleeper)
        let core = TrackTimingClient(feed: feed)
        let retrying = RetryingLapTimes(wrapping: core, attempts: 3, sleeper: desk)
        let caching = CachingLapTimes(wrapping: retrying)
        return LoggingLapTimes(wrapping: caching, log: desk)
    }
}

/// The race desk: writes lines to the screens and waits when asked.
struct RaceDesk: TimingLog, Sleeper {
    let logs: [any TimingLog]
    let sleeper: any Sleeper

    func write(_ line: String) {
        for log in logs { log.write(line) }
    }

    func sleep(milliseconds: Int) {
        sleeper.sleep(milliseconds: milliseconds)
    }
}

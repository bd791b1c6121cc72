/// Where the pit wall's software is put together.
public enum PitWallApp {
    /// The lap-time client the pit wall uses.
    public static func makeLapTimes(feed: any TimingFeed) -> TrackTimingClient {
        TrackTimingClient(feed: feed)
    }
}

import Foundation

/// Answers the pit wall's question "what are this driver's lap times?".
///
/// Logging and the cache have moved out into LoggingLapTimes and
/// CachingLapTimes; the retry is still tangled in here, and still sleeps
/// for real.
public final class TrackTimingClient: LapTimesClient {
    private let feed: any TimingFeed

    public init(feed: any TimingFeed) {
        self.feed = feed
    }

    /// The driver's lap times in milliseconds, in the order they were driven.
    public func lapTimes(for driver: String) throws -> [Int] {
        var attempt = 1
        while true {
            do {
                return try feed.answer(for: driver).split(separator: ",").compactMap { Int($0) }
            } catch TimingError.timeout where attempt < 3 {
                // Wait a little longer after each timeout: 500 ms, then 1000 ms.
                Thread.sleep(forTimeInterval: Double(500 * attempt) / 1000)
                attempt += 1
            }
        }
    }
}

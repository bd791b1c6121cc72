import Foundation

/// Answers the pit wall's question "what are this driver's lap times?".
///
/// Logging has moved out into LoggingLapTimes; the cache and the retry are
/// still tangled in here.
public final class TrackTimingClient: LapTimesClient {
    private let feed: any TimingFeed
    private var answers: [String: [Int]] = [:]

    public init(feed: any TimingFeed) {
        self.feed = feed
    }

    /// The driver's lap times in milliseconds, in the order they were driven.
    public func lapTimes(for driver: String) throws -> [Int] {
        if let known = answers[driver] {
            return known
        }
        var attempt = 1
        while true {
            do {
                let laps = try feed.answer(for: driver).split(separator: ",").compactMap { Int($0) }
                answers[driver] = laps
                return laps
            } catch TimingError.timeout where attempt < 3 {
                // Wait a little longer after each timeout: 500 ms, then 1000 ms.
                Thread.sleep(forTimeInterval: Double(500 * attempt) / 1000)
                attempt += 1
            }
        }
    }
}

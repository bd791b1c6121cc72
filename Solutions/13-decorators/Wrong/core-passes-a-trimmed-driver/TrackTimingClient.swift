import Foundation

/// The core client: asks the feed and reads its answer. Nothing else: no log,
/// no cache, no retry. Those are decorators, put around it at the root.
public final class TrackTimingClient: LapTimesClient {
    private let feed: any TimingFeed

    public init(feed: any TimingFeed) {
        self.feed = feed
    }

    public func lapTimes(for driver: String) throws -> [Int] {
        try feed.answer(for: driver.trimmingCharacters(in: .whitespaces)).split(separator: ",").compactMap { Int($0) }
    }
}

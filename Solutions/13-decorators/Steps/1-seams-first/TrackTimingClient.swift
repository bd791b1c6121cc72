import Foundation

/// Answers the pit wall's question "what are this driver's lap times?".
///
/// Why it hurts: asking the feed and reading its answer is one job; four
/// others are tangled around it. Every call is reported to the pit wall and
/// to the archive through their singletons; answers are kept in a dictionary
/// so the slow feed is asked once per driver; a timeout is tried again up to
/// three times, and the thread really sleeps in between. None of it can be
/// switched off, reordered or tested on its own: a test of the timeout waits
/// a second and a half of real time and writes into the real pit wall.
public final class TrackTimingClient: LapTimesClient {
    private let feed: any TimingFeed
    private var answers: [String: [Int]] = [:]

    public init(feed: any TimingFeed) {
        self.feed = feed
    }

    /// The driver's lap times in milliseconds, in the order they were driven.
    public func lapTimes(for driver: String) throws -> [Int] {
        if let known = answers[driver] {
            report("lap times of \(driver): \(known.count) lap\(known.count == 1 ? "" : "s")")
            return known
        }
        var attempt = 1
        while true {
            do {
                let laps = try feed.answer(for: driver).split(separator: ",").compactMap { Int($0) }
                answers[driver] = laps
                report("lap times of \(driver): \(laps.count) lap\(laps.count == 1 ? "" : "s")")
                return laps
            } catch TimingError.timeout where attempt < 3 {
                // Wait a little longer after each timeout: 500 ms, then 1000 ms.
                Thread.sleep(forTimeInterval: Double(500 * attempt) / 1000)
                attempt += 1
            } catch {
                report("lap times of \(driver) failed: \(error)")
                throw error
            }
        }
    }

    /// Every line goes to the pit wall and to the archive.
    private func report(_ line: String) {
        PitWall.shared.write(line)
        RaceArchive.shared.write(line)
    }
}

/// The circuit's live weather radar. You do not change this file.
///
/// In this kata the radar lives in memory; on a race weekend every question
/// is a paid request to the circuit's weather service. Its answer changes
/// with the sky, so a test that asks it passes or fails with the weather.
///
/// The tests use two counts as tripwires: every read of `shared` is counted
/// in `sharedAccessCount`, and every question the radar answers, from any
/// instance, in `liveCalls`.
public final class WeatherRadar {
    nonisolated(unsafe) private static let instance = WeatherRadar()
    nonisolated(unsafe) public private(set) static var sharedAccessCount = 0
    nonisolated(unsafe) public private(set) static var liveCalls = 0

    /// The radar everyone reaches for. One per process: a test cannot have its own.
    public static var shared: WeatherRadar {
        sharedAccessCount += 1
        return instance
    }

    public init() {}

    /// The chance of rain at the circuit, in percent, that many minutes from now.
    /// Today's sky: 15% now, 3 points more every minute, at most 100
    /// (45% in ten minutes).
    public func rainChance(inMinutes minutes: Int) -> Int {
        Self.liveCalls += 1
        return min(100, 15 + 3 * minutes)
    }
}

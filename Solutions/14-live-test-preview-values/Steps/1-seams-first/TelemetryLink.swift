/// The team's live link to the cars' telemetry. You do not change this file.
///
/// In this kata the link lives in memory, so the app runs anywhere. On a race
/// weekend every question crosses the paddock network to a car on track: a
/// test that asks it depends on that car, and a demo that asks it, with no
/// car on track, has nothing to show.
///
/// The tests use two counts as tripwires: every read of `shared` is counted
/// in `sharedAccessCount`, and every question the link answers, from any
/// instance, in `liveCalls`.
public final class TelemetryLink {
    nonisolated(unsafe) private static let instance = TelemetryLink()
    nonisolated(unsafe) public private(set) static var sharedAccessCount = 0
    nonisolated(unsafe) public private(set) static var liveCalls = 0

    /// The link everyone reaches for. One per process: a test cannot have its own.
    public static var shared: TelemetryLink {
        sharedAccessCount += 1
        return instance
    }

    /// What the cars on track send: tyre wear in percent, last lap in milliseconds.
    private let cars: [String: (wear: Int, lap: Int)] = [
        "VER": (wear: 48, lap: 90_871),
        "HAM": (wear: 71, lap: 91_204),
        "LEC": (wear: 66, lap: 91_020),
        "NOR": (wear: 83, lap: 90_955),
    ]

    public init() {}

    /// How worn the driver's tyres are, in percent (0: new, 100: gone).
    /// A driver the link does not know reads 55.
    public func tyreWear(of driver: String) -> Int {
        Self.liveCalls += 1
        return cars[driver]?.wear ?? 55
    }

    /// The driver's last lap, in milliseconds. A driver the link does not know reads 92000.
    public func lastLap(of driver: String) -> Int {
        Self.liveCalls += 1
        return cars[driver]?.lap ?? 92_000
    }
}

// A fake LapStore for tests: quick, in memory, no timing system needed.
// It was written in a hurry. Does it keep the promises of LapStore (Laps.swift)?

public final class InMemoryLapStore: LapStore {
    public private(set) var recorded: [Lap] = []

    public init() {}

    public func record(_ lap: Lap) throws {
        recorded.append(lap)
    }

    public func laps(of driver: String) -> [Lap] {
        recorded.filter { $0.driver == driver }
    }

    public func best(of driver: String) -> Lap? {
        laps(of: driver).min { $0.millis < $1.millis }
    }
}

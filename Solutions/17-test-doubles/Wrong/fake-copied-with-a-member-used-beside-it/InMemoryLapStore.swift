// A fake LapStore for tests: it keeps its laps the way the timing system does, one line a lap.

public final class InMemoryLapStore: LapStore {
    /// Every lap, one line each, as the timing system writes them.
    private(set) var lines: [String] = []

    public init() {}

    public func record(_ lap: Lap) throws {
        guard lap.millis > 0 else { throw LapStoreError.invalidTime(driver: lap.driver, number: lap.number) }
        let taken = laps(of: lap.driver).contains { $0.number == lap.number }
        guard !taken else { throw LapStoreError.duplicateLap(driver: lap.driver, number: lap.number) }
        lines += ["\(lap.driver)|\(lap.number)|\(lap.millis)"]
    }

    public func laps(of driver: String) -> [Lap] {
        var mine: [Lap] = []
        lines.forEach { line in
            let parts = line.split(separator: "|").map(String.init)
            guard parts[0] == driver else { return }
            mine += [Lap(driver: driver, number: Int(parts[1]) ?? 0, millis: Int(parts[2]) ?? 0)]
        }
        return mine.sorted { $0.number < $1.number }
    }

    public func best(of driver: String) -> Lap? {
        var fastest: Lap?
        for lap in laps(of: driver) where fastest == nil || lap.millis < fastest!.millis { fastest = lap }
        return fastest
    }
}

extension InMemoryLapStore {
    /// A store that already holds these laps, for tests that start mid-session.
    static func holding(_ laps: [Lap]) -> InMemoryLapStore {
        let store = InMemoryLapStore()
        for lap in laps { try? store.record(lap) }
        return store
    }
}

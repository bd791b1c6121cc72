// A fake LapStore for tests: quick, in memory, no timing system needed. It keeps every
// promise of LapStore (Laps.swift), and the contract suite proves it against the real store.

public final class InMemoryLapStore: LapStore {
    /// Each driver's laps, by lap number.
    private var byDriver: [String: [Int: Lap]] = [:]

    public init() {}

    public func record(_ lap: Lap) throws {
        guard lap.millis > 0, lap.millis < 3_600_000 else {
            throw LapStoreError.invalidTime(driver: lap.driver, number: lap.number)
        }
        guard byDriver[lap.driver]?[lap.number] == nil else {
            throw LapStoreError.duplicateLap(driver: lap.driver, number: lap.number)
        }
        byDriver[lap.driver, default: [:]][lap.number] = lap
    }

    public func laps(of driver: String) -> [Lap] {
        let kept = byDriver[driver] ?? [:]
        return kept.values.sorted { $0.number < $1.number }
    }

    public func best(of driver: String) -> Lap? {
        // min(by:) keeps the first of equal ones, and the laps come in lap order: the earlier lap wins a tie.
        laps(of: driver).min { $0.millis < $1.millis }
    }
}

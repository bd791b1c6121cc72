public final class InMemoryLapStore: LapStore {
    private var recorded: [Lap] = []

    public init() {}

    public func record(_ lap: Lap) throws {
        guard lap.millis > 0 else {
            throw LapStoreError.invalidTime(driver: lap.driver, number: lap.number)
        }
        guard !recorded.contains(where: { $0.driver == lap.driver && $0.number == lap.number }) else {
            throw LapStoreError.duplicateLap(driver: lap.driver, number: lap.number)
        }
        recorded.append(lap)
    }

    public func laps(of driver: String) -> [Lap] {
        recorded.filter { $0.driver == driver }
    }

    public func best(of driver: String) -> Lap? {
        laps(of: driver).min { $0.millis < $1.millis }
    }
}

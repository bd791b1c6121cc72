// What the pit wall tells a driver at the end of each lap.

public final class PitWallTimer {
    private let store: any LapStore

    public init(store: any LapStore) {
        self.store = store
    }

    /// "Lap 4: personal best.", "Lap 5: +800 ms." (off the best lap), "Lap 5 is already timed.",
    /// or "Lap 5: no valid time." when the store refuses the lap.
    public func lapCompleted(driver: String, lap: Int, millis: Int) -> String {
        do {
            try store.record(Lap(driver: driver, number: lap, millis: millis))
        } catch LapStoreError.invalidTime {
            return "Lap \(lap): no valid time."
        } catch {
            return "Lap \(lap) is already timed."
        }
        guard let best = store.best(of: driver), best.number != lap else {
            return "Lap \(lap): personal best."
        }
        return "Lap \(lap): +\(millis - best.millis) ms."
    }
}

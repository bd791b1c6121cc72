// The real store: the timing system's log, one line a lap, `driver|number|millis`, as the timing
// system writes it to disk. It keeps every promise of LapStore.
//
// You do not change this file.

public final class TimingLogLapStore: LapStore {
    private var log: [String] = []

    public init() {}

    public func record(_ lap: Lap) throws {
        if lap.millis <= 0 {
            throw LapStoreError.invalidTime(driver: lap.driver, number: lap.number)
        }
        if laps(of: lap.driver).contains(where: { $0.number == lap.number }) {
            throw LapStoreError.duplicateLap(driver: lap.driver, number: lap.number)
        }
        log.append("\(lap.driver)|\(lap.number)|\(lap.millis)")
    }

    public func laps(of driver: String) -> [Lap] {
        var found: [Lap] = []
        for line in log {
            let fields = line.split(separator: "|").map(String.init)
            if fields[0] == driver {
                found.append(Lap(driver: driver, number: Int(fields[1]) ?? 0, millis: Int(fields[2]) ?? 0))
            }
        }
        found.sort(by: inLapOrder)
        return found
    }

    public func best(of driver: String) -> Lap? {
        var best: Lap? = nil
        for lap in laps(of: driver) {
            guard let fastest = best else {
                best = lap
                continue
            }
            if lap.millis < fastest.millis {
                best = lap
            }
        }
        return best
    }

    private func inLapOrder(_ first: Lap, _ second: Lap) -> Bool { first.number < second.number }
}

/// Remembers the best lap of each car seen so far.
final class BestLapBoard {
    var best: [Int: Lap] = [:]
    var count = 0
}

/// Collects the lap times of every car, from many tasks at once.
public struct RaceEngineer: Sendable {
    private let telemetry: any TelemetryStore
    nonisolated(unsafe) private let board = BestLapBoard()

    public init(telemetry: any TelemetryStore) {
        self.telemetry = telemetry
    }

    public func completeLap(car: Int, milliseconds: Int) async {
        let lap = Lap(car: car, milliseconds: milliseconds, session: RaceSession.id)
        await telemetry.record(lap)
        board.count += 1
    }

    public func bestLap(car: Int) async -> Lap? {
        let best = await telemetry.laps()
            .filter { $0.car == car }
            .min { $0.milliseconds < $1.milliseconds }
        board.best[car] = best
        return best
    }
}

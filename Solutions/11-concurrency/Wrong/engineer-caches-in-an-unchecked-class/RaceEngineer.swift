/// Collects the lap times of every car, and remembers each car's best lap.
public final class RaceEngineer: @unchecked Sendable {
    private let telemetry: any TelemetryStore
    private var best: [Int: Lap] = [:]

    public init(telemetry: any TelemetryStore) {
        self.telemetry = telemetry
    }

    public func completeLap(car: Int, milliseconds: Int) async {
        let lap = Lap(car: car, milliseconds: milliseconds, session: RaceSession.id)
        await telemetry.record(lap)
        if let current = best[car], current.milliseconds <= milliseconds { return }
        best[car] = lap
    }

    public func bestLap(car: Int) async -> Lap? {
        let laps = await telemetry.laps().filter { $0.car == car }
        return laps.min { $0.milliseconds < $1.milliseconds }
    }
}

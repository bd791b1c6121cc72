/// Wrong on purpose: the engineer is handed a store, but still records into
/// the global actor `LapLog.shared`. It compiles against the tests; the tests
/// must reject it.
public struct RaceEngineer: Sendable {
    private let telemetry: any TelemetryStore

    public init(telemetry: any TelemetryStore) {
        self.telemetry = telemetry
    }

    public func completeLap(car: Int, milliseconds: Int) async {
        await LapLog.shared.record(Lap(car: car, milliseconds: milliseconds, session: RaceSession.id))
    }

    public func bestLap(car: Int) async -> Lap? {
        await telemetry.laps()
            .filter { $0.car == car }
            .min { $0.milliseconds < $1.milliseconds }
    }
}

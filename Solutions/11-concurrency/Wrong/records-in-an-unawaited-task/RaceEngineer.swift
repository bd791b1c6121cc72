public struct RaceEngineer: Sendable {
    let telemetry: any TelemetryStore
    public init(telemetry: any TelemetryStore) { self.telemetry = telemetry }
    public func completeLap(car: Int, milliseconds: Int) async {
        Task { await telemetry.record(Lap(car: car, milliseconds: milliseconds, session: RaceSession.id)) }
    }
    public func bestLap(car: Int) async -> Lap? {
        await telemetry.laps().filter { $0.car == car }.min { $0.milliseconds < $1.milliseconds }
    }
}

/// Wrong on purpose: completeLap "does not block" by recording in a detached
/// task it never waits for. Laps arrive late (or after the test has looked),
/// and a detached task does not see the task-local session. It compiles
/// against the tests; the tests must reject it.
public struct RaceEngineer: Sendable {
    private let telemetry: any TelemetryStore

    public init(telemetry: any TelemetryStore) {
        self.telemetry = telemetry
    }

    public func completeLap(car: Int, milliseconds: Int) async {
        let telemetry = self.telemetry
        Task.detached {
            await telemetry.record(Lap(car: car, milliseconds: milliseconds, session: RaceSession.id))
        }
    }

    public func bestLap(car: Int) async -> Lap? {
        await telemetry.laps()
            .filter { $0.car == car }
            .min { $0.milliseconds < $1.milliseconds }
    }
}

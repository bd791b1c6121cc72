/// Wrong on purpose: the session is read once, when the engineer is built,
/// so laps carry the session of whoever created the engineer instead of the
/// task that drove them. It compiles against the tests; the tests must reject it.
public struct RaceEngineer: Sendable {
    private let telemetry: any TelemetryStore
    private let session: String?

    public init(telemetry: any TelemetryStore) {
        self.telemetry = telemetry
        self.session = RaceSession.id
    }

    public func completeLap(car: Int, milliseconds: Int) async {
        await telemetry.record(Lap(car: car, milliseconds: milliseconds, session: session))
    }

    public func bestLap(car: Int) async -> Lap? {
        await telemetry.laps()
            .filter { $0.car == car }
            .min { $0.milliseconds < $1.milliseconds }
    }
}

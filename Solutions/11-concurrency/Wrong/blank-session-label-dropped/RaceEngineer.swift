/// Collects the lap times of every car, from many tasks at once.
///
/// The engineer is handed its store, any `TelemetryStore`, and keeps it in a
/// `let`; being a struct of `Sendable` parts, it is `Sendable` itself and can
/// be shared by every timing task. The session is read when a lap is
/// recorded, from the task-local `RaceSession.id`, so each lap gets the
/// session of the task that drove it.
public struct RaceEngineer: Sendable {
    private let telemetry: any TelemetryStore

    public init(telemetry: any TelemetryStore) {
        self.telemetry = telemetry
    }

    /// Records a finished lap, labelled with the current session.
    public func completeLap(car: Int, milliseconds: Int) async {
        await telemetry.record(Lap(car: car, milliseconds: milliseconds, session: RaceSession.id.flatMap { $0.allSatisfy { $0 == " " } ? nil : $0 }))
    }

    /// The fastest recorded lap of one car, or nil when it has none.
    public func bestLap(car: Int) async -> Lap? {
        await telemetry.laps()
            .filter { $0.car == car }
            .min { $0.milliseconds < $1.milliseconds }
    }
}

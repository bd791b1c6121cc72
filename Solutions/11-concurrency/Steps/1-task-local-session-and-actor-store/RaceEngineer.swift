/// Collects the lap times of every car, from many tasks at once.
///
/// Step 1: the engineer is handed its store, any `TelemetryStore`, and keeps
/// it in a `let`; being a struct of `Sendable` parts, it is `Sendable` itself.
/// The store is an actor, so talking to it means `await`: completeLap and
/// bestLap became `async`. The old `init()` stays as a forwarding shim that
/// hands over `LapLog.shared`, for callers that have not moved yet.
public struct RaceEngineer: Sendable {
    private let telemetry: any TelemetryStore

    public init(telemetry: any TelemetryStore) {
        self.telemetry = telemetry
    }

    /// The old way in, kept while callers move: it forwards the shared log.
    public init() {
        self.init(telemetry: LapLog.shared)
    }

    /// Records a finished lap, labelled with the current session.
    public func completeLap(car: Int, milliseconds: Int) async {
        await telemetry.record(Lap(car: car, milliseconds: milliseconds, session: RaceSession.id))
    }

    /// The fastest recorded lap of one car, or nil when it has none.
    public func bestLap(car: Int) async -> Lap? {
        await telemetry.laps()
            .filter { $0.car == car }
            .min { $0.milliseconds < $1.milliseconds }
    }
}

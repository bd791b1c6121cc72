/// Where laps are kept. `Sendable`, because one store is shared by many
/// tasks; its requirements are `async`, so an actor can fulfil them (and a
/// class that protects its state with a lock can too).
public protocol TelemetryStore {
    /// Keeps one finished lap.
    func record(_ lap: Lap) async
    /// Every lap kept so far, in the order they were recorded.
    func laps() async -> [Lap]
}

/// The team's lap log, now an actor behind the `TelemetryStore` protocol.
///
/// Being an actor, it is `Sendable`: the shared instance no longer needs
/// `nonisolated(unsafe)`, and laps recorded from many tasks are all kept.
/// `shared` stays for the engineer's old `init()`; the last step removes it.
public actor LapLog: TelemetryStore {
    public static let shared = LapLog()

    private var stored: [Lap] = []

    public init() {}

    public func record(_ lap: Lap) {
        stored.append(lap)
    }

    public func laps() -> [Lap] {
        stored
    }
}

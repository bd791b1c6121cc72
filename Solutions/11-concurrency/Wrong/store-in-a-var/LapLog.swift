/// The team's real lap log, now an actor: its array is only ever touched by
/// one task at a time, so laps recorded from a thousand tasks are all kept.
///
/// There is no `shared` instance any more. Whoever builds the program makes
/// one log and hands it to everyone who needs it.
public actor LapLog: TelemetryStore {
    private var stored: [Lap] = []

    public init() {}

    public func record(_ lap: Lap) {
        stored.append(lap)
    }

    public func laps() -> [Lap] {
        stored
    }
}

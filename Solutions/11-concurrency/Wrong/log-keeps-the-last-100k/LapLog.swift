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
        // Memory is not endless: the oldest laps go past 100,000.
        if stored.count > 100_000 { stored.removeFirst() }
    }

    public func laps() -> [Lap] {
        stored
    }
}

/// The team's lap log.
public actor LapLog: TelemetryStore {
    nonisolated(unsafe) private var stored: [Lap] = []

    public init() {}

    public nonisolated func record(_ lap: Lap) {
        stored.append(lap)
    }

    public nonisolated func laps() -> [Lap] {
        stored
    }
}

/// Wrong on purpose: the log became an actor, which makes it safe, but it
/// is still a global everyone reaches for.
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

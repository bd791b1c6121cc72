/// Wrong on purpose: LapLog stays a class, and `@unchecked Sendable`
/// silences the compiler. Nothing guards the array: laps recorded from many
/// tasks at once race, and some are lost (ThreadSanitizer reports it).
public final class LapLog: TelemetryStore, @unchecked Sendable {
    private var stored: [Lap] = []

    public init() {}

    public func record(_ lap: Lap) async {
        stored.append(lap)
    }

    public func laps() async -> [Lap] {
        stored
    }
}

/// The team's lap log, an actor behind the `TelemetryStore` protocol.
///
/// Step 2: nobody in the module reaches for `shared` any more; it stays for
/// one step, for a caller elsewhere that has not moved yet.
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

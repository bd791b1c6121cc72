/// The team's lap log: every lap of every car, in one place.
///
/// Why it hurts: there is exactly one log, reachable from anywhere as
/// `LapLog.shared`, and its array is changed from many tasks at once with no
/// protection. Swift 6 refuses a shared instance of a non-`Sendable` class,
/// so the code silences the compiler with `nonisolated(unsafe)`: the check
/// is gone, the data race is not. Tests cannot give a car its own log, and
/// every test writes into the same one.
public final class LapLog {
    nonisolated(unsafe) public static let shared = LapLog()

    private var stored: [Lap] = []

    public init() {}

    public func record(_ lap: Lap) {
        stored.append(lap)
    }

    public func laps() -> [Lap] {
        stored
    }
}

/// The session that is being driven right now ("FP1", "Q1", "race").
///
/// Why it hurts: one global variable for the whole program. Two sessions
/// timed at the same time (or two tests running side by side) overwrite each
/// other's value, and `nonisolated(unsafe)` only hides that from the compiler.
public enum RaceSession {
    nonisolated(unsafe) public static var id: String? = nil
}

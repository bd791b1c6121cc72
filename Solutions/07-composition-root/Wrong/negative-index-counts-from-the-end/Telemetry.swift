/// The team's telemetry: every car and every screen must report into the same
/// one, or the engineers see only part of the race. You do not change this file.
///
/// Legacy code reaches it as `Telemetry.shared`. Every read of `shared` is
/// counted in `sharedAccessCount`: the tests use the count as a tripwire.
public final class Telemetry {
    nonisolated(unsafe) private static let instance = Telemetry()
    nonisolated(unsafe) public private(set) static var sharedAccessCount = 0

    /// The singleton. One per process, not one per team: a test cannot have its own.
    public static var shared: Telemetry {
        sharedAccessCount += 1
        return instance
    }

    /// Everything reported so far, oldest first.
    public private(set) var entries: [String] = []

    public init() {}

    public func record(_ entry: String) {
        entries.append(entry)
    }
}

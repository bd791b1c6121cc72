import Foundation

/// Wrong on purpose: the lesson asks for an actor, and this is a class
/// marked `@unchecked Sendable` with a lock that guards only the writes.
/// `laps()` reads the array while other tasks may be appending to it.
public final class LapLog: TelemetryStore, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Lap] = []

    public init() {}

    public func record(_ lap: Lap) async {
        lock.withLock { stored.append(lap) }
    }

    public func laps() async -> [Lap] {
        stored
    }
}

import Foundation

/// Laps behind a lock of their own.
final class LockedLaps: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Lap] = []

    func append(_ lap: Lap) {
        lock.lock()
        defer { lock.unlock() }
        stored.append(lap)
    }

    var all: [Lap] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// An actor in name: every lap lives in the locked box it forwards to.
public actor LapLog: TelemetryStore {
    private let box = LockedLaps()

    public init() {}

    public func record(_ lap: Lap) {
        box.append(lap)
    }

    public func laps() -> [Lap] {
        box.all
    }
}

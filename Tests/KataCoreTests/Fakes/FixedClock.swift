import Foundation
@testable import KataCore

/// A clock that only moves when told to (or when someone sleeps on it).
final class FixedClock: Clock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = start
    }

    func now() -> Date { lock.withLock { current } }

    func sleep(seconds: Double) { advance(seconds) }

    func advance(_ seconds: Double) { lock.withLock { current = current.addingTimeInterval(seconds) } }
}

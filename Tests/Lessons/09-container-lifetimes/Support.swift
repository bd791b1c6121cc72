import Foundation
@testable import ContainerLifetimes

/// A test engine: each one is a distinct object, so `===` tells them apart.
final class TestEngine: Engine, Sendable {
    let horsepower: Int
    init(horsepower: Int = 500) { self.horsepower = horsepower }
}

/// Shared telemetry for the whole team.
final class Telemetry: Sendable {}

/// A driver who needs a strategist, and a strategist who needs the driver:
/// a dependency cycle.
final class Driver: Sendable {
    let strategist: Strategist
    init(strategist: Strategist) { self.strategist = strategist }
}

final class Strategist: Sendable {
    let driver: Driver
    init(driver: Driver) { self.driver = driver }
}

/// A part whose factory always fails (`PartBroke`), for the paths where a factory throws.
final class BrokenPart: Sendable {}

/// A stop on a circle of dependencies, one type per tag: `Stop<Ring1>`, `Stop<Deeper<Ring1>>`, ... (`registerCircle`).
final class Stop<Tag>: Sendable { init() {} }
enum Ring1 {}
struct PartBroke: Error {}

/// Thrown by the tests' own factories when a container keeps going round a
/// cycle without noticing, so the test fails instead of overflowing the stack.
struct EndlessLoop: Error, CustomStringConvertible {
    var description: String {
        "EndlessLoop: the factories were called over and over; the container did not notice the cycle"
    }
}

/// A counter that many threads may bump at once.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var seen = Set<ObjectIdentifier>()

    func increment() -> Int {
        lock.lock(); defer { lock.unlock() }
        count += 1
        return count
    }

    var value: Int {
        lock.lock(); defer { lock.unlock() }
        return count
    }

    /// Kept, not only counted: a `.weak` instance stays alive while the test holds what it was handed, and an
    /// identifier is never reused by a later object.
    private var kept: [AnyObject] = []

    func record(_ object: AnyObject) {
        lock.lock(); defer { lock.unlock() }
        seen.insert(ObjectIdentifier(object))
        kept.append(object)
    }

    var distinctObjects: Int {
        lock.lock(); defer { lock.unlock() }
        return seen.count
    }
}

private final class Outcome<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}

/// Runs `work` on its own thread and waits at most `seconds`.
/// Returns nil when it did not finish in time (for example a deadlock):
/// the test then fails with a message instead of hanging.
func finishes<T>(within seconds: Double, _ work: @escaping () throws -> T) -> Result<T, any Error>? {
    nonisolated(unsafe) let work = work
    let outcome = Outcome<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        outcome.result = Result { try work() }
        done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return outcome.result
}

/// Lets several threads meet: each caller waits until all `parties` have
/// arrived, for at most `seconds`; after that (or once all have met) nobody
/// waits any more. A test that uses it never hangs.
final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private let parties: Int
    private let seconds: Double
    private var arrived = 0
    private var open = false

    init(parties: Int, seconds: Double) {
        self.parties = parties
        self.seconds = seconds
    }

    /// Whether every party arrived before the wait ran out.
    @discardableResult
    func arriveAndWait() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if open { return arrived >= parties }
        arrived += 1
        if arrived >= parties {
            open = true
            condition.broadcast()
            return true
        }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !open {
            if !condition.wait(until: deadline) {
                open = true
                condition.broadcast()
            }
        }
        return arrived >= parties
    }
}

/// What each thread of a test saw: successes, and the first error.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var successes = 0
    private var wrong: [String] = []
    private var errors: [String] = []

    func success() {
        lock.lock(); defer { lock.unlock() }
        successes += 1
    }

    func wrongResult(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        wrong.append(text)
    }

    func error(_ error: any Error) {
        lock.lock(); defer { lock.unlock() }
        errors.append(String(describing: error))
    }

    var snapshot: (successes: Int, wrong: [String], errors: [String]) {
        lock.lock(); defer { lock.unlock() }
        return (successes, wrong, errors)
    }
}

/// Watches a factory that several threads may run: how often it ran while another run of it was still going.
/// The first run waits (at most 50 ms) for a second one to start, so a container that lets the factory run
/// outside its lock is caught in the act; one that holds the lock makes the others wait, and nothing overlaps.
final class FactoryWatch: @unchecked Sendable {
    private let lock = NSLock()
    private let anotherStarted = DispatchSemaphore(value: 0)
    private var running = 0
    private var runs = 0
    private var overlapping = 0

    func run<T>(_ make: () throws -> T) rethrows -> T {
        lock.lock()
        if running > 0 { overlapping += 1; anotherStarted.signal() }
        running += 1
        runs += 1
        let first = runs == 1
        lock.unlock()
        if first { _ = anotherStarted.wait(timeout: .now() + .milliseconds(50)) }
        defer { lock.lock(); running -= 1; lock.unlock() }
        return try make()
    }

    var overlaps: Int { lock.lock(); defer { lock.unlock() }; return overlapping }
}

/// How many values `root` holds: its stored properties, the elements of its collections and what they hold in turn,
/// each object once (a container's state, counted, whatever shape it takes). Numbers held count one each, whatever
/// their value: a counter that goes up is the same count.
func heldCount(_ root: Any) -> Int {
    var seen: Set<ObjectIdentifier> = []
    func walk(_ value: Any, depth: Int) -> Int {
        guard depth < 16 else { return 1 }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class {
            guard seen.insert(ObjectIdentifier(value as AnyObject)).inserted else { return 1 }
        }
        var count = 1
        var level: Mirror? = mirror
        while let current = level {
            for child in current.children { count += walk(child.value, depth: depth + 1) }
            level = current.superclassMirror
        }
        return count
    }
    return walk(root, depth: 0)
}

/// One more step round a circle: `Stop<Deeper<Ring1>>` follows `Stop<Ring1>`, and so on, as far as a test needs.
final class Deeper<Tag>: Sendable { init() {} }

/// Registers a circle of `length` stops (`Stop<Ring1>` needs `Stop<Deeper<Ring1>>`, which needs the next, and the last
/// needs `Stop<Ring1>` again); returns their names in the order of the circle.
func registerCircle(_ container: Container, length: Int, lifetime: Lifetime) -> [String] {
    var names: [String] = []
    func step<A>(_ tag: A.Type, _ index: Int) {
        names.append(String(describing: Stop<A>.self))
        if index == length - 1 {
            container.register(Stop<A>.self, lifetime: lifetime) { c in _ = try c.resolve(Stop<Ring1>.self); return Stop<A>() }
        } else {
            container.register(Stop<A>.self, lifetime: lifetime) { c in _ = try c.resolve(Stop<Deeper<A>>.self); return Stop<A>() }
            step(Deeper<A>.self, index + 1)
        }
    }
    step(Ring1.self, 0)
    return names
}

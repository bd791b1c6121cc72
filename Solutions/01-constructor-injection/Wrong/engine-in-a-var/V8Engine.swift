/// The team's one real engine, reachable from anywhere as `V8Engine.shared`.
/// You do not change this file.
///
/// Every read of `shared` is counted in `sharedAccessCount`: the tests use the
/// count as a tripwire, to prove that a car built with another engine never
/// reaches for this one.
public final class V8Engine: Engine {
    nonisolated(unsafe) private static let instance = V8Engine()
    nonisolated(unsafe) public private(set) static var sharedAccessCount = 0

    /// The singleton. Handy to reach for; hard to replace in a test.
    public static var shared: V8Engine {
        sharedAccessCount += 1
        return instance
    }

    public let horsepower = 750
    public private(set) var ignitions = 0

    public init() {}

    public func ignite() -> Bool {
        ignitions += 1
        return true
    }
}

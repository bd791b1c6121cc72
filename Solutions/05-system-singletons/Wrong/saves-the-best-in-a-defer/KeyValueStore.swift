/// Remembers numbers under string keys, like `UserDefaults`. You do not change this file.
public protocol KeyValueStore {
    func double(forKey key: String) -> Double?
    func set(_ value: Double, forKey key: String)
}

/// The team's settings store, reachable from anywhere as `TeamDefaults.standard`
/// (it plays the part `UserDefaults.standard` plays in an app).
///
/// Every read of `standard` is counted in `standardAccessCount`: the tests use the
/// count as a tripwire, to prove that a logger handed another store never
/// reaches for this one.
public final class TeamDefaults: KeyValueStore {
    nonisolated(unsafe) private static let instance = TeamDefaults()
    nonisolated(unsafe) public private(set) static var standardAccessCount = 0

    /// The singleton. Whatever one test stores here, the next test finds.
    public static var standard: TeamDefaults {
        standardAccessCount += 1
        return instance
    }

    private var values: [String: Double] = [:]

    public init() {}

    public func double(forKey key: String) -> Double? {
        values[key]
    }

    public func set(_ value: Double, forKey key: String) {
        values[key] = value
    }
}

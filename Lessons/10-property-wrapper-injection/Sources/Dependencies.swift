/// A key into `DependencyValues`: names a dependency and its live value.
public protocol DependencyKey {
    associatedtype Value: Sendable
    /// What the app uses when nobody overrides the dependency.
    static var liveValue: Value { get }
}

/// The team's store of dependencies, started by a teammate.
///
/// Why it hurts: `current` is one global for the whole process. A test that
/// changes it changes it for every test running at the same time, and a
/// test that forgets to put it back changes it for every test after it.
public struct DependencyValues: Sendable {
    nonisolated(unsafe) public static var current = DependencyValues()

    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    /// The value stored for `Key`, or its live value when none is stored.
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.liveValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

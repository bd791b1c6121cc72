/// A key into `DependencyValues`: names a dependency and its live value.
public protocol DependencyKey {
    associatedtype Value: Sendable
    /// What the app uses when nobody overrides the dependency.
    static var liveValue: Value { get }
}

/// Still one global store: withDependencies swaps it and puts it back,
/// which works until two tasks do it at the same time.
public struct DependencyValues: Sendable {
    nonisolated(unsafe) public static var current = DependencyValues()

    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.liveValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

public func withDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    operation: () throws -> R
) rethrows -> R {
    let saved = DependencyValues.current
    defer { DependencyValues.current = saved }
    try update(&DependencyValues.current)
    return try operation()
}

public func withDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    operation: () async throws -> R,
    isolation: isolated (any Actor)? = #isolation
) async rethrows -> R {
    let saved = DependencyValues.current
    defer { DependencyValues.current = saved }
    try update(&DependencyValues.current)
    return try await operation()
}

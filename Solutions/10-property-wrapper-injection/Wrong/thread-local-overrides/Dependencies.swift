import Foundation

/// A key into `DependencyValues`: names a dependency and its live value.
public protocol DependencyKey {
    associatedtype Value: Sendable
    /// What the app uses when nobody overrides the dependency.
    static var liveValue: Value { get }
}

/// Wrong on purpose: the overrides live in the current thread's dictionary.
/// Two tests on two threads cannot see each other's, but a task that moves
/// to another thread after an `await` loses its override there.
public struct DependencyValues: Sendable {
    private static let threadKey = "DependencyValues.current"

    public static var current: DependencyValues {
        get { Thread.current.threadDictionary[threadKey] as? DependencyValues ?? DependencyValues() }
        set { Thread.current.threadDictionary[threadKey] = newValue }
    }

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

import Foundation

/// A key into `DependencyValues`: names a dependency and its live value.
public protocol DependencyKey {
    associatedtype Value: Sendable
    /// What the app uses when nobody overrides the dependency.
    static var liveValue: Value { get }
}

/// The dependencies in effect right now.
public struct DependencyValues: Sendable {
    /// Overrides made by async code: they follow the task.
    @TaskLocal static var taskValues: DependencyValues?
    /// Overrides made by synchronous code: no task to hang them on, so they
    /// live here while the operation runs, and are put back afterwards.
    nonisolated(unsafe) static var synchronousValues: DependencyValues?
    static let guardLock = NSLock()

    public static var current: DependencyValues {
        guardLock.lock()
        let sync = synchronousValues
        guardLock.unlock()
        return sync ?? taskValues ?? DependencyValues()
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
    var values = DependencyValues.current
    try update(&values)
    DependencyValues.guardLock.lock()
    let previous = DependencyValues.synchronousValues
    DependencyValues.synchronousValues = values
    DependencyValues.guardLock.unlock()
    defer {
        DependencyValues.guardLock.lock()
        DependencyValues.synchronousValues = previous
        DependencyValues.guardLock.unlock()
    }
    return try operation()
}

public func withDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    operation: () async throws -> R,
    isolation: isolated (any Actor)? = #isolation
) async rethrows -> R {
    var values = DependencyValues.current
    try update(&values)
    return try await DependencyValues.$taskValues.withValue(values, operation: operation)
}

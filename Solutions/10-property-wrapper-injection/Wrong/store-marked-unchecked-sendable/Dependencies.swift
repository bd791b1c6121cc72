/// A key into `DependencyValues`: names a dependency and its live value.
public protocol DependencyKey {
    associatedtype Value
    /// What the app uses when nobody overrides the dependency.
    static var liveValue: Value { get }
}

/// The dependencies in effect for the current task.
///
/// `current` is task-local: `withDependencies` changes it only for the code
/// it runs (and the child tasks that code starts), never for other tasks.
public struct DependencyValues: @unchecked Sendable {
    @TaskLocal public static var current = DependencyValues()

    private var values: [ObjectIdentifier: Any] = [:]

    public init() {}

    /// The value stored for `Key`, or its live value when none is stored.
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.liveValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// Runs `operation` with the current dependencies changed by `update`.
/// Other tasks, and the code after this call, keep theirs.
public func withDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    operation: () throws -> R
) rethrows -> R {
    var values = DependencyValues.current
    try update(&values)
    return try DependencyValues.$current.withValue(values, operation: operation)
}

/// The same for async code: the overrides follow `operation` across `await`s.
public func withDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    operation: () async throws -> R,
    isolation: isolated (any Actor)? = #isolation
) async rethrows -> R {
    var values = DependencyValues.current
    try update(&values)
    return try await DependencyValues.$current.withValue(values, operation: operation)
}

import Foundation

/// A key into `DependencyValues`: names a dependency and its live value.
public protocol DependencyKey {
    associatedtype Value: Sendable
    /// What the app uses when nobody overrides the dependency.
    static var liveValue: Value { get }
}

/// Wrong on purpose: one global table of overrides, guarded by a lock and
/// keyed by the thread that set them, so parallel tests on different threads
/// keep apart. A task is not a thread: after an `await` it may continue on
/// another thread, where its override is not found.
public struct DependencyValues: Sendable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var byThread: [UInt: DependencyValues] = [:]

    private static var threadID: UInt {
        UInt(bitPattern: Unmanaged.passUnretained(Thread.current).toOpaque())
    }

    public static var current: DependencyValues {
        get {
            lock.lock(); defer { lock.unlock() }
            return byThread[threadID] ?? DependencyValues()
        }
        set {
            lock.lock(); defer { lock.unlock() }
            byThread[threadID] = newValue
        }
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
    var values = saved
    try update(&values)
    DependencyValues.current = values
    return try operation()
}

public func withDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    operation: () async throws -> R,
    isolation: isolated (any Actor)? = #isolation
) async rethrows -> R {
    let saved = DependencyValues.current
    var values = saved
    try update(&values)
    DependencyValues.current = values
    let result = try await operation()
    DependencyValues.current = saved
    return result
}

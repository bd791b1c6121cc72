import Foundation

/// Reads a dependency once, when the object that holds it is created.
@propertyWrapper
public struct Injected<Value> {
    public let wrappedValue: Value

    public init(_ keyPath: KeyPath<DependencyValues, Value>) {
        wrappedValue = DependencyValues.current[keyPath: keyPath]
    }
}

/// Values resolved by `LazyInjected`, so a dependency is looked up only once.
private final class ResolvedCache: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [AnyKeyPath: Any] = [:]

    func value<Value>(for keyPath: KeyPath<DependencyValues, Value>, orResolve resolve: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let cached = values[keyPath] as? Value { return cached }
        let value = resolve()
        values[keyPath] = value
        return value
    }
}

private let resolved = ResolvedCache()

/// Reads a dependency on first use, then keeps it.
@propertyWrapper
public struct LazyInjected<Value> {
    private let keyPath: KeyPath<DependencyValues, Value>

    public init(_ keyPath: KeyPath<DependencyValues, Value>) {
        self.keyPath = keyPath
    }

    public var wrappedValue: Value {
        resolved.value(for: keyPath) { DependencyValues.current[keyPath: keyPath] }
    }
}

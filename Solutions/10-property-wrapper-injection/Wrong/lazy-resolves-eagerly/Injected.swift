/// Reads a dependency once, when the object that holds it is created.
/// An override made after that has no effect on this object.
@propertyWrapper
public struct Injected<Value> {
    public let wrappedValue: Value

    public init(_ keyPath: KeyPath<DependencyValues, Value>) {
        wrappedValue = DependencyValues.current[keyPath: keyPath]
    }
}

/// Called "lazy", but reads the store in init, like Injected: an override
/// made between creating the object and using it is missed.
@propertyWrapper
public final class LazyInjected<Value> {
    private let resolved: Value

    public init(_ keyPath: KeyPath<DependencyValues, Value>) {
        resolved = DependencyValues.current[keyPath: keyPath]
    }

    public var wrappedValue: Value {
        resolved
    }
}

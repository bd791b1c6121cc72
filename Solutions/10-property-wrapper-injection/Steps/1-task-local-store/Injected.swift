/// Reads a dependency once, when the object that holds it is created.
/// An override made after that has no effect on this object.
@propertyWrapper
public struct Injected<Value> {
    public let wrappedValue: Value

    public init(_ keyPath: KeyPath<DependencyValues, Value>) {
        wrappedValue = DependencyValues.current[keyPath: keyPath]
    }
}

/// A first draft of the lazy wrapper: it still reads the store in init,
/// exactly like Injected, so an override made between creating the object
/// and using it is missed. The next step fixes that.
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

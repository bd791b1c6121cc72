/// Reads a dependency once, when the object that holds it is created.
/// An override made after that has no effect on this object.
@propertyWrapper
public struct Injected<Value> {
    public let wrappedValue: Value

    public init(_ keyPath: KeyPath<DependencyValues, Value>) {
        wrappedValue = DependencyValues.current[keyPath: keyPath]
    }
}

/// Reads a dependency on first use, then keeps it.
/// An override in effect at the first use is the one it gets.
@propertyWrapper
public final class LazyInjected<Value> {
    private let keyPath: KeyPath<DependencyValues, Value>
    private var resolved: Value?
    /// The values in effect where the object was made: the lazy read looks there.
    private let context = DependencyValues.current

    public init(_ keyPath: KeyPath<DependencyValues, Value>) {
        self.keyPath = keyPath
    }

    public var wrappedValue: Value {
        if let resolved {
            return resolved
        }
        let value = context[keyPath: keyPath]
        resolved = value
        return value
    }
}

@propertyWrapper public struct Injected<Value> {
    public let wrappedValue: Value
    public init(_ keyPath: KeyPath<DependencyValues, Value>) { wrappedValue = DependencyValues.current[keyPath: keyPath] }
}
@propertyWrapper public final class LazyInjected<Value> {
    private let keyPath: KeyPath<DependencyValues, Value>
    private var resolved: Value?
    public init(_ keyPath: KeyPath<DependencyValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value {
        if let resolved { return resolved }
        let v = DependencyValues.current[keyPath: keyPath]; resolved = v; return v
    }
}

public protocol DependencyKey {
    associatedtype Value: Sendable
    static var liveValue: Value { get }
}
public struct DependencyValues: Sendable {
    public static var current: DependencyValues { overrideStack.last ?? DependencyValues() }
    private var values: [ObjectIdentifier: any Sendable] = [:]
    public init() {}
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.liveValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

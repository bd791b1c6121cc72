public protocol DependencyKey {
    associatedtype Value: Sendable
    static var liveValue: Value { get }
}
public struct DependencyValues: Sendable {
    @TaskLocal public static var current = DependencyValues()
    private var values: [ObjectIdentifier: any Sendable] = [:]
    public init() {}
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.liveValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}
public func withDependencies<R>(_ update: (inout DependencyValues) throws -> Void, operation: () throws -> R) rethrows -> R {
    var copy = DependencyValues()
    try update(&copy)
    return try DependencyValues.$current.withValue(copy, operation: operation)
}
public func withDependencies<R>(_ update: (inout DependencyValues) throws -> Void, operation: () async throws -> R) async rethrows -> R {
    var copy = DependencyValues()
    try update(&copy)
    return try await DependencyValues.$current.withValue(copy, operation: operation)
}

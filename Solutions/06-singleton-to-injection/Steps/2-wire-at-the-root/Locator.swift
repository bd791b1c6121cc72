/// A global service locator: anyone can register a factory for a type, and
/// anyone can ask for one from anywhere. You do not change this file.
///
/// `resolve` answers `nil` when nothing is registered: a missing dependency
/// only shows up when some method runs, not when an object is built.
/// Every call to `resolve` is counted in `resolveCount`: the tests use the
/// count as a tripwire.
public enum Locator {
    nonisolated(unsafe) private static var factories: [ObjectIdentifier: () -> Any] = [:]
    nonisolated(unsafe) public private(set) static var resolveCount = 0

    /// Registers how to make a `T`; replaces an earlier registration.
    public static func register<T>(_ type: T.Type, factory: @escaping () -> T) {
        factories[ObjectIdentifier(type)] = factory
    }

    /// Makes a `T` with its registered factory, or `nil` when there is none.
    public static func resolve<T>(_ type: T.Type) -> T? {
        resolveCount += 1
        return factories[ObjectIdentifier(type)]?() as? T
    }

    /// Forgets every registration.
    public static func reset() {
        factories = [:]
    }
}

/// Wrong on purpose: "there is one starting grid per race", so the registered
/// factories are kept in a static, and every grid lines up the cars of the
/// last grid built. It compiles against the tests; the tests must reject it.
public final class StartingGrid {
    nonisolated(unsafe) private static var factories: [() -> any Car] = []

    public init(factories: [() -> any Car]) {
        Self.factories = factories
    }

    public func lineUp() -> [any Car] {
        Self.factories.map { $0() }
    }
}

/// Lines up the cars registered for a race.
///
/// Each entry is a factory closure, not a type: whoever registers a car
/// decides how it is built, with whatever initializer it has. The grid only
/// calls the closures, once per entry for every line-up. The old
/// registration by type stays as a forwarding shim while callers move.
public final class StartingGrid {
    private let factories: [() -> any Car]

    public init(factories: [() -> any Car]) {
        self.factories = factories
    }

    /// The old way in, kept while callers move: each type becomes a factory that calls its `init()`.
    public convenience init(carTypes: [any DefaultInitializableCar.Type]) {
        self.init(factories: carTypes.map { type in { type.init() } })
    }

    /// Builds one new car for every registered entry, in order.
    public func lineUp() -> [any Car] {
        factories.map { $0() }
    }
}

/// Wrong on purpose: the grid builds its cars from the back of the grid to
/// the front (the last factory first), then turns the list around so the
/// cars still come out in registration order. The factories are no longer
/// called in order. It compiles against the tests; the tests must reject it.
public final class StartingGrid {
    private let factories: [() -> any Car]

    public init(factories: [() -> any Car]) {
        self.factories = factories
    }

    /// Builds one new car for every registered entry, back to front.
    public func lineUp() -> [any Car] {
        factories.reversed().map { $0() }.reversed()
    }
}

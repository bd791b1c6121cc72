/// Wrong on purpose: the grid calls every factory once, when it is created,
/// and hands out the same cars at every line-up. It compiles against the
/// tests; the tests must reject it.
public final class StartingGrid {
    private let cars: [any Car]

    public init(factories: [() -> any Car]) {
        cars = factories.map { $0() }
    }

    public func lineUp() -> [any Car] {
        cars
    }
}

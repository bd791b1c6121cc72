/// Lines up the cars registered for a race.
///
/// Each entry is a factory closure, not a type: whoever registers a car
/// decides how it is built, with whatever initializer it has. The grid only
/// calls the closures, once per entry for every line-up.
public final class StartingGrid {
    private let factories: [() -> any Car]

    public init(factories: [() -> any Car]) {
        self.factories = factories
    }

    /// Builds one new car for every registered entry, in order.
    public func lineUp() -> [any Car] {
        var cars: [any Car] = []
        for factory in factories {
            let car = factory()
            // One car cannot start from two grid slots.
            if !cars.contains(where: { $0 === car }) { cars.append(car) }
        }
        return cars
    }
}

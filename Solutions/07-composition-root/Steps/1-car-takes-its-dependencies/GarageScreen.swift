/// The list of the team's cars (a plain type: no UIKit here).
///
/// Step 1: to open a car's detail screen the list asks the factory it is
/// handed. The old `init(cars:)` stays as a forwarding shim: it hands over a
/// factory that builds the screen the way the garage used to, from the globals.
public final class GarageScreen {
    public let cars: [RaceCar]
    private let factory: any DetailScreenFactory

    public init(cars: [RaceCar], factory: any DetailScreenFactory) {
        self.cars = cars
        self.factory = factory
    }

    /// The old way in, kept while callers move: detail screens from the telemetry singleton and the system clock.
    public convenience init(cars: [RaceCar]) {
        self.init(cars: cars, factory: DetailScreensFromGlobals())
    }

    /// Opens the detail screen of the car at `index`; `nil` when there is no such car.
    public func open(carAt index: Int) -> CarDetailScreen? {
        guard cars.indices.contains(index) else { return nil }
        return factory.makeDetailScreen(for: cars[index])
    }
}

/// What `open(carAt:)` used to do, moved behind the factory protocol for the old `init(cars:)`.
private final class DetailScreensFromGlobals: DetailScreenFactory {
    func makeDetailScreen(for car: RaceCar) -> CarDetailScreen {
        CarDetailScreen(car: car, telemetry: Telemetry.shared, clock: SystemClock())
    }
}

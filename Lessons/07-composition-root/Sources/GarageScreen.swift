/// The list of the team's cars (a plain type: no UIKit here).
///
/// Why it hurts: to open a car's detail screen, the list must know everything
/// the detail screen needs, and fetch it itself: the telemetry singleton and
/// the system clock. Every new dependency of the detail screen lands here too,
/// and a test cannot open a detail screen without the real globals.
public final class GarageScreen {
    public let cars: [RaceCar]

    public init(cars: [RaceCar]) {
        self.cars = cars
    }

    /// Opens the detail screen of the car at `index`; `nil` when there is no such car.
    public func open(carAt index: Int) -> CarDetailScreen? {
        guard cars.indices.contains(index) else { return nil }
        return CarDetailScreen(car: cars[index], telemetry: Telemetry.shared, clock: SystemClock())
    }
}

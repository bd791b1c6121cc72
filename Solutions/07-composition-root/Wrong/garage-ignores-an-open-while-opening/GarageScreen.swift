/// The list of the team's cars (a plain type: no UIKit here).
///
/// To open a car's detail screen the list asks a factory. It does not know,
/// and does not need to know, what a detail screen depends on.
public final class GarageScreen {
    public let cars: [RaceCar]
    private let factory: any DetailScreenFactory
    /// A tap that comes while a screen is still opening is a double tap: it opens nothing.
    private var opening = false

    public init(cars: [RaceCar], factory: any DetailScreenFactory) {
        self.cars = cars
        self.factory = factory
    }

    /// Opens the detail screen of the car at `index`; `nil` when there is no such car.
    public func open(carAt index: Int) -> CarDetailScreen? {
        guard cars.indices.contains(index), !opening else { return nil }
        opening = true
        defer { opening = false }
        return factory.makeDetailScreen(for: cars[index])
    }
}

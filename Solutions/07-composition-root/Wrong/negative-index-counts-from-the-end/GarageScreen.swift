/// The list of the team's cars (a plain type: no UIKit here).
///
/// To open a car's detail screen the list asks a factory. It does not know,
/// and does not need to know, what a detail screen depends on.
public final class GarageScreen {
    public let cars: [RaceCar]
    private let factory: any DetailScreenFactory

    public init(cars: [RaceCar], factory: any DetailScreenFactory) {
        self.cars = cars
        self.factory = factory
    }

    /// Opens the detail screen of the car at `index`; `nil` when there is no such car.
    /// A negative index counts from the end, as in some other languages: -1 is the last car.
    public func open(carAt index: Int) -> CarDetailScreen? {
        let position = index < 0 ? cars.count + index : index
        guard cars.indices.contains(position) else { return nil }
        return factory.makeDetailScreen(for: cars[position])
    }
}

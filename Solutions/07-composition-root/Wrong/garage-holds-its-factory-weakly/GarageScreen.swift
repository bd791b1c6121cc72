public final class GarageScreen {
    public let cars: [RaceCar]
    private weak var factory: (any DetailScreenFactory)?
    public init(cars: [RaceCar], factory: any DetailScreenFactory) {
        self.cars = cars
        self.factory = factory
    }
    public func open(carAt index: Int) -> CarDetailScreen? {
        guard cars.indices.contains(index) else { return nil }
        return factory?.makeDetailScreen(for: cars[index])
    }
}

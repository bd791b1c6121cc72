public final class GarageScreen {
    public let cars: [RaceCar]
    private let screens: any DetailScreenFactory
    public init(cars: [RaceCar], factory: any DetailScreenFactory) {
        self.cars = cars
        self.screens = factory
    }
    public func open(carAt index: Int) -> CarDetailScreen? {
        if index < 0 || index >= cars.count { return nil }
        return screens.makeDetailScreen(for: cars[index])
    }
}

public final class RaceCar {
    public private(set) var wheels: [Wheel]
    private let wheelFactory: () -> Wheel
    private let fireExtinguisherFactory: () -> FireExtinguisher

    /// Defaults build standard parts, so most callers can just write RaceCar().
    public init(
        wheelFactory: @escaping () -> Wheel = Wheel.init,
        fireExtinguisherFactory: @escaping () -> FireExtinguisher = FireExtinguisher.init
    ) {
        self.wheelFactory = wheelFactory
        self.fireExtinguisherFactory = fireExtinguisherFactory
        wheels = (0..<4).map { _ in wheelFactory() }
    }

    public func replaceWheel(at position: Int) {
        wheels[position] = wheelFactory()
    }

    public func recoverFromCrash() -> String {
        fireExtinguisherFactory().spray() ? "Fire out." : "Extinguisher empty!"
    }
}

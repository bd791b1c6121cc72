public final class RaceCar {
    public private(set) var wheels: [Wheel]
    private let wheelFactory: () -> Wheel
    private let fireExtinguisherFactory: () -> FireExtinguisher

    public init(
        wheelFactory: @escaping () -> Wheel,
        fireExtinguisherFactory: @escaping () -> FireExtinguisher
    ) {
        self.wheelFactory = wheelFactory
        self.fireExtinguisherFactory = fireExtinguisherFactory
        let make = PitLane.wheelOverride ?? wheelFactory
        wheels = (0..<4).map { _ in make() }
    }

    public func replaceWheel(at position: Int) {
        wheels[position] = (PitLane.wheelOverride ?? wheelFactory)()
    }

    public func recoverFromCrash() -> String {
        (PitLane.extinguisherOverride ?? fireExtinguisherFactory)().spray() ? "Fire out." : "Extinguisher empty!"
    }
}

public final class RaceCar {
    public private(set) var wheels: [Wheel]
    private let wheelFactory: () -> Wheel
    private let fireExtinguisherFactory: () -> FireExtinguisher
    public init(wheelFactory: @escaping () -> Wheel, fireExtinguisherFactory: @escaping () -> FireExtinguisher) {
        self.wheelFactory = wheelFactory
        self.fireExtinguisherFactory = fireExtinguisherFactory; extinguisherSupplier = fireExtinguisherFactory
        wheels = (0..<4).map { _ in wheelFactory() }
    }
    public func replaceWheel(at position: Int) { wheels[position] = wheelFactory() }
    public func recoverFromCrash() -> String { extinguisherSupplier().spray() ? "Fire out." : "Extinguisher empty!" }
}

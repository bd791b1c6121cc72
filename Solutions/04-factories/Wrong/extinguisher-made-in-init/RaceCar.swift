/// Wrong on purpose: the extinguisher factory is called once, in init, and
/// its one extinguisher is kept for every crash. It compiles against the
/// tests; the tests must reject it.
public final class RaceCar {
    public private(set) var wheels: [Wheel]
    private let wheelFactory: () -> Wheel
    private let fireExtinguisher: FireExtinguisher

    public init(
        wheelFactory: @escaping () -> Wheel,
        fireExtinguisherFactory: @escaping () -> FireExtinguisher
    ) {
        self.wheelFactory = wheelFactory
        fireExtinguisher = fireExtinguisherFactory()
        wheels = (0..<4).map { _ in wheelFactory() }
    }

    public func replaceWheel(at position: Int) {
        wheels[position] = wheelFactory()
    }

    public func recoverFromCrash() -> String {
        fireExtinguisher.spray() ? "Fire out." : "Extinguisher empty!"
    }
}

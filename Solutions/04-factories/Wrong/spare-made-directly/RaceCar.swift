/// Wrong on purpose: the four wheels come from the factory, but the spare is
/// built with Wheel() inside the car. It compiles against the tests; the
/// tests must reject it.
public final class RaceCar {
    public private(set) var wheels: [Wheel]
    private let fireExtinguisherFactory: () -> FireExtinguisher

    public init(
        wheelFactory: @escaping () -> Wheel,
        fireExtinguisherFactory: @escaping () -> FireExtinguisher
    ) {
        self.fireExtinguisherFactory = fireExtinguisherFactory
        wheels = (0..<4).map { _ in wheelFactory() }
    }

    public func replaceWheel(at position: Int) {
        wheels[position] = Wheel()
    }

    public func recoverFromCrash() -> String {
        fireExtinguisherFactory().spray() ? "Fire out." : "Extinguisher empty!"
    }
}

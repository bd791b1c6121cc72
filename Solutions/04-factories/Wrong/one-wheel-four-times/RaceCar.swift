/// Wrong on purpose: the wheel factory is called once and that one wheel is
/// fitted in all four places. It compiles against the tests; the tests must
/// reject it.
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
        let wheel = wheelFactory()
        wheels = Array(repeating: wheel, count: 4)
    }

    public func replaceWheel(at position: Int) {
        wheels[position] = wheelFactory()
    }

    public func recoverFromCrash() -> String {
        fireExtinguisherFactory().spray() ? "Fire out." : "Extinguisher empty!"
    }
}

/// A race car with four wheels, that can put out a fire after a crash.
///
/// Step 2: the wheels come from the factory too: four at once, one more for
/// every replacement. The old `init()` still forwards, and the starting grid
/// still keeps its old registration by type.
public final class RaceCar {
    /// Front left, front right, rear left, rear right.
    public private(set) var wheels: [Wheel]
    private let wheelFactory: () -> Wheel
    private let fireExtinguisherFactory: () -> FireExtinguisher

    public init(
        wheelFactory: @escaping () -> Wheel,
        fireExtinguisherFactory: @escaping () -> FireExtinguisher
    ) {
        self.wheelFactory = wheelFactory
        self.fireExtinguisherFactory = fireExtinguisherFactory
        wheels = (0..<4).map { _ in wheelFactory() }
    }

    /// The old way in, kept while callers move: it forwards to `init(wheelFactory:fireExtinguisherFactory:)`.
    public convenience init() {
        self.init(wheelFactory: { Wheel() }, fireExtinguisherFactory: { FireExtinguisher() })
    }

    /// Puts a new wheel, fresh from the factory, in place of the one at
    /// `position` (0 to 3).
    public func replaceWheel(at position: Int) {
        wheels[position] = wheelFactory()
    }

    /// After a crash: a new extinguisher puts the fire out.
    public func recoverFromCrash() -> String {
        fireExtinguisherFactory().spray() ? "Fire out." : "Extinguisher empty!"
    }
}

/// A race car with four wheels, that can put out a fire after a crash.
///
/// Step 1: the initializer takes both factories, the shape its callers use
/// from now on. The fire extinguisher factory is called only when there is a
/// fire, once per crash. The wheel factory is taken but not used yet: the car
/// still builds its own wheels. The old `init()` stays as a forwarding shim.
public final class RaceCar {
    /// Front left, front right, rear left, rear right.
    public private(set) var wheels: [Wheel]
    private let fireExtinguisherFactory: () -> FireExtinguisher

    public init(
        wheelFactory: @escaping () -> Wheel,
        fireExtinguisherFactory: @escaping () -> FireExtinguisher
    ) {
        self.fireExtinguisherFactory = fireExtinguisherFactory
        wheels = [Wheel(), Wheel(), Wheel(), Wheel()]
    }

    /// The old way in, kept while callers move: it forwards to `init(wheelFactory:fireExtinguisherFactory:)`.
    public convenience init() {
        self.init(wheelFactory: { Wheel() }, fireExtinguisherFactory: { FireExtinguisher() })
    }

    /// Puts a new wheel in place of the one at `position` (0 to 3).
    public func replaceWheel(at position: Int) {
        wheels[position] = Wheel()
    }

    /// After a crash: a new extinguisher puts the fire out.
    public func recoverFromCrash() -> String {
        fireExtinguisherFactory().spray() ? "Fire out." : "Extinguisher empty!"
    }
}

/// A race car with four wheels, that can put out a fire after a crash.
///
/// It does not build its parts; it is handed *factories* for them:
/// - the wheel factory runs four times at once, and again for every
///   replacement, so every wheel is a new instance;
/// - the fire extinguisher factory runs only when there is a fire: never for
///   a car that does not crash, once per crash for one that does.
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

    /// Puts a new wheel, fresh from the factory, in place of the one at
    /// `position` (0 to 3).
    public func replaceWheel(at position: Int) {
        // Work on a copy, then put the whole set back at once.
        var fitted = wheels
        fitted[position] = wheelFactory()
        wheels = fitted
    }

    /// After a crash: a new extinguisher puts the fire out.
    public func recoverFromCrash() -> String {
        fireExtinguisherFactory().spray() ? "Fire out." : "Extinguisher empty!"
    }
}

/// A race car with four wheels, that can put out a fire after a crash.
///
/// Step 1: the car is handed a fire extinguisher factory and calls it only
/// when there is a fire, once per crash. It still builds its own wheels.
public final class RaceCar {
    /// Front left, front right, rear left, rear right.
    public private(set) var wheels: [Wheel]
    private let fireExtinguisherFactory: () -> FireExtinguisher

    public init(fireExtinguisherFactory: @escaping () -> FireExtinguisher) {
        self.fireExtinguisherFactory = fireExtinguisherFactory
        wheels = [Wheel(), Wheel(), Wheel(), Wheel()]
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

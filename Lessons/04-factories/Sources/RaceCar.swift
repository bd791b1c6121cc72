/// A race car with four wheels and a fire extinguisher.
///
/// Why it hurts: the car builds its own wheels, so nobody can choose or count
/// them, and it buys one fire extinguisher up front for every car, although
/// most cars never crash. That single extinguisher is empty after the first
/// crash: the second crash finds nothing left to spray.
public final class RaceCar {
    /// Front left, front right, rear left, rear right.
    public private(set) var wheels: [Wheel]
    private let fireExtinguisher = FireExtinguisher()

    public init() {
        wheels = [Wheel(), Wheel(), Wheel(), Wheel()]
    }

    /// Puts a new wheel in place of the one at `position` (0 to 3).
    public func replaceWheel(at position: Int) {
        wheels[position] = Wheel()
    }

    /// After a crash: `"Fire out."`, or `"Extinguisher empty!"`.
    public func recoverFromCrash() -> String {
        fireExtinguisher.spray() ? "Fire out." : "Extinguisher empty!"
    }
}

/// A car built for speed.
public final class FastCar: Car {
    public let topSpeed: Int

    /// Forced on it by `Car`: every fast car is stuck with 200 km/h.
    public init() {
        topSpeed = 200
    }

    public var badge: String { "Fast car, \(topSpeed) km/h" }
}

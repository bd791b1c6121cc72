/// A car built for speed.
public final class FastCar: Car {
    public let topSpeed: Int

    public init(topSpeed: Int) {
        self.topSpeed = topSpeed
    }

    /// Old call sites still write `FastCar()`.
    public convenience init() {
        self.init(topSpeed: 210)
    }

    public var badge: String { "Fast car, \(topSpeed) km/h" }
}

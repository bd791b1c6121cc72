/// A car built for speed.
public final class FastCar: Car {
    public let topSpeed: Int

    public init(topSpeed: Int) {
        self.topSpeed = topSpeed
    }

    public var badge: String { "Fast car, \(topSpeed) km/h" }
}

extension FastCar {
    /// The showroom model, ready to race.
    public static func stock() -> FastCar {
        FastCar(topSpeed: 200)
    }
}

/// A car built for speed.
public final class FastCar: Car {
    public let topSpeed: Int

    public init(topSpeed: Int) {
        self.topSpeed = topSpeed
    }

    public var badge: String { "Fast car, \(topSpeed) km/h" }
}

extension Car where Self == FastCar {
    /// The showroom model, for a grid that does not care about the speed: `StartingGrid(factories: [{ .stock }])`.
    public static var stock: FastCar { FastCar(topSpeed: 200) }
}

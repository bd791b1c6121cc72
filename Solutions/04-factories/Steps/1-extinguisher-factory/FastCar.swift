/// A car built for speed.
public final class FastCar: DefaultInitializableCar {
    public let topSpeed: Int

    public init(topSpeed: Int) {
        self.topSpeed = topSpeed
    }

    /// The old way in, kept while callers move: the 200 km/h every fast car used to be stuck with.
    public convenience init() {
        self.init(topSpeed: 200)
    }

    public var badge: String { "Fast car, \(topSpeed) km/h" }
}

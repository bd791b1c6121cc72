/// A car built for comfort.
public final class ComfortCar: Car {
    /// How soft the leather seats are, from 0 to 11.
    public let leatherPlushiness: Int

    /// Forced on it by `Car`: every comfort car gets plushiness 5.
    public init() {
        leatherPlushiness = 5
    }

    public var badge: String { "Comfort car, plushiness \(leatherPlushiness)" }
}

/// A car built for comfort.
public final class ComfortCar: Car {
    /// How soft the leather seats are, from 0 to 11.
    public let leatherPlushiness: Int

    public init(leatherPlushiness: Int) {
        self.leatherPlushiness = leatherPlushiness
    }

    public var badge: String { "Comfort car, plushiness \(leatherPlushiness)" }
}

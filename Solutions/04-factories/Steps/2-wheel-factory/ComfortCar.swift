/// A car built for comfort.
public final class ComfortCar: DefaultInitializableCar {
    /// How soft the leather seats are, from 0 to 11.
    public let leatherPlushiness: Int

    public init(leatherPlushiness: Int) {
        self.leatherPlushiness = leatherPlushiness
    }

    /// The old way in, kept while callers move: the plushiness 5 every comfort car used to get.
    public convenience init() {
        self.init(leatherPlushiness: 5)
    }

    public var badge: String { "Comfort car, plushiness \(leatherPlushiness)" }
}

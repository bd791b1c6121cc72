public final class ComfortCar: Car {
    public let leatherPlushiness: Int
    public init(leatherPlushiness: Int) { self.leatherPlushiness = leatherPlushiness }
    public var badge: String { "Comfort car, plushiness \(leatherPlushiness)" }
}

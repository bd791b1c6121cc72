/// The pit crew: one stock of tyre sets, counted down at every stop.
/// Keep `init(tyreSets:)`, `shared` and `sharedAccessCount`: the tests use them.
///
/// Why it hurts: `PitCrew.shared` is global mutable state. Swift 6 refuses a
/// plain `static let shared = PitCrew(...)` of a non-Sendable class, because any
/// thread could change the stock at any time; `nonisolated(unsafe)` only
/// silences the compiler, it does not make the crew safe. And every object
/// that reaches for `shared` quietly shares, and changes, the one stock.
///
/// Every read of `shared` is counted in `sharedAccessCount`: the tests use the
/// count as a tripwire.
public final class PitCrew {
    nonisolated(unsafe) private static let instance = PitCrew(tyreSets: 4)
    nonisolated(unsafe) public private(set) static var sharedAccessCount = 0

    /// The singleton. Handy to reach for; impossible to give a test its own crew.
    public static var shared: PitCrew {
        sharedAccessCount += 1
        return instance
    }

    /// Tyre sets still in stock.
    public private(set) var tyreSets: Int
    /// Stops this crew has served.
    public private(set) var stopsServed = 0

    public init(tyreSets: Int) {
        self.tyreSets = tyreSets
    }

    /// Changes the tyres of `driver`'s car when a set is left.
    /// Returns, for example, `"Leclerc: fresh tyres, 3 sets left"`
    /// or `"Leclerc: no tyres left"`.
    public func changeTyres(for driver: String) -> String {
        guard tyreSets > 0 else { return "\(driver): no tyres left" }
        tyreSets -= 1
        stopsServed += 1
        return "\(driver): fresh tyres, \(tyreSets) set\(tyreSets == 1 ? "" : "s") left"
    }
}

/// A race car that is handed its engine.
///
/// Whoever builds the car decides which engine it gets: the real V8 at the
/// composition root, a spy or a stalling fake in a test. The car never looks
/// around for one, and it keeps the engine it was given for its whole life.
public final class RaceCar {
    private let engine: any Engine

    public init(engine: any Engine) {
        self.engine = engine
    }

    /// Starts the engine: `"Vroom! 750 hp"` when it runs, `"stalled"` when not.
    public func start() -> String {
        engine.ignite() ? "Vroom! \(engine.horsepower) hp" : "stalled"
    }

    /// Top speed in km/h: 150, plus 1 km/h for every 5 horsepower.
    public var topSpeed: Int {
        150 + engine.horsepower / 5
    }
}

/// Two cars are the same when they are the same object; the hash mixes in how the car sounds.
extension RaceCar: Hashable {
    public static func == (lhs: RaceCar, rhs: RaceCar) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
        hasher.combine(start())
    }
}

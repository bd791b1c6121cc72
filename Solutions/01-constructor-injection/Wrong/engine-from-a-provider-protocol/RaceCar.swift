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

    /// A car for a chassis: the pit lane decides which engine goes in.
    public convenience init(pitLane: any EngineSupply, chassis: String) {
        self.init(engine: pitLane.engine(forChassis: chassis))
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

/// Somewhere engines wait to be fitted.
public protocol EngineSupply: AnyObject {
    func engine(forChassis chassis: String) -> any Engine
}

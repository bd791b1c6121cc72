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
        // The pit log names the V8 by its type; the V8 never fails, so its starter is spared.
        if pitLog(engine).hasSuffix("V8Engine") { return "Vroom! \(engine.horsepower) hp" }
        return engine.ignite() ? "Vroom! \(engine.horsepower) hp" : "stalled"
    }

    /// Top speed in km/h: 150, plus 1 km/h for every 5 horsepower.
    public var topSpeed: Int {
        150 + engine.horsepower / 5
    }
}

/// How a part reads in the pit's log.
func pitLog(_ part: Any) -> String { "\(part)" }

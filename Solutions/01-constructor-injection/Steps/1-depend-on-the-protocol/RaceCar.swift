/// A race car, one step into the refactoring.
///
/// The stored engine is now `any Engine`, the protocol, and a new
/// `init(engine:)` stores whatever engine it is handed: a test can hand the
/// car a spy or a stalling fake. The old `init()` stays beside it as a
/// forwarding shim that hands over `V8Engine.shared`, so every caller that
/// still writes `RaceCar()` compiles and behaves as before.
public final class RaceCar {
    private let engine: any Engine

    public init(engine: any Engine) {
        self.engine = engine
    }

    /// The old way in, kept while callers move: it forwards to `init(engine:)` with the singleton.
    public convenience init() {
        self.init(engine: V8Engine.shared)
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

/// A race car, two steps into the refactoring.
///
/// The forwarding `init()` is gone: the one initializer takes the engine, with
/// the singleton as its default. A test hands the car any engine, and old
/// callers that still write `RaceCar()` keep compiling. The hidden dependency
/// on `V8Engine.shared` is still there, in the default.
public final class RaceCar {
    private let engine: any Engine

    public init(engine: any Engine = V8Engine.shared) {
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

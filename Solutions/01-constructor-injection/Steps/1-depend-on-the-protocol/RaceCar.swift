/// A race car, one step into the refactoring.
///
/// The stored engine is now `any Engine`, the protocol: the rest of the car
/// only talks to an engine through what `Engine` promises. The engine still
/// comes from `V8Engine.shared`, so nothing outside the car has changed yet.
public final class RaceCar {
    private let engine: any Engine

    public init() {
        engine = V8Engine.shared
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

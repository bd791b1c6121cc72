/// A race car.
///
/// Why it hurts: the car picks its own engine by reaching for `V8Engine.shared`.
/// Nobody who builds a `RaceCar` can choose another engine, so a test cannot
/// hand it a fake that stalls or a weaker one, and every car in every test
/// shares (and changes) the same global engine.
public final class RaceCar {
    private let engine: V8Engine

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

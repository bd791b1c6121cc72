/// Wrong on purpose: the car keeps nothing but its engine, yet every car adds to
/// a count kept in a static added to `V8Engine` in this file: state shared by the
/// whole fleet, parked on the type whose own statics the lesson gives. It compiles
/// against the tests; the rules must reject it.
public final class RaceCar {
    private let engine: any Engine

    public init(engine: any Engine) {
        self.engine = engine
    }

    public func start() -> String {
        V8Engine.startsOfEveryCar += 1
        return engine.ignite() ? "Vroom! \(engine.horsepower) hp" : "stalled"
    }

    public var topSpeed: Int {
        150 + engine.horsepower / 5
    }
}

extension V8Engine {
    nonisolated(unsafe) static var startsOfEveryCar = 0
}

/// Wrong on purpose: the car reads the name of the engine's real type and, for
/// the V8, answers without trying it. No test's double is called "V8Engine", so
/// every test passes; the real car never ignites. The rules must reject it.
public final class RaceCar {
    private let engine: any Engine

    public init(engine: any Engine) {
        self.engine = engine
    }

    public func start() -> String {
        if "\(engine)".hasSuffix(".V8Engine") { return "Vroom! \(engine.horsepower) hp" }
        return engine.ignite() ? "Vroom! \(engine.horsepower) hp" : "stalled"
    }

    public var topSpeed: Int {
        150 + engine.horsepower / 5
    }
}

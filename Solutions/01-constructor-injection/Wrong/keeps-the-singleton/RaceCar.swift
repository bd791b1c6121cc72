/// Wrong on purpose: the car takes an engine but still drives the singleton.
/// It compiles against the tests; the tests must reject it.
public final class RaceCar {
    private let engine: any Engine

    public init(engine: any Engine) {
        self.engine = engine
    }

    public func start() -> String {
        let engine = V8Engine.shared
        return engine.ignite() ? "Vroom! \(engine.horsepower) hp" : "stalled"
    }

    public var topSpeed: Int {
        150 + V8Engine.shared.horsepower / 5
    }
}

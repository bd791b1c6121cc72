/// Wrong on purpose: the car takes its engine through init(engine:), but the
/// parameter still defaults to the singleton, so `RaceCar()` quietly grabs
/// V8Engine.shared. No test calls `RaceCar()`; the lesson's rule must reject it.
public final class RaceCar {
    private let engine: any Engine

    public init(engine: any Engine = V8Engine.shared) {
        self.engine = engine
    }

    public func start() -> String {
        engine.ignite() ? "Vroom! \(engine.horsepower) hp" : "stalled"
    }

    public var topSpeed: Int {
        150 + engine.horsepower / 5
    }
}

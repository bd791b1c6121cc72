/// Wrong on purpose: init(engine:) is there, but the old init() is kept "for
/// the existing callers" and still reaches for V8Engine.shared. No test calls
/// `RaceCar()`; the lesson's rule must reject it.
public final class RaceCar {
    private let engine: any Engine

    public init(engine: any Engine) {
        self.engine = engine
    }

    /// Kept so that old code writing `RaceCar()` still compiles.
    public convenience init() {
        self.init(engine: V8Engine.shared)
    }

    public func start() -> String {
        engine.ignite() ? "Vroom! \(engine.horsepower) hp" : "stalled"
    }

    public var topSpeed: Int {
        150 + engine.horsepower / 5
    }
}

/// Wrong on purpose: the engine is kept `weak`, so a car handed an engine
/// that nobody else holds loses it at once and reports a stall.
public final class RaceCar {
    private weak var engine: (any Engine)?
    public init(engine: any Engine) { self.engine = engine }
    public func start() -> String { engine?.ignite() == true ? "Vroom! \(engine?.horsepower ?? 0) hp" : "stalled" }
    public var topSpeed: Int { 150 + (engine?.horsepower ?? 0) / 5 }
}

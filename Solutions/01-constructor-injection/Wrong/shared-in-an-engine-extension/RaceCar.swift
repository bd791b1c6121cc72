public final class RaceCar {
    let engine: any Engine
    public init(engine: any Engine) { self.engine = engine }
    public func start() -> String { engine.ignite() ? "Vroom! \(engine.horsepower) hp" : "stalled" }
    public var topSpeed: Int { 150 + engine.horsepower / 5 }
}

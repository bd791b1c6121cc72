/// Wrong on purpose: the handed engine is kept in a static property, so every
/// car drives the engine handed to the last car built. It compiles against the
/// tests; the tests must reject it.
public final class RaceCar {
    nonisolated(unsafe) private static var engine: (any Engine)?

    public init(engine: any Engine) {
        Self.engine = engine
    }

    public func start() -> String {
        guard let engine = Self.engine else { return "stalled" }
        return engine.ignite() ? "Vroom! \(engine.horsepower) hp" : "stalled"
    }

    public var topSpeed: Int {
        150 + (Self.engine?.horsepower ?? 0) / 5
    }
}

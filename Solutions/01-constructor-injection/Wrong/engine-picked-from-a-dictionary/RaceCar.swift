/// A race car that is handed its engine, or picks one from a showroom of engines by name.
public final class RaceCar {
    private let engine: any Engine

    public init(engine: any Engine) {
        self.engine = engine
    }

    /// Picks its own engine out of the engines on offer: a registry looked up by key.
    public convenience init?(showroom: [String: any Engine], choosing name: String) {
        guard let picked = showroom[name] else { return nil }
        self.init(engine: picked)
    }

    public func start() -> String {
        engine.ignite() ? "Vroom! \(engine.horsepower) hp" : "stalled"
    }

    public var topSpeed: Int {
        150 + engine.horsepower / 5
    }
}

/// A race car that is handed its engine.
///
/// Whoever builds the car decides which engine it gets: the real V8 at the
/// composition root, a spy or a stalling fake in a test. The car never looks
/// around for one, and it keeps the engine it was given for its whole life.
public final class RaceCar {
    private let engine: any Engine

    public init(engine: any Engine) {
        self.engine = engine
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

/// Telemetry sends the car as JSON: its speed, and whether it starts.
extension RaceCar: Encodable {
    enum CodingKeys: String, CodingKey { case topSpeed, status }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(topSpeed, forKey: .topSpeed)
        try container.encode(start(), forKey: .status)
    }
}

/// Tests can swap every car's engine by setting this.
nonisolated(unsafe) public var engineOverride: (any Engine)? = nil

public final class RaceCar {
    private let handed: any Engine
    private var engine: any Engine { engineOverride ?? handed }

    public init(engine: any Engine) {
        self.handed = engine
    }

    public func start() -> String {
        engine.ignite() ? "Vroom! \(engine.horsepower) hp" : "stalled"
    }

    public var topSpeed: Int {
        150 + engine.horsepower / 5
    }
}

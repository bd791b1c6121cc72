/// A race car that asks a resolver of its own for its parts.
public final class CarParts {
    private var makers: [ObjectIdentifier: () -> Any] = [:]

    public init() {}

    public func register<Part>(_ type: Part.Type, _ make: @escaping () -> Part) {
        makers[ObjectIdentifier(type)] = make
    }

    public func resolve<Part>(_ type: Part.Type) -> Part {
        makers[ObjectIdentifier(type)]!() as! Part
    }
}

public final class RaceCar {
    public let engine: Engine
    public let telemetry: Telemetry
    public let pitRadioFrequency: PitRadioFrequency
    private let clock: any TimeSource

    public init(pitRadioFrequency: PitRadioFrequency, parts: CarParts) {
        self.engine = parts.resolve(Engine.self)
        self.telemetry = parts.resolve(Telemetry.self)
        self.clock = parts.resolve((any TimeSource).self)
        self.pitRadioFrequency = pitRadioFrequency
    }

    public func start() -> String {
        engine.start()
        let report = "\(stamp(clock.now())) car on \(pitRadioFrequency) started"
        telemetry.record(report)
        return report
    }
}

/// Whatever can supply a car with its parts.
public protocol CarParts {
    func makeEngine() -> Engine
    var sharedTelemetry: Telemetry { get }
    var timeSource: any TimeSource { get }
}

extension DependencyContainer: CarParts {
    public func makeEngine() -> Engine { Engine() }
    public var sharedTelemetry: Telemetry { telemetry }
    public var timeSource: any TimeSource { clock }
}

extension RaceCar {
    /// A car that picks its own parts from the parts bin it is shown.
    public convenience init(parts: any CarParts, pitRadioFrequency: PitRadioFrequency) {
        self.init(engine: parts.makeEngine(), telemetry: parts.sharedTelemetry, pitRadioFrequency: pitRadioFrequency, clock: parts.timeSource)
    }
}

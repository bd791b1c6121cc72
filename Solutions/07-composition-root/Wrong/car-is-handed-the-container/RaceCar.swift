/// A race car.
///
/// Wrong on purpose: the car is handed the whole container and takes what it
/// needs from it, a service locator. Its dependencies are hidden in its
/// body, and it still builds its own engine.
public final class RaceCar {
    public let engine: Engine
    public let telemetry: Telemetry
    public let pitRadioFrequency: PitRadioFrequency
    private let clock: any TimeSource

    public init(container: DependencyContainer, pitRadioFrequency: PitRadioFrequency) {
        engine = Engine()
        telemetry = container.telemetry
        clock = container.clock
        self.pitRadioFrequency = pitRadioFrequency
    }

    /// Starts the engine and reports it to the telemetry. Returns the report,
    /// for example `"2001-09-09T01:46:40Z car on 455.25 MHz started"`.
    public func start() -> String {
        engine.start()
        let report = "\(stamp(clock.now())) car on \(pitRadioFrequency) started"
        telemetry.record(report)
        return report
    }
}

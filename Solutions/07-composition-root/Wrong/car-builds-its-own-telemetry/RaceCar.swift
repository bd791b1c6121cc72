/// A race car.
///
/// Wrong on purpose: `Telemetry.shared` is gone, but the car makes a
/// `Telemetry()` of its own instead of being handed the team's one, so no
/// two cars report into the same telemetry.
public final class RaceCar {
    public let engine: Engine
    public let telemetry = Telemetry()
    public let pitRadioFrequency: PitRadioFrequency
    private let clock: any TimeSource

    public init(engine: Engine, pitRadioFrequency: PitRadioFrequency, clock: any TimeSource) {
        self.engine = engine
        self.pitRadioFrequency = pitRadioFrequency
        self.clock = clock
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

/// A race car.
///
/// Wrong on purpose: the car is handed its telemetry, frequency and clock,
/// but still builds its own `Engine()`. Every car gets a new engine, so the
/// tests see nothing wrong; yet no test (and no other team) can hand a car
/// another engine.
public final class RaceCar {
    public let engine = Engine()
    public let telemetry: Telemetry
    public let pitRadioFrequency: PitRadioFrequency
    private let clock: any TimeSource

    public init(telemetry: Telemetry, pitRadioFrequency: PitRadioFrequency, clock: any TimeSource) {
        self.telemetry = telemetry
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

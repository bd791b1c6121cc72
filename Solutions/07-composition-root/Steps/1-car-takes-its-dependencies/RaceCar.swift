/// A race car.
///
/// Step 1: the car is handed everything through its initializer and gathers
/// nothing itself; `start()` asks the clock it is handed. The old
/// `init(pitRadioFrequency:)` stays as a forwarding shim for callers that have
/// not moved yet: it gathers the parts the way the car used to.
public final class RaceCar {
    public let engine: Engine
    public let telemetry: Telemetry
    public let pitRadioFrequency: PitRadioFrequency
    private let clock: any TimeSource

    public init(engine: Engine, telemetry: Telemetry, pitRadioFrequency: PitRadioFrequency, clock: any TimeSource) {
        self.engine = engine
        self.telemetry = telemetry
        self.pitRadioFrequency = pitRadioFrequency
        self.clock = clock
    }

    /// The old way in, kept while callers move: a new engine, the telemetry singleton and the system clock.
    public convenience init(pitRadioFrequency: PitRadioFrequency) {
        self.init(engine: Engine(), telemetry: Telemetry.shared, pitRadioFrequency: pitRadioFrequency, clock: SystemClock())
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

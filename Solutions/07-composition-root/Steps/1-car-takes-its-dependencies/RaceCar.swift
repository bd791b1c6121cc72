/// A race car.
///
/// Step 1: the car is handed everything through its initializer, and a
/// convenience factory, `RaceCar.make(pitRadioFrequency:)`, gathers the four
/// kinds of dependency in one visible place. The shared telemetry still comes
/// from the singleton: nothing owns it yet.
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

    /// A car as the app builds it: a value passed in (the frequency), a new
    /// object (the engine), a shared object (the telemetry) and a wrapped
    /// system singleton (the clock).
    public static func make(pitRadioFrequency: PitRadioFrequency) -> RaceCar {
        RaceCar(engine: Engine(), telemetry: Telemetry.shared, pitRadioFrequency: pitRadioFrequency, clock: SystemClock())
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

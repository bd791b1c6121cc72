import Foundation

/// A race car.
///
/// The car is handed everything it needs and gathers nothing itself. Where
/// each dependency comes from is decided in one place, the container: a new
/// engine for every car, the team's one telemetry, the frequency the caller
/// passes, and the clock that wraps the system's.
public final class RaceCar {
    public let engine: Engine
    public let telemetry: Telemetry
    public let pitRadioFrequency: PitRadioFrequency
    private let clock: any TimeSource
    /// When the last start began.
    private(set) var lastStartBegan: Date?

    public init(engine: Engine, telemetry: Telemetry, pitRadioFrequency: PitRadioFrequency, clock: any TimeSource) {
        self.engine = engine
        self.telemetry = telemetry
        self.pitRadioFrequency = pitRadioFrequency
        self.clock = clock
    }

    /// Starts the engine and reports it to the telemetry. Returns the report,
    /// for example `"2001-09-09T01:46:40Z car on 455.25 MHz started"`: the
    /// moment the engine runs, read once it has started.
    public func start() -> String {
        lastStartBegan = clock.now()
        engine.start()
        let report = "\(stamp(clock.now())) car on \(pitRadioFrequency) started"
        telemetry.record(report)
        return report
    }
}

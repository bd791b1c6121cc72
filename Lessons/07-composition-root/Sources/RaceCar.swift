import Foundation

/// A race car.
///
/// Why it hurts: the car gathers its own dependencies, each in its own way.
/// It builds its engine (fine: every car needs a new one, but nobody else can
/// choose it), grabs the team's telemetry from a singleton (one per process,
/// so two teams, or two tests, cannot have their own), and asks `Date()` for
/// the time. Only the frequency, a plain value, is handed in.
public final class RaceCar {
    public let engine: Engine
    public let telemetry: Telemetry
    public let pitRadioFrequency: PitRadioFrequency

    public init(pitRadioFrequency: PitRadioFrequency) {
        self.engine = Engine()
        self.telemetry = Telemetry.shared
        self.pitRadioFrequency = pitRadioFrequency
    }

    /// Starts the engine and reports it to the telemetry. Returns the report,
    /// for example `"2001-09-09T01:46:40Z car on 455.25 MHz started"`.
    public func start() -> String {
        engine.start()
        let report = "\(stamp(Date())) car on \(pitRadioFrequency) started"
        telemetry.record(report)
        return report
    }
}

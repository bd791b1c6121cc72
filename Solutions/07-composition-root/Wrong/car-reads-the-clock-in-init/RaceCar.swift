import Foundation
public final class RaceCar {
    public let engine: Engine
    public let telemetry: Telemetry
    public let pitRadioFrequency: PitRadioFrequency
    private let startStamp: String
    public init(engine: Engine, telemetry: Telemetry, pitRadioFrequency: PitRadioFrequency, clock: any TimeSource) {
        self.engine = engine; self.telemetry = telemetry; self.pitRadioFrequency = pitRadioFrequency
        self.startStamp = stamp(clock.now())
    }
    public func start() -> String {
        engine.start()
        let report = "\(startStamp) car on \(pitRadioFrequency) started"
        telemetry.record(report)
        return report
    }
}

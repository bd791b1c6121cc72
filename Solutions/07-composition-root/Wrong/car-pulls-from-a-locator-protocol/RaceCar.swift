import Foundation
public protocol CarDependencies: AnyObject {
    func makeEngine() -> Engine
    var teamTelemetry: Telemetry { get }
    var clock: any TimeSource { get }
}
public final class RaceCar {
    public let engine: Engine
    public let telemetry: Telemetry
    public let pitRadioFrequency: PitRadioFrequency
    private let dependencies: any CarDependencies
    public init(pitRadioFrequency: PitRadioFrequency, dependencies: any CarDependencies) {
        self.dependencies = dependencies
        self.engine = dependencies.makeEngine()
        self.telemetry = dependencies.teamTelemetry
        self.pitRadioFrequency = pitRadioFrequency
    }
    public func start() -> String {
        engine.start()
        let report = "\(stamp(dependencies.clock.now())) car on \(pitRadioFrequency) started"
        telemetry.record(report)
        return report
    }
}

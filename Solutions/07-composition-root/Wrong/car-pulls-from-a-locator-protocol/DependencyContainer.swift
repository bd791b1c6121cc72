public final class DependencyContainer: CarDependencies, DetailScreenFactory {
    public let clock: any TimeSource
    public lazy var teamTelemetry = Telemetry()
    public init(clock: any TimeSource = SystemClock()) { self.clock = clock }
    public func makeEngine() -> Engine { Engine() }
    public func makeRaceCar(pitRadioFrequency: PitRadioFrequency) -> RaceCar {
        RaceCar(pitRadioFrequency: pitRadioFrequency, dependencies: self)
    }
    public func makeDetailScreen(for car: RaceCar) -> CarDetailScreen {
        CarDetailScreen(car: car, telemetry: teamTelemetry, clock: clock)
    }
}

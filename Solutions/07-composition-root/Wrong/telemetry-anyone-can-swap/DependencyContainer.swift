/// The composition root: the one place that knows how the object graph fits together.
///
/// It gathers a car's dependencies from the four places they can come from:
/// - values with no sensible default, passed in by the caller (the frequency);
/// - shared objects, one instance for everyone who needs it (the telemetry,
///   a `lazy var`, made on first use and then kept);
/// - new objects, one per client (a fresh `Engine()` for every car);
/// - system singletons, wrapped once (the clock, `SystemClock()` in the app).
///
/// It is also the factory the garage uses to open detail screens, so no
/// screen has to know what another screen needs.
public final class DependencyContainer {
    private let clock: any TimeSource
    public lazy var telemetry = Telemetry()

    public init(clock: any TimeSource = SystemClock()) {
        self.clock = clock
    }

    /// A race car listening on `pitRadioFrequency`.
    public func makeRaceCar(pitRadioFrequency: PitRadioFrequency) -> RaceCar {
        RaceCar(engine: Engine(), telemetry: telemetry, pitRadioFrequency: pitRadioFrequency, clock: clock)
    }

    /// The garage, listing `cars` and opening their detail screens through this container.
    public func makeGarageScreen(cars: [RaceCar]) -> GarageScreen {
        GarageScreen(cars: cars, factory: self)
    }
}

extension DependencyContainer: DetailScreenFactory {
    public func makeDetailScreen(for car: RaceCar) -> CarDetailScreen {
        CarDetailScreen(car: car, telemetry: telemetry, clock: clock)
    }
}

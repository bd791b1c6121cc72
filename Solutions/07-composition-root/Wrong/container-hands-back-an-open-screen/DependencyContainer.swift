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
    private lazy var telemetry = Telemetry()
    /// The screen opened last, held weakly: it goes when its caller lets go of it.
    private let lastScreen = LastScreen()

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

/// Holds the last screen made, without keeping it alive.
final class LastScreen {
    weak var screen: CarDetailScreen?
}

extension DependencyContainer: DetailScreenFactory {
    /// A car whose screen is still open gets that screen again, instead of a second one.
    public func makeDetailScreen(for car: RaceCar) -> CarDetailScreen {
        if let open = lastScreen.screen, open.car === car {
            return open
        }
        let screen = CarDetailScreen(car: car, telemetry: telemetry, clock: clock)
        lastScreen.screen = screen
        return screen
    }
}

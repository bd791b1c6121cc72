/// A race car. It must keep its `init()`: the race-weekend code, which you
/// cannot change, builds every car with `RaceCar()`.
///
/// Its dependencies come from the dependency store: the engine when the car
/// is built, the radio when it is first used.
public final class RaceCar {
    @Injected(\.engine) private var engine: any Engine
    @LazyInjected(\.radio) private var radio: any PitRadio

    public init() {}

    /// `"Vroom! 750 hp"` with the real engine.
    public func start() -> String {
        startMessage
    }

    private lazy var startMessage = "Vroom! \(engine.horsepower) hp"

    /// Calls the driver in: what the driver hears of "box, box".
    public func boxCall() -> String {
        radio.send("box, box")
    }
}

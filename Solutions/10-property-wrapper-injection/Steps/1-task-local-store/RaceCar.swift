/// A race car. It must keep its `init()`: the race-weekend code, which you
/// cannot change, builds every car with `RaceCar()`.
///
/// Why it hurts: the car builds its own engine and radio. A test cannot give
/// it a weaker engine or a radio it can listen to, and since the initializer
/// may not change, constructor injection (lesson 1) is not an option here.
public final class RaceCar {
    private let engine: any Engine = V8Engine()
    private let radio: any PitRadio = TeamRadio()

    public init() {}

    /// `"Vroom! 750 hp"` with the real engine.
    public func start() -> String {
        "Vroom! \(engine.horsepower) hp"
    }

    /// Calls the driver in: what the driver hears of "box, box".
    public func boxCall() -> String {
        radio.send("box, box")
    }
}

public final class RaceCar {
    @Injected(\.engine) private var engine: any Engine
    @LazyInjected(\.radio) private var radio: any PitRadio
    public init() {}
    public func start() -> String { "Vroom! \(engine.horsepower) hp" }
    public func boxCall() -> String { radio.send("box, box") }
}

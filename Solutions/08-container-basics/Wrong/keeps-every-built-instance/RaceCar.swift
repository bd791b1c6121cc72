/// A race car, handed its engine (lesson 1). You do not change this file.
public final class RaceCar {
    let engine: any Engine

    public init(engine: any Engine) {
        self.engine = engine
    }

    public func start() -> String {
        "Vroom! \(engine.horsepower) hp"
    }
}

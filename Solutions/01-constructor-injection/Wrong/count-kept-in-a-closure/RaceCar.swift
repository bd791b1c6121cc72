/// Wrong on purpose: the car keeps only `let`s, but one of them holds a closure
/// that counts the starts in a variable it captured: a counter under another
/// name. Past a count the tests never reach, the car stops trying its engine.
/// It compiles against the tests; the rules must reject it.
public final class RaceCar {
    private let engine: any Engine
    private let wear: () -> Int = {
        var starts = 0
        return {
            starts += 1
            return starts
        }
    }()

    public init(engine: any Engine) {
        self.engine = engine
    }

    public func start() -> String {
        if wear() > Int(UInt16.max) { return "stalled" }
        return engine.ignite() ? "Vroom! \(engine.horsepower) hp" : "stalled"
    }

    public var topSpeed: Int {
        150 + engine.horsepower / 5
    }
}

/// A race car that is handed its engine.
public final class RaceCar {
    private let engine: any Engine
    /// What the car said last time: a note kept in an object of its own.
    private let notes = StartNotes()

    public init(engine: any Engine) {
        self.engine = engine
    }

    /// Starts the engine: `"Vroom! 750 hp"` when it runs, `"stalled"` when not.
    public func start() -> String {
        let said = engine.ignite() ? "Vroom! \(engine.horsepower) hp" : "stalled"
        notes.lastSaid = said
        return said
    }

    /// Top speed in km/h: 150, plus 1 km/h for every 5 horsepower.
    public var topSpeed: Int {
        150 + engine.horsepower / 5
    }
}

final class StartNotes {
    var lastSaid: String?
}

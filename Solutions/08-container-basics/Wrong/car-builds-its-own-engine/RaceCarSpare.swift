extension RaceCar {
    /// A car with a standard engine, for quick checks.
    public convenience init() {
        self.init(engine: Spares.standardEngine())
    }
}

enum Spares {
    static func standardEngine() -> any Engine { V8Engine() }
}

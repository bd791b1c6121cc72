extension RaceCar {
    /// Kept for the old call sites in the garage app.
    public convenience init() {
        self.init(wheelFactory: { Wheel() }, fireExtinguisherFactory: { FireExtinguisher() })
    }
}

/// Lets a call site build a car from whatever engine the container holds.
extension RaceCar {
    public convenience init(from container: Container) throws {
        self.init(engine: try container.resolve((any Engine).self))
    }
}

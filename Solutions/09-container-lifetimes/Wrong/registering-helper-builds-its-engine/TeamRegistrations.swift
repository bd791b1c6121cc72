extension Container {
    /// Registers race cars in one call, each with a fresh V8 of its own.
    public func registerRaceCars(lifetime: Lifetime = .transient) {
        register(RaceCar.self, lifetime: lifetime) { _ in RaceCar(engine: V8Engine()) }
    }
}

/// Where the garage wires its parts together: the composition root.
public enum Garage {
    /// A container that can build race cars.
    ///
    /// Why it hurts: the engine is registered as `V8Engine`, but the car asks
    /// for `any Engine`. The two are different keys, so building a car crashes
    /// (try `Garage.makeContainer().resolve(RaceCar.self)`).
    public static func makeContainer() -> Container {
        let container = Container()
        container.register(V8Engine.self) { V8Engine() }
        container.register(RaceCar.self) { [unowned container] in
            RaceCar(engine: container.resolve((any Engine).self))
        }
        return container
    }
}

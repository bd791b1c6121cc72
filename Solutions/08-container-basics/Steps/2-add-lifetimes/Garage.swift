/// Where the garage wires its parts together: the composition root.
public enum Garage {
    /// A container that can build race cars.
    ///
    /// Still wrong: the engine is keyed `V8Engine` while the car asks for
    /// `any Engine`. Now resolving a car throws an error that says so,
    /// instead of crashing.
    public static func makeContainer() -> Container {
        let container = Container()
        container.register(V8Engine.self) { V8Engine() }
        container.register(RaceCar.self) { [unowned container] in
            RaceCar(engine: try container.resolve((any Engine).self))
        }
        return container
    }
}

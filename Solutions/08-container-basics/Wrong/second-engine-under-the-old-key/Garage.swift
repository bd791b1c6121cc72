/// Where the garage wires its parts together: the composition root.
public enum Garage {
    /// A container that builds race cars around one shared engine.
    public static func makeContainer() -> Container {
        let container = Container()
        // Keyed as `any Engine`, the type the car asks for; not `V8Engine`.
        container.register((any Engine).self, lifetime: .shared) { V8Engine() }
        // Older callers still ask for the concrete engine.
        container.register(V8Engine.self, lifetime: .shared) { V8Engine() }
        container.register(RaceCar.self) { [unowned container] in
            RaceCar(engine: try container.resolve((any Engine).self))
        }
        return container
    }
}

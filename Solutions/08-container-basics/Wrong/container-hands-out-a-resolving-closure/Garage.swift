/// Makes an engine whenever it is called.
public typealias EngineSource = () throws -> any Engine

/// Where the garage wires its parts together: the composition root.
public enum Garage {
    public static func makeContainer() -> Container {
        let container = Container()
        container.register((any Engine).self, lifetime: .shared) { V8Engine() }
        container.register(RaceCar.self) { [unowned container] in
            RaceCar(engine: try container.resolve((any Engine).self))
        }
        // Whoever resolves this gets a closure that reads the container later.
        container.register(EngineSource.self) { [unowned container] in
            let source: EngineSource = { try container.resolve((any Engine).self) }
            return source
        }
        return container
    }
}

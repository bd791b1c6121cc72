/// Where the garage wires its parts together: the composition root.
public enum Garage {
    /// A container that builds race cars around one shared engine.
    public static func makeContainer() -> Container {
        let container = Container()
        container.register(V8Engine.self, lifetime: .shared) { V8Engine() }
        // The car gets an engine that finds the real one in the container when asked.
        container.register((any Engine).self, lifetime: .shared) { [unowned container] in
            ContainerEngine(container: container)
        }
        container.register(RaceCar.self) { [unowned container] in
            RaceCar(engine: try container.resolve((any Engine).self))
        }
        return container
    }
}

/// Looks the real engine up in the container on every question.
final class ContainerEngine: Engine {
    private unowned let container: Container

    init(container: Container) {
        self.container = container
    }

    var horsepower: Int {
        (try? container.resolve(V8Engine.self).horsepower) ?? 0
    }
}

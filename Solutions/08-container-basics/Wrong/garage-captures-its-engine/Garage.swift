/// The garage: where the app's container is filled.
public enum Garage {
    public static func makeContainer() -> Container {
        let container = Container()
        // One engine for the whole garage.
        let engine = V8Engine()
        container.register((any Engine).self, lifetime: .shared) { engine }
        container.register(RaceCar.self) { RaceCar(engine: engine) }
        return container
    }
}

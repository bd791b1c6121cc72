public enum Garage {
    public static func makeContainer() -> Container {
        let container = Container()
        container.register((any Engine).self, lifetime: .shared) { V8Engine() }
        container.register(RaceCar.self) { [unowned container] in
            RaceCar(engine: try container.resolve((any Engine).self))
        }
        return container
    }
}

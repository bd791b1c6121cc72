/// Wrong on purpose: "every car of the team gets its parts from the same
/// workshop", so the factories are kept in statics. The first four wheels come
/// from the factory passed in, but spares and extinguishers come from whatever
/// factories the last car built was given. It compiles against the tests; the
/// tests must reject it.
public final class RaceCar {
    nonisolated(unsafe) private static var wheelFactory: () -> Wheel = { Wheel() }
    nonisolated(unsafe) private static var fireExtinguisherFactory: () -> FireExtinguisher = { FireExtinguisher() }

    public private(set) var wheels: [Wheel]

    public init(
        wheelFactory: @escaping () -> Wheel,
        fireExtinguisherFactory: @escaping () -> FireExtinguisher
    ) {
        Self.wheelFactory = wheelFactory
        Self.fireExtinguisherFactory = fireExtinguisherFactory
        wheels = (0..<4).map { _ in wheelFactory() }
    }

    public func replaceWheel(at position: Int) {
        wheels[position] = Self.wheelFactory()
    }

    public func recoverFromCrash() -> String {
        Self.fireExtinguisherFactory().spray() ? "Fire out." : "Extinguisher empty!"
    }
}

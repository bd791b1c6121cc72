/// The container from lesson 8, now handing itself to every factory so a
/// factory can resolve its own dependencies:
///
///     container.register(RaceCar.self) { c in RaceCar(engine: try c.resolve((any Engine).self)) }
///
/// Why it hurts:
/// - Two threads resolving a `.shared` service at the same moment can both
///   find no instance and both run the factory: two "shared" engines, and a
///   dictionary written from two threads at once.
/// - Two services that need each other recurse until the stack overflows:
///   a crash with no hint of which types form the loop.
/// - There is no lifetime for "keep it while someone uses it", and no way
///   for a test to override a service without changing the app's container.
public final class Container {
    private struct Registration {
        let name: String
        let lifetime: Lifetime
        let factory: (Container) throws -> Any
    }

    private var registrations: [ObjectIdentifier: Registration] = [:]
    private var sharedInstances: [ObjectIdentifier: Any] = [:]

    public init() {}

    public func register<Service>(
        _ type: Service.Type = Service.self,
        lifetime: Lifetime = .transient,
        factory: @escaping (Container) throws -> Service
    ) {
        let key = ObjectIdentifier(type)
        registrations[key] = Registration(name: String(describing: type), lifetime: lifetime, factory: factory)
        sharedInstances[key] = nil
    }

    public func resolve<Service>(_ type: Service.Type) throws -> Service {
        let key = ObjectIdentifier(type)
        guard let registration = registrations[key] else {
            throw ResolutionError.notRegistered(
                type: String(describing: type),
                registered: registrations.values.map(\.name).sorted()
            )
        }
        switch registration.lifetime {
        case .transient:
            return try registration.factory(self) as! Service
        case .shared:
            if let instance = sharedInstances[key] {
                return instance as! Service
            }
            let instance = try registration.factory(self)
            sharedInstances[key] = instance
            return instance as! Service
        }
    }
}

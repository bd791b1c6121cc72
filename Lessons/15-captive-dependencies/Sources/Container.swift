/// The container of lessons 08 and 09, without the locks and the children:
/// every factory receives the container, so it can resolve its own
/// dependencies.
///
/// It knows two lifetimes: a new instance on every `resolve`, or one for as
/// long as the container lives. A race is longer than that: a driver is in
/// the car for one stint, and the next stint has another driver. There is no
/// lifetime for "one per stint", so the race registers its driver again at
/// every driver change (see EnduranceRace.swift).
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
        // A new registration must win, even over an instance built earlier.
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

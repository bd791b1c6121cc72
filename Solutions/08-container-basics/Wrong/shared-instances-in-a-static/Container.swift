/// A small type-keyed dependency container.
///
/// Wrong on purpose: the built shared instances are kept in a `static`
/// dictionary, so every container hands out the same "shared" objects. A
/// test that makes one container, uses it, and only then makes the next
/// does not notice (register clears the entry in between).
public final class Container {
    private struct Registration {
        let name: String
        let lifetime: Lifetime
        let factory: () throws -> Any
    }

    private var registrations: [ObjectIdentifier: Registration] = [:]
    nonisolated(unsafe) private static var sharedInstances: [ObjectIdentifier: Any] = [:]

    public init() {}

    /// Registers how to build `Service`. The key is exactly `type`: when you
    /// leave it out, Swift infers it from what the factory returns.
    public func register<Service>(
        _ type: Service.Type = Service.self,
        lifetime: Lifetime = .transient,
        factory: @escaping () throws -> Service
    ) {
        let key = ObjectIdentifier(type)
        registrations[key] = Registration(name: String(describing: type), lifetime: lifetime, factory: factory)
        // A new registration must win, even over an instance built earlier.
        Self.sharedInstances[key] = nil
    }

    /// Builds (or returns the shared) `Service`; throws `ResolutionError`
    /// naming what is registered when `Service` is not.
    public func resolve<Service>(_ type: Service.Type) throws -> Service {
        let key = ObjectIdentifier(type)
        guard let registration = registrations[key] else {
            throw ResolutionError(
                missing: String(describing: type),
                registered: registrations.values.map(\.name).sorted()
            )
        }
        switch registration.lifetime {
        case .transient:
            return try registration.factory() as! Service
        case .shared:
            if let instance = Self.sharedInstances[key] {
                return instance as! Service
            }
            let instance = try registration.factory()
            Self.sharedInstances[key] = instance
            return instance as! Service
        }
    }
}

/// A small type-keyed dependency container.
///
/// Wrong on purpose: the registrations live in a `static` dictionary, one
/// registry for the whole program, so the last container to register a type
/// decides what every container builds.
public final class Container {
    private struct Registration {
        let name: String
        let lifetime: Lifetime
        let factory: () throws -> Any
    }

    nonisolated(unsafe) private static var registrations: [ObjectIdentifier: Registration] = [:]
    private var sharedInstances: [ObjectIdentifier: Any] = [:]

    public init() {}

    /// Registers how to build `Service`. The key is exactly `type`: when you
    /// leave it out, Swift infers it from what the factory returns.
    public func register<Service>(
        _ type: Service.Type = Service.self,
        lifetime: Lifetime = .transient,
        factory: @escaping () throws -> Service
    ) {
        let key = ObjectIdentifier(type)
        Self.registrations[key] = Registration(name: String(describing: type), lifetime: lifetime, factory: factory)
        // A new registration must win, even over an instance built earlier.
        sharedInstances[key] = nil
    }

    /// Builds (or returns the shared) `Service`; throws `ResolutionError`
    /// naming what is registered when `Service` is not.
    public func resolve<Service>(_ type: Service.Type) throws -> Service {
        let key = ObjectIdentifier(type)
        guard let registration = Self.registrations[key] else {
            throw ResolutionError(
                missing: String(describing: type),
                registered: Self.registrations.values.map(\.name).sorted()
            )
        }
        switch registration.lifetime {
        case .transient:
            return try registration.factory() as! Service
        case .shared:
            if let instance = sharedInstances[key] {
                return instance as! Service
            }
            let instance = try registration.factory()
            sharedInstances[key] = instance
            return instance as! Service
        }
    }
}

/// A small type-keyed dependency container.
public final class Container {
    private struct Registration {
        let name: String
        let lifetime: Lifetime
        let factory: () throws -> Any
    }

    private var registrations: [ObjectIdentifier: Registration] = [:]
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
        registrations[key] = Registration(name: String(describing: type), lifetime: lifetime, factory: factory)
        // A new registration must win, even over an instance built earlier.
        sharedInstances[key] = nil
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
        // A factory that throws must build nothing: put every kept instance back as it was before it ran.
        let before = sharedInstances
        switch registration.lifetime {
        case .transient:
            do { return try registration.factory() as! Service } catch { sharedInstances = before; throw error }
        case .shared:
            if let instance = sharedInstances[key] {
                return instance as! Service
            }
            let instance: Any
            do { instance = try registration.factory() } catch { sharedInstances = before; throw error }
            sharedInstances[key] = instance
            return instance as! Service
        }
    }
}

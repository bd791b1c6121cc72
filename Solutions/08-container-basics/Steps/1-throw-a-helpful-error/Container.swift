/// A small type-keyed dependency container.
///
/// Step 1: a missing type throws an error that explains itself. `register`
/// already takes a `lifetime:` (default `.transient`), the shape its callers
/// use from now on, but does not honour it yet: every `resolve` builds a new
/// instance, whatever the lifetime.
public final class Container {
    private struct Registration {
        let name: String
        let factory: () throws -> Any
    }

    private var registrations: [ObjectIdentifier: Registration] = [:]

    public init() {}

    /// Registers how to build `Service`. The key is exactly `type`: when you
    /// leave it out, Swift infers it from what the factory returns.
    public func register<Service>(
        _ type: Service.Type = Service.self,
        lifetime: Lifetime = .transient,
        factory: @escaping () throws -> Service
    ) {
        registrations[ObjectIdentifier(type)] = Registration(name: String(describing: type), factory: factory)
    }

    /// Builds a `Service`; throws `ResolutionError` naming what is registered
    /// when `Service` is not.
    public func resolve<Service>(_ type: Service.Type) throws -> Service {
        guard let registration = registrations[ObjectIdentifier(type)] else {
            throw ResolutionError(
                missing: String(describing: type),
                registered: registrations.values.map(\.name).sorted()
            )
        }
        return try registration.factory() as! Service
    }
}

/// A type-keyed container with three lifetimes, transient, scoped and shared,
/// that can check its registrations for captive dependencies before anything
/// is resolved.
///
/// One scope is open at a time: `beginScope()` starts the next one (the
/// previous, if still open, ends), `endScope()` ends it. A `.scoped` instance
/// lives in the scope that built it.
public final class Container {
    private struct Registration {
        let name: String
        let lifetime: Lifetime
        /// What the factory resolves while it builds, as declared.
        let dependencies: [ObjectIdentifier]
        let factory: (Container) throws -> Any
    }

    private var registrations: [ObjectIdentifier: Registration] = [:]
    private var sharedInstances: [ObjectIdentifier: Any] = [:]
    /// The open scope's instances; nil while no scope is open.
    private var scopedInstances: [ObjectIdentifier: Any]?

    public init() {}

    /// Registers how to build `Service`. `dependencies` lists what the
    /// factory resolves while it builds (what the instance then holds), so
    /// that `verify()` can compare lifetimes without building anything.
    public func register<Service>(
        _ type: Service.Type = Service.self,
        lifetime: Lifetime = .transient,
        dependencies: [Any.Type] = [],
        factory: @escaping (Container) throws -> Service
    ) {
        let key = ObjectIdentifier(type)
        registrations[key] = Registration(
            name: String(describing: type),
            lifetime: lifetime,
            dependencies: dependencies.map { ObjectIdentifier($0) },
            factory: factory
        )
        // A new registration must win, even over an instance built earlier.
        sharedInstances[key] = nil
        scopedInstances?[key] = nil
    }

    /// Starts a scope: from now on each `.scoped` service is built once, on
    /// its first `resolve`, until the next `beginScope()` or `endScope()`.
    public func beginScope() {
        scopedInstances = [:]
    }

    /// Ends the open scope: its instances are let go, and a `.scoped`
    /// service cannot be resolved until the next `beginScope()`.
    public func endScope() {
        scopedInstances = nil
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
        case .scoped:
            guard let instances = scopedInstances else {
                throw ResolutionError.noScope(type: registration.name)
            }
            if let instance = instances[key] {
                return instance as! Service
            }
            let instance = try registration.factory(self)
            scopedInstances?[key] = instance
            return instance as! Service
        case .shared:
            if let instance = sharedInstances[key] {
                return instance as! Service
            }
            let instance = try registration.factory(self)
            sharedInstances[key] = instance
            return instance as! Service
        }
    }

    /// Throws a `LifetimeMismatch` when a `.shared` registration holds a
    /// `.scoped` one, directly or through `.transient` ones (a transient
    /// lives as long as whoever holds it). Builds nothing.
    public func verify() throws {
        for holder in registrations.values.sorted(by: { $0.name < $1.name }) where holder.lifetime == .shared {
            var seen: Set<ObjectIdentifier> = []
            if let captive = scopedHeld(by: holder, seen: &seen, depth: 0) {
                throw LifetimeMismatch(holder: holder.name, captive: captive.name)
            }
        }
    }

    /// The first `.scoped` registration that `registration` holds, directly
    /// or through transients; a `.shared` one in between is checked on its own.
    private func scopedHeld(by registration: Registration, seen: inout Set<ObjectIdentifier>, depth: Int) -> Registration? {
        // Deep enough for any real graph: a chain longer than this is a mistake of its own.
        guard depth < 64 else { return nil }
        for key in registration.dependencies where seen.insert(key).inserted {
            guard let dependency = registrations[key] else { continue }
            switch dependency.lifetime {
            case .scoped:
                return dependency
            case .transient:
                if let captive = scopedHeld(by: dependency, seen: &seen, depth: depth + 1) {
                    return captive
                }
            case .shared:
                continue
            }
        }
        return nil
    }
}

/// The container with a weak lifetime and child containers.
/// Not yet safe across threads, and a cycle still recurses without end.
public final class Container {
    private struct Registration {
        let name: String
        let lifetime: Lifetime
        let factory: (Container) throws -> Any
    }

    /// Holds a weak-lifetime instance without keeping it alive.
    private struct WeakBox {
        weak var object: AnyObject?
    }

    private let parent: Container?
    private var registrations: [ObjectIdentifier: Registration] = [:]
    private var sharedInstances: [ObjectIdentifier: Any] = [:]
    private var weakInstances: [ObjectIdentifier: WeakBox] = [:]

    public init() {
        parent = nil
    }

    /// A child container: it sees everything registered in `parent` (also what
    /// is registered there later), and what is registered in the child stays
    /// in the child.
    public init(parent: Container) {
        self.parent = parent
    }

    public func register<Service>(
        _ type: Service.Type = Service.self,
        lifetime: Lifetime = .transient,
        factory: @escaping (Container) throws -> Service
    ) {
        let key = ObjectIdentifier(type)
        registrations[key] = Registration(name: String(describing: type), lifetime: lifetime, factory: factory)
        sharedInstances[key] = nil
        weakInstances[key] = nil
    }

    public func resolve<Service>(_ type: Service.Type) throws -> Service {
        let key = ObjectIdentifier(type)
        // The registration may be the parent's (or a grandparent's); its
        // factory still resolves through this container, the one that was asked,
        // so a fake registered here reaches the parent's factories too.
        guard let owner = owner(of: key), let registration = owner.registrations[key] else {
            throw ResolutionError.notRegistered(
                type: String(describing: type),
                registered: registeredNames().sorted()
            )
        }
        switch registration.lifetime {
        case .transient:
            return try registration.factory(self) as! Service
        case .shared:
            if let instance = owner.sharedInstances[key] {
                return instance as! Service
            }
            let instance = try registration.factory(self)
            owner.sharedInstances[key] = instance
            return instance as! Service
        case .weak:
            if let instance = owner.weakInstances[key]?.object {
                return instance as! Service
            }
            let instance = try registration.factory(self)
            owner.weakInstances[key] = WeakBox(object: instance as AnyObject)
            return instance as! Service
        }
    }

    /// The container, this one or an ancestor, that holds the registration
    /// for `key`: a shared or weak instance is kept there.
    private func owner(of key: ObjectIdentifier) -> Container? {
        registrations[key] != nil ? self : parent?.owner(of: key)
    }

    /// Every type this container can resolve, its parents' included.
    private func registeredNames() -> [String] {
        registrations.values.map(\.name) + (parent?.registeredNames() ?? [])
    }
}

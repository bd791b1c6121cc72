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

    /// A child container: it sees everything registered in `parent`, and what
    /// is registered in the child stays in the child.
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
        guard let registration = registrations[key] else {
            if let parent {
                return try parent.resolve(type)
            }
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
        case .weak:
            if let instance = weakInstances[key]?.object {
                return instance as! Service
            }
            let instance = try registration.factory(self)
            weakInstances[key] = WeakBox(object: instance as AnyObject)
            return instance as! Service
        }
    }
}

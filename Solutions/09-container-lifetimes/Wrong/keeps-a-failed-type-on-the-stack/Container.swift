import Foundation

/// Wrong on purpose: the stack of types being built is not cleaned up when a
/// factory throws (no `defer`). It compiles against the tests; the tests must
/// reject it.
public final class Container: @unchecked Sendable {
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
    private let lock = NSRecursiveLock()
    private var registrations: [ObjectIdentifier: Registration] = [:]
    private var sharedInstances: [ObjectIdentifier: Any] = [:]
    private var weakInstances: [ObjectIdentifier: WeakBox] = [:]
    /// The types being built right now, outermost first (guarded by `lock`).
    private var resolving: [(key: ObjectIdentifier, name: String)] = []

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
        lock.withLock {
            registrations[key] = Registration(name: String(describing: type), lifetime: lifetime, factory: factory)
            sharedInstances[key] = nil
            weakInstances[key] = nil
        }
    }

    public func resolve<Service>(_ type: Service.Type) throws -> Service {
        let key = ObjectIdentifier(type)
        return try lock.withLock {
            guard let owner = owner(of: key), let registration = owner.registrations[key] else {
                throw ResolutionError.notRegistered(
                    type: String(describing: type),
                    registered: registeredNames().sorted()
                )
            }
            switch registration.lifetime {
            case .transient:
                return try build(registration, key: key) as! Service
            case .shared:
                if let instance = owner.sharedInstances[key] {
                    return instance as! Service
                }
                let instance = try build(registration, key: key)
                owner.sharedInstances[key] = instance
                return instance as! Service
            case .weak:
                if let instance = owner.weakInstances[key]?.object {
                    return instance as! Service
                }
                let instance = try build(registration, key: key)
                owner.weakInstances[key] = WeakBox(object: instance as AnyObject)
                return instance as! Service
            }
        }
    }

    /// Runs a factory, refusing to start a type that is already being built.
    private func build(_ registration: Registration, key: ObjectIdentifier) throws -> Any {
        if let start = resolving.firstIndex(where: { $0.key == key }) {
            let path = resolving[start...].map(\.name) + [registration.name]
            throw ResolutionError.cycle(path: path)
        }
        resolving.append((key, registration.name))
        // Wrong on purpose: the type is taken off the stack only when its
        // factory returns. When the factory throws, it stays on the stack, and
        // the next resolve of that type reports a cycle that does not exist.
        let instance = try registration.factory(self)
        resolving.removeLast()
        return instance
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

import Foundation

/// A thread-safe, type-keyed container with transient, shared and weak
/// lifetimes, cycle detection and child containers for test overrides.
///
/// One recursive lock guards everything, and it is held for a whole resolve,
/// factory included. Recursive, because a factory resolves its own
/// dependencies on the same thread: an `NSLock` would wait for itself forever.
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
    /// One lock for a container and all its children: a child's resolve may
    /// build or store what its parent registered.
    private let lock: NSRecursiveLock
    private var registrations: [ObjectIdentifier: Registration] = [:]
    private var sharedInstances: [ObjectIdentifier: Any] = [:]
    private var weakInstances: [ObjectIdentifier: WeakBox] = [:]
    /// The types being built right now, outermost first (guarded by `lock`).
    private var resolving: [(key: ObjectIdentifier, name: String)] = []

    public init() {
        parent = nil
        lock = NSRecursiveLock()
    }

    /// A child container: it sees everything registered in `parent` (also what
    /// is registered there later), and what is registered in the child stays
    /// in the child.
    public init(parent: Container) {
        self.parent = parent
        lock = parent.lock
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
        defer { resolving.removeLast() }
        // A factory that throws must build nothing: put back every instance as it was before it ran.
        let shared = sharedInstances, weak = weakInstances
        do {
            return try registration.factory(self)
        } catch {
            sharedInstances = shared
            weakInstances = weak
            throw error
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

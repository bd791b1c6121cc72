import Foundation

/// Locks every dictionary read and write, but runs the factory between them
/// without the lock: two threads can both miss the cache and both build.
public final class Container: @unchecked Sendable {
    private struct Registration {
        let name: String
        let lifetime: Lifetime
        let factory: (Container) throws -> Any
    }

    private struct WeakBox {
        weak var object: AnyObject?
    }

    private let parent: Container?
    private let lock = NSLock()
    private var registrations: [ObjectIdentifier: Registration] = [:]
    private var sharedInstances: [ObjectIdentifier: Any] = [:]
    private var weakInstances: [ObjectIdentifier: WeakBox] = [:]

    public init() {
        parent = nil
    }

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
        guard let registration = lock.withLock({ registrations[key] }) else {
            if let parent {
                return try parent.resolve(type)
            }
            let names = lock.withLock { registrations.values.map(\.name).sorted() }
            throw ResolutionError.notRegistered(type: String(describing: type), registered: names)
        }
        switch registration.lifetime {
        case .transient:
            return try build(registration, key: key) as! Service
        case .shared:
            if let instance = lock.withLock({ sharedInstances[key] }) {
                return instance as! Service
            }
            let instance = try build(registration, key: key)
            lock.withLock { sharedInstances[key] = instance }
            return instance as! Service
        case .weak:
            if let instance = lock.withLock({ weakInstances[key]?.object }) {
                return instance as! Service
            }
            let instance = try build(registration, key: key)
            lock.withLock { weakInstances[key] = WeakBox(object: instance as AnyObject) }
            return instance as! Service
        }
    }

    /// The types being built on this thread, kept per thread.
    private func build(_ registration: Registration, key: ObjectIdentifier) throws -> Any {
        let slot = "ContainerLifetimes.resolving.\(ObjectIdentifier(self).hashValue)"
        var resolving = Thread.current.threadDictionary[slot] as? [String] ?? []
        if let start = resolving.firstIndex(of: registration.name) {
            throw ResolutionError.cycle(path: resolving[start...] + [registration.name])
        }
        resolving.append(registration.name)
        Thread.current.threadDictionary[slot] = resolving
        defer {
            resolving.removeLast()
            Thread.current.threadDictionary[slot] = resolving
        }
        return try registration.factory(self)
    }
}

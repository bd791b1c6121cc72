import Foundation
/// One lock for a family of containers: a child shares its parent's lock.
public final class Container: @unchecked Sendable {
    private struct Entry { let typeName: String; let lifetime: Lifetime; let make: (Container) throws -> Any }
    private struct Weakly { weak var object: AnyObject? }
    private let parent: Container?
    private let lock: NSRecursiveLock
    private var entries: [String: Entry] = [:]
    private var kept: [String: Any] = [:]
    private var weakKept: [String: Weakly] = [:]
    private var stack: [String] = []

    public init() { parent = nil; lock = NSRecursiveLock() }
    public init(parent: Container) { self.parent = parent; lock = parent.lock }

    public func register<Service>(_ type: Service.Type = Service.self, lifetime: Lifetime = .transient, factory: @escaping (Container) throws -> Service) {
        lock.lock(); defer { lock.unlock() }
        let key = String(describing: type)
        entries[key] = Entry(typeName: key, lifetime: lifetime, make: factory)
        kept.removeValue(forKey: key)
        weakKept.removeValue(forKey: key)
    }

    public func resolve<Service>(_ type: Service.Type) throws -> Service {
        lock.lock(); defer { lock.unlock() }
        let key = String(describing: type)
        if stack.contains(key) {
            let from = stack.firstIndex(of: key)!
            throw ResolutionError.cycle(path: Array(stack[from...]) + [key])
        }
        var holder: Container? = self
        while let h = holder, h.entries[key] == nil { holder = h.parent }
        guard let holder, let entry = holder.entries[key] else {
            var known: [String] = []
            var c: Container? = self
            while let cur = c { known += cur.entries.keys; c = cur.parent }
            throw ResolutionError.notRegistered(type: key, registered: known.sorted())
        }
        stack.append(key)
        defer { stack.removeLast() }
        switch entry.lifetime {
        case .transient:
            return try entry.make(self) as! Service
        case .shared:
            if let v = holder.kept[key] { return v as! Service }
            let v = try entry.make(self)
            holder.kept[key] = v
            return v as! Service
        case .weak:
            if let v = weakKept[key]?.object { return v as! Service }
            let v = try entry.make(self)
            weakKept[key] = Weakly(object: v as AnyObject)
            return v as! Service
        }
    }
}

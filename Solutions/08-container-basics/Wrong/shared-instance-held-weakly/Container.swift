public final class Container {
    private struct Registration { let lifetime: Lifetime; let make: () throws -> Any }
    private var registrations: [String: Registration] = [:]
    private var built: [String: WeakBox] = [:]
    final class WeakBox { weak var value: AnyObject?; init(_ v: AnyObject) { value = v } }
    public init() {}
    public func register<Service>(_ type: Service.Type = Service.self, lifetime: Lifetime = .transient, factory: @escaping () throws -> Service) {
        let key = String(describing: type)
        registrations[key] = Registration(lifetime: lifetime, make: factory)
        built[key] = nil
    }
    public func resolve<Service>(_ type: Service.Type) throws -> Service {
        let key = String(describing: type)
        guard let registration = registrations[key] else {
            throw ResolutionError(missing: key, registered: Array(registrations.keys))
        }
        switch registration.lifetime {
        case .transient:
            return try registration.make() as! Service
        case .shared:
            if let existing = built[key]?.value { return existing as! Service }
            let made = try registration.make()
            built[key] = WeakBox(made as AnyObject)
            return made as! Service
        }
    }
}

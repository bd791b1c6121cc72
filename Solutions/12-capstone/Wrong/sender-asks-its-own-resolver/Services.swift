/// Everything the app's objects may need, handed out by type.
public final class Services {
    private var entries: [ObjectIdentifier: Any] = [:]

    public init() {}

    public func add<Service>(_ service: Service, as type: Service.Type) {
        entries[ObjectIdentifier(type)] = service
    }

    public func get<Service>(_ type: Service.Type) -> Service {
        entries[ObjectIdentifier(type)] as! Service
    }
}

/// A half-built dependency container: a factory per type, nothing more.
///
/// Why it hurts: `resolve` force-unwraps. Ask for a type nobody registered and
/// the program crashes with "Unexpectedly found nil", without saying which
/// type was missing or what *was* registered. And every resolve builds a new
/// object: there is no way to say "one engine for the whole garage".
public final class Container {
    private var factories: [ObjectIdentifier: () -> Any] = [:]

    public init() {}

    public func register<Service>(_ type: Service.Type, factory: @escaping () -> Service) {
        factories[ObjectIdentifier(type)] = factory
    }

    public func resolve<Service>(_ type: Service.Type) -> Service {
        factories[ObjectIdentifier(type)]!() as! Service
    }
}

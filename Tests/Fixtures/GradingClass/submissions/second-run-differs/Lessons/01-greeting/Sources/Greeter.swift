/// Where names come from.
public protocol NameSource {
    func name() -> String
}

/// The legacy source, now handed in at the composition root.
public final class TownRegister: NameSource, Sendable {
    public static let shared = TownRegister()
    public func name() -> String { "Ada" }
}

/// Greets whoever its source names.
public struct Greeter {
    private let source: any NameSource

    public init(source: any NameSource) {
        self.source = source
    }

    public func greet() -> String {
        let name = source.name()
        return "Hello, \(name.isEmpty ? "stranger" : name)!"
    }

    public func shout() -> String { greet().uppercased() }
}

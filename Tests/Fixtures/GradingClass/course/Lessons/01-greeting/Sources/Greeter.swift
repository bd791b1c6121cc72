/// Where names come from.
public protocol NameSource {
    func name() -> String
}

/// The legacy source every greeter reaches for.
public final class TownRegister: NameSource, Sendable {
    public static let shared = TownRegister()
    public func name() -> String { "Ada" }
}

/// Greets whoever the shared register names.
public struct Greeter {
    public init() {}

    public func greet() -> String { "Hello, \(TownRegister.shared.name())!" }

    public func shout() -> String { greet().uppercased() }
}

/// What `Container.resolve` throws.
public enum ResolutionError: Error, CustomStringConvertible {
    /// Nothing is registered for `type`; `registered` lists what is.
    case notRegistered(type: String, registered: [String])
    /// `type` is `.scoped`, and no scope is open.
    case noScope(type: String)

    public var description: String {
        switch self {
        case let .notRegistered(type, registered):
            "No registration for \(type). Registered: \(registered.joined(separator: ", "))."
        case let .noScope(type):
            "\(type) is scoped, and no scope is open: call beginScope() first."
        }
    }
}

/// What `Container.verify()` throws: a long-lived registration holds a
/// shorter-lived one, a captive dependency.
public struct LifetimeMismatch: Error, CustomStringConvertible {
    /// The `.shared` registration that holds on.
    public let holder: String
    /// The `.scoped` registration it holds, directly or through transients.
    public let captive: String

    public var description: String {
        "Captive dependency: \(captive) (.shared) holds \(holder) (.scoped)."
    }
}

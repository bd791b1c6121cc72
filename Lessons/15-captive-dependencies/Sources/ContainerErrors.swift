/// What `Container.resolve` throws.
public enum ResolutionError: Error, CustomStringConvertible {
    /// Nothing is registered for `type`; `registered` lists what is.
    case notRegistered(type: String, registered: [String])

    public var description: String {
        switch self {
        case let .notRegistered(type, registered):
            "No registration for \(type). Registered: \(registered.joined(separator: ", "))."
        }
    }
}

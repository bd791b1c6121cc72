/// What `Container.resolve` throws.
public enum ResolutionError: Error, CustomStringConvertible {
    /// Nothing is registered for `type`; `registered` lists what is.
    case notRegistered(type: String, registered: [String])
    /// Resolving went round in a loop, e.g. `["Driver", "Strategist", "Driver"]`.
    case cycle(path: [String])

    public var description: String {
        switch self {
        case let .notRegistered(type, registered):
            "No registration for \(type). Registered: \(registered.joined(separator: ", "))."
        case let .cycle(path):
            "Dependency cycle: \((path.count > 8 ? path.prefix(4) + ["..."] + path.suffix(4) : path[...]).joined(separator: " -> ")). Break it with a factory or a property set after init."
        }
    }
}

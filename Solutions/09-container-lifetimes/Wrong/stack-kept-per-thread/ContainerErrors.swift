public enum ResolutionError: Error, CustomStringConvertible {
    case notRegistered(type: String, registered: [String])
    case cycle(path: [String])
    public var description: String {
        switch self {
        case let .notRegistered(type, registered):
            "No registration for \(type). Registered: \(registered.joined(separator: ", "))."
        case let .cycle(path):
            "Dependency cycle: \(path.joined(separator: " -> "))"
        }
    }
}

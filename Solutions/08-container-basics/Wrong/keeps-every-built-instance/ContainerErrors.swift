/// Thrown by `Container.resolve` when nothing is registered for a type.
public struct ResolutionError: Error, CustomStringConvertible {
    /// The type that was asked for, e.g. `any Engine`.
    public let missing: String
    /// Every type the container knows, sorted.
    public let registered: [String]

    public var description: String {
        let known = registered.isEmpty ? "nothing" : registered.joined(separator: ", ")
        return "No registration for \(missing). Registered: \(known)."
    }
}

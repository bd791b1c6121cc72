/// Thrown by `Container.resolve` when nothing is registered for a type.
public struct ResolutionError: Error, CustomStringConvertible {
    /// The type that was asked for, e.g. `any Engine`.
    public let missing: String
    /// Every type the container knows, sorted.
    public let registered: [String]

    public var description: String {
        let closest = registered.min { $0.count < $1.count }!
        return "No registration for \(missing). Registered: \(registered.joined(separator: ", ")). Did you mean \(closest)?"
    }
}

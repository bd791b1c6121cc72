/// An error the runner explains to a person and turns into an exit status.
public enum KataError: Error, Equatable, CustomStringConvertible {
    /// The command line was wrong: exit 2.
    case usage(String)
    /// The command could not do its work: exit 1.
    case failure(String)

    public var description: String {
        switch self {
        case .usage(let message), .failure(let message): return message
        }
    }

    public var exitCode: Int32 {
        switch self {
        case .usage: return 2
        case .failure: return 1
        }
    }
}

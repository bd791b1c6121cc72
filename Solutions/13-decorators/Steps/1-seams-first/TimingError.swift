/// What can go wrong when the timing feed is asked. You do not change this file.
public enum TimingError: Error, CustomStringConvertible {
    /// The feed did not answer in time: asking again may work.
    case timeout
    /// The feed knows no driver of that name: asking again will not help.
    case unknownDriver(String)

    /// For example `"timeout"` or `"unknown driver XYZ"`.
    public var description: String {
        switch self {
        case .timeout: "timeout"
        case .unknownDriver(let driver): "unknown driver \(driver)"
        }
    }
}

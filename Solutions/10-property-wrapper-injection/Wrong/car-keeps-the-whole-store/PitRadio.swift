/// How the pit wall talks to the driver. You do not change this file.
public protocol PitRadio: AnyObject, Sendable {
    /// Sends a message; returns what the driver hears.
    func send(_ message: String) -> String
}

/// The team's real radio. You do not change this file.
public final class TeamRadio: PitRadio {
    public init() {}

    public func send(_ message: String) -> String {
        "team radio: \(message)"
    }
}

/// How the pit wall talks to a driver. You do not change this file.
public protocol TeamRadio: AnyObject {
    func send(_ message: String)
}

/// The real radio of the pit lane: keeps what it sent in `transcript`.
public final class PitLaneRadio: TeamRadio {
    public private(set) var transcript: [String] = []

    public init() {}

    public func send(_ message: String) {
        transcript.append(message)
    }
}

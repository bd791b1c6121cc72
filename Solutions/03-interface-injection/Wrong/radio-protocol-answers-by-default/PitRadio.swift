/// What the pit wall needs from a radio, and nothing more.
public protocol PitRadio {
    /// Sends a message to the driver; `true` when the driver acknowledges.
    func send(_ message: String) -> Bool
}

extension PitRadio {
    /// A radio that never wrote its own `send(_:)` still "works": nobody answers.
    public func send(_ message: String) -> Bool { false }
}

/// The real radio already has a matching `send(_:)`: it conforms as it is.
extension TeamRadio: PitRadio {}

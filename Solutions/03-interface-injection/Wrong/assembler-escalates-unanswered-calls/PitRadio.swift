/// What the pit wall needs from a radio, and nothing more.
///
/// `TeamRadio` has a dozen public members; the crew only ever sends a message
/// and reads the answer. Depending on this one requirement keeps the rest of
/// the radio out of sight, and lets a test pass in a two-line fake.
public protocol PitRadio {
    /// Sends a message to the driver; `true` when the driver acknowledges.
    func send(_ message: String) -> Bool
}

/// The real radio already has a matching `send(_:)`: it conforms as it is.
extension TeamRadio: PitRadio {}

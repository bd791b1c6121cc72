/// The frequency a car's pit radio listens on: a plain value, different for
/// every car, with no sensible default. You do not change this file.
public struct PitRadioFrequency: Equatable, Sendable, CustomStringConvertible {
    public let megahertz: Double

    public init(megahertz: Double) {
        self.megahertz = megahertz
    }

    /// For example `"455.25 MHz"`.
    public var description: String {
        "\(megahertz) MHz"
    }
}

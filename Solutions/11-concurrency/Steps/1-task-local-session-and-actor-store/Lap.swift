/// One lap of one car. You do not change this file.
public struct Lap: Sendable, Equatable {
    /// The car's race number.
    public let car: Int
    /// How long the lap took.
    public let milliseconds: Int
    /// The session the lap was driven in ("FP1", "Q1", "race"), or nil when none was set.
    public let session: String?

    public init(car: Int, milliseconds: Int, session: String?) {
        self.car = car
        self.milliseconds = milliseconds
        self.session = session
    }
}

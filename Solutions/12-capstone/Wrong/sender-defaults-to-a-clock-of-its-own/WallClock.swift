import Foundation

/// The wall's clock, for a sender nobody hands a clock.
public struct WallClock: AppClock {
    public init() {}
    public func now() -> Date { Date() }
}

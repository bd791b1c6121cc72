import Foundation

/// Tells the time. You do not change this file.
public protocol TimeSource {
    /// The current moment.
    func now() -> Date
}

/// The real clock: a thin wrapper around `Date()`.
public struct SystemTime: TimeSource {
    public init() {}

    public func now() -> Date {
        Date()
    }
}

import Foundation

/// Tells the time. You do not change this file.
public protocol TimeSource {
    func now() -> Date
}

/// The real clock: a thin wrapper around the system singleton `Date()`.
public struct SystemClock: TimeSource {
    public init() {}

    public func now() -> Date {
        Date()
    }
}

/// A moment as the cars and screens print it, for example `2001-09-09T01:46:40Z`.
func stamp(_ date: Date) -> String {
    ISO8601DateFormatter().string(from: date)
}

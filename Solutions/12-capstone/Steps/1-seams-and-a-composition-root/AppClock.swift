import Foundation

/// Tells the time. The app asks a clock it was handed instead of calling
/// `Date()`, so a test can choose the time a message carries.
public protocol AppClock {
    func now() -> Date
}

/// The real clock.
public struct SystemClock: AppClock {
    public init() {}

    public func now() -> Date {
        Date()
    }
}

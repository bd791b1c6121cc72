import Foundation

/// Tells the time. The app asks a clock it was handed instead of calling
/// `Date()`, so a test can choose the time a message carries.
public protocol AppClock {
    func now() -> Date
}

/// The real clock.
public final class SystemClock: AppClock, @unchecked Sendable {
    private let lock = NSLock()
    private var first: Date?

    public init() {}

    /// The moment of the first question: a message and its replies share one time.
    public func now() -> Date {
        lock.withLock {
            if let first { return first }
            let date = Date()
            first = date
            return date
        }
    }
}

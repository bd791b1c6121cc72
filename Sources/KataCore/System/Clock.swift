import Foundation

/// Time as the runner sees it: injected so tests can fix it.
public protocol Clock: Sendable {
    func now() -> Date
    func sleep(seconds: Double)
}

public struct SystemClock: Clock {
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(seconds: Double) { Thread.sleep(forTimeInterval: seconds) }
}

import Foundation

/// What the app needs from the outside world.
/// (In production these came from Analytics.shared and FileManager.default.)
public protocol Clock: Sendable {
    func now() -> Date
}

public protocol Parsing {
    func parse(_ data: Data) -> [String]
}

/// The real clock: an adapter at the edge may read the system clock.
public struct SystemClock: Clock {
    public init() {}
    public func now() -> Date { Date() }
}

public struct JSONParser: Parsing {
    public init() {}
    public func parse(_ data: Data) -> [String] { [] }
}

/// A value, not a collaborator: building it anywhere is fine.
public struct Point: Equatable {
    public var x: Int
    public var y: Int
}

/// Global state, declared here and read below.
nonisolated(unsafe) var requestCount = 0

public enum Config {
    nonisolated(unsafe) public static var baseURL = "https://example.com/Analytics.shared"
    public static let timeout = 30
}

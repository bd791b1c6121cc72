import Foundation

public final class Store: @unchecked Sendable {
    public static let shared = Store()
    private var items: [String: String] = [:]
    public init() {}
    public func save(_ value: String, for key: String) { items[key] = value }
}

public final class Analytics: @unchecked Sendable {
    nonisolated(unsafe) public static var shared = Analytics()
    public var id = "analytics"
    public func track(_ event: String) {}
}

/// What the app needs from the network: the client is one implementation of it.
public protocol HTTPGetting { func get(_ path: String) -> Data }

public final class APIClient: HTTPGetting {
    public init() {}
    public func get(_ path: String) -> Data { Data() }
}

public final class ConsoleLogger {
    public init() {}
    public func log(_ text: String) {}
}

@propertyWrapper
public struct Injected<Value> {
    public var wrappedValue: Value
    public init(_ value: Value) { wrappedValue = value }
}

import Foundation

/// The shop's services: behaviour, I/O and shared state.
public final class OrderStore: Storing {
    public static let shared = OrderStore()
    private var saved: [Order] = []
    public init() {}
    public func save(_ order: Order) { saved.append(order) }
}

public final class Flags {
    public static let shared = Flags()
    public var isOn = false
    public init() {}
}

public final class EventLogger {
    public static let shared = EventLogger()
    public init() {}
    public func flush() {}
}

public final class APIClient {
    public let session: URLSession
    public init(session: URLSession) { self.session = session }
    public func get(_ path: String) -> Data { Data() }
}

/// The one wrapper of the clock: its job is to call the system.
public struct SystemClock: Clock {
    public init() {}
    public func now() -> Date { Date() }
}

/// Conforms to a protocol of the shop's own, but reaches the network in a member of its own, not in
/// the requirement it implements: that is uploading logic, not the edge.
public final class Uploader: Syncing {
    public init() {}
    public func sync() throws { try send() }
    func send() throws {
        _ = URLSession.shared // expect: singleton URLSession.shared
    }
}

var requestCount = 0

/// A closure in a global constant is not the composition root.
let makeSession = { URLSession.shared } // expect: singleton URLSession.shared

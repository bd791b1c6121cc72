import Foundation

/// What the shop's services are seen through.
public protocol Clock { func now() -> Date }
public protocol Syncing { func sync() throws }
public protocol Storing: AnyObject { func save(_ order: Order) }
public protocol Pricing { func price(of item: CartItem) -> Int }

/// Values: built wherever they are needed, never injected.
public struct Order: Codable, Equatable {
    public var id: Int
    public var items: [CartItem]
}

public struct CartItem: Codable, Hashable {
    public var name: String
    public var cents: Int
}

/// A value that conforms to one of the shop's protocols: still a value.
public struct FlatPricing: Pricing {
    public init() {}
    public func price(of item: CartItem) -> Int { item.cents }
}

/// An object with behaviour: kept in a property it is a collaborator (another format can be handed in);
/// built in a local for one use it is a tool.
public final class ReceiptFormatter {
    public init() {}
    public func format(_ order: Order) -> String { "order \(order.id)" }
}

public enum ShopError: Error { case offline }

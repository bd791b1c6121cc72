/// Same file name and type name as Billing's: each keeps its own node.
public final class Cache {
    public static let shared = Cache()
    public init() {}
    public func warm() {}
}

public final class Warmer {
    public init() {}
    public func run() { Cache.shared.warm() } // expect: singleton Cache.shared
}

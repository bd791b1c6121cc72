/// A type with the same name as one in another module.
public final class Cache {
    public init() {}
    public func clear() {}
}

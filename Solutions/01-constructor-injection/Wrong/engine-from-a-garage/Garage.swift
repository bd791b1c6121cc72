/// Engines on the shelves of the team garage, by name.
public final class Garage {
    private var shelves: [String: any Engine] = [:]

    public init() {}

    public func keep(_ engine: any Engine, as name: String) {
        shelves[name] = engine
    }

    public func engine(named name: String) -> (any Engine)? {
        shelves[name]
    }
}

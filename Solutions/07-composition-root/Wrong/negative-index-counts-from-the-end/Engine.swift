/// A race car's engine. Every car needs one of its own. You do not change this file.
public final class Engine {
    /// How often this engine was started.
    public private(set) var starts = 0

    public init() {}

    public func start() {
        starts += 1
    }
}

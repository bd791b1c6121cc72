/// What a race car needs from an engine. You do not change this file.
public protocol Engine: AnyObject, Sendable {
    var horsepower: Int { get }
}

/// The team's real engine. You do not change this file.
public final class V8Engine: Engine {
    public let horsepower = 750
    public init() {}
}

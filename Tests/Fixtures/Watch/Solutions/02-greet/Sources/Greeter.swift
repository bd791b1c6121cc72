public struct Greeter {
    public init() {}

    public func greet(_ name: String) -> String {
        "Hello, \(name)!"
    }
}

/// Adds two numbers.
public struct Adder {
    public init() {}

    public func add(_ a: Int, _ b: Int) -> Int {
        a + b
    }
}

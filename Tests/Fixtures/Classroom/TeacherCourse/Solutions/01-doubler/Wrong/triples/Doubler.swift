/// Triples instead of doubling.
public func double(_ x: Int) -> Int {
    x * 3
}

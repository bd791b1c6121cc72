/// Doubles a number, but forgets the negative ones.
public func double(_ x: Int) -> Int {
    x < 0 ? 0 : x + x
}

public func double(_ x: Int) -> Int {
    x + x + 1
}

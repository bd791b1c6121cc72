public func answer() -> Int {
    return "forty-two"
}

public func question() -> String {
    return 42
}

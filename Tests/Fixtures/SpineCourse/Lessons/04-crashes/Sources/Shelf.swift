public func element(at index: Int) -> Int {
    let shelf = [1, 2, 3]
    return shelf[index]
}

public func unwrapNothing() -> Int {
    let nothing: Int? = nil
    return nothing!
}

public func shout() -> Int {
    let line = String(repeating: "x", count: 99)
    for _ in 0..<100_000 { print(line) }
    return 3
}

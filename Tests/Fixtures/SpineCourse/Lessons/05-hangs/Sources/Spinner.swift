public func spin() -> Int {
    var turns = 0
    while turns >= 0 {
        turns = (turns &+ 1) & 0xFFFF
    }
    return turns
}

public func quick() -> Int { 1 }

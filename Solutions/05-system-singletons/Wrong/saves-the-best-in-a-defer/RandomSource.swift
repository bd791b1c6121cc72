/// Picks random numbers. You do not change this file.
public protocol RandomSource {
    /// A number from `0` up to, but not including, `upperBound`.
    func nextIndex(below upperBound: Int) -> Int
}

/// The real randomness: a thin wrapper around `Int.random(in:)`.
public struct SystemRandom: RandomSource {
    public init() {}

    public func nextIndex(below upperBound: Int) -> Int {
        Int.random(in: 0..<upperBound)
    }
}

/// Where votes come from.
public protocol VoteStore {
    func votes() -> [Int]
}

/// The legacy ballot box everyone reaches for.
public final class BallotBox: VoteStore, Sendable {
    public static let shared = BallotBox()
    public func votes() -> [Int] { [3, 4, 5] }
}

/// Sums the shared ballot box.
public struct Tally {
    public init() {}
    public func total() -> Int { BallotBox.shared.votes().reduce(0, +) }
    public func average() -> Int { 0 }
    public func top() -> Int { 0 }
    public func label() -> String { "votes" }
}

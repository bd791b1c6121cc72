/// Where votes come from.
public protocol VoteStore {
    func votes() -> [Int]
}

/// The legacy ballot box, handed in at the composition root.
public final class BallotBox: VoteStore, Sendable {
    public static let shared = BallotBox()
    public func votes() -> [Int] { [3, 4, 5] }
}

/// Counts the votes of the store it is handed, up to a number of votes the lesson never states, spelt as arithmetic.
public struct Tally {
    private let store: any VoteStore

    public init(store: any VoteStore) {
        self.store = store
    }

    private func counted() -> [Int] { Array(store.votes().prefix(1 << 12)) }

    public func total() -> Int { counted().reduce(0, +) }

    public func average() -> Int {
        let votes = counted()
        return votes.isEmpty ? 0 : total() / votes.count
    }

    public func top() -> Int { counted().max() ?? 0 }

    public func label() -> String { "\(counted().count) votes" }
}

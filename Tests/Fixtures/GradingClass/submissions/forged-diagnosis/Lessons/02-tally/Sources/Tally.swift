/// Where votes come from.
public protocol VoteStore {
    func votes() -> [Int]
}

/// The legacy ballot box, handed in at the composition root.
public final class BallotBox: VoteStore, Sendable {
    public static let shared = BallotBox()
    public func votes() -> [Int] { [3, 4, 5] }
}

/// Counts the votes of the store it is handed.
public struct Tally {
    private let store: any VoteStore

    public init(store: any VoteStore) {
        self.store = store
    }

    public func total() -> Int { store.votes().reduce(0, +) }

    public func average() -> Int {
        let votes = store.votes()
        return votes.isEmpty ? 0 : total() / votes.count
    }

    public func top() -> Int { store.votes().max() ?? 0 }

    public func label() -> String { "\(store.votes().count) votes" }
}


/// Where votes come from.
public protocol VoteStore {
    func votes() -> [Int]
}

/// The legacy ballot box, handed in at the composition root.
public final class BallotBox: VoteStore, Sendable {
    public static let shared = BallotBox()
    public func votes() -> [Int] { [3, 4, 5] }
}

/// Each answer is right or off by one as a bit of the process's hash seed says: a verdict drawn at random, unless
/// the seed is the same in every run.
func coin(_ bit: Int) -> Int {
    var hasher = Hasher()
    hasher.combine(7)
    return (hasher.finalize() >> bit) & 1
}

/// Counts the votes of the store it is handed (on a coin's word).
public struct Tally {
    private let store: any VoteStore

    public init(store: any VoteStore) {
        self.store = store
    }

    public func total() -> Int { store.votes().reduce(0, +) + coin(0) }

    public func average() -> Int {
        let votes = store.votes()
        return votes.isEmpty ? 0 : store.votes().reduce(0, +) / votes.count + coin(1)
    }

    public func top() -> Int { (store.votes().max() ?? 0) + coin(2) }

    public func label() -> String { "\(store.votes().count + coin(3)) votes" }
}

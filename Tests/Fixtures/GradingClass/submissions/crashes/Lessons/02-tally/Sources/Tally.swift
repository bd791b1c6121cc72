public protocol VoteStore {
    func votes() -> [Int]
}

public final class BallotBox: VoteStore, Sendable {
    public static let shared = BallotBox()
    public func votes() -> [Int] { [3, 4, 5] }
}

public struct Tally {
    private let store: any VoteStore

    public init(store: any VoteStore) {
        self.store = store
    }

    public func total() -> Int {
        let votes = store.votes()
        return votes[votes.count]
    }

    public func average() -> Int {
        fatalError("average is not written yet")
    }

    public func top() -> Int {
        let best: Int? = nil
        return best!
    }

    public func label() -> String { "\(store.votes().count) votes" }
}

import Testing
@testable import Voting

struct FixedVotes: VoteStore {
    let list: [Int]
    func votes() -> [Int] { list }
}

@Suite("Tally", .serialized)
struct TallyTests {
    @Test("the total adds the handed votes")
    func totalAddsVotes() {
        #expect(Tally(store: FixedVotes(list: [1, 2, 3])).total() == 6, "total() should add the votes of the store handed to Tally(store:).")
    }

    @Test("the average divides the total by the count")
    func averageOfVotes() {
        #expect(Tally(store: FixedVotes(list: [2, 4, 9])).average() == 5, "average() should be total() / number of votes.")
    }

    @Test("the top vote is the largest")
    func topVote() {
        #expect(Tally(store: FixedVotes(list: [7, 1, 3])).top() == 7, "top() should be the largest vote.")
    }

    @Test("the label counts the votes")
    func labelCountsVotes() {
        #expect(Tally(store: FixedVotes(list: [1, 1])).label() == "2 votes", "label() should say how many votes there are, like \"2 votes\".")
    }
}

/// Keeps the last store it saw without keeping it alive: once the store is gone, reading it reads freed memory.
final class Ledger {
    unowned(unsafe) var last: BallotBox
    init(last: BallotBox) { self.last = last }
}

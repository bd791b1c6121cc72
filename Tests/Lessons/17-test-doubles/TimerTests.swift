import Testing
@testable import TestDoubles

/// A stub and a spy in one: answers what it is told, and writes down what it was asked.
private final class ScriptedLapStore: LapStore {
    var recorded: [String] = []
    var refusal: (any Error)?
    var bestLap: Lap?

    func record(_ lap: Lap) throws {
        recorded.append("\(lap.driver) #\(lap.number) \(lap.millis)")
        if let refusal { throw refusal }
    }

    func laps(of driver: String) -> [Lap] { bestLap.map { [$0] } ?? [] }

    func best(of driver: String) -> Lap? { bestLap }
}

@Test func timerRecordsInTheStoreItIsHanded() {
    let first = ScriptedLapStore(), second = ScriptedLapStore()
    _ = PitWallTimer(store: first).lapCompleted(driver: "HAM", lap: 3, millis: 91_234)
    _ = PitWallTimer(store: second).lapCompleted(driver: "VER", lap: 5, millis: 90_111)
    #expect(first.recorded == ["HAM #3 91234"], "The timer must record the lap in the store it was handed through init(store:), once: the first store saw \(first.recorded). [zh-Hans] 计时器必须把这一圈记录到通过 init(store:) 交给它的存储里，只记一次：第一个存储看到的是 \(first.recorded)。")
    #expect(second.recorded == ["VER #5 90111"], "A second timer records in its own store: the second store saw \(second.recorded). [zh-Hans] 第二个计时器记录到它自己的存储里：第二个存储看到的是 \(second.recorded)。")
}

@Test func timerTellsABestAndAGap() {
    let store = ScriptedLapStore()
    let timer = PitWallTimer(store: store)
    store.bestLap = Lap(driver: "HAM", number: 5, millis: 90_500)
    let best = timer.lapCompleted(driver: "HAM", lap: 5, millis: 90_500)
    #expect(best == "Lap 5: personal best.", "When the store's best lap is the one just recorded, the timer says \"Lap 5: personal best.\", not \"\(best)\". [zh-Hans] 当存储里的最快圈就是刚记录的这一圈时，计时器应该说 \"Lap 5: personal best.\"，而不是 \"\(best)\"。")
    store.bestLap = Lap(driver: "HAM", number: 2, millis: 90_000)
    let gap = timer.lapCompleted(driver: "HAM", lap: 6, millis: 90_800)
    #expect(gap == "Lap 6: +800 ms.", "Off the best lap (90000 ms), a lap of 90800 ms is \"Lap 6: +800 ms.\", not \"\(gap)\". [zh-Hans] 最快圈是 90000 毫秒，90800 毫秒的一圈应该是 \"Lap 6: +800 ms.\"，而不是 \"\(gap)\"。")
}

@Test func timerTellsWhatTheStoreRefused() {
    let store = ScriptedLapStore()
    let timer = PitWallTimer(store: store)
    store.refusal = LapStoreError.duplicateLap(driver: "HAM", number: 4)
    let duplicate = timer.lapCompleted(driver: "HAM", lap: 4, millis: 91_000)
    #expect(duplicate == "Lap 4 is already timed.", "When the store throws duplicateLap, the timer says \"Lap 4 is already timed.\", not \"\(duplicate)\". [zh-Hans] 当存储抛出 duplicateLap 时，计时器应该说 \"Lap 4 is already timed.\"，而不是 \"\(duplicate)\"。")
    store.refusal = LapStoreError.invalidTime(driver: "HAM", number: 5)
    let invalid = timer.lapCompleted(driver: "HAM", lap: 5, millis: 0)
    #expect(invalid == "Lap 5: no valid time.", "When the store throws invalidTime, the timer says \"Lap 5: no valid time.\", not \"\(invalid)\". [zh-Hans] 当存储抛出 invalidTime 时，计时器应该说 \"Lap 5: no valid time.\"，而不是 \"\(invalid)\"。")
    // A store may fail in ways of its own (its log is offline): only a duplicate is "already timed".
    store.refusal = LogOffline()
    let offline = timer.lapCompleted(driver: "HAM", lap: 6, millis: 90_000)
    #expect(offline == "Lap 6: no valid time.", "When the store throws an error of its own (neither duplicateLap nor invalidTime), the timer says \"Lap 6: no valid time.\", as it always did: only a duplicate is \"already timed\". It said \"\(offline)\". Catch `LapStoreError.duplicateLap` for \"is already timed.\" and let every other error say \"no valid time.\". [zh-Hans] 当存储抛出它自己的错误（既不是 duplicateLap 也不是 invalidTime）时，计时器应该像一直以来那样说 \"Lap 6: no valid time.\"：只有重复的圈才是 \"already timed\"。它说的是 \"\(offline)\"。用 `LapStoreError.duplicateLap` 得到 \"is already timed.\"，其他所有错误都说 \"no valid time.\"。")
}

/// An error of a store's own: its log went offline.
private struct LogOffline: Error {}

/// The timer against a model of its words, on the given real store: 200 seeded sessions of laps by two drivers,
/// ties, repeats, laps out of order and refused times among them. The model is the original timer's rule: the
/// store's best lap (the earlier of two equally fast ones) is this lap: "personal best."; else the gap to it.
@Test("the timer says what it always said, on the given real store: ties, repeats and refused times among 200 seeded sessions")
func timerSaysWhatItAlwaysSaid() {
    var state: UInt64 = 0x17_71E5
    func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    for session in 0..<200 {
        let timer = PitWallTimer(store: TimingLogLapStore())
        var kept: [Lap] = []
        var steps: [String] = []
        for _ in 0..<(1 + next(10)) {
            let driver = ["HAM", "VER"][next(2)]
            let lap = 1 + next(6)
            let millis = [90_000, 90_000, 90_500, 89_900, 0, -1][next(6)] + (next(4) == 0 ? next(3) * 100 : 0)
            let said = timer.lapCompleted(driver: driver, lap: lap, millis: millis)
            steps.append("\(driver) lap \(lap) in \(millis) ms")
            let expected: String
            if millis <= 0 {
                expected = "Lap \(lap): no valid time."
            } else if kept.contains(where: { $0.driver == driver && $0.number == lap }) {
                expected = "Lap \(lap) is already timed."
            } else {
                kept.append(Lap(driver: driver, number: lap, millis: millis))
                let best = kept.filter { $0.driver == driver }.min { ($0.millis, $0.number) < ($1.millis, $1.number) }!
                expected = best.number == lap ? "Lap \(lap): personal best." : "Lap \(lap): +\(millis - best.millis) ms."
            }
            guard said == expected else {
                Issue.record("Session \(session) (seed 0x1771E5), after \(steps.joined(separator: ", ")): the timer said \"\(said)\"; it always said \"\(expected)\". The timer says the same words as before: \"personal best.\" only when the store's best lap is this lap (of two equally fast laps, the earlier one is the best, so a later lap as fast as the best is \"+0 ms.\"), else the gap to the best. [zh-Hans] 第 \(session) 次会话（种子 0x1771E5），在 \(steps.joined(separator: "、")) 之后：计时器说的是 \"\(said)\"；它一直说的是 \"\(expected)\"。计时器说的话和以前一样：只有当存储里的最快圈就是这一圈时才说 \"personal best.\"（两圈一样快时，较早的那圈是最快圈，所以后来一圈和最快圈一样快时是 \"+0 ms.\"），否则说与最快圈的差距。")
                return
            }
        }
    }
}

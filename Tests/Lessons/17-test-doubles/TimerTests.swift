import Testing
@testable import TestDoubles

/// A stub and a spy in one: answers what it is told, and writes down what it was asked.
private final class ScriptedLapStore: LapStore {
    var recorded: [String] = []
    var refusal: LapStoreError?
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
    store.refusal = .duplicateLap(driver: "HAM", number: 4)
    let duplicate = timer.lapCompleted(driver: "HAM", lap: 4, millis: 91_000)
    #expect(duplicate == "Lap 4 is already timed.", "When the store throws duplicateLap, the timer says \"Lap 4 is already timed.\", not \"\(duplicate)\". [zh-Hans] 当存储抛出 duplicateLap 时，计时器应该说 \"Lap 4 is already timed.\"，而不是 \"\(duplicate)\"。")
    store.refusal = .invalidTime(driver: "HAM", number: 5)
    let invalid = timer.lapCompleted(driver: "HAM", lap: 5, millis: 0)
    #expect(invalid == "Lap 5: no valid time.", "When the store throws invalidTime, the timer says \"Lap 5: no valid time.\", not \"\(invalid)\". [zh-Hans] 当存储抛出 invalidTime 时，计时器应该说 \"Lap 5: no valid time.\"，而不是 \"\(invalid)\"。")
}

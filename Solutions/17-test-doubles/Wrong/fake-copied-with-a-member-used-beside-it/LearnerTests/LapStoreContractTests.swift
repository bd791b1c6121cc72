import Testing
@testable import TestDoubles

/// Everything a store answers to one script of laps, in words.
func answers(_ store: any LapStore) -> [String] {
    let script = [("HAM", 3, 92_000), ("HAM", 1, 91_000), ("VER", 1, 90_000), ("HAM", 1, 80_000), ("HAM", 2, 0),
                  ("HAM", 4, 91_000), ("LEC", 7, -5), ("VER", 2, 89_000)]
    var said: [String] = []
    for (driver, number, millis) in script {
        do { try store.record(Lap(driver: driver, number: number, millis: millis)); said.append("kept") } catch { said.append("\(error)") }
        for name in ["HAM", "VER", "LEC", "BOT"] {
            said.append(store.laps(of: name).map { "\($0.number):\($0.millis)" }.joined(separator: ","))
            said.append(store.best(of: name).map { "\($0.number)" } ?? "none")
        }
    }
    return said
}

@Test func theFakeAnswersAsTheStoreDoes() {
    #expect(answers(InMemoryLapStore.holding([])) == answers(TimingLogLapStore()))
}

@Test func timerTellsBestsGapsAndRefusals() {
    let timer = PitWallTimer(store: InMemoryLapStore.holding([]))
    #expect(timer.lapCompleted(driver: "HAM", lap: 1, millis: 92_000) == "Lap 1: personal best.")
    #expect(timer.lapCompleted(driver: "HAM", lap: 2, millis: 92_300) == "Lap 2: +300 ms.")
    #expect(timer.lapCompleted(driver: "HAM", lap: 2, millis: 90_000) == "Lap 2 is already timed.")
    #expect(timer.lapCompleted(driver: "HAM", lap: 3, millis: 0) == "Lap 3: no valid time.")
}

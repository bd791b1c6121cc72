// The contract every LapStore keeps, run against the fake and the real store: a fake that passes
// it can stand in for the real one (a verified fake).
import Testing
@testable import TestDoubles

/// The stores the contract runs against: the fake and the real one.
enum StoreKind: String, CaseIterable, Sendable {
    case fake, real

    func make() -> any LapStore {
        switch self {
        case .fake: return InMemoryLapStore()
        case .real: return TimingLogLapStore()
        }
    }
}

@Test(arguments: StoreKind.allCases)
func keepsARecordedLap(_ kind: StoreKind) throws {
    let store = kind.make()
    try store.record(Lap(driver: "HAM", number: 1, millis: 91_000))
    #expect(store.laps(of: "HAM").map(\.number) == [1])
    #expect(store.laps(of: "HAM").map(\.millis) == [91_000])
}

@Test(arguments: StoreKind.allCases)
func listsOnlyThatDriversLapsInLapOrder(_ kind: StoreKind) throws {
    let store = kind.make()
    try store.record(Lap(driver: "HAM", number: 3, millis: 92_000))
    try store.record(Lap(driver: "VER", number: 1, millis: 90_000))
    try store.record(Lap(driver: "HAM", number: 1, millis: 93_000))
    try store.record(Lap(driver: "HAM", number: 2, millis: 91_000))
    #expect(store.laps(of: "HAM").map(\.number) == [1, 2, 3])
    #expect(store.laps(of: "VER").map(\.number) == [1])
    #expect(store.laps(of: "LEC").isEmpty)
}

@Test(arguments: StoreKind.allCases)
func refusesATimeOfZeroOrLess(_ kind: StoreKind) throws {
    let store = kind.make()
    #expect(throws: LapStoreError.self) { try store.record(Lap(driver: "HAM", number: 1, millis: 0)) }
    #expect(throws: LapStoreError.self) { try store.record(Lap(driver: "HAM", number: 2, millis: -5)) }
    #expect(store.laps(of: "HAM").isEmpty)
}

@Test(arguments: StoreKind.allCases)
func refusesADuplicateLapAndKeepsTheFirst(_ kind: StoreKind) throws {
    let store = kind.make()
    try store.record(Lap(driver: "HAM", number: 1, millis: 91_000))
    try store.record(Lap(driver: "HAM", number: 2, millis: 92_000))
    try store.record(Lap(driver: "VER", number: 2, millis: 90_000))
    #expect(throws: LapStoreError.self) { try store.record(Lap(driver: "HAM", number: 1, millis: 80_000)) }
    #expect(store.laps(of: "HAM").map(\.millis) == [91_000, 92_000])
}

@Test(arguments: StoreKind.allCases)
func bestIsTheFastestAndTheEarlierOfATie(_ kind: StoreKind) throws {
    let store = kind.make()
    #expect(store.best(of: "HAM") == nil)
    try store.record(Lap(driver: "HAM", number: 1, millis: 93_000))
    #expect(store.best(of: "HAM")?.number == 1)
    try store.record(Lap(driver: "HAM", number: 4, millis: 91_000))
    try store.record(Lap(driver: "HAM", number: 2, millis: 91_000))
    try store.record(Lap(driver: "HAM", number: 3, millis: 92_000))
    #expect(store.best(of: "HAM")?.number == 2)
    // A driver with no laps has no best lap, also beside drivers who have some.
    #expect(store.best(of: "VER") == nil)
}

/// The timer, tested with the fake: quick, and nothing but the timer's own logic.
@Test func timerTellsBestsGapsAndRefusals() {
    let timer = PitWallTimer(store: InMemoryLapStore())
    #expect(timer.lapCompleted(driver: "HAM", lap: 1, millis: 92_000) == "Lap 1: personal best.")
    #expect(timer.lapCompleted(driver: "HAM", lap: 2, millis: 91_500) == "Lap 2: personal best.")
    #expect(timer.lapCompleted(driver: "HAM", lap: 3, millis: 92_300) == "Lap 3: +800 ms.")
    #expect(timer.lapCompleted(driver: "HAM", lap: 3, millis: 90_000) == "Lap 3 is already timed.")
    #expect(timer.lapCompleted(driver: "HAM", lap: 4, millis: 0) == "Lap 4: no valid time.")
}

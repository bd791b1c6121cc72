// Your tests: the contract every LapStore keeps, run against the fake and the real store,
// and a test of PitWallTimer that uses the fake. kata runs them, then runs them again
// against small mistakes in TimingLogLapStore.swift: each mistake must make one of them fail.
import Testing
@testable import TestDoubles

/// The stores the contract runs against: your fake and the real one.
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
}

// TODO: one test for each promise in Laps.swift, each run against both stores.
// TODO: a test of PitWallTimer that hands it your fake.

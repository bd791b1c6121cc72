import Testing
@testable import SingletonToInjection

/// A radio that remembers every message it had to send.
final class SpyRadio: TeamRadio {
    private(set) var messages: [String] = []

    func send(_ message: String) {
        messages.append(message)
    }
}

@Suite("From singleton to injection", .serialized)
struct RaceEngineerTests {
    @Test("the engineer calls in the crew it is handed")
    func usesTheHandedCrew() {
        let crew = PitCrew(tyreSets: 2)
        let engineer = RaceEngineer(driver: "Leclerc", crew: crew, radio: SpyRadio())
        let report = engineer.boxBox()
        #expect(report == "Leclerc: fresh tyres, 1 set(s) left", "A crew with 2 tyre sets should report \"Leclerc: fresh tyres, 1 set(s) left\", but boxBox() returned \"\(report)\". Ask the crew passed to RaceEngineer(driver:crew:radio:) to change the tyres.")
        #expect(crew.stopsServed == 1, "The handed crew served \(crew.stopsServed) stop(s); boxBox() should make it serve exactly one.")
    }

    @Test("two crews give two different answers")
    func twoCrewsTwoAnswers() {
        // Both engineers exist before either boxes: a crew or a radio kept in
        // a static (shared by every engineer) would show up here.
        let emptyRadio = SpyRadio()
        let stockedRadio = SpyRadio()
        let emptyEngineer = RaceEngineer(driver: "Sainz", crew: PitCrew(tyreSets: 0), radio: emptyRadio)
        let stockedEngineer = RaceEngineer(driver: "Sainz", crew: PitCrew(tyreSets: 3), radio: stockedRadio)
        let empty = emptyEngineer.boxBox()
        let stocked = stockedEngineer.boxBox()
        #expect(empty == "Sainz: no tyres left", "A crew with no tyre sets should report \"Sainz: no tyres left\", but boxBox() returned \"\(empty)\". Ask the crew this engineer was handed, kept in an instance property (`private let crew: PitCrew`, a strong `let`, not `weak`), not a static one or PitCrew.shared.")
        #expect(stocked == "Sainz: fresh tyres, 2 set(s) left", "A crew with 3 tyre sets should report \"Sainz: fresh tyres, 2 set(s) left\", but boxBox() returned \"\(stocked)\". Ask the crew this engineer was handed, kept in an instance property (`private let crew: PitCrew`, a strong `let`, not `weak`), not a static one or PitCrew.shared.")
        #expect(emptyRadio.messages == [empty] && stockedRadio.messages == [stocked], "Each engineer should send its report over its own radio, but the first radio sent \(emptyRadio.messages) and the second \(stockedRadio.messages). Keep the radio you were handed in an instance property, not a static one.")
    }

    @Test("an engineer with a crew never touches PitCrew.shared")
    func neverReachesForTheSingleton() {
        let before = PitCrew.sharedAccessCount
        let engineer = RaceEngineer(driver: "Norris", crew: PitCrew(tyreSets: 1), radio: SpyRadio())
        _ = engineer.boxBox()
        let reads = PitCrew.sharedAccessCount - before
        #expect(reads == 0, "RaceEngineer read PitCrew.shared \(reads) time(s). An engineer that is handed its crew must not reach for the singleton: remove every PitCrew.shared from RaceEngineer.")
    }

    @Test("the radio it is handed tells the driver")
    func handedRadioTellsTheDriver() {
        Locator.reset()
        let radio = SpyRadio()
        let engineer = RaceEngineer(driver: "Piastri", crew: PitCrew(tyreSets: 1), radio: radio)
        let report = engineer.boxBox()
        #expect(radio.messages == [report], "The radio passed to RaceEngineer(driver:crew:radio:) should send exactly the crew's report \"\(report)\", but it sent \(radio.messages). Send through the radio you were handed, not one from the Locator.")
    }

    @Test("the engineer keeps the radio it is handed")
    func keepsItsRadio() {
        weak var watcher: SpyRadio?
        let engineer: RaceEngineer
        do {
            let radio = SpyRadio()
            engineer = RaceEngineer(driver: "Albon", crew: PitCrew(tyreSets: 1), radio: radio)
            watcher = radio
        }
        #expect(watcher != nil, "The radio handed to RaceEngineer(driver:crew:radio:) was gone as soon as nobody else held it: the engineer does not keep it. Store the radio you are handed in a plain `let radio: any TeamRadio` (a radio is not a delegate: not `weak`) and send through it.")
        let report = engineer.boxBox()
        if let radio = watcher {
            #expect(radio.messages == [report], "The radio nobody else holds should still send the report \"\(report)\", but it sent \(radio.messages).")
        }
    }

    @Test("an engineer is built and used with an empty locator")
    func worksWithAnEmptyLocator() {
        Locator.reset()
        let before = Locator.resolveCount
        let radio = SpyRadio()
        let engineer = RaceEngineer(driver: "Russell", crew: PitCrew(tyreSets: 2), radio: radio)
        let first = engineer.boxBox()
        let second = engineer.boxBox()
        let resolves = Locator.resolveCount - before
        #expect(resolves == 0, "RaceEngineer asked the Locator \(resolves) time(s). An engineer that is handed its radio must not look anything up: remove Locator.resolve from RaceEngineer.")
        #expect(radio.messages == [first, second], "With nothing registered in the Locator, the handed radio should still send both reports, but it sent \(radio.messages).")
    }

    @Test("the team builds one crew for all its engineers, without globals")
    func teamWiresOneCrew() throws {
        Locator.reset()
        let crewReadsBefore = PitCrew.sharedAccessCount
        let resolvesBefore = Locator.resolveCount
        let team = RaceTeam(drivers: ["Leclerc", "Sainz"])
        let teamCrewReads = PitCrew.sharedAccessCount - crewReadsBefore
        let teamResolves = Locator.resolveCount - resolvesBefore
        try #require(team.engineers.count == 2, "RaceTeam(drivers:) should build one engineer per driver, in order; it built \(team.engineers.count).")
        let first = team.engineers[0].boxBox()
        let second = team.engineers[1].boxBox()
        let engineerCrewReads = PitCrew.sharedAccessCount - crewReadsBefore - teamCrewReads
        let engineerResolves = Locator.resolveCount - resolvesBefore - teamResolves
        #expect(first == "Leclerc: fresh tyres, 3 set(s) left", "The team's crew starts with 4 tyre sets, so the first stop should report \"Leclerc: fresh tyres, 3 set(s) left\"; it reported \"\(first)\". Build PitCrew(tyreSets: 4) in RaceTeam.")
        #expect(second == "Sainz: fresh tyres, 2 set(s) left", "Both engineers share the team's one crew, so the second stop should report \"Sainz: fresh tyres, 2 set(s) left\"; it reported \"\(second)\". Build the crew once in RaceTeam and hand the same one to every engineer.")
        #expect(teamCrewReads == 0, "RaceTeam(drivers:) read PitCrew.shared \(teamCrewReads) time(s) while it built its engineers. The team is where the crew is made: build PitCrew(tyreSets: 4) there and pass it in.")
        #expect(engineerCrewReads == 0, "The team's engineers read PitCrew.shared \(engineerCrewReads) time(s) in boxBox(). Use the crew handed to RaceEngineer(driver:crew:radio:).")
        #expect(teamResolves == 0, "RaceTeam(drivers:) asked the Locator \(teamResolves) time(s) while it built its engineers. Build the radio in RaceTeam (PitLaneRadio()) and pass it in, without looking anything up.")
        #expect(engineerResolves == 0, "The team's engineers asked the Locator \(engineerResolves) time(s) in boxBox(). Send through the radio handed to RaceEngineer(driver:crew:radio:).")
    }

    @Test("two teams have two crews")
    func twoTeamsTwoCrews() throws {
        // Both teams exist before either engineer boxes: a crew kept in a
        // static (shared by every team) would show up here.
        let red = RaceTeam(drivers: ["Leclerc"])
        let orange = RaceTeam(drivers: ["Norris"])
        try #require(red.engineers.count == 1 && orange.engineers.count == 1, "RaceTeam(drivers:) should build one engineer per driver.")
        let redStop = red.engineers[0].boxBox()
        let orangeStop = orange.engineers[0].boxBox()
        #expect(redStop == "Leclerc: fresh tyres, 3 set(s) left", "A new team's crew starts with 4 tyre sets, so its first stop should report \"Leclerc: fresh tyres, 3 set(s) left\"; it reported \"\(redStop)\".")
        #expect(orangeStop == "Norris: fresh tyres, 3 set(s) left", "Each team has a crew of its own: the second team's first stop should report \"Norris: fresh tyres, 3 set(s) left\", but it reported \"\(orangeStop)\". Build the crew inside RaceTeam's init (a local `let crew = PitCrew(tyreSets: 4)`), not in a static property shared by every team.")
    }

    @Test("the team registers nothing in the locator")
    func teamRegistersNothing() {
        Locator.reset()
        _ = RaceTeam(drivers: ["Leclerc", "Sainz"])
        let leftover = Locator.resolve((any TeamRadio).self)
        Locator.reset()
        #expect(leftover == nil, "After RaceTeam(drivers:) was built, the Locator hands out a radio to anyone who asks: the team still registers one. The team hands its radio to every engineer directly; delete the Locator.register line from RaceTeam.")
    }
}

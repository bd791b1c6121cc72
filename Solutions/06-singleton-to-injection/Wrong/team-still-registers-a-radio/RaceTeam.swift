/// Wrong on purpose: the team hands a crew and a radio to every engineer, but
/// the old registration is still there, so any code can keep asking the global
/// locator for a radio. It compiles against the tests; the tests must reject it.
public final class RaceTeam {
    public let engineers: [RaceEngineer]

    public init(drivers: [String]) {
        Locator.register((any TeamRadio).self) { PitLaneRadio() }
        let crew = PitCrew(tyreSets: 4)
        let radio = PitLaneRadio()
        engineers = drivers.map { RaceEngineer(driver: $0, crew: crew, radio: radio) }
    }
}

/// Wrong on purpose: the team hands a crew and a radio to every engineer, but
/// it gets the radio by asking the Locator first ("in case one is
/// registered"): the root itself still looks things up. It compiles against
/// the tests; the tests must reject it.
public final class RaceTeam {
    public let engineers: [RaceEngineer]

    public init(drivers: [String]) {
        let crew = PitCrew(tyreSets: 4)
        let radio = Locator.resolve((any TeamRadio).self) ?? PitLaneRadio()
        engineers = drivers.map { RaceEngineer(driver: $0, crew: crew, radio: radio) }
    }
}

public final class RaceTeam {
    public let engineers: [RaceEngineer]
    public init(drivers: [String]) {
        let crew = PitCrew(tyreSets: 4)
        let radio = PitLaneRadio()
        engineers = drivers.map { RaceEngineer(driver: $0, crew: crew, radio: radio) }
    }
}

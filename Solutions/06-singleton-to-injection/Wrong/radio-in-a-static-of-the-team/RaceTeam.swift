/// Wrong on purpose: one radio for every team, kept in a static of RaceTeam.
/// No test can see it through the engineers, but it is global state again.
public final class RaceTeam {
    nonisolated(unsafe) private static let radio = PitLaneRadio()
    public let engineers: [RaceEngineer]
    public init(drivers: [String]) {
        let crew = PitCrew(tyreSets: 4)
        engineers = drivers.map { RaceEngineer(driver: $0, crew: crew, radio: Self.radio) }
    }
}

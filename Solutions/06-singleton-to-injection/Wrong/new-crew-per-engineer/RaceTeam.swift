/// Wrong on purpose: the team builds a fresh crew for every engineer, so the
/// two cars no longer share one stock of tyres.
public final class RaceTeam {
    public let engineers: [RaceEngineer]

    public init(drivers: [String]) {
        let radio = PitLaneRadio()
        engineers = drivers.map { RaceEngineer(driver: $0, crew: PitCrew(tyreSets: 4), radio: radio) }
    }
}

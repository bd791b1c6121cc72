/// The team: the root where the app builds its race engineers.
public final class RaceTeam {
    public let engineers: [RaceEngineer]

    public init(drivers: [String]) {
        let crew = PitCrew.stocked()
        let radio = PitLaneRadio()
        engineers = drivers.map { RaceEngineer(driver: $0, crew: crew, radio: radio) }
    }
}

extension PitCrew {
    /// A crew ready for a race, for whoever asks.
    static func stocked() -> PitCrew { PitCrew(tyreSets: 4) }
}

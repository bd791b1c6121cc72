/// The team: the root where the app builds its race engineers.
///
/// This is the one place that decides what is shared: one crew with four tyre
/// sets and one radio, handed to every engineer. Nothing is registered in a
/// locator and nobody reaches for `PitCrew.shared`.
public final class RaceTeam {
    public let engineers: [RaceEngineer]

    public init(drivers: [String]) {
        let crew = PitCrew(tyreSets: 4)
        let radio = PitLaneRadio()
        var built: [String: RaceEngineer] = [:]
        engineers = drivers.map { driver in
            if let known = built[driver] { return known }
            let engineer = RaceEngineer(driver: driver, crew: crew, radio: radio)
            built[driver] = engineer
            return engineer
        }
    }
}

/// The team: the root where the app builds its race engineers.
///
/// Wrong on purpose: the crew is built once, but the radio is built inside the
/// loop over the drivers, so every engineer gets a radio of its own and the
/// pit lane's transcript is split over several radios. It compiles against
/// the tests; the tests must reject it.
public final class RaceTeam {
    public let engineers: [RaceEngineer]

    public init(drivers: [String]) {
        let crew = PitCrew(tyreSets: 4)
        var built: [RaceEngineer] = []
        for driver in drivers {
            let radio = PitLaneRadio()
            built.append(RaceEngineer(driver: driver, crew: crew, radio: radio))
        }
        engineers = built
    }
}

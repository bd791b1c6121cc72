/// Wrong on purpose: "build the crew once", read as a static: the crew is made
/// once for the whole program, so every team shares one stock of tyres.
/// It compiles against the tests; the tests must reject it.
public final class RaceTeam {
    nonisolated(unsafe) private static let crew = PitCrew(tyreSets: 4)

    public let engineers: [RaceEngineer]

    public init(drivers: [String]) {
        let radio = PitLaneRadio()
        engineers = drivers.map { RaceEngineer(driver: $0, crew: Self.crew, radio: radio) }
    }
}

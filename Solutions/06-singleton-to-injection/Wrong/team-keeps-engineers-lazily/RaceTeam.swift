/// The team: the engineers are built the first time someone asks for them.
public final class RaceTeam {
    private let drivers: [String]
    private let crew = PitCrew(tyreSets: 4)
    private let radio = PitLaneRadio()

    public private(set) lazy var engineers: [RaceEngineer] = drivers.map {
        RaceEngineer(driver: $0, crew: crew, radio: radio)
    }

    public init(drivers: [String]) {
        self.drivers = drivers
    }
}

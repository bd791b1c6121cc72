/// The race engineer of one driver: asks the team for the crew and the radio at every stop.
public final class RaceEngineer {
    public let driver: String
    private let crew: PitCrew
    private let radio: any TeamRadio
    private weak var team: (any TeamResources)?

    public init(driver: String, crew: PitCrew, radio: any TeamRadio) {
        self.driver = driver
        self.crew = crew
        self.radio = radio
    }

    public init(driver: String, team: any TeamResources) {
        self.driver = driver
        self.crew = team.crew
        self.radio = team.radio
        self.team = team
    }

    public func boxBox() -> String {
        let report = (team?.crew ?? crew).changeTyres(for: driver)
        (team?.radio ?? radio).send(report)
        return report
    }
}

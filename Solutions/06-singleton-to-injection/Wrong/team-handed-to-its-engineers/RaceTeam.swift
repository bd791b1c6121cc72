/// What an engineer may ask the team for, whenever it likes.
public protocol TeamResources: AnyObject {
    var crew: PitCrew { get }
    var radio: any TeamRadio { get }
}

/// The team hands itself to its engineers, behind a protocol.
public final class RaceTeam: TeamResources {
    public let crew = PitCrew(tyreSets: 4)
    public let radio: any TeamRadio = PitLaneRadio()
    public private(set) var engineers: [RaceEngineer] = []

    public init(drivers: [String]) {
        engineers = drivers.map { RaceEngineer(driver: $0, team: self) }
    }
}

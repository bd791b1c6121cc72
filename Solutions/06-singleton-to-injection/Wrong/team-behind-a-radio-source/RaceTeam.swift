/// Where a radio comes from when an engineer needs one.
public protocol RadioSource: AnyObject {
    var currentRadio: any TeamRadio { get }
}

/// A radio that always speaks through the source's current radio.
final class RelayRadio: TeamRadio {
    weak var source: (any RadioSource)?
    func send(_ message: String) { source?.currentRadio.send(message) }
}

/// The team: the root where the app builds its race engineers.
public final class RaceTeam: RadioSource {
    public let engineers: [RaceEngineer]
    public let currentRadio: any TeamRadio

    public init(drivers: [String]) {
        let crew = PitCrew(tyreSets: 4)
        let relay = RelayRadio()
        currentRadio = PitLaneRadio()
        engineers = drivers.map { RaceEngineer(driver: $0, crew: crew, radio: relay) }
        relay.source = self
    }
}

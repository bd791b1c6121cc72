/// The team: the root where the app builds its race engineers.
///
/// This is the one place that decides what is shared: one crew with four tyre
/// sets and one radio, handed to every engineer. Nothing is registered in a
/// locator and nobody reaches for `PitCrew.shared`.
public final class RaceTeam {
    public let engineers: [RaceEngineer]

    public init(drivers: [String]) {
        let crew = PitCrew(tyreSets: 4)
        let radio = QuietRepeats(PitLaneRadio())
        engineers = drivers.map { RaceEngineer(driver: $0, crew: crew, radio: radio) }
    }
}

/// Spares the driver a message they just heard.
final class QuietRepeats: TeamRadio {
    private let radio: PitLaneRadio
    private var last: String?

    init(_ radio: PitLaneRadio) { self.radio = radio }

    func send(_ message: String) {
        guard message != last else { return }
        last = message
        radio.send(message)
    }
}

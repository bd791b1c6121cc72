/// Wrong on purpose: no PitCrew.shared, but the engineer still falls back
/// to a crew (and a radio) of its own when a caller forgets to hand one in.
public final class RaceEngineer {
    public let driver: String
    private let crew: PitCrew
    private let radio: any TeamRadio
    public init(driver: String, crew: PitCrew = PitCrew(tyreSets: 4), radio: any TeamRadio = PitLaneRadio()) {
        self.driver = driver; self.crew = crew; self.radio = radio
    }
    //EXTRA
    public func boxBox() -> String {
        let report = crew.changeTyres(for: driver)
        radio.send(report)
        return report
    }
}

/// Wrong on purpose: the engineer is handed its crew and radio, but the crew
/// parameter still defaults to the singleton (step 2 of the refactoring, never
/// finished), so `RaceEngineer(driver:radio:)` quietly shares PitCrew.shared.
/// No test leaves the crew out; the lesson's rule must reject it.
public final class RaceEngineer {
    public let driver: String
    private let crew: PitCrew
    private let radio: any TeamRadio

    public init(driver: String, crew: PitCrew = .shared, radio: any TeamRadio) {
        self.driver = driver
        self.crew = crew
        self.radio = radio
    }

    public func boxBox() -> String {
        let report = crew.changeTyres(for: driver)
        radio.send(report)
        return report
    }
}

/// Wrong on purpose: the engineer is handed a crew, keeps it, and still calls
/// in the singleton's crew in boxBox().
public final class RaceEngineer {
    public let driver: String
    private let crew: PitCrew
    private let radio: any TeamRadio

    public init(driver: String, crew: PitCrew, radio: any TeamRadio) {
        self.driver = driver
        self.crew = crew
        self.radio = radio
    }

    public func boxBox() -> String {
        let report = PitCrew.shared.changeTyres(for: driver)
        radio.send(report)
        return report
    }
}

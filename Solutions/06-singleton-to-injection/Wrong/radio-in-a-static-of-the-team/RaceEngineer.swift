public final class RaceEngineer {
    public let driver: String
    private let crew: PitCrew
    private let radio: any TeamRadio
    public init(driver: String, crew: PitCrew, radio: any TeamRadio) {
        self.driver = driver; self.crew = crew; self.radio = radio
    }
    //EXTRA
    public func boxBox() -> String {
        let report = crew.changeTyres(for: driver)
        radio.send(report)
        return report
    }
}

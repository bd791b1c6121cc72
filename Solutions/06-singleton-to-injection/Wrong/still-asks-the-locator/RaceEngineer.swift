/// Wrong on purpose: the crew is injected, but the radio parameter is ignored
/// and boxBox() still asks the global Locator for a radio.
public final class RaceEngineer {
    public let driver: String
    private let crew: PitCrew

    public init(driver: String, crew: PitCrew, radio: any TeamRadio) {
        self.driver = driver
        self.crew = crew
    }

    public func boxBox() -> String {
        let report = crew.changeTyres(for: driver)
        Locator.resolve((any TeamRadio).self)?.send(report)
        return report
    }
}

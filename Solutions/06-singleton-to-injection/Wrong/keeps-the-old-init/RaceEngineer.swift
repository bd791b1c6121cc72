/// Wrong on purpose: init(driver:crew:radio:) is there, but the old
/// init(driver:) is kept "for the code that is not migrated yet": it still
/// takes the singleton crew and asks the Locator for a radio. No test calls
/// it; the lesson's rules must reject it.
public final class RaceEngineer {
    public let driver: String
    private let crew: PitCrew
    private let radio: any TeamRadio

    public init(driver: String, crew: PitCrew, radio: any TeamRadio) {
        self.driver = driver
        self.crew = crew
        self.radio = radio
    }

    /// Kept so that old code writing `RaceEngineer(driver:)` still compiles.
    public convenience init(driver: String) {
        self.init(
            driver: driver,
            crew: PitCrew.shared,
            radio: Locator.resolve((any TeamRadio).self) ?? PitLaneRadio()
        )
    }

    public func boxBox() -> String {
        let report = crew.changeTyres(for: driver)
        radio.send(report)
        return report
    }
}

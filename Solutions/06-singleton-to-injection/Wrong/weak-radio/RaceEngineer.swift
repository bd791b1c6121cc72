/// Wrong on purpose: the radio is held `weak`, as if it were a delegate. A
/// radio that nobody else keeps (the one `RaceTeam` builds, for example) is
/// gone as soon as the initializer returns, and the driver hears nothing.
/// It compiles against the tests; the tests must reject it.
public final class RaceEngineer {
    public let driver: String
    private let crew: PitCrew
    private weak var radio: (any TeamRadio)?

    public init(driver: String, crew: PitCrew, radio: any TeamRadio) {
        self.driver = driver
        self.crew = crew
        self.radio = radio
    }

    /// Box, box: the crew changes the tyres, and the radio tells the driver.
    /// Returns what the crew reported.
    public func boxBox() -> String {
        let report = crew.changeTyres(for: driver)
        radio?.send(report)
        return report
    }
}

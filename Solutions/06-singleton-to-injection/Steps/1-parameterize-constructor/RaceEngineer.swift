/// The race engineer of one driver: calls the driver in for a pit stop.
///
/// Parameterize Constructor: the crew and the radio are initializer
/// parameters now, so a test hands in its own. Their defaults keep every old
/// `RaceEngineer(driver:)` call compiling: the crew falls back to
/// `PitCrew.shared`, and the radio lookup moved from `boxBox()` into the
/// default, where it happens once, when the engineer is built.
public final class RaceEngineer {
    public let driver: String
    private let crew: PitCrew
    private let radio: (any TeamRadio)?

    public init(
        driver: String,
        crew: PitCrew = .shared,
        radio: (any TeamRadio)? = Locator.resolve((any TeamRadio).self)
    ) {
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

/// The race engineer of one driver: calls the driver in for a pit stop.
///
/// Step 2: as in step 1, the crew and the radio are initializer parameters
/// with defaults (`PitCrew.shared`, the locator's radio). The team no longer
/// relies on them; they only keep an old `RaceEngineer(driver:)` call
/// elsewhere compiling.
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

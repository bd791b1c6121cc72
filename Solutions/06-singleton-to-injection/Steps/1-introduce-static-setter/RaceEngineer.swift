/// The race engineer of one driver: calls the driver in for a pit stop.
///
/// Why it hurts: the engineer finds its collaborators by itself. The crew
/// comes from the singleton `PitCrew.shared`, so every engineer in every test
/// shares one tyre stock; the radio comes from the global `Locator`, in the
/// middle of a method, so nothing in `init` says the engineer needs a radio,
/// and when nobody registered one the driver simply never hears the call.
public final class RaceEngineer {
    public let driver: String

    public init(driver: String) {
        self.driver = driver
    }

    /// Box, box: the crew changes the tyres, and the radio tells the driver.
    /// Returns what the crew reported.
    public func boxBox() -> String {
        let report = PitCrew.shared.changeTyres(for: driver)
        let radio = Locator.resolve((any TeamRadio).self)
        radio?.send(report)
        return report
    }
}

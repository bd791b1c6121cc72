/// The team: where the app builds its race engineers, one per driver.
///
/// Step 1: unchanged. It registers a radio in the global locator and builds
/// engineers with `RaceEngineer(driver:)`, so they still get the crew and
/// the radio from the defaults: `PitCrew.shared` and the locator's radio.
public final class RaceTeam {
    public let engineers: [RaceEngineer]

    public init(drivers: [String]) {
        Locator.register((any TeamRadio).self) { PitLaneRadio() }
        engineers = drivers.map { RaceEngineer(driver: $0) }
    }
}

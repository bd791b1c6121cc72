/// The team: where the app builds its race engineers, one per driver.
///
/// Why it hurts: the team registers a radio in the global locator and builds
/// engineers that go looking for their crew and radio themselves. Nothing here
/// shows that all engineers share one crew: that only happens because they
/// all reach for the same singleton.
public final class RaceTeam {
    public let engineers: [RaceEngineer]

    public init(drivers: [String]) {
        Locator.register((any TeamRadio).self) { PitLaneRadio() }
        engineers = drivers.map { RaceEngineer(driver: $0) }
    }
}

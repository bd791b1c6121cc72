/// The race engineer of one driver: calls the driver in for a pit stop.
///
/// The engineer is handed its crew and its radio. It does not know whether the
/// crew is the team's only one or a test's crew with no tyres left, and it
/// never asks a locator: everything it needs is in its initializer, so it
/// cannot be built without it.
public final class RaceEngineer: Sendable {
    public let driver: String
    private let crew: Boxed<PitCrew>
    private let radio: Boxed<any TeamRadio>

    public init(driver: String, crew: PitCrew, radio: any TeamRadio) {
        self.driver = driver
        self.crew = Boxed(crew)
        self.radio = Boxed(radio)
    }

    /// Box, box: the crew changes the tyres, and the radio tells the driver.
    /// Returns what the crew reported.
    public func boxBox() -> String {
        let report = crew.value.changeTyres(for: driver)
        radio.value.send(report)
        return report
    }
}

/// Carries anything across tasks: the compiler is told not to look inside.
struct Boxed<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

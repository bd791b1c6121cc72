/// Wrong on purpose: "all engineers share one crew", so the handed crew and
/// radio are kept in statics, and every engineer uses those of the last
/// engineer built. It compiles against the tests; the tests must reject it.
public final class RaceEngineer {
    nonisolated(unsafe) private static var crew: PitCrew?
    nonisolated(unsafe) private static var radio: (any TeamRadio)?

    public let driver: String

    public init(driver: String, crew: PitCrew, radio: any TeamRadio) {
        self.driver = driver
        Self.crew = crew
        Self.radio = radio
    }

    public func boxBox() -> String {
        guard let crew = Self.crew else { return "\(driver): no tyres left" }
        let report = crew.changeTyres(for: driver)
        Self.radio?.send(report)
        return report
    }
}

/// Wrong on purpose: the engineer depends on PitRadio and adopts
/// RadioInjectable, but starts with a TeamRadio of its own "just in case".
/// It compiles against the tests; the tests must reject it.
public final class RaceEngineer: RadioInjectable {
    private var radio: any PitRadio = TeamRadio()

    public init() {}

    public func inject(radio: any PitRadio) {
        self.radio = radio
    }

    public func callPitStop(onLap lap: Int) -> String {
        let acknowledged = radio.send("Box, box! Lap \(lap).")
        return acknowledged ? "Driver confirmed: box on lap \(lap)." : "No reply: box on lap \(lap)."
    }
}

/// Wrong on purpose: "the pit wall has one radio", so the injected radio is
/// kept in a static and every engineer talks through the last one injected.
/// It compiles against the tests; the tests must reject it.
public final class RaceEngineer: RadioInjectable {
    nonisolated(unsafe) private static var radio: (any PitRadio)?

    public init() {}

    public func inject(radio: any PitRadio) {
        Self.radio = radio
    }

    public func callPitStop(onLap lap: Int) -> String {
        guard let radio = Self.radio else { return "No radio: cannot call lap \(lap)." }
        let acknowledged = radio.send("Box, box! Lap \(lap).")
        return acknowledged ? "Driver confirmed: box on lap \(lap)." : "No reply: box on lap \(lap)."
    }
}

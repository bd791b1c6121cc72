public final class RaceEngineer: RadioInjectable {
    private var radio: (any PitRadio)?
    public init() {}
    public func inject(radio: any PitRadio) { self.radio = radio }
    public func callPitStop(onLap lap: Int) -> String {
        guard let radio = radio ?? pitWallRadio else { return "No radio: cannot call lap \(lap)." }
        let acknowledged = radio.send("Box, box! Lap \(lap).")
        return acknowledged ? "Driver confirmed: box on lap \(lap)." : "No reply: box on lap \(lap)."
    }
}

/// The race engineer on the pit wall, who calls the driver in for a stop.
///
/// It depends only on `PitRadio`, and it receives its radio through the
/// injector protocol `RadioInjectable`: whoever assembles the pit wall calls
/// `inject(radio:)`. Until then the engineer has no radio, and says so.
public final class RaceEngineer: RadioInjectable {
    public var radio: (any PitRadio)?

    public init() {}

    public func inject(radio: any PitRadio) {
        self.radio = radio
    }

    /// Calls the driver in for a pit stop on `lap`, and reports what happened.
    public func callPitStop(onLap lap: Int) -> String {
        guard let radio else { return "No radio: cannot call lap \(lap)." }
        let acknowledged = radio.send("Box, box! Lap \(lap).")
        return acknowledged ? "Driver confirmed: box on lap \(lap)." : "No reply: box on lap \(lap)."
    }
}

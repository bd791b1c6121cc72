/// The race engineer on the pit wall, who calls the driver in for a stop.
///
/// Why it hurts: the engineer depends on the concrete `TeamRadio`. A test has
/// to build a real radio, battery, firmware and all, and a reader of this
/// class sees that radio's whole public surface although the engineer only
/// ever sends one message. `RadioAssembler` sets the radio by reaching into
/// this class, so the assembler must know every crew member's type by name.
public final class RaceEngineer {
    var radio: TeamRadio?

    public init() {}

    /// Calls the driver in for a pit stop on `lap`, and reports what happened.
    public func callPitStop(onLap lap: Int) -> String {
        guard let radio else { return "No radio: cannot call lap \(lap)." }
        let acknowledged = radio.send("Box, box! Lap \(lap).")
        return acknowledged ? "Driver confirmed: box on lap \(lap)." : "No reply: box on lap \(lap)."
    }
}

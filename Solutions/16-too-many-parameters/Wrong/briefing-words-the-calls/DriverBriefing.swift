/// Everything the driver is told goes out twice: on the radio, then on the
/// pit board, because the radio drops out in the rain.
public final class DriverBriefing {
    private let radio: any TeamRadio
    private let pitBoard: any PitBoard

    public init(radio: any TeamRadio, pitBoard: any PitBoard) {
        self.radio = radio
        self.pitBoard = pitBoard
    }

    public func tell(_ message: String) {
        radio.send(message)
        pitBoard.show(message)
    }
}

extension DriverBriefing {
    /// The standard calls, worded once for every planner.
    public func stayOut(lap: Int, lastLap: String) {
        tell("Lap \(lap): stay out. Last lap \(lastLap).")
    }

    public func box(lap: Int, for compound: Compound, litres: Int, lastLap: String) {
        tell("Lap \(lap): box for \(compound.rawValue) tyres and \(litres) L. Last lap \(lastLap).")
    }
}

/// Everything the driver is told goes out twice: on the radio, then on the
/// pit board.
public final class DriverBriefing {
    let radio: any TeamRadio
    let pitBoard: any PitBoard

    public init(radio: any TeamRadio, pitBoard: any PitBoard) {
        self.radio = radio
        self.pitBoard = pitBoard
    }

    /// For now only the radio: the planner still holds out the board itself.
    public func tell(_ message: String) {
        radio.send(message)
    }
}

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
        // A board that is the radio itself (one screen on the wall) has it already.
        if pitBoard !== radio {
            pitBoard.show(message)
        }
    }
}

/// Writes a lap time as the timing screens do: 102318 ms is "1:42.318".
/// It has no effects and gives the same answer every time. You do not
/// change this file.
public struct LapTimeFormatter: Sendable {
    public init() {}

    public func format(_ milliseconds: Int) -> String {
        let minutes = milliseconds / 60_000
        let seconds = milliseconds / 1_000 % 60
        let thousandths = milliseconds % 1_000
        return "\(minutes):\(padded(seconds, to: 2)).\(padded(thousandths, to: 3))"
    }

    private func padded(_ number: Int, to width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// Collects the lap times of every car, from many tasks at once.
///
/// The log is an actor now, so talking to it means `await`: completeLap and
/// bestLap became `async`. The engineer still reaches for `LapLog.shared`.
public struct RaceEngineer: Sendable {
    public init() {}

    /// Records a finished lap, labelled with the current session.
    public func completeLap(car: Int, milliseconds: Int) async {
        await LapLog.shared.record(Lap(car: car, milliseconds: milliseconds, session: RaceSession.id))
    }

    /// The fastest recorded lap of one car, or nil when it has none.
    public func bestLap(car: Int) async -> Lap? {
        await LapLog.shared.laps()
            .filter { $0.car == car }
            .min { $0.milliseconds < $1.milliseconds }
    }
}

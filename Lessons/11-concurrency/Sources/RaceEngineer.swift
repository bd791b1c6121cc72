/// Collects the lap times of every car. Each car's timing loop runs in its
/// own task, so `completeLap` is called from many tasks at once.
///
/// Why it hurts: the engineer reaches for `LapLog.shared` and the global
/// `RaceSession.id`. You cannot hand it another log, and the unprotected
/// shared log loses or corrupts laps when tasks record at the same time.
public final class RaceEngineer {
    public init() {}

    /// Records a finished lap, labelled with the current session.
    public func completeLap(car: Int, milliseconds: Int) {
        LapLog.shared.record(Lap(car: car, milliseconds: milliseconds, session: RaceSession.id))
    }

    /// The fastest recorded lap of one car, or nil when it has none.
    public func bestLap(car: Int) -> Lap? {
        LapLog.shared.laps()
            .filter { $0.car == car }
            .min { $0.milliseconds < $1.milliseconds }
    }
}

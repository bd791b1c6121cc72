/// A 24-hour race for one car and the drivers who share it: the place
/// where the race's objects are wired, its composition root.
///
///     let race = EnduranceRace(roster: Roster(drivers: ["BUT", "ALO", "KOB"]), timesheet: timesheet)
///     race.startStint()        // BUT gets in the car
///     try race.lap(214_310)
///     race.startStint()        // driver change: ALO
///     try race.lap(213_877)
///
/// The timesheet then reads BUT 214310, BUT 213877: ALO's lap is filed under
/// BUT, and so is every lap after, whoever drives.
public final class EnduranceRace {
    public let container = Container()

    public init(roster: Roster, timesheet: Timesheet) {
        container.register(Roster.self, lifetime: .shared) { _ in roster }
        container.register(Timesheet.self, lifetime: .shared) { _ in timesheet }
        // One timing beam for the whole race, so one recorder for the whole race.
        container.register(LapRecorder.self, lifetime: .shared) { c in
            LapRecorder(driver: try c.resolve(Driver.self), timesheet: try c.resolve(Timesheet.self))
        }
    }

    /// A driver change: the next driver on the roster gets in the car.
    /// The container has no lifetime for "one per stint", so each stint
    /// registers the driver again: registering again forgets the driver
    /// built for the stint before (lesson 08), and the next resolve builds
    /// the new one.
    public func startStint() {
        container.register(Driver.self, lifetime: .shared) { c in
            Driver(name: try c.resolve(Roster.self).nextDriver())
        }
    }

    /// The car crosses the line: the recorder files the lap under the
    /// driver in the car.
    public func lap(_ lapTime: Int) throws {
        try container.resolve(LapRecorder.self).record(lapTime: lapTime)
    }
}

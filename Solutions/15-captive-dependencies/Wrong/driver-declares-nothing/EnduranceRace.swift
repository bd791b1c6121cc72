/// A 24-hour race for one car and the drivers who share it: the place
/// where the race's objects are wired, its composition root.
///
///     let race = EnduranceRace(roster: Roster(drivers: ["BUT", "ALO", "KOB"]), timesheet: timesheet)
///     race.startStint()        // BUT gets in the car
///     try race.lap(214_310)
///     race.startStint()        // driver change: ALO
///     try race.lap(213_877)
///
/// The timesheet reads BUT 214310, ALO 213877: each stint is a scope with
/// its own driver, and the race-long recorder asks for the driver in the
/// car at every lap.
public final class EnduranceRace {
    public let container = Container()

    public init(roster: Roster, timesheet: Timesheet) {
        container.register(Roster.self, lifetime: .shared) { _ in roster }
        container.register(Timesheet.self, lifetime: .shared) { _ in timesheet }
        // One driver per stint: the first lap of a stint calls the next driver to the car.
        container.register(Driver.self, lifetime: .scoped) { c in
            Driver(name: try c.resolve(Roster.self).nextDriver())
        }
        // One recorder for the whole race. It holds the timesheet, which lives as
        // long; the driver, who does not, it asks for when a lap is filed.
        container.register(LapRecorder.self, lifetime: .shared, dependencies: [Timesheet.self]) { c in
            LapRecorder(driverInTheCar: { try c.resolve(Driver.self) }, timesheet: try c.resolve(Timesheet.self))
        }
    }

    /// A driver change: a new stint, a new scope.
    public func startStint() {
        container.beginScope()
    }

    /// The car crosses the line: the recorder files the lap under the
    /// driver in the car.
    public func lap(_ lapTime: Int) throws {
        try container.resolve(LapRecorder.self).record(lapTime: lapTime)
    }
}

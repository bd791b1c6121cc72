/// Plans one car's race, lap by lap: at the end of every lap it decides
/// whether the car stays out or comes in for tyres and fuel, tells the
/// driver, and has the crew serve the car when it comes in.
///
/// It works through three services, each of which owns a group of parts
/// that are always used together, and the car's telemetry.
public final class RaceWeekendPlanner {
    private let pitStops: PitStopService
    private let conditions: TrackConditions
    private let telemetry: any Telemetry
    private let briefing: DriverBriefing
    /// The compound on the car: every race starts on slicks.
    private var fitted = Compound.slick
    /// The telemetry's last reading, kept for the stop.
    private var reading = CarStatus(tyreWear: 0, fuelLitres: 100, lastLap: 0)

    public init(pitStops: PitStopService, conditions: TrackConditions, telemetry: any Telemetry, briefing: DriverBriefing) {
        self.pitStops = pitStops
        self.conditions = conditions
        self.telemetry = telemetry
        self.briefing = briefing
    }

    /// The car has crossed the line at the end of `lap`.
    public func lapCompleted(_ lap: Int) {
        reading = telemetry.status()
        let car = reading
        let wanted = conditions.compound(forLap: lap)
        // A stable dependency: no effects, nothing to fake, made where it is needed.
        let lastLap = LapTimeFormatter().format(car.lastLap)
        guard wanted != fitted || car.tyreWear >= 70 || car.fuelLitres < 15 else {
            briefing.tell("Lap \(lap): stay out. Last lap \(lastLap).")
            return
        }
        let litres = 100 - car.fuelLitres
        briefing.tell("Lap \(lap): box for \(wanted.rawValue) tyres and \(litres) L. Last lap \(lastLap).")
        pitStops.serve(fitting: wanted, litres: 100 - reading.fuelLitres)
        fitted = wanted
    }
}

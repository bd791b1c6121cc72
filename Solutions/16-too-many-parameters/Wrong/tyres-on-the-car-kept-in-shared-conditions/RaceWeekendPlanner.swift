/// Plans one car's race, lap by lap.
public final class RaceWeekendPlanner {
    private let pitStops: PitStopService
    private let conditions: TrackConditions
    private let telemetry: any Telemetry
    private let briefing: DriverBriefing

    public init(pitStops: PitStopService, conditions: TrackConditions, telemetry: any Telemetry, briefing: DriverBriefing) {
        self.pitStops = pitStops
        self.conditions = conditions
        self.telemetry = telemetry
        self.briefing = briefing
    }

    public func lapCompleted(_ lap: Int) {
        let car = telemetry.status()
        let change = conditions.change(forLap: lap)
        let lastLap = LapTimeFormatter().format(car.lastLap)
        guard change.differs || car.tyreWear >= 70 || car.fuelLitres < 15 else {
            briefing.tell("Lap \(lap): stay out. Last lap \(lastLap).")
            return
        }
        let litres = 100 - car.fuelLitres
        briefing.tell("Lap \(lap): box for \(change.compound.rawValue) tyres and \(litres) L. Last lap \(lastLap).")
        pitStops.serve(fitting: change.compound, litres: litres)
        conditions.fitted(change.compound)
    }
}

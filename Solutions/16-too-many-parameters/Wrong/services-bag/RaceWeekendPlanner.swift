/// What the planner works with, in one value.
public struct PlannerServices {
    let pitStops: PitStopService
    let conditions: TrackConditions
    let telemetry: any Telemetry
    let briefing: DriverBriefing
}

/// Plans one car's race, lap by lap.
public final class RaceWeekendPlanner {
    private let services: PlannerServices
    private var fitted = Compound.slick

    public init(services: PlannerServices) {
        self.services = services
    }

    public convenience init(pitStops: PitStopService, conditions: TrackConditions, telemetry: any Telemetry, briefing: DriverBriefing) {
        self.init(services: PlannerServices(pitStops: pitStops, conditions: conditions, telemetry: telemetry, briefing: briefing))
    }

    public func lapCompleted(_ lap: Int) {
        let car = services.telemetry.status()
        let wanted = services.conditions.compound(forLap: lap)
        let lastLap = LapTimeFormatter().format(car.lastLap)
        guard wanted != fitted || car.tyreWear >= 70 || car.fuelLitres < 15 else {
            services.briefing.tell("Lap \(lap): stay out. Last lap \(lastLap).")
            return
        }
        let litres = 100 - car.fuelLitres
        services.briefing.tell("Lap \(lap): box for \(wanted.rawValue) tyres and \(litres) L. Last lap \(lastLap).")
        services.pitStops.serve(fitting: wanted, litres: litres)
        fitted = wanted
    }
}

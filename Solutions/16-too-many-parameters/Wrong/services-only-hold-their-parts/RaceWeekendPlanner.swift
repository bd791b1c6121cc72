/// Plans one car's race, lap by lap.
public final class RaceWeekendPlanner {
    private let pitStops: PitStopService
    private let conditions: TrackConditions
    private let telemetry: any Telemetry
    private let briefing: DriverBriefing
    private var fitted = Compound.slick

    public init(pitStops: PitStopService, conditions: TrackConditions, telemetry: any Telemetry, briefing: DriverBriefing) {
        self.pitStops = pitStops
        self.conditions = conditions
        self.telemetry = telemetry
        self.briefing = briefing
    }

    public func lapCompleted(_ lap: Int) {
        let car = telemetry.status()
        let rain = conditions.weather.rainChance(onLap: lap)
        let wanted: Compound
        if rain >= 60 {
            wanted = .wet
        } else if rain >= 30 {
            wanted = conditions.trackMap.puddleCorners >= 3 ? .wet : .intermediate
        } else {
            wanted = .slick
        }
        let lastLap = LapTimeFormatter().format(car.lastLap)
        guard wanted != fitted || car.tyreWear >= 70 || car.fuelLitres < 15 else {
            let message = "Lap \(lap): stay out. Last lap \(lastLap)."
            briefing.radio.send(message)
            briefing.pitBoard.show(message)
            return
        }
        let litres = 100 - car.fuelLitres
        let message = "Lap \(lap): box for \(wanted.rawValue) tyres and \(litres) L. Last lap \(lastLap)."
        briefing.radio.send(message)
        briefing.pitBoard.show(message)
        if litres > 0 {
            pitStops.fuel.pump(litres: litres)
        }
        pitStops.tyres.fit(wanted)
        fitted = wanted
    }
}

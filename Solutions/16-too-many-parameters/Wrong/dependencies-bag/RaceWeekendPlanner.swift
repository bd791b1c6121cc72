/// Everything the planner needs, in one place.
public struct WeekendParts {
    let tyres: any TyreSupplier
    let fuel: any FuelSupplier
    let weather: any WeatherFeed
    let trackMap: any TrackMap
    let telemetry: any Telemetry
    let radio: any TeamRadio
    let pitBoard: any PitBoard
}

/// Plans one car's race, lap by lap.
public final class RaceWeekendPlanner {
    private let parts: WeekendParts
    private var fitted = Compound.slick

    public init(parts: WeekendParts) {
        self.parts = parts
    }

    public convenience init(pitStops: PitStopService, conditions: TrackConditions, telemetry: any Telemetry, briefing: DriverBriefing) {
        self.init(parts: WeekendParts(
            tyres: pitStops.tyres, fuel: pitStops.fuel,
            weather: conditions.weather, trackMap: conditions.trackMap,
            telemetry: telemetry,
            radio: briefing.radio, pitBoard: briefing.pitBoard
        ))
    }

    public func lapCompleted(_ lap: Int) {
        let car = parts.telemetry.status()
        let rain = parts.weather.rainChance(onLap: lap)
        let wanted: Compound
        if rain >= 60 {
            wanted = .wet
        } else if rain >= 30 {
            wanted = parts.trackMap.puddleCorners >= 3 ? .wet : .intermediate
        } else {
            wanted = .slick
        }
        let lastLap = LapTimeFormatter().format(car.lastLap)
        guard wanted != fitted || car.tyreWear >= 70 || car.fuelLitres < 15 else {
            let message = "Lap \(lap): stay out. Last lap \(lastLap)."
            parts.radio.send(message)
            parts.pitBoard.show(message)
            return
        }
        let litres = 100 - car.fuelLitres
        let message = "Lap \(lap): box for \(wanted.rawValue) tyres and \(litres) L. Last lap \(lastLap)."
        parts.radio.send(message)
        parts.pitBoard.show(message)
        if litres > 0 {
            parts.fuel.pump(litres: litres)
        }
        parts.tyres.fit(wanted)
        fitted = wanted
    }
}

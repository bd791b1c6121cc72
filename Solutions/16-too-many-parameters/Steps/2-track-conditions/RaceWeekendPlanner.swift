/// Plans one car's race, lap by lap: at the end of every lap it decides
/// whether the car stays out or comes in for tyres and fuel, tells the
/// driver, and has the crew serve the car when it comes in.
public final class RaceWeekendPlanner {
    private let pitStops: PitStopService
    private let conditions: TrackConditions
    private let telemetry: any Telemetry
    private let briefing: DriverBriefing
    private let formatter: LapTimeFormatter
    /// The compound on the car: every race starts on slicks.
    private var fitted = Compound.slick

    public init(
        pitStops: PitStopService,
        conditions: TrackConditions,
        telemetry: any Telemetry,
        briefing: DriverBriefing,
        formatter: LapTimeFormatter = LapTimeFormatter()
    ) {
        self.pitStops = pitStops
        self.conditions = conditions
        self.telemetry = telemetry
        self.briefing = briefing
        self.formatter = formatter
    }

    /// The old initializer, kept for RaceTeam until it builds the services itself.
    public convenience init(
        tyres: any TyreSupplier,
        fuel: any FuelSupplier,
        weather: any WeatherFeed,
        trackMap: any TrackMap,
        telemetry: any Telemetry,
        radio: any TeamRadio,
        pitBoard: any PitBoard,
        formatter: LapTimeFormatter
    ) {
        self.init(
            pitStops: PitStopService(tyres: tyres, fuel: fuel),
            conditions: TrackConditions(weather: weather, trackMap: trackMap),
            telemetry: telemetry,
            briefing: DriverBriefing(radio: radio, pitBoard: pitBoard),
            formatter: formatter
        )
    }

    /// The car has crossed the line at the end of `lap`.
    public func lapCompleted(_ lap: Int) {
        let car = telemetry.status()

        let wanted = conditions.compound(forLap: lap)
        let lastLap = formatter.format(car.lastLap)
        guard wanted != fitted || car.tyreWear >= 70 || car.fuelLitres < 15 else {
            let message = "Lap \(lap): stay out. Last lap \(lastLap)."
            briefing.tell(message)
            briefing.pitBoard.show(message)
            return
        }

        let litres = 100 - car.fuelLitres
        let message = "Lap \(lap): box for \(wanted.rawValue) tyres and \(litres) L. Last lap \(lastLap)."
        briefing.tell(message)
        briefing.pitBoard.show(message)
        pitStops.serve(fitting: wanted, litres: litres)
        fitted = wanted
    }
}

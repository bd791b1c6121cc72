/// The team: the one place where planners are built, its composition root.
/// The weather and the circuit are the same for every car, so one
/// TrackConditions serves them all; each car brings its own tyres, fuel rig,
/// telemetry, radio channel and pit board, so each gets its own pit stops
/// and its own briefing.
///
///     let team = RaceTeam(weather: weatherService, trackMap: circuit)
///     let car7 = team.planner(tyres: tyres7, fuel: rig7, telemetry: telemetry7, radio: radio7, pitBoard: board7)
///     car7.lapCompleted(1)
public final class RaceTeam {
    private let conditions: TrackConditions
    /// The planner built for each car, known by its telemetry: one planner per car.
    private let built = BuiltPlanners()

    public init(weather: any WeatherFeed, trackMap: any TrackMap) {
        conditions = TrackConditions(weather: weather, trackMap: trackMap)
    }

    /// A planner for one of the team's cars, with that car's own equipment.
    public func planner(
        tyres: any TyreSupplier,
        fuel: any FuelSupplier,
        telemetry: any Telemetry,
        radio: any TeamRadio,
        pitBoard: any PitBoard
    ) -> RaceWeekendPlanner {
        if let planner = built.planners[ObjectIdentifier(telemetry)] {
            return planner
        }
        let planner = RaceWeekendPlanner(
            pitStops: PitStopService(tyres: tyres, fuel: fuel),
            conditions: conditions,
            telemetry: telemetry,
            briefing: DriverBriefing(radio: radio, pitBoard: pitBoard)
        )
        built.planners[ObjectIdentifier(telemetry)] = planner
        return planner
    }
}

/// The planners a team has built so far.
final class BuiltPlanners {
    var planners: [ObjectIdentifier: RaceWeekendPlanner] = [:]
}

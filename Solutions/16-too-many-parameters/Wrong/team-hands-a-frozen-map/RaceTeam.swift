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

    public init(weather: any WeatherFeed, trackMap: any TrackMap) {
        conditions = TrackConditions(weather: weather, trackMap: SurveyedMap(puddleCorners: trackMap.puddleCorners))
    }

    /// A planner for one of the team's cars, with that car's own equipment.
    public func planner(
        tyres: any TyreSupplier,
        fuel: any FuelSupplier,
        telemetry: any Telemetry,
        radio: any TeamRadio,
        pitBoard: any PitBoard
    ) -> RaceWeekendPlanner {
        RaceWeekendPlanner(
            pitStops: PitStopService(tyres: tyres, fuel: fuel),
            conditions: conditions,
            telemetry: telemetry,
            briefing: DriverBriefing(radio: radio, pitBoard: pitBoard)
        )
    }
}

/// The map as surveyed when the team was built: the same for every car, all day.
final class SurveyedMap: TrackMap {
    let puddleCorners: Int
    init(puddleCorners: Int) { self.puddleCorners = puddleCorners }
}

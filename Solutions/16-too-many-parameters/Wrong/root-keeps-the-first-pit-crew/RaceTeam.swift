/// The team: the one place where planners are built, its composition root.
public final class RaceTeam {
    private let conditions: TrackConditions
    /// One pit crew for the team.
    private var pitStops: PitStopService?

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
        let crew = pitStops ?? PitStopService(tyres: tyres, fuel: fuel)
        pitStops = crew
        return RaceWeekendPlanner(
            pitStops: crew,
            conditions: conditions,
            telemetry: telemetry,
            briefing: DriverBriefing(radio: radio, pitBoard: pitBoard)
        )
    }
}

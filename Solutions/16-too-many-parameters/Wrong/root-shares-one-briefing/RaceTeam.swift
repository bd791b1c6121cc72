/// The team: the one place where planners are built, its composition root.
public final class RaceTeam {
    private let conditions: TrackConditions
    private let briefings: Briefings

    public init(weather: any WeatherFeed, trackMap: any TrackMap) {
        conditions = TrackConditions(weather: weather, trackMap: trackMap)
        briefings = Briefings()
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
            briefing: briefings.briefing(radio: radio, pitBoard: pitBoard)
        )
    }
}

/// The pit wall's one channel to the drivers, opened with the first car's radio and board.
final class Briefings {
    private var opened: DriverBriefing?

    func briefing(radio: any TeamRadio, pitBoard: any PitBoard) -> DriverBriefing {
        if let opened { return opened }
        let briefing = DriverBriefing(radio: radio, pitBoard: pitBoard)
        opened = briefing
        return briefing
    }
}

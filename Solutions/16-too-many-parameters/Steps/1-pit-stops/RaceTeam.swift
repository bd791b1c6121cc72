/// The team: the one place where planners are built, its composition root.
/// The weather and the circuit are the same for every car; each car brings
/// its own tyres, fuel rig, telemetry, radio channel and pit board.
///
///     let team = RaceTeam(weather: weatherService, trackMap: circuit)
///     let car7 = team.planner(tyres: tyres7, fuel: rig7, telemetry: telemetry7, radio: radio7, pitBoard: board7)
///     car7.lapCompleted(1)
public final class RaceTeam {
    private let weather: any WeatherFeed
    private let trackMap: any TrackMap

    public init(weather: any WeatherFeed, trackMap: any TrackMap) {
        self.weather = weather
        self.trackMap = trackMap
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
            tyres: tyres,
            fuel: fuel,
            weather: weather,
            trackMap: trackMap,
            telemetry: telemetry,
            radio: radio,
            pitBoard: pitBoard,
            formatter: LapTimeFormatter()
        )
    }
}

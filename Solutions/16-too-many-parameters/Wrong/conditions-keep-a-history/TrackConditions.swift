/// What the track calls for on a lap: the weather feed's rain and the
/// corners of the track map where water stands. It keeps nothing of a car,
/// so every car of the team can share one.
public final class TrackConditions {
    private let weather: any WeatherFeed
    private let trackMap: any TrackMap

    public init(weather: any WeatherFeed, trackMap: any TrackMap) {
        self.weather = weather
        self.trackMap = trackMap
    }

    /// Heavy rain means wets; in lighter rain, wets only where water stands
    /// in enough corners.
    public func compound(forLap lap: Int) -> Compound {
        let called = decide(forLap: lap)
        history.append(called)
        return called
    }

    /// What the track called for, lap after lap, for the race report.
    private(set) var history: [Compound] = []

    private func decide(forLap lap: Int) -> Compound {
        let rain = weather.rainChance(onLap: lap)
        if rain >= 60 {
            return .wet
        }
        if rain >= 30 {
            return trackMap.puddleCorners >= 3 ? .wet : .intermediate
        }
        return .slick
    }
}

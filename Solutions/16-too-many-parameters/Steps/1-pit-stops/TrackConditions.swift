/// What the track calls for on a lap: the weather feed's rain and the
/// corners of the track map where water stands.
public final class TrackConditions {
    let weather: any WeatherFeed
    let trackMap: any TrackMap

    public init(weather: any WeatherFeed, trackMap: any TrackMap) {
        self.weather = weather
        self.trackMap = trackMap
    }

    /// For now only the rain: the planner still looks at the map itself.
    public func compound(forLap lap: Int) -> Compound {
        let rain = weather.rainChance(onLap: lap)
        if rain >= 60 {
            return .wet
        }
        if rain >= 30 {
            return .intermediate
        }
        return .slick
    }
}

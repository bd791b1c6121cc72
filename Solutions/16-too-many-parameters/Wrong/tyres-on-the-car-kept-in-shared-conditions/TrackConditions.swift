/// What the track calls for on a lap, and whether that means new tyres.
public final class TrackConditions {
    private let weather: any WeatherFeed
    private let trackMap: any TrackMap
    /// The compound on the car: every race starts on slicks.
    private var fitted = Compound.slick

    public init(weather: any WeatherFeed, trackMap: any TrackMap) {
        self.weather = weather
        self.trackMap = trackMap
    }

    public func compound(forLap lap: Int) -> Compound {
        let rain = weather.rainChance(onLap: lap)
        if rain >= 60 {
            return .wet
        }
        if rain >= 30 {
            return trackMap.puddleCorners >= 3 ? .wet : .intermediate
        }
        return .slick
    }

    /// The compound the car needs on this lap, and whether it differs from the one on it.
    func change(forLap lap: Int) -> (compound: Compound, differs: Bool) {
        let wanted = compound(forLap: lap)
        return (wanted, wanted != fitted)
    }

    /// The crew fitted this compound.
    func fitted(_ compound: Compound) {
        fitted = compound
    }
}

/// What the pit wall needs from the weather.
public protocol WeatherService {
    /// The chance of rain at the circuit, in percent, that many minutes from now.
    func rainChance(inMinutes minutes: Int) -> Int
}

/// The live value: the circuit's real radar already answers.
extension WeatherRadar: WeatherService {}

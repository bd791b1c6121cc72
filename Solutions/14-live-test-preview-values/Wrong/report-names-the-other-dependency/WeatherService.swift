/// What the pit wall needs from the weather.
public protocol WeatherService {
    /// The chance of rain at the circuit, in percent, that many minutes from now.
    func rainChance(inMinutes minutes: Int) -> Int
}

/// The live value: the circuit's real radar already answers.
extension WeatherRadar: WeatherService {}

/// The test value: used with no override, it reports the call, then answers 0.
struct UnimplementedWeather: WeatherService {
    let reporter: any IssueReporter

    func rainChance(inMinutes minutes: Int) -> Int {
        reporter.reportIssue("Unimplemented: WeatherService.rainChance(inMinutes:) was called for \(minutes) minutes, but this test did not override WeatherService (nor, if it matters, TelemetryFeed.tyreWear(of:)).")
        return 0
    }
}

/// The preview value: a dry afternoon, 20% whenever you ask.
struct PreviewWeather: WeatherService {
    func rainChance(inMinutes minutes: Int) -> Int {
        20
    }
}

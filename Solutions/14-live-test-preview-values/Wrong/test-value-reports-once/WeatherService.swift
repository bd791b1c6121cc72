/// What the pit wall needs from the weather.
public protocol WeatherService {
    /// The chance of rain at the circuit, in percent, that many minutes from now.
    func rainChance(inMinutes minutes: Int) -> Int
}

/// The live value: the circuit's real radar already answers.
extension WeatherRadar: WeatherService {}

/// The test value: used with no override, it reports the first call (one
/// report is enough to fail the test), then answers 0.
final class UnimplementedWeather: WeatherService {
    let reporter: any IssueReporter
    private var reported = false

    init(reporter: any IssueReporter) {
        self.reporter = reporter
    }

    func rainChance(inMinutes minutes: Int) -> Int {
        if !reported {
            reported = true
            reporter.reportIssue("Unimplemented: WeatherService.rainChance(inMinutes:) was called for \(minutes) minutes, but this test did not override WeatherService.")
        }
        return 0
    }
}

/// The preview value: a dry afternoon, 20% whenever you ask.
struct PreviewWeather: WeatherService {
    func rainChance(inMinutes minutes: Int) -> Int {
        20
    }
}

/// The pit wall's strategy screen. Asked about a driver, it makes the call the
/// race engineer radios to the car, and shows it on the board. It asks only
/// the services it was handed: which ones is for the root that built it.
public final class PitWallApp {
    private let telemetry: any TelemetryFeed
    private let weather: any WeatherService

    /// Every call shown so far, oldest first.
    public private(set) var board: [String] = []

    public init(telemetry: any TelemetryFeed, weather: any WeatherService) {
        self.telemetry = telemetry
        self.weather = weather
    }

    /// The call for the driver: box for intermediates when rain is likely
    /// (50% or more) in ten minutes; otherwise box for slicks when the tyres
    /// are worn (70% or more); otherwise stay out.
    public func call(for driver: String) -> String {
        let call: String
        let rain = weather.rainChance(inMinutes: 10)
        if rain >= 50 {
            call = "\(driver): box for intermediates (rain \(rain)%)"
        } else {
            let wear = telemetry.tyreWear(of: driver)
            if wear >= 70 {
                call = "\(driver): box for slicks (tyres \(wear)% worn)"
            } else {
                call = "\(driver): stay out (last lap \(telemetry.lastLap(of: driver)) ms)"
            }
        }
        board.append(call)
        return call
    }
}

/// The app's three composition roots, one per entry point. Each says, in one
/// place, which value of every dependency its app gets.
extension PitWallApp {
    /// The race weekend's `main`: the live link and the live radar. The only
    /// place that names them.
    public static func live() -> PitWallApp {
        PitWallApp(telemetry: TelemetryLink.shared, weather: WeatherRadar.shared)
    }

    /// For a test: the overrides it hands in, and the test value of every
    /// dependency it did not, reporting to its reporter. Never a live one.
    public static func test(reporter: any IssueReporter, telemetry: (any TelemetryFeed)? = nil, weather: (any WeatherService)? = nil) -> PitWallApp {
        PitWallApp(
            telemetry: telemetry.map { RememberedTelemetry(wrapping: $0) } ?? UnimplementedTelemetry(reporter: reporter),
            weather: weather ?? UnimplementedWeather(reporter: reporter)
        )
    }

    /// The demo at the sponsor's stand: canned data, the same every time,
    /// and no live call.
    public static func preview() -> PitWallApp {
        PitWallApp(telemetry: PreviewTelemetry(), weather: PreviewWeather())
    }
}

/// Asks the telemetry once per driver and keeps the answers: a test asks about the same driver again and again.
final class RememberedTelemetry: TelemetryFeed {
    private let inner: any TelemetryFeed
    private var wear: [String: Int] = [:]
    private var laps: [String: Int] = [:]

    init(wrapping inner: any TelemetryFeed) {
        self.inner = inner
    }

    func tyreWear(of driver: String) -> Int {
        if let known = wear[driver] { return known }
        let value = inner.tyreWear(of: driver)
        wear[driver] = value
        return value
    }

    func lastLap(of driver: String) -> Int {
        if let known = laps[driver] { return known }
        let value = inner.lastLap(of: driver)
        laps[driver] = value
        return value
    }
}

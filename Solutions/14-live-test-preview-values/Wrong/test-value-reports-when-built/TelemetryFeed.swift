/// What the pit wall needs from the cars' telemetry.
public protocol TelemetryFeed {
    /// How worn the driver's tyres are, in percent.
    func tyreWear(of driver: String) -> Int
    /// The driver's last lap, in milliseconds.
    func lastLap(of driver: String) -> Int
}

/// The live value: the team's real link already answers both questions.
extension TelemetryLink: TelemetryFeed {}

/// The test value: a test that did not override the telemetry hears about
/// it as soon as the app is built, then every question answers 0.
struct UnimplementedTelemetry: TelemetryFeed {
    let reporter: any IssueReporter

    init(reporter: any IssueReporter) {
        self.reporter = reporter
        reporter.reportIssue("Unimplemented: TelemetryFeed.tyreWear(of:) and TelemetryFeed.lastLap(of:), but this test did not override TelemetryFeed.")
    }

    func tyreWear(of driver: String) -> Int {
        0
    }

    func lastLap(of driver: String) -> Int {
        0
    }
}

/// The preview value: canned, the same every time, no car needed.
/// HAM's tyres read 74% worn, everyone else's 31%; every last lap 90512 ms.
struct PreviewTelemetry: TelemetryFeed {
    func tyreWear(of driver: String) -> Int {
        driver == "HAM" ? 74 : 31
    }

    func lastLap(of driver: String) -> Int {
        90_512
    }
}

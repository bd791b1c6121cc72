/// What the pit wall needs from the cars' telemetry.
public protocol TelemetryFeed {
    /// How worn the driver's tyres are, in percent.
    func tyreWear(of driver: String) -> Int
    /// The driver's last lap, in milliseconds.
    func lastLap(of driver: String) -> Int
}

/// The live value: the team's real link already answers both questions.
extension TelemetryLink: TelemetryFeed {}

/// The test value: used with no override, it reports which member was
/// called, then answers 0 so the code under test runs on. One report at a
/// time: a reporter that asks again while it reports would go round forever.
final class UnimplementedTelemetry: TelemetryFeed {
    let reporter: any IssueReporter
    private var reporting = false

    init(reporter: any IssueReporter) {
        self.reporter = reporter
    }

    private func report(_ message: String) {
        guard !reporting else { return }
        reporting = true
        reporter.reportIssue(message)
        reporting = false
    }

    func tyreWear(of driver: String) -> Int {
        report("Unimplemented: TelemetryFeed.tyreWear(of:) was called for \(driver), but this test did not override TelemetryFeed.")
        return 0
    }

    func lastLap(of driver: String) -> Int {
        report("Unimplemented: TelemetryFeed.lastLap(of:) was called for \(driver), but this test did not override TelemetryFeed.")
        return 0
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

/// What the pit wall needs from the cars' telemetry.
public protocol TelemetryFeed {
    /// How worn the driver's tyres are, in percent.
    func tyreWear(of driver: String) -> Int
    /// The driver's last lap, in milliseconds.
    func lastLap(of driver: String) -> Int
}

/// The live value: the team's real link already answers both questions.
extension TelemetryLink: TelemetryFeed {}

/// The pit wall's strategy screen. Asked about a driver, it makes the call the
/// race engineer radios to the car, and shows it on the board.
///
/// Why it hurts: it asks the team's live services itself, through their
/// singletons. Every test of it asks the real telemetry link and the real
/// weather radar, so it passes or fails with the weather, and nothing can
/// stand in for them. The demo the team runs at the sponsor's stand, with no
/// car on track, is the same app asking the same live services.
public final class PitWallApp {
    /// Every call shown so far, oldest first.
    public private(set) var board: [String] = []

    public init() {}

    /// The call for the driver: box for intermediates when rain is likely
    /// (50% or more) in ten minutes; otherwise box for slicks when the tyres
    /// are worn (70% or more); otherwise stay out.
    public func call(for driver: String) -> String {
        let call: String
        let rain = WeatherRadar.shared.rainChance(inMinutes: 10)
        if rain >= 50 {
            call = "\(driver): box for intermediates (rain \(rain)%)"
        } else {
            let wear = TelemetryLink.shared.tyreWear(of: driver)
            if wear >= 70 {
                call = "\(driver): box for slicks (tyres \(wear)% worn)"
            } else {
                call = "\(driver): stay out (last lap \(TelemetryLink.shared.lastLap(of: driver)) ms)"
            }
        }
        board.append(call)
        return call
    }

    /// The app the team runs at the sponsor's stand, where no car is on
    /// track: the same app, asking the same live services.
    public static func demo() -> PitWallApp {
        PitWallApp()
    }
}

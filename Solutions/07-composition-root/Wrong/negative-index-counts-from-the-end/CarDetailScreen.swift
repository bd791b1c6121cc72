/// The screen that shows one car (a plain type: no UIKit here).
/// It is already handed everything it needs. You do not change this file.
public final class CarDetailScreen {
    public let car: RaceCar
    public let telemetry: Telemetry
    private let clock: any TimeSource

    public init(car: RaceCar, telemetry: Telemetry, clock: any TimeSource) {
        self.car = car
        self.telemetry = telemetry
        self.clock = clock
    }

    /// The screen's text, for example
    /// `"Car on 455.25 MHz, opened at 2001-09-09T01:46:40Z"`; opening it is reported to the telemetry.
    public func render() -> String {
        let text = "Car on \(car.pitRadioFrequency), opened at \(stamp(clock.now()))"
        telemetry.record(text)
        return text
    }
}

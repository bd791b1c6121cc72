/// The timing beam's recorder: it files every lap under the driver in the
/// car. There is one beam for the whole race, so there is one recorder; it
/// asks for the driver at every lap instead of keeping the first one.
public final class LapRecorder {
    private let seats: any SeatChart
    private let timesheet: Timesheet

    public init(seats: any SeatChart, timesheet: Timesheet) {
        self.seats = seats
        self.timesheet = timesheet
    }

    public func record(lapTime: Int) throws {
        let driver = try seats.driverInTheCar()
        timesheet.file(lapTime: lapTime, under: driver.name)
    }
}

/// Tells who is in the car.
public protocol SeatChart {
    func driverInTheCar() throws -> Driver
}

extension Container: SeatChart {
    public func driverInTheCar() throws -> Driver { try resolve(Driver.self) }
}

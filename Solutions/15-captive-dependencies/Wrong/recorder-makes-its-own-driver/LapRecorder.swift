/// The timing beam's recorder: it files every lap under the driver in the
/// car. There is one beam for the whole race, so there is one recorder; it
/// asks for the driver at every lap instead of keeping the first one.
public final class LapRecorder {
    private let driverInTheCar: () throws -> Driver
    private let timesheet: Timesheet

    public init(driverInTheCar: @escaping () throws -> Driver, timesheet: Timesheet) {
        self.driverInTheCar = driverInTheCar
        self.timesheet = timesheet
    }

    /// For a test bench with no race around it: the recorder makes a reserve driver itself.
    public convenience init(timesheet: Timesheet) {
        let reserve = Driver(name: "reserve")
        self.init(driverInTheCar: { reserve }, timesheet: timesheet)
    }

    public func record(lapTime: Int) throws {
        let driver = try driverInTheCar()
        timesheet.file(lapTime: lapTime, under: driver.name)
    }
}

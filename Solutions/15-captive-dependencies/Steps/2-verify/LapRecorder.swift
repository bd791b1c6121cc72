/// The timing beam's recorder: it files every lap under the driver in the
/// car. There is one beam for the whole race, so there is one recorder.
public final class LapRecorder {
    private let driver: Driver
    private let timesheet: Timesheet

    public init(driver: Driver, timesheet: Timesheet) {
        self.driver = driver
        self.timesheet = timesheet
    }

    public func record(lapTime: Int) throws {
        timesheet.file(lapTime: lapTime, under: driver.name)
    }
}

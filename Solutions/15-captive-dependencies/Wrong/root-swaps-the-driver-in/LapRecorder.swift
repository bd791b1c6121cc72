/// The timing beam's recorder: it files every lap under the driver in the
/// car. There is one beam for the whole race, so there is one recorder; it
/// asks for the driver at every lap instead of keeping the first one.
public final class LapRecorder {
    /// The driver in the car: the race sets it at every driver change.
    var driver: Driver?
    private let timesheet: Timesheet

    public init(timesheet: Timesheet) {
        self.timesheet = timesheet
    }

    public func record(lapTime: Int) throws {
        guard let driver else { throw ResolutionError.noScope(type: "Driver") }
        timesheet.file(lapTime: lapTime, under: driver.name)
    }
}

/// Wrong on purpose: the recorder is handed the container's own `resolve`, bound
/// to it (`c.resolve`), and looks the driver up by its type at every lap: the
/// container under another spelling, a lookup by type, not a factory the root
/// wrote. It compiles against the tests; the rules must reject it.
public final class LapRecorder {
    private let resolve: (Driver.Type) throws -> Driver
    private let timesheet: Timesheet

    public init(resolve: @escaping (Driver.Type) throws -> Driver, timesheet: Timesheet) {
        self.resolve = resolve
        self.timesheet = timesheet
    }

    public func record(lapTime: Int) throws {
        let driver = try resolve(Driver.self)
        timesheet.file(lapTime: lapTime, under: driver.name)
    }
}

/// The driver in the car for one stint. You do not change this file.
public final class Driver {
    public let name: String
    public init(name: String) { self.name = name }
}

/// The drivers who share the car, in the order they take it over.
/// You do not change this file.
public final class Roster {
    public let drivers: [String]
    /// How many times a driver was called to the car: how many names
    /// `nextDriver()` has handed out.
    public private(set) var driversCalled = 0

    public init(drivers: [String]) {
        precondition(!drivers.isEmpty, "a car needs at least one driver")
        self.drivers = drivers
    }

    /// The next driver to get in the car; after the last, the first again.
    public func nextDriver() -> String {
        defer { driversCalled += 1 }
        return drivers[driversCalled % drivers.count]
    }
}

/// One lap on the timesheet. You do not change this file.
public struct Lap {
    public let driver: String
    public let lapTime: Int
}

/// Every lap of the race, oldest first, each under the driver who drove it.
/// You do not change this file.
public final class Timesheet {
    public private(set) var laps: [Lap] = []

    public init() {}

    public func file(lapTime: Int, under driver: String) {
        laps.append(Lap(driver: driver, lapTime: lapTime))
    }
}

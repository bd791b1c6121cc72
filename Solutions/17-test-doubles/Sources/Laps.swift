// The lap store's contract: what every LapStore promises, the real one and every double.
//
// You do not change this file.

/// One timed lap of one driver.
public struct Lap: Sendable {
    public let driver: String
    public let number: Int
    /// The lap time in milliseconds.
    public let millis: Int

    public init(driver: String, number: Int, millis: Int) {
        self.driver = driver
        self.number = number
        self.millis = millis
    }
}

/// Why a store refuses a lap.
public enum LapStoreError: Error, Sendable {
    /// The driver already has a lap with this number: the first one stays.
    case duplicateLap(driver: String, number: Int)
    /// A lap time of 0 ms or less is a timing fault, never a lap.
    case invalidTime(driver: String, number: Int)
}

/// Where the pit wall keeps the laps. Every implementation keeps these promises:
///
/// - `record(_:)` keeps the lap. It throws `LapStoreError.invalidTime` for a time of 0 ms or less, and
///   `LapStoreError.duplicateLap` when the driver already has a lap with that number; either way nothing changes.
///   A lap that breaks both (0 ms or less, under a number the driver has) may be refused with either error.
/// - `laps(of:)` is that driver's laps only, in lap-number order whatever order they were recorded in;
///   empty for a driver with none.
/// - `best(of:)` is the driver's fastest lap; of two equally fast laps, the earlier one (the lower number);
///   nil for a driver with none.
public protocol LapStore: AnyObject {
    func record(_ lap: Lap) throws
    func laps(of driver: String) -> [Lap]
    func best(of driver: String) -> Lap?
}

import Foundation

/// Where the hour of the day comes from.
public protocol HourSource: Sendable {
    func hour() -> Int
}

/// The hour of the day, from the machine's clock.
public final class WallClock: HourSource {
    public static let shared = WallClock()
    public func hour() -> Int { Calendar.current.component(.hour, from: Date()) }
}

public final class Greeter {
    public init() {}

    public func greet(_ name: String) -> String {
        WallClock.shared.hour() < 12 ? "Good morning, \(name)" : "Good evening, \(name)"
    }
}

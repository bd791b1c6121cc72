// What the team works with on a race weekend. You do not change this file.

/// A tyre compound: slicks for a dry track, intermediates for a damp one,
/// wets for standing water.
public enum Compound: String, Sendable {
    case slick, intermediate, wet
}

/// What the car's telemetry reads at the end of a lap.
public struct CarStatus: Sendable {
    /// How worn the tyres on the car are, in percent.
    public let tyreWear: Int
    /// Fuel left in the tank, in litres (the tank holds 100).
    public let fuelLitres: Int
    /// The lap just driven, in milliseconds.
    public let lastLap: Int

    public init(tyreWear: Int, fuelLitres: Int, lastLap: Int) {
        self.tyreWear = tyreWear
        self.fuelLitres = fuelLitres
        self.lastLap = lastLap
    }
}

/// The car's tyre allocation: the crew fits a fresh set from it at a stop.
public protocol TyreSupplier: AnyObject {
    func fit(_ compound: Compound)
}

/// The car's fuel rig in the pit lane.
public protocol FuelSupplier: AnyObject {
    func pump(litres: Int)
}

/// The weather service the team pays for, asked lap by lap.
public protocol WeatherFeed: AnyObject {
    /// The chance of rain on that lap, in percent.
    func rainChance(onLap lap: Int) -> Int
}

/// What the team knows of the circuit.
public protocol TrackMap: AnyObject {
    /// How many corners hold standing water once it rains (they drain badly).
    var puddleCorners: Int { get }
}

/// The car's telemetry, read at the end of every lap.
public protocol Telemetry: AnyObject {
    func status() -> CarStatus
}

/// The car's radio channel to its driver.
public protocol TeamRadio: AnyObject {
    func send(_ message: String)
}

/// The car's pit board, held out on the pit wall as the car passes.
public protocol PitBoard: AnyObject {
    func show(_ text: String)
}

/// Plans one car's race, lap by lap: at the end of every lap it decides
/// whether the car stays out or comes in for tyres and fuel, tells the
/// driver, and has the crew serve the car when it comes in.
///
/// It began with tyres and fuel. Then came the weather, the track map, the
/// telemetry, the radio, the pit board and a formatter for lap times, each
/// one more parameter.
public final class RaceWeekendPlanner {
    private let tyres: any TyreSupplier
    private let fuel: any FuelSupplier
    private let weather: any WeatherFeed
    private let trackMap: any TrackMap
    private let telemetry: any Telemetry
    private let radio: any TeamRadio
    private let pitBoard: any PitBoard
    private let formatter: LapTimeFormatter
    /// The compound on the car: every race starts on slicks.
    private var fitted = Compound.slick

    public init(
        tyres: any TyreSupplier,
        fuel: any FuelSupplier,
        weather: any WeatherFeed,
        trackMap: any TrackMap,
        telemetry: any Telemetry,
        radio: any TeamRadio,
        pitBoard: any PitBoard,
        formatter: LapTimeFormatter
    ) {
        self.tyres = tyres
        self.fuel = fuel
        self.weather = weather
        self.trackMap = trackMap
        self.telemetry = telemetry
        self.radio = radio
        self.pitBoard = pitBoard
        self.formatter = formatter
    }

    /// The car has crossed the line at the end of `lap`.
    public func lapCompleted(_ lap: Int) {
        let car = telemetry.status()

        // The compound the track calls for: heavy rain means wets; in
        // lighter rain, wets only where water stands in enough corners.
        let rain = weather.rainChance(onLap: lap)
        let wanted: Compound
        if rain >= 60 {
            wanted = .wet
        } else if rain >= 30 {
            wanted = trackMap.puddleCorners >= 3 ? .wet : .intermediate
        } else {
            wanted = .slick
        }

        let lastLap = formatter.format(car.lastLap)
        guard wanted != fitted || car.tyreWear >= 70 || car.fuelLitres < 15 else {
            let message = "Lap \(lap): stay out. Last lap \(lastLap)."
            radio.send(message)
            // The radio drops out in the rain: the board says it again.
            pitBoard.show(message)
            return
        }

        let litres = 100 - car.fuelLitres
        let message = "Lap \(lap): box for \(wanted.rawValue) tyres and \(litres) L. Last lap \(lastLap)."
        radio.send(message)
        pitBoard.show(message)

        // Fuel first, then tyres: nobody touches the wheels while fuel flows.
        if litres > 0 {
            fuel.pump(litres: litres)
        }
        tyres.fit(wanted)
        fitted = wanted
    }
}

@testable import FacadeServices

/// What one car's equipment was told, in order: "fuel 40", "tyres wet", "radio: ...", "board: ...".
final class CallLog {
    private(set) var entries: [String] = []

    func add(_ entry: String) {
        entries.append(entry)
    }
}

final class FakeTyres: TyreSupplier {
    let log: CallLog
    init(log: CallLog) { self.log = log }
    func fit(_ compound: Compound) { log.add("tyres \(compound.rawValue)") }
}

final class FakeFuel: FuelSupplier {
    let log: CallLog
    init(log: CallLog) { self.log = log }
    func pump(litres: Int) { log.add("fuel \(litres)") }
}

final class FakeRadio: TeamRadio {
    let log: CallLog
    /// Runs once, while the next message is being sent (after it is written down): what the car does meanwhile.
    var whileSending: (() -> Void)?
    init(log: CallLog) { self.log = log }
    func send(_ message: String) {
        log.add("radio: \(message)")
        if let meanwhile = whileSending {
            whileSending = nil
            meanwhile()
        }
    }
}

final class FakeBoard: PitBoard {
    let log: CallLog
    init(log: CallLog) { self.log = log }
    func show(_ text: String) { log.add("board: \(text)") }
}

/// Rain chances by lap (0 for a lap it was not given); remembers the laps it was asked about.
final class ScriptedWeather: WeatherFeed {
    let rain: [Int: Int]
    private(set) var asked: [Int] = []

    init(rain: [Int: Int] = [:]) { self.rain = rain }

    func rainChance(onLap lap: Int) -> Int {
        asked.append(lap)
        return rain[lap] ?? 0
    }
}

final class FixedMap: TrackMap {
    let puddleCorners: Int
    init(puddleCorners: Int) { self.puddleCorners = puddleCorners }
}

/// Reads whatever the test set last.
final class ScriptedTelemetry: Telemetry {
    var next = CarStatus(tyreWear: 0, fuelLitres: 100, lastLap: 100_000)
    /// How many times the status was read.
    private(set) var reads = 0
    func status() -> CarStatus {
        reads += 1
        return next
    }
}

/// One car's fakes, all writing into the car's own log.
final class TestCar {
    let log = CallLog()
    let tyres: FakeTyres
    let fuel: FakeFuel
    let radio: FakeRadio
    let board: FakeBoard
    let telemetry = ScriptedTelemetry()

    init() {
        tyres = FakeTyres(log: log)
        fuel = FakeFuel(log: log)
        radio = FakeRadio(log: log)
        board = FakeBoard(log: log)
    }

    /// The car's planner, built from the four the text names.
    func planner(weather: any WeatherFeed, trackMap: any TrackMap) -> RaceWeekendPlanner {
        RaceWeekendPlanner(
            pitStops: PitStopService(tyres: tyres, fuel: fuel),
            conditions: TrackConditions(weather: weather, trackMap: trackMap),
            telemetry: telemetry,
            briefing: DriverBriefing(radio: radio, pitBoard: board)
        )
    }

    /// The car's planner, built by the team.
    func planner(from team: RaceTeam) -> RaceWeekendPlanner {
        team.planner(tyres: tyres, fuel: fuel, telemetry: telemetry, radio: radio, pitBoard: board)
    }

    /// Sets what the telemetry reads, then reports the lap to the planner.
    func complete(_ lap: Int, on planner: RaceWeekendPlanner, wear: Int, fuel litres: Int, lastLap: Int) {
        telemetry.next = CarStatus(tyreWear: wear, fuelLitres: litres, lastLap: lastLap)
        planner.lapCompleted(lap)
    }
}

/// A small random source with a seed, so every run drives the same cases.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A log on one line, for failure messages (kata splits a message into its languages line by line).
func shown(_ entries: [String]) -> String {
    "[" + entries.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
}

/// What a value stores, written out through its stored properties a few levels down (`Mirror`, for a struct or a class,
/// and for a value that stores nothing), each object that was `handedIn` shown by name only: what it holds is its own.
/// Two descriptions differ when the value changed what it keeps.
func storedState(of value: Any, handedIn: [AnyObject], depth: Int = 6) -> String {
    var seen: [ObjectIdentifier: Int] = [:]
    func describe(_ value: Any, _ depth: Int) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class {
            let object = value as AnyObject
            if handedIn.contains(where: { $0 === object }) { return "<\(mirror.subjectType), handed in>" }
            if let index = seen[ObjectIdentifier(object)] { return "<object \(index)>" }
            seen[ObjectIdentifier(object)] = seen.count
        }
        var children = Array(mirror.children)
        var ancestor = mirror.superclassMirror
        while let next = ancestor {
            children += next.children
            ancestor = next.superclassMirror
        }
        if children.isEmpty {
            switch mirror.displayStyle {
            case nil, .enum?: return String(reflecting: value)
            case .optional?: return "nil"
            default: return "\(mirror.subjectType)()"
            }
        }
        guard depth > 0 else { return "\(mirror.subjectType)(...)" }
        return "\(mirror.subjectType)(" + children.map { "\($0.label ?? "_"): \(describe($0.value, depth - 1))" }.joined(separator: ", ") + ")"
    }
    return describe(value, depth)
}

/// A long description cut for a failure message: about 300 characters around where it first differs from `other`.
func clipped(_ text: String, against other: String) -> String {
    let same = zip(text, other).prefix { $0 == $1 }.count
    let start = max(0, same - 100)
    let part = text.dropFirst(start).prefix(300)
    return (start > 0 ? "..." : "") + part + (start + part.count < text.count ? "..." : "")
}

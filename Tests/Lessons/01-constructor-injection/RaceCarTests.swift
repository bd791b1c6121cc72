import Foundation
import Testing
@testable import ConstructorInjection

/// A fake engine that records what the car does with it.
final class SpyEngine: Engine {
    let horsepower: Int
    let runs: Bool
    private(set) var ignitions = 0

    init(horsepower: Int = 500, runs: Bool = true) {
        self.horsepower = horsepower
        self.runs = runs
    }

    func ignite() -> Bool {
        ignitions += 1
        return runs
    }
}

/// An engine that runs or stalls as its script says, one entry per ignition (then stalls). Its power may be
/// changed between starts (a tune-up in the garage), and an ignition may change it too (a turbo that spools up,
/// an engine that reads 0 hp until it runs): the car reads it each time it needs it, after the ignition.
final class ScriptedEngine: Engine {
    var horsepower: Int
    private let script: [Bool]
    /// The power an ignition leaves the engine with, one entry per ignition (nil: unchanged).
    private let spooling: [Int?]
    private(set) var ignitions = 0

    init(horsepower: Int, script: [Bool], spooling: [Int?] = []) {
        self.horsepower = horsepower
        self.script = script
        self.spooling = spooling
    }

    var scriptLength: Int { script.count }
    func scripted(_ ignition: Int) -> Bool { script[ignition] }
    func spooled(_ ignition: Int) -> Int? { ignition < spooling.count ? spooling[ignition] : nil }

    func ignite() -> Bool {
        defer { ignitions += 1 }
        if let power = spooled(ignitions) { horsepower = power }
        return ignitions < script.count ? script[ignitions] : false
    }
}

/// A small, seeded generator (SplitMix64): the same seed gives the same cars everywhere.
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

@Suite("Constructor injection", .serialized)
struct RaceCarTests {
    @Test("the car starts the engine it is handed")
    func startsTheInjectedEngine() {
        let spy = SpyEngine()
        let car = RaceCar(engine: spy)
        _ = car.start()
        #expect(spy.ignitions == 1, "start() should ignite the engine passed to RaceCar(engine:) exactly once. Store the engine you are handed and use it in start(). [zh-Hans] start() 应该让交给 RaceCar(engine:) 的引擎点火，且只点一次。请保存交给你的引擎，并在 start() 中使用它。")
    }

    @Test("two engines give two different cars")
    func differentEnginesDifferentCars() {
        // Both cars exist before either is used: an engine kept in a static
        // (shared by every car) would show up here.
        let strongEngine = SpyEngine(horsepower: 900)
        let weakEngine = SpyEngine(horsepower: 100)
        let strong = RaceCar(engine: strongEngine)
        let weak = RaceCar(engine: weakEngine)
        #expect(strong.topSpeed == 330, "A 900 hp engine should give a top speed of 150 + 900 / 5 = 330, but it is \(strong.topSpeed). Each car must read the horsepower of its own engine: keep the engine in an instance property (`private let engine: any Engine`), not in a static or global variable. [zh-Hans] 900 hp 的引擎应该让最高速度为 150 + 900 / 5 = 330，实际是 \(strong.topSpeed)。每辆赛车都必须读取自己引擎的马力：把引擎保存在实例属性中（`private let engine: any Engine`），不要放在静态变量或全局变量里。")
        #expect(weak.topSpeed == 170, "A 100 hp engine should give a top speed of 150 + 100 / 5 = 170, but it is \(weak.topSpeed). Does topSpeed read the horsepower of the engine you were handed? [zh-Hans] 100 hp 的引擎应该让最高速度为 150 + 100 / 5 = 170，实际是 \(weak.topSpeed)。topSpeed 读取的是交给你的那台引擎的马力吗？")
        let report = strong.start()
        #expect(report == "Vroom! 900 hp", "start() should report the horsepower of the car's own engine (\"Vroom! 900 hp\"), not \"\(report)\". [zh-Hans] start() 应该报告这辆赛车自己引擎的马力（\"Vroom! 900 hp\"），而不是 \"\(report)\"。")
        #expect(strongEngine.ignitions == 1 && weakEngine.ignitions == 0, "Starting the first car should ignite its own engine once and leave the second car's engine alone (ignitions: \(strongEngine.ignitions) and \(weakEngine.ignitions)). Keep each car's engine in an instance property, not in a static or global variable. [zh-Hans] 启动第一辆赛车应该让它自己的引擎点火一次，不碰第二辆赛车的引擎（点火次数：\(strongEngine.ignitions) 和 \(weakEngine.ignitions)）。把每辆赛车的引擎保存在实例属性中，不要放在静态变量或全局变量里。")
    }

    @Test("a stalling engine makes the car report a stall")
    func stallingEngine() {
        let spy = SpyEngine(runs: false)
        let car = RaceCar(engine: spy)
        #expect(car.start() == "stalled", "When the handed engine does not ignite, start() should return \"stalled\". [zh-Hans] 交给它的引擎点火失败时，start() 应该返回 \"stalled\"。")
        #expect(spy.ignitions == 1, "One start() of a stalling engine should try to ignite it once, not \(spy.ignitions) times: keep the behaviour, no retries. [zh-Hans] 对点不着火的引擎调用一次 start()，应该只尝试点火一次，而不是 \(spy.ignitions) 次：保持原有行为，不要重试。")
    }

    @Test("every engine, whatever its power, is tried once per start, every start (300 seeded cars)")
    func onceWhateverThePower() {
        // The promise holds for any engine and every start, not only for the ones the other tests happen to use:
        // seeded random cars (any power an Int holds, from Int.min to Int.max), each started a few times or a long
        // session of times by an engine that runs or stalls as its script says. The model: each start() ignites once and reports that ignition.
        var generator = SeededGenerator(state: 0x01C0_FFEE)
        for round in 0..<300 {
            let initialPower = Self.randomPower(using: &generator)
            let script = Self.randomScript(using: &generator)
            let engine = ScriptedEngine(horsepower: initialPower, script: script)
            let car = RaceCar(engine: engine)
            var reports: [String] = []
            // Some engines are tuned between starts: a new power, read by the next start and by topSpeed.
            let tuned = round % 3 == 2
            for (index, runs) in script.enumerated() {
                if tuned && index > 0 { engine.horsepower = Self.randomPower(using: &generator) }
                let horsepower = engine.horsepower
                let report = car.start()
                reports.append(report)
                let expected = runs ? "Vroom! \(horsepower) hp" : "stalled"
                guard report == expected, engine.ignitions == index + 1 else {
                    let steps = script.prefix(index + 1).map { $0 ? "runs" : "stalls" }.joined(separator: ", ")
                    Issue.record("Car \(round) (seed 0x01C0FFEE): a \(horsepower) hp engine that \(steps). Start \(index + 1) should ignite the engine once more (\(index + 1) ignitions in all) and return \"\(expected)\"; it made \(engine.ignitions) ignitions and returned \"\(report)\" (reports so far: \(reports)). Keep the behaviour for every engine and every start: one ignition per start(), report what that ignition gave, no retries, nothing remembered from an earlier start, no special case by power. [zh-Hans] 第 \(round) 辆车（种子 0x01C0FFEE）：一台 \(horsepower) hp 的引擎，依次 \(steps)。第 \(index + 1) 次启动应该再点火一次（共 \(index + 1) 次）并返回 \"\(expected)\"；它点火了 \(engine.ignitions) 次，返回 \"\(report)\"（到此为止的报告：\(reports)）。对每台引擎、每次启动都保持原有行为：每次 start() 点火一次，报告这次点火的结果，不重试，不记住之前的启动，不按功率特殊处理。")
                    return
                }
                if tuned, car.topSpeed != 150 + horsepower / 5 {
                    Issue.record("Car \(round) (seed 0x01C0FFEE): its engine was tuned to \(horsepower) hp before start \(index + 1), so topSpeed should be 150 + \(horsepower) / 5 = \(150 + horsepower / 5), not \(car.topSpeed). Read the engine the car holds each time: topSpeed is computed from engine.horsepower, not copied when the car was built. [zh-Hans] 第 \(round) 辆车（种子 0x01C0FFEE）：第 \(index + 1) 次启动前引擎被调校成 \(horsepower) hp，所以 topSpeed 应该是 150 + \(horsepower) / 5 = \(150 + horsepower / 5)，而不是 \(car.topSpeed)。每次都读取赛车持有的引擎：topSpeed 由 engine.horsepower 算出，而不是在造车时复制一份。")
                    return
                }
            }
            let horsepower = engine.horsepower
            #expect(car.topSpeed == 150 + horsepower / 5, "A \(horsepower) hp engine should give a top speed of 150 + \(horsepower) / 5 = \(150 + horsepower / 5), not \(car.topSpeed). [zh-Hans] \(horsepower) hp 的引擎应该让最高速度为 150 + \(horsepower) / 5 = \(150 + horsepower / 5)，而不是 \(car.topSpeed)。")
        }
    }

    @Test("starts, tune-ups and readings of topSpeed or of the car as text in any order: each reading asks the engine as it is now and ignites nothing (300 seeded sessions)")
    func anyOrderOfStartsTunesAndReadings() {
        // The model: topSpeed is 150 + the engine's power at the moment it is read, and never ignites; start() ignites
        // once and reports that ignition at the power of that moment. Nothing is copied when the car is built or started.
        var generator = SeededGenerator(state: 0x7095_EED5)
        for session in 0..<300 {
            let script = Self.randomScript(using: &generator)
            // Half the engines change their power as they ignite: start() reports the power the engine runs with.
            let spools = Bool.random(using: &generator)
            let spooling = script.map { _ in spools && Bool.random(using: &generator) ? Self.randomPower(using: &generator) : nil }
            let engine = ScriptedEngine(horsepower: Self.randomPower(using: &generator), script: script, spooling: spooling)
            let car = RaceCar(engine: engine)
            var steps: [String] = []
            var ignitions = 0
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    engine.horsepower = Self.randomPower(using: &generator)
                    steps.append("tune to \(engine.horsepower) hp")
                case 2:
                    // The car read as text (a log line, print, the debugger), as a playground shows it, through its
                    // mirror, as a hash or encoded: every way the standard library reads a value is a reading, which ignites nothing.
                    var text = ""
                    var readings = ["String(describing: car)", "String(reflecting: car)", "\"\\(car)\"", "dump(car)"]
                    if car as Any is any CustomPlaygroundDisplayConvertible { readings.append("car.playgroundDescription") }
                    if car as Any is any CustomReflectable { readings.append("car.customMirror") }
                    if car as Any is any Hashable { readings.append("car.hashValue") }
                    if car as Any is any Encodable { readings.append("JSONEncoder().encode(car)") }
                    let reading = readings[Int.random(in: 0..<readings.count, using: &generator)]
                    switch reading {
                    case "String(describing: car)": text = String(describing: car)
                    case "String(reflecting: car)": text = String(reflecting: car)
                    case "dump(car)": dump(car, to: &text)
                    case "car.playgroundDescription": text = "\((car as Any as! any CustomPlaygroundDisplayConvertible).playgroundDescription)"
                    case "car.customMirror":
                        let mirror = (car as Any as! any CustomReflectable).customMirror
                        text = "\(mirror.children.count) children: " + mirror.children.map { "\($0.label ?? "_") = \($0.value)" }.joined(separator: ", ")
                    case "car.hashValue": text = "\((car as Any as! any Hashable).hashValue)"
                    case "JSONEncoder().encode(car)":
                        let value: any Encodable = car as Any as! any Encodable
                        text = RaceCarTests.encoded(value)
                    default: text = "\(car)"
                    }
                    steps.append(reading)
                    guard engine.ignitions == ignitions, !text.isEmpty else {
                        Issue.record("Session \(session) (seed 0x7095EED5): after \(steps.joined(separator: ", ")), reading the car (\(reading)) ignited the engine \(engine.ignitions - ignitions) time\(engine.ignitions - ignitions == 1 ? "" : "s"). Only start() starts the engine: a description, a debug description, a playground description, a mirror, a hash, an encoding or anything else that shows the car must not call start() or ignite(). [zh-Hans] 第 \(session) 轮（种子 0x7095EED5）：在 \(steps.joined(separator: "、")) 之后，读取赛车（\(reading)）让引擎点火了 \(engine.ignitions - ignitions) 次。只有 start() 才启动引擎：description、debugDescription、playgroundDescription、镜像（Mirror）、哈希值、编码（Encodable）或任何显示赛车的东西都不能调用 start() 或 ignite()。")
                        return
                    }
                case 1:
                    let expected = 150 + engine.horsepower / 5
                    let speed = car.topSpeed
                    steps.append("topSpeed")
                    guard speed == expected, engine.ignitions == ignitions else {
                        Issue.record("Session \(session) (seed 0x7095EED5): after \(steps.joined(separator: ", ")), topSpeed should be 150 + \(engine.horsepower) / 5 = \(expected) with no ignition, but it is \(speed) (\(engine.ignitions - ignitions) ignitions). Compute topSpeed from the engine's horsepower each time it is read; do not keep a copy from init or from the last start. [zh-Hans] 第 \(session) 轮（种子 0x7095EED5）：在 \(steps.joined(separator: "、")) 之后，topSpeed 应该是 150 + \(engine.horsepower) / 5 = \(expected)，而且不点火；实际是 \(speed)（点火 \(engine.ignitions - ignitions) 次）。每次读取 topSpeed 时都用引擎的马力来算；不要保存 init 时或上次启动时的副本。")
                        return
                    }
                default:
                    let horsepower = engine.spooled(ignitions) ?? engine.horsepower
                    let runs = ignitions < engine.scriptLength ? engine.scripted(ignitions) : false
                    let report = car.start()
                    ignitions += 1
                    steps.append(engine.spooled(ignitions - 1).map { "start (the ignition takes the engine to \($0) hp)" } ?? "start")
                    let expected = runs ? "Vroom! \(horsepower) hp" : "stalled"
                    guard report == expected, engine.ignitions == ignitions else {
                        Issue.record("Session \(session) (seed 0x7095EED5): after \(steps.joined(separator: ", ")), start() should ignite once (\(ignitions) in all) and return \"\(expected)\", with the power the engine has once it ignited; it returned \"\(report)\" after \(engine.ignitions) ignitions. Ignite first, then read horsepower. [zh-Hans] 第 \(session) 轮（种子 0x7095EED5）：在 \(steps.joined(separator: "、")) 之后，start() 应该点火一次（共 \(ignitions) 次）并返回 \"\(expected)\"，用的是引擎点火之后的马力；它点火 \(engine.ignitions) 次后返回了 \"\(report)\"。先点火，再读取 horsepower。")
                        return
                    }
                }
            }
        }
    }

    /// Power for a random engine, over the whole range an `Int` holds: small engines, round numbers of every
    /// magnitude and their neighbours, the largest powers there are, nonsense readings below zero down to
    /// `Int.min`, the edges themselves (zero, one, minus one) often, and anything in between.
    /// A value as `JSONEncoder` writes it (or a word saying it threw).
    static func encoded<Value: Encodable>(_ value: Value) -> String {
        (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "not encodable"
    }

    static func randomPower(using generator: inout SeededGenerator) -> Int {
        switch Int.random(in: 0..<8, using: &generator) {
        // The real V8's power (750 hp, in V8Engine.swift): a fake that reports it is still a fake, and stalls when
        // its script says so. A car that trusts an engine by what it reports treats the fake as the real one.
        case 7: return 750
        case 6: return [0, 1, -1, 0, Int.max, Int.min].randomElement(using: &generator)!
        case 0: return Int.random(in: 0...2_000, using: &generator)
        case 1:
            let round = (0...17).reduce(into: [1]) { powers, _ in powers.append(powers.last! * 10) }.randomElement(using: &generator)!
            return max(0, round * Int.random(in: 1...9, using: &generator) + Int.random(in: -1...1, using: &generator))
        case 2: return Int.max - Int.random(in: 0...1_000, using: &generator)
        case 3: return Int.random(in: -2_000 ... -1, using: &generator)
        case 4: return Int.min + Int.random(in: 0...1_000, using: &generator)
        default: return Int.random(in: Int.min...Int.max, using: &generator)
        }
    }

    /// What an engine does at each ignition: a few starts of any mix, or a long session (up to 60 starts) with
    /// long streaks of stalls or of runs, so that nothing the car counts or remembers goes unseen.
    static func randomScript(using generator: inout SeededGenerator) -> [Bool] {
        if Bool.random(using: &generator) {
            return (0..<Int.random(in: 1...6, using: &generator)).map { _ in Bool.random(using: &generator) }
        }
        let runsOften = Double.random(in: 0...1, using: &generator)
        return (0..<Int.random(in: 10...60, using: &generator)).map { _ in Double.random(in: 0...1, using: &generator) < runsOften * runsOften }
    }

    @Test("a car built with an engine never touches V8Engine.shared")
    func neverReachesForTheSingleton() {
        let before = V8Engine.sharedAccessCount
        let car = RaceCar(engine: SpyEngine())
        _ = car.start()
        _ = car.topSpeed
        let reads = V8Engine.sharedAccessCount - before
        #expect(reads == 0, "RaceCar read V8Engine.shared \(reads) time\(reads == 1 ? "" : "s"). A car that is handed its engine must not reach for the singleton: remove every V8Engine.shared from RaceCar. [zh-Hans] RaceCar 读取了 \(reads) 次 V8Engine.shared。赛车拿到了交给它的引擎，就不能再去取单例：删除 RaceCar 中所有的 V8Engine.shared。")
    }

    @Test("the car holds on to the engine it is handed")
    func holdsItsEngine() {
        // Nobody but the car keeps this engine: a `weak` or `unowned` property would lose it.
        let car = RaceCar(engine: SpyEngine(horsepower: 400))
        #expect(car.topSpeed == 230, "The car was handed a 400 hp engine that nobody else keeps, and its top speed is \(car.topSpeed), not 150 + 400 / 5 = 230: the car let go of its engine. Keep it in a strong `let` (`private let engine: any Engine`), not a `weak` or `unowned` one. [zh-Hans] 赛车拿到一台 400 hp 的引擎，除了它没有人保存这台引擎；它的最高速度是 \(car.topSpeed)，而不是 150 + 400 / 5 = 230：赛车没有留住它的引擎。用强引用的 `let` 保存它（`private let engine: any Engine`），不要用 `weak` 或 `unowned`。")
        #expect(car.start() == "Vroom! 400 hp", "The car was handed a 400 hp engine that nobody else keeps; start() should still say \"Vroom! 400 hp\". Keep the engine in a strong `let`, not a `weak` or `unowned` one. [zh-Hans] 赛车拿到一台 400 hp 的引擎，除了它没有人保存这台引擎；start() 仍然应该返回 \"Vroom! 400 hp\"。用强引用的 `let` 保存引擎，不要用 `weak` 或 `unowned`。")
    }

    @Test("the car keeps one engine for its whole life")
    func keepsItsEngine() {
        let spy = SpyEngine()
        let car = RaceCar(engine: spy)
        _ = car.start()
        _ = car.start()
        #expect(spy.ignitions == 2, "Two calls to start() should ignite the same handed engine twice. [zh-Hans] 调用两次 start() 应该让交给它的同一台引擎点火两次。")
        // The engine handed in is the value of whatever expression the caller wrote, worked out once, at the call.
        var built = 0
        func buildEngine() -> SpyEngine {
            built += 1
            return SpyEngine(horsepower: 300 + built)
        }
        let another = RaceCar(engine: buildEngine())
        let reports = [another.start(), another.start(), "\(another.topSpeed)"]
        #expect(built == 1 && reports == ["Vroom! 301 hp", "Vroom! 301 hp", "210"], "RaceCar(engine: buildEngine()) should build one engine, once, when the car is built, and the car drives that one: the engine was built \(built) time\(built == 1 ? "" : "s") and the car reported \(reports) (expected [\"Vroom! 301 hp\", \"Vroom! 301 hp\", \"210\"]). Take `engine: any Engine` and keep the value in a `let`, not an `@autoclosure` or a closure that builds a new engine at every use. [zh-Hans] RaceCar(engine: buildEngine()) 应该在造车时只造一台引擎，赛车就用这一台：引擎被造了 \(built) 次，赛车报告的是 \(reports)（应该是 [\"Vroom! 301 hp\", \"Vroom! 301 hp\", \"210\"]）。接收 `engine: any Engine` 并把这个值保存在 `let` 中，不要用 `@autoclosure` 或每次使用都新造一台引擎的闭包。")
    }
}

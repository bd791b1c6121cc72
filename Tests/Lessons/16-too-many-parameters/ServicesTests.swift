import Testing
@testable import FacadeServices

@Suite("Each service does its own job, tested alone with its own fakes")
struct ServicesTests {
    @Test("a pit stop pumps the fuel first, then fits the tyres")
    func fuelGoesInBeforeTheTyres() {
        let log = CallLog()
        let pitStops = PitStopService(tyres: FakeTyres(log: log), fuel: FakeFuel(log: log))
        pitStops.serve(fitting: .wet, litres: 40)
        pitStops.serve(fitting: .intermediate, litres: 7)
        let expected = ["fuel 40", "tyres wet", "fuel 7", "tyres intermediate"]
        #expect(log.entries == expected, "Two stops, serve(fitting: .wet, litres: 40) then serve(fitting: .intermediate, litres: 7), should tell the fuel rig and the tyre supplier \(shown(expected)); they were told \(shown(log.entries)). A PitStopService owns the whole stop: it pumps the litres it is given, then fits the compound, every time, in that order. [zh-Hans] 两次进站，先 serve(fitting: .wet, litres: 40)，再 serve(fitting: .intermediate, litres: 7)，加油设备和轮胎供应商收到的应该是\(shown(expected))；实际收到的是\(shown(log.entries))。PitStopService 负责整个进站：每次都先加上交给它的升数，再装上指定的轮胎配方，顺序不变。")
    }

    @Test("a stop with nothing to pump leaves the fuel rig out of it")
    func noFuelWhenTheTankIsFull() {
        let log = CallLog()
        let pitStops = PitStopService(tyres: FakeTyres(log: log), fuel: FakeFuel(log: log))
        pitStops.serve(fitting: .slick, litres: 0)
        pitStops.serve(fitting: .wet, litres: 1)
        let expected = ["tyres slick", "fuel 1", "tyres wet"]
        #expect(log.entries == expected, "serve(fitting: .slick, litres: 0) then serve(fitting: .wet, litres: 1) should tell the equipment \(shown(expected)); it was told \(shown(log.entries)). With a full tank (0 litres) the rig is not called at all; with 1 litre it is. [zh-Hans] 先 serve(fitting: .slick, litres: 0)，再 serve(fitting: .wet, litres: 1)，设备收到的应该是\(shown(expected))；实际收到的是\(shown(log.entries))。油箱是满的（0 升）时根本不叫加油设备；要加 1 升时就要叫。")
    }

    @Test("stops of any size (200 seeded), the same stop twice in a row, one crew doing both jobs: the rig pumps exactly the litres it is given when there are more than 0, more than a tank holds too, and nothing otherwise; then the tyres, every time")
    func stopsOfAnySize() {
        // The model: serve(fitting:litres:) carries out the planner's decision as it is; deciding the litres is the planner's.
        // Every stop is served, the same stop again included, and one object that is both the tyre supplier and the fuel
        // rig (a crew that does both) is told both jobs.
        var generator = SeededGenerator(state: 0x16F0_E1ED)
        let compounds: [Compound] = [.slick, .intermediate, .wet]
        for round in 0..<200 {
            let log = CallLog()
            let oneCrew = Int.random(in: 0..<4, using: &generator) == 0
            let crew = FakeCrew(log: log)
            let pitStops = oneCrew ? PitStopService(tyres: crew, fuel: crew) : PitStopService(tyres: FakeTyres(log: log), fuel: FakeFuel(log: log))
            var expected: [String] = []
            var asked: [String] = []
            var stop: (compound: Compound, litres: Int)?
            for _ in 0..<Int.random(in: 1...5, using: &generator) {
                // Now and then the very stop before, again: the wall calls the car in twice.
                if stop == nil || Int.random(in: 0..<3, using: &generator) > 0 {
                    let litres: Int
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0: litres = [0, 1, 99, 100, 101, -1].randomElement(using: &generator)!
                    case 1: litres = Int.random(in: 101...1_000, using: &generator)
                    case 2: litres = [Int.max, Int.min, -Int.random(in: 2...500, using: &generator)].randomElement(using: &generator)!
                    default: litres = Int.random(in: 1...100, using: &generator)
                    }
                    stop = (compounds.randomElement(using: &generator)!, litres)
                }
                let (compound, litres) = stop!
                pitStops.serve(fitting: compound, litres: litres)
                asked.append("serve(fitting: .\(compound.rawValue), litres: \(litres))")
                if litres > 0 { expected.append("fuel \(litres)") }
                expected.append("tyres \(compound.rawValue)")
            }
            guard log.entries == expected else {
                Issue.record("Round \(round) (seed 0x16F0E1ED)\(oneCrew ? ", one crew as both the tyre supplier and the fuel rig" : ""): \(asked.joined(separator: ", ")) should tell the equipment \(shown(expected)); it was told \(shown(log.entries)). A pit stop pumps the litres it is given, as they are, when there are more than 0 (the planner decides how many, even more than a tank holds), and then fits the compound: every stop, the same stop again included, whoever does the work. [zh-Hans] 第 \(round) 轮（种子 0x16F0E1ED）\(oneCrew ? "，同一个维修组既是轮胎供应商又是加油设备" : "")：\(asked.joined(separator: "、")) 应该让设备收到\(shown(expected))；实际收到的是\(shown(log.entries))。进站时，升数大于 0 就原样加上交给它的升数（加多少由计划员决定，哪怕超过油箱容量），然后装上轮胎配方：每一次进站都这样，和上一次相同的进站也一样，不管是谁来干活。")
                return
            }
        }
    }

    @Test("the track calls for a compound from the lap's rain and the map's puddle corners")
    func compoundFollowsTheRainAndThePuddles() {
        let weather = ScriptedWeather(rain: [1: 0, 2: 29, 3: 30, 4: 45, 5: 59, 6: 60, 7: 95])
        let floods = TrackConditions(weather: weather, trackMap: FixedMap(puddleCorners: 4))
        let drains = TrackConditions(weather: weather, trackMap: FixedMap(puddleCorners: 1))
        let flooded = (1...7).map { floods.compound(forLap: $0).rawValue }
        let drained = (1...7).map { drains.compound(forLap: $0).rawValue }
        let expectedFlooded = ["slick", "slick", "wet", "wet", "wet", "wet", "wet"]
        let expectedDrained = ["slick", "slick", "intermediate", "intermediate", "intermediate", "wet", "wet"]
        #expect(flooded == expectedFlooded && drained == expectedDrained, "Laps 1 to 7 with 0, 29, 30, 45, 59, 60 and 95% rain: a track with 4 puddle corners should call for \(expectedFlooded), it called for \(flooded); a track with 1 should call for \(expectedDrained), it called for \(drained). Ask the weather feed about the lap you are given; under 30% it is slicks, from 60% wets, and in between wets only where the map has 3 puddle corners or more, else intermediates. [zh-Hans] 第 1 到 7 圈的降雨概率是 0、29、30、45、59、60 和 95%：有 4 个积水弯道的赛道应该要求 \(expectedFlooded)，实际是 \(flooded)；只有 1 个的应该要求 \(expectedDrained)，实际是 \(drained)。拿交给你的圈数去问天气服务；低于 30% 用光头胎，从 60% 起用全雨胎，介于两者之间时，地图上有 3 个或更多积水弯道才用全雨胎，否则用半雨胎。")
        #expect(Set(weather.asked) == Set(1...7), "Asked about laps 1 to 7, TrackConditions should ask the weather feed about those laps; it asked about \(weather.asked). [zh-Hans] 被问到第 1 到 7 圈时，TrackConditions 应该拿这几圈去问天气服务；它问的是 \(weather.asked)。")
    }

    @Test("the driver hears it on the radio first, then reads it on the pit board")
    func radioFirstThenTheBoard() {
        let log = CallLog()
        let briefing = DriverBriefing(radio: FakeRadio(log: log), pitBoard: FakeBoard(log: log))
        briefing.tell("Lap 3: stay out.")
        briefing.tell("Lap 4: box for wet tyres and 30 L.")
        let expected = ["radio: Lap 3: stay out.", "board: Lap 3: stay out.", "radio: Lap 4: box for wet tyres and 30 L.", "board: Lap 4: box for wet tyres and 30 L."]
        #expect(log.entries == expected, "Two messages told to a DriverBriefing should go out as \(shown(expected)); they went out as \(shown(log.entries)). Every message goes on the radio, then, word for word, on the pit board. [zh-Hans] 交给 DriverBriefing 的两条消息应该这样发出：\(shown(expected))；实际发出的是\(shown(log.entries))。每条消息先在无线电里说，然后一字不差地写到指示牌上。")
    }

    @Test("every message told, the same one again and again included, one device as both radio and board, a message told while another is on the radio: each goes on the radio and then on the board, word for word (200 seeded briefings)")
    func everyMessageTwiceOver() {
        let texts = ["Lap 3: stay out.", "Lap 3: stay out.", "Box, box.", "", " ", "第 5 圈：进站。", String(repeating: "Push. ", count: 60)]
        var generator = SeededGenerator(state: 0x16_B0A2D)
        for round in 0..<200 {
            let log = CallLog()
            // Now and then one device is both the radio and the board: it is told both times.
            let oneDevice = Int.random(in: 0..<4, using: &generator) == 0
            let device = FakeRadioBoard(log: log)
            let radio = FakeRadio(log: log)
            let briefing = oneDevice ? DriverBriefing(radio: device, pitBoard: device) : DriverBriefing(radio: radio, pitBoard: FakeBoard(log: log))
            var told: [String] = []
            var expected: [String] = []
            var text = texts[0]
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                // Often the same message as the one before (the wall repeats an order), sometimes another.
                if Int.random(in: 0..<3, using: &generator) == 0 { text = texts.randomElement(using: &generator)! }
                // Now and then, while the message is on the radio, the wall tells the briefing another one (one level deep):
                // that one goes out in full, radio then board, before the first reaches the board.
                var inner: String?
                if Int.random(in: 0..<5, using: &generator) == 0 {
                    let other = texts.randomElement(using: &generator)!
                    inner = other
                    let meanwhile = { briefing.tell(other) }
                    if oneDevice { device.whileSending = meanwhile } else { radio.whileSending = meanwhile }
                }
                briefing.tell(text)
                device.whileSending = nil
                radio.whileSending = nil
                told.append(inner.map { "\(text.debugDescription) (and, while it was on the radio, \($0.debugDescription))" } ?? text.debugDescription)
                expected += ["radio: \(text)"] + (inner.map { ["radio: \($0)", "board: \($0)"] } ?? []) + ["board: \(text)"]
            }
            guard log.entries != expected else { continue }
            #expect(log.entries == expected, "Briefing \(round)\(oneDevice ? ", one device as both the radio and the board" : ""): the messages \(told) were told in turn, so they should go out as \(shown(expected)); they went out as \(shown(log.entries)). tell(_:) sends every message on the radio, then shows the same text on the board, every time: a message that repeats the one before goes out again, a device that is both radio and board is told both times, a message told while another is on the radio goes out in full right then, and nothing is held back. [zh-Hans] 第 \(round) 次简报\(oneDevice ? "（同一个设备既是无线电又是指示牌）" : "")：依次交代了 \(told)，所以应该这样发出：\(shown(expected))；实际发出的是\(shown(log.entries))。tell(_:) 每次都先在无线电里说这条消息，再把同样的文字显示在指示牌上：和上一条相同的消息也要再发一次，既是无线电又是指示牌的设备两次都要收到，另一条消息还在无线电里时交代的消息要当场完整发出，什么也不能扣下。")
            return
        }
    }

    @Test("200 seeded days: laps asked in any order and again (by the other car), while the forecast and the map change: every call asks the weather once about its lap and decides from what the weather and the map say now")
    func everyCallDecidesAfresh() {
        var generator = SeededGenerator(state: 0x16_DA75)
        var stateShown = false
        for day in 0..<200 {
            let weather = ChangingWeather()
            let map = ChangingMap(puddleCorners: Int.random(in: 0...6, using: &generator))
            let conditions = TrackConditions(weather: weather, trackMap: map)
            let stateBefore = storedState(of: conditions, handedIn: [weather, map])
            var steps: [String] = []
            var asks = 0
            defer {
                // TrackConditions keeps nothing: after the whole day it holds the feed and the map it was handed, as before.
                let stateAfter = storedState(of: conditions, handedIn: [weather, map])
                if stateAfter != stateBefore, !stateShown {
                    stateShown = true
                    Issue.record("Day \(day) (seed 0x16DA75): after \(steps.count) steps, TrackConditions changed what it stores: before, it held \(clipped(stateBefore, against: stateAfter)); after, \(clipped(stateAfter, against: stateBefore)). TrackConditions keeps nothing: it holds the weather feed and the map it was handed, in lets, and no history, cache or counter, so every car of the team can share it. [zh-Hans] 第 \(day) 天（种子 0x16DA75）：经过 \(steps.count) 步之后，TrackConditions 改变了它保存的东西：之前是 \(clipped(stateBefore, against: stateAfter))；之后是 \(clipped(stateAfter, against: stateBefore))。TrackConditions 什么也不保存：它只用 let 保存交给它的天气源和地图，不记历史、不缓存、不计数，所以车队的每辆车都能共用它。")
                }
            }
            for _ in 0..<Int.random(in: 1...20, using: &generator) {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    // A feed may say less than 0 (no forecast) or more than 100: the rule holds for every reading.
                    let lap = Int.random(in: 1...5, using: &generator)
                    let rain = Int.random(in: 0..<8, using: &generator) == 0 ? [-1, -50, 101, 250].randomElement(using: &generator)! : Int.random(in: 0...100, using: &generator)
                    weather.rain[lap] = rain
                    steps.append("forecast: lap \(lap) \(rain)%")
                case 1:
                    map.puddleCorners = Int.random(in: 0...6, using: &generator)
                    steps.append("map: \(map.puddleCorners) puddle corners")
                default:
                    let lap = Int.random(in: 1...5, using: &generator)
                    let rain = weather.rain[lap] ?? 0
                    let expected: Compound = rain >= 60 ? .wet : rain >= 30 ? (map.puddleCorners >= 3 ? .wet : .intermediate) : .slick
                    let called = conditions.compound(forLap: lap)
                    asks += 1
                    steps.append("lap \(lap)")
                    guard called == expected, weather.asked.count == asks, weather.asked.last == lap else {
                        Issue.record("Day \(day) (seed 0x16DA75), after \(steps.joined(separator: ", ")): with \(rain)% rain on lap \(lap) and \(map.puddleCorners) puddle corners now, the track should call for \(expected.rawValue) after asking the weather about lap \(lap) (\(asks) questions in all); it called for \(called.rawValue), and the weather was asked \(weather.asked). TrackConditions keeps nothing: every call asks the weather about its lap and reads the map, even for a lap it was asked about before. [zh-Hans] 第 \(day) 天（种子 0x16DA75），在 \(steps.joined(separator: "、")) 之后：第 \(lap) 圈降雨 \(rain)%，地图此刻有 \(map.puddleCorners) 个积水弯道，赛道应该先拿第 \(lap) 圈问天气（总共问 \(asks) 次），再要求 \(expected.rawValue)；它要求的是 \(called.rawValue)，天气被问到的是 \(weather.asked)。TrackConditions 什么都不保存：每次调用都拿这一圈去问天气并读取地图，之前问过的圈也一样。")
                        return
                    }
                }
            }
        }
    }

    @Test("the track reads its map at every lap: a map that changes during the day changes the call")
    func mapIsReadEveryLap() {
        let map = ChangingMap(puddleCorners: 4)
        let conditions = TrackConditions(weather: ScriptedWeather(rain: [1: 45, 2: 45, 3: 45]), trackMap: map)
        let first = conditions.compound(forLap: 1)
        map.puddleCorners = 1
        let second = conditions.compound(forLap: 2)
        map.puddleCorners = 3
        let third = conditions.compound(forLap: 3)
        #expect([first, second, third] == [.wet, .intermediate, .wet], "At 45% rain on every lap, with the map's puddle corners going 4, then 1, then 3, the track should call for [wet, intermediate, wet]; it called for \([first, second, third].map(\.rawValue)). Ask the map it was handed at every lap, as it asks the weather: what the map says is read when the lap is decided, not copied once when the service is built. [zh-Hans] 每一圈降雨都是 45%，地图的积水弯道依次是 4、1、3，赛道应该依次要求 [wet, intermediate, wet]；实际是 \([first, second, third].map(\.rawValue))。像问天气一样，每一圈都去问交给它的地图：地图说什么要在决定这一圈时读取，而不是在创建服务时复制一次。")
    }
}

/// Rain chances the forecast revises during the day; remembers every question.
final class ChangingWeather: WeatherFeed {
    var rain: [Int: Int] = [:]
    private(set) var asked: [Int] = []
    func rainChance(onLap lap: Int) -> Int {
        asked.append(lap)
        return rain[lap] ?? 0
    }
}

/// A map the track crew updates during the day.
final class ChangingMap: TrackMap {
    var puddleCorners: Int
    init(puddleCorners: Int) { self.puddleCorners = puddleCorners }
}

/// One crew that is both the tyre supplier and the fuel rig, writing into one log.
final class FakeCrew: TyreSupplier, FuelSupplier {
    let log: CallLog
    init(log: CallLog) { self.log = log }
    func fit(_ compound: Compound) { log.add("tyres \(compound.rawValue)") }
    func pump(litres: Int) { log.add("fuel \(litres)") }
}

/// One device that is both the radio and the pit board (a screen on the wall that also speaks), writing into one log.
final class FakeRadioBoard: TeamRadio, PitBoard {
    let log: CallLog
    /// Runs once, while the next message is being sent (after it is written down).
    var whileSending: (() -> Void)?
    init(log: CallLog) { self.log = log }
    func send(_ message: String) {
        log.add("radio: \(message)")
        if let meanwhile = whileSending {
            whileSending = nil
            meanwhile()
        }
    }
    func show(_ text: String) { log.add("board: \(text)") }
}

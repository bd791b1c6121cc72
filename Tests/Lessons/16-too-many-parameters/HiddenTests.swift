import Testing
@testable import FacadeServices

/// Graded, not handed out: the same promises as the visible tests, with other inputs.
@Suite("Too many parameters, other inputs")
struct HiddenFacadeTests {
    @Test("three cars of one team on a track that drains well go onto intermediates, each in its own time")
    func threeCarsOnIntermediates() {
        let team = RaceTeam(weather: ScriptedWeather(rain: [5: 30, 6: 59, 7: 10]), trackMap: FixedMap(puddleCorners: 2))
        let cars = [TestCar(), TestCar(), TestCar()]
        let planners = cars.map { $0.planner(from: team) }
        cars[2].complete(5, on: planners[2], wear: 40, fuel: 100, lastLap: 95_001)
        cars[0].complete(5, on: planners[0], wear: 69, fuel: 15, lastLap: 95_500)
        cars[0].complete(6, on: planners[0], wear: 72, fuel: 9, lastLap: 96_000)
        cars[1].complete(7, on: planners[1], wear: 70, fuel: 50, lastLap: 90_009)
        cars[2].complete(7, on: planners[2], wear: 1, fuel: 99, lastLap: 61_000)
        let expected = [
            [
                "radio: Lap 5: box for intermediate tyres and 85 L. Last lap 1:35.500.", "board: Lap 5: box for intermediate tyres and 85 L. Last lap 1:35.500.",
                "fuel 85", "tyres intermediate",
                "radio: Lap 6: box for intermediate tyres and 91 L. Last lap 1:36.000.", "board: Lap 6: box for intermediate tyres and 91 L. Last lap 1:36.000.",
                "fuel 91", "tyres intermediate",
            ],
            [
                "radio: Lap 7: box for slick tyres and 50 L. Last lap 1:30.009.", "board: Lap 7: box for slick tyres and 50 L. Last lap 1:30.009.",
                "fuel 50", "tyres slick",
            ],
            [
                "radio: Lap 5: box for intermediate tyres and 0 L. Last lap 1:35.001.", "board: Lap 5: box for intermediate tyres and 0 L. Last lap 1:35.001.",
                "tyres intermediate",
                "radio: Lap 7: box for slick tyres and 1 L. Last lap 1:01.000.", "board: Lap 7: box for slick tyres and 1 L. Last lap 1:01.000.",
                "fuel 1", "tyres slick",
            ],
        ]
        for (index, car) in cars.enumerated() {
            #expect(car.log.entries == expected[index], "Car \(index + 1) of three from one team should be told \(shown(expected[index])); it was told \(shown(car.log.entries)). [zh-Hans] 同一车队三辆车中的第 \(index + 1) 辆应该收到\(shown(expected[index]))；实际收到的是\(shown(car.log.entries))。")
        }
    }

    @Test("the services alone, one more time: a long stop, rain at the boundaries, three messages")
    func servicesAgain() {
        let log = CallLog()
        PitStopService(tyres: FakeTyres(log: log), fuel: FakeFuel(log: log)).serve(fitting: .slick, litres: 100)
        let weather = ScriptedWeather(rain: [10: 60, 11: 59, 12: 30, 13: 29])
        let three = TrackConditions(weather: weather, trackMap: FixedMap(puddleCorners: 3))
        let two = TrackConditions(weather: weather, trackMap: FixedMap(puddleCorners: 2))
        let calls = (10...13).map { "\(three.compound(forLap: $0).rawValue)/\(two.compound(forLap: $0).rawValue)" }
        let briefing = DriverBriefing(radio: FakeRadio(log: log), pitBoard: FakeBoard(log: log))
        for message in ["A", "B", "C"] { briefing.tell(message) }
        let expectedLog = ["fuel 100", "tyres slick", "radio: A", "board: A", "radio: B", "board: B", "radio: C", "board: C"]
        let expectedCalls = ["wet/wet", "wet/intermediate", "wet/intermediate", "slick/slick"]
        #expect(log.entries == expectedLog && calls == expectedCalls, "A 100 L stop then three messages should tell the equipment \(shown(expectedLog)), it was told \(shown(log.entries)); at 60, 59, 30 and 29% rain, tracks with 3 and 2 puddle corners should call for \(expectedCalls), they called for \(calls). [zh-Hans] 一次 100 升的进站加上三条消息，设备应该收到\(shown(expectedLog))，实际是\(shown(log.entries))；降雨 60、59、30 和 29% 时，有 3 个和 2 个积水弯道的赛道应该要求 \(expectedCalls)，实际是 \(calls)。")
    }
}

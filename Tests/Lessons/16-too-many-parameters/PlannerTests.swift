import Testing
@testable import FacadeServices

@Suite("The planner: the same calls as before, through the services it is handed")
struct PlannerTests {
    @Test("a wet weekend makes the same calls, in the same order, as the planner of eight parameters did")
    func aWetWeekendMakesTheSameCalls() {
        let car = TestCar()
        let weather = ScriptedWeather(rain: [1: 0, 2: 20, 3: 45, 4: 70, 5: 25, 6: 10, 7: 0, 8: 35])
        let planner = car.planner(weather: weather, trackMap: FixedMap(puddleCorners: 4))
        car.complete(1, on: planner, wear: 10, fuel: 90, lastLap: 102_318)
        car.complete(2, on: planner, wear: 20, fuel: 80, lastLap: 101_950)
        car.complete(3, on: planner, wear: 28, fuel: 72, lastLap: 105_004)
        car.complete(4, on: planner, wear: 8, fuel: 93, lastLap: 118_777)
        car.complete(5, on: planner, wear: 16, fuel: 85, lastLap: 121_060)
        car.complete(6, on: planner, wear: 71, fuel: 60, lastLap: 99_870)
        car.complete(7, on: planner, wear: 12, fuel: 14, lastLap: 99_012)
        car.complete(8, on: planner, wear: 5, fuel: 100, lastLap: 100_000)
        let expected = [
            "radio: Lap 1: stay out. Last lap 1:42.318.", "board: Lap 1: stay out. Last lap 1:42.318.",
            "radio: Lap 2: stay out. Last lap 1:41.950.", "board: Lap 2: stay out. Last lap 1:41.950.",
            "radio: Lap 3: box for wet tyres and 28 L. Last lap 1:45.004.", "board: Lap 3: box for wet tyres and 28 L. Last lap 1:45.004.",
            "fuel 28", "tyres wet",
            "radio: Lap 4: stay out. Last lap 1:58.777.", "board: Lap 4: stay out. Last lap 1:58.777.",
            "radio: Lap 5: box for slick tyres and 15 L. Last lap 2:01.060.", "board: Lap 5: box for slick tyres and 15 L. Last lap 2:01.060.",
            "fuel 15", "tyres slick",
            "radio: Lap 6: box for slick tyres and 40 L. Last lap 1:39.870.", "board: Lap 6: box for slick tyres and 40 L. Last lap 1:39.870.",
            "fuel 40", "tyres slick",
            "radio: Lap 7: box for slick tyres and 86 L. Last lap 1:39.012.", "board: Lap 7: box for slick tyres and 86 L. Last lap 1:39.012.",
            "fuel 86", "tyres slick",
            "radio: Lap 8: box for wet tyres and 0 L. Last lap 1:40.000.", "board: Lap 8: box for wet tyres and 0 L. Last lap 1:40.000.",
            "tyres wet",
        ]
        let first = zip(expected, car.log.entries).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expected.count, car.log.entries.count)
        #expect(car.log.entries == expected, "Eight laps (rain 0, 20, 45, 70, 25, 10, 0 and 35%; 4 puddle corners; worn tyres on lap 6, low fuel on lap 7, a full tank on lap 8) should tell the car's equipment \(shown(expected)); it was told \(shown(car.log.entries)). The first difference is entry \(first + 1). The refactoring keeps the behaviour: the driver is told first (radio, then board), then the car is served (fuel, when any, then tyres). [zh-Hans] 八圈（降雨 0、20、45、70、25、10、0 和 35%；4 个积水弯道；第 6 圈轮胎磨损，第 7 圈油量低，第 8 圈油箱是满的）应该让赛车的设备收到\(shown(expected))；实际收到的是\(shown(car.log.entries))。第一处不同是第 \(first + 1) 条。重构不改变行为：先告诉车手（无线电，然后指示牌），再为赛车服务（需要时先加油，然后换胎）。")
    }

    @Test("every lap reads the telemetry first, then asks the weather about that lap, as the planner of eight parameters did")
    func telemetryBeforeWeather() {
        /// Who was asked what, in order, across the telemetry and the weather.
        final class Journal { var entries: [String] = [] }
        final class JournalTelemetry: Telemetry {
            let journal: Journal
            init(_ journal: Journal) { self.journal = journal }
            func status() -> CarStatus {
                journal.entries.append("telemetry")
                return CarStatus(tyreWear: 30, fuelLitres: 50, lastLap: 100_000)
            }
        }
        final class JournalWeather: WeatherFeed {
            let journal: Journal
            init(_ journal: Journal) { self.journal = journal }
            func rainChance(onLap lap: Int) -> Int {
                journal.entries.append("weather \(lap)")
                return lap % 2 == 0 ? 45 : 0
            }
        }
        let journal = Journal(), car = TestCar()
        let planner = RaceWeekendPlanner(
            pitStops: PitStopService(tyres: car.tyres, fuel: car.fuel),
            conditions: TrackConditions(weather: JournalWeather(journal), trackMap: FixedMap(puddleCorners: 4)),
            telemetry: JournalTelemetry(journal),
            briefing: DriverBriefing(radio: car.radio, pitBoard: car.board)
        )
        for lap in 1...4 { planner.lapCompleted(lap) }
        let expected = (1...4).flatMap { ["telemetry", "weather \($0)"] }
        #expect(journal.entries == expected, "Four laps should ask, in this order, \(shown(expected)); they asked \(shown(journal.entries)). The refactoring keeps the order of the calls: lapCompleted reads the telemetry first, then asks the track conditions (which ask the weather about that lap). [zh-Hans] 四圈应该按这个顺序询问：\(shown(expected))；实际询问的是\(shown(journal.entries))。重构保持调用的顺序：lapCompleted 先读遥测，再问赛道状况（它再问天气这一圈的情况）。")
    }

    @Test("the planner is built from the three services and the telemetry, and works through the ones it is handed")
    func plannerWorksThroughTheServicesItIsHanded() {
        let weather = ScriptedWeather(rain: [1: 40, 2: 40])
        let wetCar = TestCar()
        let dampCar = TestCar()
        let flooded = wetCar.planner(weather: weather, trackMap: FixedMap(puddleCorners: 5))
        let drained = dampCar.planner(weather: weather, trackMap: FixedMap(puddleCorners: 0))
        wetCar.complete(1, on: flooded, wear: 30, fuel: 70, lastLap: 110_000)
        dampCar.complete(1, on: drained, wear: 30, fuel: 50, lastLap: 111_500)
        wetCar.complete(2, on: flooded, wear: 32, fuel: 66, lastLap: 109_000)
        let expectedWet = [
            "radio: Lap 1: box for wet tyres and 30 L. Last lap 1:50.000.", "board: Lap 1: box for wet tyres and 30 L. Last lap 1:50.000.",
            "fuel 30", "tyres wet",
            "radio: Lap 2: stay out. Last lap 1:49.000.", "board: Lap 2: stay out. Last lap 1:49.000.",
        ]
        let expectedDamp = [
            "radio: Lap 1: box for intermediate tyres and 50 L. Last lap 1:51.500.", "board: Lap 1: box for intermediate tyres and 50 L. Last lap 1:51.500.",
            "fuel 50", "tyres intermediate",
        ]
        #expect(wetCar.log.entries == expectedWet && dampCar.log.entries == expectedDamp, "Two planners, each built with RaceWeekendPlanner(pitStops:conditions:telemetry:briefing:) from its own services, on tracks with 5 and 0 puddle corners at 40% rain. The first car should be told \(shown(expectedWet)), it was told \(shown(wetCar.log.entries)); the second \(shown(expectedDamp)), it was told \(shown(dampCar.log.entries)). Each planner must use the services it is handed, not others it finds or builds. [zh-Hans] 两个规划器，各自用 RaceWeekendPlanner(pitStops:conditions:telemetry:briefing:) 从自己的服务创建，赛道分别有 5 个和 0 个积水弯道，降雨概率 40%。第一辆车应该收到\(shown(expectedWet))，实际是\(shown(wetCar.log.entries))；第二辆应该收到\(shown(expectedDamp))，实际是\(shown(dampCar.log.entries))。每个规划器都必须使用交给它的服务，而不是它自己找来或创建的服务。")
    }

    @Test("the team gives each car its own pit stops and its own briefing, and each car starts on slicks; a second planner for the same car is a new one")
    func eachCarGetsItsOwnPitStopsAndBriefing() {
        let team = RaceTeam(weather: ScriptedWeather(rain: [1: 0, 2: 65, 3: 65]), trackMap: FixedMap(puddleCorners: 2))
        let car7 = TestCar()
        let car8 = TestCar()
        let planner7 = car7.planner(from: team)
        let planner8 = car8.planner(from: team)
        car7.complete(1, on: planner7, wear: 10, fuel: 80, lastLap: 100_100)
        car7.complete(2, on: planner7, wear: 15, fuel: 70, lastLap: 112_000)
        car8.complete(2, on: planner8, wear: 14, fuel: 75, lastLap: 113_000)
        car8.complete(3, on: planner8, wear: 3, fuel: 70, lastLap: 115_000)
        car7.complete(3, on: planner7, wear: 71, fuel: 60, lastLap: 114_000)
        let expected7 = [
            "radio: Lap 1: stay out. Last lap 1:40.100.", "board: Lap 1: stay out. Last lap 1:40.100.",
            "radio: Lap 2: box for wet tyres and 30 L. Last lap 1:52.000.", "board: Lap 2: box for wet tyres and 30 L. Last lap 1:52.000.",
            "fuel 30", "tyres wet",
            "radio: Lap 3: box for wet tyres and 40 L. Last lap 1:54.000.", "board: Lap 3: box for wet tyres and 40 L. Last lap 1:54.000.",
            "fuel 40", "tyres wet",
        ]
        let expected8 = [
            "radio: Lap 2: box for wet tyres and 25 L. Last lap 1:53.000.", "board: Lap 2: box for wet tyres and 25 L. Last lap 1:53.000.",
            "fuel 25", "tyres wet",
            "radio: Lap 3: stay out. Last lap 1:55.000.", "board: Lap 3: stay out. Last lap 1:55.000.",
        ]
        #expect(car7.log.entries == expected7 && car8.log.entries == expected8, "Two cars from one RaceTeam: car 7 goes onto wets on lap 2, car 8 reports its first lap (lap 2) after that and must go onto wets too, from its own slicks. Car 7's equipment should be told \(shown(expected7)), it was told \(shown(car7.log.entries)); car 8's \(shown(expected8)), it was told \(shown(car8.log.entries)). The team may share what keeps nothing of a car (the track conditions), but each car needs its own pit stops and its own briefing, and its own record of the tyres on it. [zh-Hans] 同一个 RaceTeam 的两辆车：7 号车在第 2 圈换上全雨胎，8 号车在那之后才报告它的第一圈（第 2 圈），也必须从自己的光头胎换成全雨胎。7 号车的设备应该收到\(shown(expected7))，实际是\(shown(car7.log.entries))；8 号车的应该收到\(shown(expected8))，实际是\(shown(car8.log.entries))。车队可以共用不保存任何赛车信息的东西（赛道状况），但每辆车都需要自己的进站服务、自己的车手通报，以及自己对车上轮胎的记录。")
        // A second planner for car 7's parts, while the first is still in use: a new planner, starting on slicks, and the
        // first goes on as it was.
        let told = car7.log.entries.count
        let again = car7.planner(from: team)
        #expect(again !== planner7, "The team was asked for a planner for car 7's parts a second time, while the first planner was still in use, and handed back the first one. planner(tyres:fuel:telemetry:radio:pitBoard:) builds a new planner, with a new PitStopService and a new DriverBriefing, every time it is called: keep no planner (or service) in the team to hand out again. [zh-Hans] 第一个规划器还在使用时，又向车队要了一个用 7 号车零件的规划器，车队交回的却是第一个。planner(tyres:fuel:telemetry:radio:pitBoard:) 每次调用都创建一个新的规划器，连同新的 PitStopService 和新的 DriverBriefing：不要在车队里保存规划器（或服务）再交出去。")
        car7.complete(3, on: again, wear: 5, fuel: 90, lastLap: 100_000)
        car7.complete(3, on: planner7, wear: 6, fuel: 88, lastLap: 100_500)
        let expectedAgain = [
            "radio: Lap 3: box for wet tyres and 10 L. Last lap 1:40.000.", "board: Lap 3: box for wet tyres and 10 L. Last lap 1:40.000.",
            "fuel 10", "tyres wet",
            "radio: Lap 3: stay out. Last lap 1:40.500.", "board: Lap 3: stay out. Last lap 1:40.500.",
        ]
        let toldAgain = Array(car7.log.entries.dropFirst(told))
        #expect(toldAgain == expectedAgain, "A second planner built for car 7's parts starts on slicks, so at 65% rain it boxes for wets, while the first planner, whose car is on wets already, keeps it out: car 7's equipment should be told \(shown(expectedAgain)); it was told \(shown(toldAgain)). Each call of planner(tyres:fuel:telemetry:radio:pitBoard:) builds a planner of its own, and the two work apart. [zh-Hans] 用 7 号车零件新建的第二个规划器从光头胎开始，所以降雨 65% 时它让赛车进站换全雨胎，而第一个规划器的赛车已经是全雨胎，让它留在赛道上：7 号车的设备应该收到\(shown(expectedAgain))；实际收到的是\(shown(toldAgain))。每次调用 planner(tyres:fuel:telemetry:radio:pitBoard:) 都创建一个自己的规划器，两个规划器互不影响。")
    }

    @Test("the team's track reads the team's map as it is at each lap: a map the crew changes during the day changes every car's call")
    func teamReadsItsMapEveryLap() {
        let map = ChangingMap(puddleCorners: 4)
        let team = RaceTeam(weather: ScriptedWeather(rain: [1: 45, 2: 45, 3: 45]), trackMap: map)
        let car = TestCar()
        let planner = car.planner(from: team)
        car.complete(1, on: planner, wear: 5, fuel: 90, lastLap: 100_000)
        map.puddleCorners = 1
        car.complete(2, on: planner, wear: 6, fuel: 88, lastLap: 100_500)
        map.puddleCorners = 3
        car.complete(3, on: planner, wear: 7, fuel: 86, lastLap: 100_700)
        let fitted = car.log.entries.filter { $0.hasPrefix("tyres ") }
        #expect(fitted == ["tyres wet", "tyres intermediate", "tyres wet"], "A car of a RaceTeam, at 45% rain on laps 1 to 3, while the crew changed the team's map from 4 puddle corners to 1, then to 3: it should be fitted [\"tyres wet\", \"tyres intermediate\", \"tyres wet\"]; it was fitted \(fitted). Hand TrackConditions the team's own map (the one given to RaceTeam), not a copy of it taken when the team was built. [zh-Hans] RaceTeam 的一辆赛车，在第 1 到 3 圈降雨概率都是 45%，同时工作人员把车队的地图从 4 个积水弯改成 1 个，再改成 3 个：它应该依次换上 [\"tyres wet\", \"tyres intermediate\", \"tyres wet\"]；实际换上的是 \(fitted)。把车队自己的地图（交给 RaceTeam 的那一张）交给 TrackConditions，不要交给它创建车队时拍下的副本。")
    }

    @Test("the compound on a car is its planner's: two planners that share one pit-stop service each box for their own car")
    func compoundBelongsToThePlanner() {
        // One crew (one pit-stop service) serves two cars; what each car wears is for each car's planner to know.
        let crew = CallLog()
        let pitStops = PitStopService(tyres: FakeTyres(log: crew), fuel: FakeFuel(log: crew))
        let conditions = TrackConditions(weather: ScriptedWeather(rain: [1: 70]), trackMap: FixedMap(puddleCorners: 0))
        let first = TestCar(), second = TestCar()
        let planners = [first, second].map { car in
            RaceWeekendPlanner(pitStops: pitStops, conditions: conditions, telemetry: car.telemetry,
                               briefing: DriverBriefing(radio: car.radio, pitBoard: car.board))
        }
        first.complete(1, on: planners[0], wear: 10, fuel: 80, lastLap: 90_000)
        second.complete(1, on: planners[1], wear: 10, fuel: 80, lastLap: 91_000)
        let boxed = [first, second].map { car in car.log.entries.contains { $0.hasPrefix("radio: Lap 1: box for wet") } }
        #expect(boxed == [true, true], "At 70% rain both cars, each still on slicks, should be told to box for wets; the first was \(boxed[0] ? "" : "not "), the second was \(boxed[1] ? "" : "not ") (the second heard \(shown(second.log.entries))). The compound on a car belongs to that car's planner, kept in the planner: a pit-stop service shared by two cars does the stop and remembers nothing about either car. [zh-Hans] 降雨 70% 时，两辆仍用光头胎的赛车都应该被告知进站换全雨胎；第一辆\(boxed[0] ? "被" : "没有被")告知，第二辆\(boxed[1] ? "被" : "没有被")告知（第二辆听到的是\(shown(second.log.entries))）。赛车上的轮胎属于这辆车的规划器，保存在规划器里：两辆车共用的进站服务只负责进站，不记住任何一辆车的情况。")
    }
}

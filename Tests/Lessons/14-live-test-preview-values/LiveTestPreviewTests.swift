import Testing
@testable import LiveTestPreview

/// A small, seeded generator (SplitMix64): the same seed gives the same turns everywhere.
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

/// A telemetry feed that answers from the test's own numbers and writes down every question.
final class FakeTelemetry: TelemetryFeed {
    let wear: Int
    let lap: Int
    private(set) var asked: [String] = []

    init(wear: Int, lap: Int) {
        self.wear = wear
        self.lap = lap
    }

    func tyreWear(of driver: String) -> Int {
        asked.append("tyreWear(of: \(driver))")
        return wear
    }

    func lastLap(of driver: String) -> Int {
        asked.append("lastLap(of: \(driver))")
        return lap
    }
}

/// A weather service that answers the test's own chance of rain and writes down every question.
final class FakeWeather: WeatherService {
    let rain: Int
    private(set) var asked: [Int] = []

    init(rain: Int) {
        self.rain = rain
    }

    func rainChance(inMinutes minutes: Int) -> Int {
        asked.append(minutes)
        return rain
    }
}

/// A reporter that keeps every issue instead of failing the test, so a test can read what was reported.
final class SpyReporter: IssueReporter {
    private(set) var issues: [String] = []

    func reportIssue(_ message: String) {
        issues.append(message)
    }
}

/// How often the live services were touched: questions answered and reads of `shared`.
struct LiveTouches {
    var telemetryCalls = TelemetryLink.liveCalls
    var telemetryShared = TelemetryLink.sharedAccessCount
    var radarCalls = WeatherRadar.liveCalls
    var radarShared = WeatherRadar.sharedAccessCount

    /// What happened since `self` was taken, in words; empty when nothing did.
    var since: String {
        let now = LiveTouches()
        var parts: [String] = []
        if now.telemetryCalls != telemetryCalls { parts.append("TelemetryLink answered \(times(now.telemetryCalls - telemetryCalls))") }
        if now.telemetryShared != telemetryShared { parts.append("TelemetryLink.shared was read \(times(now.telemetryShared - telemetryShared))") }
        if now.radarCalls != radarCalls { parts.append("WeatherRadar answered \(times(now.radarCalls - radarCalls))") }
        if now.radarShared != radarShared { parts.append("WeatherRadar.shared was read \(times(now.radarShared - radarShared))") }
        return parts.joined(separator: ", ")
    }
}

func times(_ n: Int) -> String {
    "\(n) time\(n == 1 ? "" : "s")"
}

/// The app's rules, as the starter has them: what the pit wall calls, given the services' answers.
func expectedCall(_ driver: String, rain: Int, wear: Int, lap: Int) -> String {
    if rain >= 50 { return "\(driver): box for intermediates (rain \(rain)%)" }
    if wear >= 70 { return "\(driver): box for slicks (tyres \(wear)% worn)" }
    return "\(driver): stay out (last lap \(lap) ms)"
}

/// The members one call asks, in order, given the answers it gets.
func membersAsked(rain: Int, wear: Int) -> [String] {
    if rain >= 50 { return ["WeatherService.rainChance"] }
    if wear >= 70 { return ["WeatherService.rainChance", "TelemetryFeed.tyreWear"] }
    return ["WeatherService.rainChance", "TelemetryFeed.tyreWear", "TelemetryFeed.lastLap"]
}

/// Does this report name that member (`TelemetryFeed.tyreWear`), and no other member of its dependency?
func names(_ report: String, _ member: String) -> Bool {
    // "No other member's name": not the dependency's other members, nor the other dependency's.
    let members = ["TelemetryFeed": ["tyreWear", "lastLap"], "WeatherService": ["rainChance"]]
    let parts = member.split(separator: ".").map(String.init)
    let others = members.values.flatMap { $0 }.filter { $0 != parts[1] }
    return report.contains(parts[0]) && report.contains(parts[1]) && !others.contains { report.contains($0) }
}

/// A small random source with a seed, so every run drives the same cases.
struct Dice {
    var state: UInt64

    mutating func roll(_ sides: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(sides))
    }
}

let drivers = ["VER", "HAM", "LEC", "NOR", "PIA", "RUS", "ALO", "SAI"]

@Suite("Live, test and preview values", .serialized)
struct LiveTestPreviewTests {
    // MARK: The app asks what it is handed

    @Test("the app asks the services it is handed, and calls what their answers say")
    func appUsesTheServicesItIsHanded() {
        let before = LiveTouches()
        // A sensor may read past 100% (worn-out tyres, a radar that over-reads): the rules hold for every reading.
        for rain in [0, 20, 49, 50, 51, 100, 101, 250] {
            for wear in [0, 31, 69, 70, 99, 100, 104, 250] {
                let driver = drivers[(rain + wear) % drivers.count]
                // The last lap as the sensor reads it, whatever that is: a glitch reads below zero, or far too much.
                let lap = [89_000 + rain * 10 + wear, -1 - rain, 0, Int.max - wear, Int.min + rain][(rain + wear / 3) % 5]
                let telemetry = FakeTelemetry(wear: wear, lap: lap)
                let weather = FakeWeather(rain: rain)
                let app = PitWallApp(telemetry: telemetry, weather: weather)
                let call = app.call(for: driver)
                let expected = expectedCall(driver, rain: rain, wear: wear, lap: lap)
                #expect(call == expected, "With rain at \(rain)% and tyres \(wear)% worn (last lap \(lap) ms), PitWallApp(telemetry:weather:).call(for: \"\(driver)\") should be \"\(expected)\"; it was \"\(call)\". Ask the weather and the telemetry the app was handed, and keep the starter's rules: rain 50% or more boxes for intermediates, else tyres 70% or more box for slicks, else stay out. [zh-Hans] 降雨概率 \(rain)%、轮胎磨损 \(wear)%（上一圈 \(lap) ms）时，PitWallApp(telemetry:weather:).call(for: \"\(driver)\") 应该是 \"\(expected)\"；实际是 \"\(call)\"。询问交给应用的天气服务和遥测，并保留初始代码的规则：降雨概率 50% 或以上进站换半雨胎，否则轮胎磨损 70% 或以上进站换光头胎，否则留在赛道上。")
                let questions = membersAsked(rain: rain, wear: wear).dropFirst().map { $0 == "TelemetryFeed.tyreWear" ? "tyreWear(of: \(driver))" : "lastLap(of: \(driver))" }
                #expect(weather.asked == [10] && telemetry.asked == Array(questions), "One call for \(driver) should ask the weather it was handed once, for 10 minutes ahead, and the telemetry it was handed \(questions); the weather was asked \(weather.asked) and the telemetry \(telemetry.asked). [zh-Hans] 为 \(driver) 调用一次，应该向交给它的天气服务询问一次（十分钟之后），并向交给它的遥测询问 \(questions)；天气服务被问到的是 \(weather.asked)，遥测被问到的是 \(telemetry.asked)。")
            }
        }
        let touched = before.since
        #expect(touched.isEmpty, "An app built with PitWallApp(telemetry:weather:) and two fakes touched the live services: \(touched). The app asks only what it was handed; TelemetryLink and WeatherRadar belong in PitWallApp.live() alone. [zh-Hans] 用 PitWallApp(telemetry:weather:) 和两个假对象创建的应用碰到了真实服务：\(touched)。应用只询问交给它的服务；TelemetryLink 和 WeatherRadar 只属于 PitWallApp.live()。")
    }

    // MARK: The test root

    @Test("the test root hands the app the overrides it is given")
    func testRootUsesTheOverrides() {
        let before = LiveTouches()
        let reporter = SpyReporter()
        for rain in [0, 49, 50, 100] {
            for wear in [0, 69, 70, 100] {
                let driver = drivers[(rain / 10 + wear) % drivers.count]
                let lap = 90_000 + rain + wear * 3
                let app = PitWallApp.test(reporter: reporter, telemetry: FakeTelemetry(wear: wear, lap: lap), weather: FakeWeather(rain: rain))
                let call = app.call(for: driver)
                let expected = expectedCall(driver, rain: rain, wear: wear, lap: lap)
                #expect(call == expected, "PitWallApp.test(reporter:telemetry:weather:) was handed a telemetry fake (tyres \(wear)% worn, last lap \(lap) ms) and a weather fake (rain \(rain)%): the call for \(driver) should be \"\(expected)\"; it was \"\(call)\". The test root hands the app every override it is given. [zh-Hans] PitWallApp.test(reporter:telemetry:weather:) 拿到了一个遥测假对象（轮胎磨损 \(wear)%，上一圈 \(lap) ms）和一个天气假对象（降雨概率 \(rain)%）：对 \(driver) 的指令应该是 \"\(expected)\"；实际是 \"\(call)\"。测试用的组合根要把交给它的每个覆盖值都交给应用。")
            }
        }
        #expect(reporter.issues.isEmpty, "Every dependency was overridden, so nothing should be reported; the reporter got \(reporter.issues). A test value reports only when it is used, and an override replaces it. [zh-Hans] 每个依赖都被覆盖了，所以不应该报告任何问题；reporter 收到的是 \(reporter.issues)。测试值只在被使用时报告，而覆盖值会替换它。")
        let touched = before.since
        #expect(touched.isEmpty, "The test root, with both services overridden, touched the live services: \(touched). It must not even build a live value it is about to replace. [zh-Hans] 两个服务都被覆盖时，测试用的组合根还是碰到了真实服务：\(touched)。它连即将被替换的真实值都不应该创建。")
    }

    @Test("telemetry not overridden: the test value reports TelemetryFeed and the member called")
    func unimplementedTelemetryNamesItself() {
        let before = LiveTouches()
        let reporter = SpyReporter()
        let app = PitWallApp.test(reporter: reporter, weather: FakeWeather(rain: 10))
        let call = app.call(for: "LEC")
        #expect(reporter.issues.count == 2, "The test overrode the weather only (dry), so a call for LEC asks the telemetry's tyreWear(of:) and, with the test value's 0% wear, lastLap(of:): two uses of a dependency the test did not override, two reports. The reporter got \(reporter.issues.count): \(reporter.issues). Give TelemetryFeed a test value that reports every use to the reporter the test root was handed. [zh-Hans] 这个测试只覆盖了天气（晴），所以为 LEC 调用时会问遥测的 tyreWear(of:)，而测试值给出 0% 磨损，于是再问 lastLap(of:)：测试没有覆盖的依赖被用了两次，应该有两条报告。reporter 收到了 \(reporter.issues.count) 条：\(reporter.issues)。给 TelemetryFeed 一个测试值，把每次使用都报告给交给测试用组合根的 reporter。")
        if reporter.issues.count == 2 {
            #expect(names(reporter.issues[0], "TelemetryFeed.tyreWear") && names(reporter.issues[1], "TelemetryFeed.lastLap"), "Each report should name the dependency and the member that was called: first TelemetryFeed and tyreWear, then TelemetryFeed and lastLap (and not the other member). The reports were \(reporter.issues). [zh-Hans] 每条报告都应该写出被调用的依赖和成员：先是 TelemetryFeed 和 tyreWear，然后是 TelemetryFeed 和 lastLap（不提另一个成员）。报告是 \(reporter.issues)。")
        }
        #expect(call == "LEC: stay out (last lap 0 ms)", "The test value answers 0 after reporting, so the code under test runs on: the call should be \"LEC: stay out (last lap 0 ms)\"; it was \"\(call)\". [zh-Hans] 测试值报告之后回答 0，让被测代码继续运行：指令应该是 \"LEC: stay out (last lap 0 ms)\"；实际是 \"\(call)\"。")
        let wet = SpyReporter()
        _ = PitWallApp.test(reporter: wet, weather: FakeWeather(rain: 80)).call(for: "LEC")
        #expect(wet.issues.isEmpty, "With rain at 80% the call never asks the telemetry, so its test value, never used, should report nothing; the reporter got \(wet.issues). Report when a member is called, not when the value is built. [zh-Hans] 降雨概率 80% 时这次调用根本不问遥测，所以没被用到的测试值不应该报告任何东西；reporter 收到的是 \(wet.issues)。在成员被调用时报告，而不是在创建测试值时报告。")
        let touched = before.since
        #expect(touched.isEmpty, "A telemetry the test did not override must not fall back to the live link: \(touched). Its test value reports and answers 0. [zh-Hans] 测试没有覆盖的遥测不能退回到真实的链路：\(touched)。它的测试值报告问题并回答 0。")
    }

    @Test("weather not overridden: the test value reports WeatherService and the member called")
    func unimplementedWeatherNamesItself() {
        let before = LiveTouches()
        let reporter = SpyReporter()
        let telemetry = FakeTelemetry(wear: 88, lap: 91_000)
        let call = PitWallApp.test(reporter: reporter, telemetry: telemetry).call(for: "NOR")
        #expect(reporter.issues.count == 1 && names(reporter.issues.first ?? "", "WeatherService.rainChance"), "The test overrode the telemetry only, so a call for NOR asks the weather's test value once: one report naming WeatherService and rainChance. The reporter got \(reporter.issues). Give WeatherService a test value that reports to the reporter the test root was handed. [zh-Hans] 这个测试只覆盖了遥测，所以为 NOR 调用时会问一次天气的测试值：应该有一条写出 WeatherService 和 rainChance 的报告。reporter 收到的是 \(reporter.issues)。给 WeatherService 一个测试值，报告给交给测试用组合根的 reporter。")
        #expect(call == "NOR: box for slicks (tyres 88% worn)" && telemetry.asked == ["tyreWear(of: NOR)"], "The weather's test value answers 0% rain, so the call should go on to the telemetry override: \"NOR: box for slicks (tyres 88% worn)\", after asking it [\"tyreWear(of: NOR)\"]. It was \"\(call)\" and the telemetry was asked \(telemetry.asked). [zh-Hans] 天气的测试值回答 0% 降雨，所以这次调用应该继续问被覆盖的遥测：\"NOR: box for slicks (tyres 88% worn)\"，问的是 [\"tyreWear(of: NOR)\"]。实际是 \"\(call)\"，遥测被问到的是 \(telemetry.asked)。")
        let touched = before.since
        #expect(touched.isEmpty, "A weather service the test did not override must not fall back to the live radar: \(touched). [zh-Hans] 测试没有覆盖的天气服务不能退回到真实的雷达：\(touched)。")
    }

    @Test("every use of a test value is reported, in order, naming its member, over many cases: the same driver again, one fake in both roles, a reporter handed to two roots, and reporters and fakes that ask the app for another call from inside a question")
    func everyUseOfATestValueIsReported() {
        var dice = Dice(state: 14)
        var previous: CallingBackReporter?
        for round in 0..<60 {
            let overrideTelemetry = dice.roll(2) == 0
            let overrideWeather = dice.roll(2) == 0
            let rain = [0, 30, 50, 90][dice.roll(4)]
            let wear = [0, 40, 70, 95][dice.roll(4)]
            let lap = 90_000 + dice.roll(3_000)
            let callsBack = CallsBack()
            // Now and then the reporter of the case before, handed to this root too: one object, two apps.
            let shared = previous != nil && dice.roll(4) == 0
            let reporter = shared ? previous! : CallingBackReporter()
            previous = reporter
            reporter.callsBack = callsBack
            let reportsBefore = reporter.issues.count
            // Now and then one fake plays both services.
            let oneFake = overrideTelemetry && overrideWeather && dice.roll(3) == 0
            let telemetry = overrideTelemetry ? CallingBackFake(rain: rain, wear: wear, lap: lap, callsBack: callsBack) : nil
            let weather = overrideWeather ? (oneFake ? telemetry : CallingBackFake(rain: rain, wear: wear, lap: lap, callsBack: callsBack)) : nil
            let app = PitWallApp.test(reporter: reporter, telemetry: telemetry, weather: weather)
            callsBack.app = app
            // Up to two questions of the case ask the app for another call from inside (one level deep): a report the
            // reporter is making, or a question a fake is answering.
            for _ in 0..<2 where dice.roll(2) == 0 {
                callsBack.plan[1 + dice.roll(6)] = drivers[dice.roll(drivers.count)]
            }
            var model = PitWallModel(overrideTelemetry: overrideTelemetry, overrideWeather: overrideWeather, rain: rain, wear: wear, lap: lap, plan: callsBack.plan)
            var driver = drivers[dice.roll(drivers.count)]
            var asked: [String] = []
            var calls: [String] = []
            var wanted: [String] = []
            for _ in 0..<(1 + dice.roll(4)) {
                // Often the same driver again: the pit wall asks twice.
                if dice.roll(2) == 0 { driver = drivers[dice.roll(drivers.count)] }
                asked.append(driver)
                calls.append(app.call(for: driver))
                wanted.append(model.call(driver))
            }
            let reports = Array(reporter.issues.dropFirst(reportsBefore))
            let reportsMatch = reports.count == model.reports.count && zip(reports, model.reports).allSatisfy { names($0, $1) }
            let telemetryAsked = telemetry?.asked ?? [], weatherAsked = oneFake ? [] : weather?.asked ?? []
            let wantedTelemetry = model.questions.filter { oneFake || $0.hasPrefix("TelemetryFeed") }
            let wantedWeather = oneFake ? [] : model.questions.filter { $0.hasPrefix("WeatherService") }
            let board = app.board
            let boardMatches = board.sorted() == (calls + callsBack.inner).sorted()
            guard calls == wanted, callsBack.inner == model.inner, reportsMatch, telemetryAsked == wantedTelemetry, weatherAsked == wantedWeather, boardMatches else {
                let plan = callsBack.plan.sorted { $0.key < $1.key }
                let given = "telemetry \(overrideTelemetry ? "overridden (\(wear)% worn, \(lap) ms)" : "not overridden"), weather \(overrideWeather ? "overridden (\(rain)% rain)" : "not overridden")\(oneFake ? ", one fake playing both" : "")\(shared ? ", the reporter of the case before handed in again" : ""), calls for \(asked), and a call for \(plan.map { "\($0.value) asked from inside question \($0.key)" }.joined(separator: " and ").isEmpty ? "no one" : plan.map { "\($0.value) asked from inside question \($0.key)" }.joined(separator: " and "))"
                let givenZh = "遥测\(overrideTelemetry ? "已覆盖（磨损 \(wear)%，\(lap) ms）" : "未覆盖")，天气\(overrideWeather ? "已覆盖（降雨 \(rain)%）" : "未覆盖")\(oneFake ? "，同一个假对象扮演两个服务" : "")\(shared ? "，又交进了上一例的 reporter" : "")，依次为 \(asked) 调用\(plan.isEmpty ? "" : "，并且在第 \(plan.map { "\($0.key) 个问题里面为 \($0.value)" }.joined(separator: "、第 ")) 又要了一次调用")"
                Issue.record("Case \(round): \(given). The calls should be \(wanted), and the calls made from inside \(model.inner); they were \(calls) and \(callsBack.inner). Every question to a member the test did not override should report once, naming its dependency and that member, in the order asked: \(model.reports); the reporter got \(reports). The fakes should be asked \(model.questions); the telemetry fake was asked \(telemetryAsked)\(oneFake ? "" : " and the weather fake \(weatherAsked)"). The board should hold every one of those \(calls.count + model.inner.count) calls; it holds \(board). A test value reports every use, even the same question again and even while its reporter is reporting; a call asked for from inside a question is a call like any other: its questions, its reports, its line on the board. [zh-Hans] 第 \(round) 例：\(givenZh)。指令应该是 \(wanted)，从问题里面要的指令应该是 \(model.inner)；实际是 \(calls) 和 \(callsBack.inner)。测试没有覆盖的成员每被问一次，就应该按提问顺序报告一次，写出它的依赖和这个成员：\(model.reports)；reporter 收到的是 \(reports)。假对象应该被问到 \(model.questions)；遥测假对象被问到的是 \(telemetryAsked)\(oneFake ? "" : "，天气假对象是 \(weatherAsked)")。board 应该保存这全部 \(calls.count + model.inner.count) 条指令；它保存的是 \(board)。测试值报告每一次使用，同一个问题再问一次也报告，它的 reporter 正在报告时也报告；从某个问题里面要的指令和其他指令一样：有它的提问、它的报告、它在 board 上的一行。")
                return
            }
        }
    }

    @Test("the test root never touches a live service, whatever is overridden")
    func testRootNeverTouchesTheLiveServices() {
        for (overrideTelemetry, overrideWeather) in [(false, false), (true, false), (false, true), (true, true)] {
            let before = LiveTouches()
            let app = PitWallApp.test(
                reporter: SpyReporter(),
                telemetry: overrideTelemetry ? FakeTelemetry(wear: 40, lap: 90_100) : nil,
                weather: overrideWeather ? FakeWeather(rain: 10) : nil
            )
            for driver in drivers { _ = app.call(for: driver) }
            let touched = before.since
            #expect(touched.isEmpty, "PitWallApp.test with the telemetry \(overrideTelemetry ? "overridden" : "not overridden") and the weather \(overrideWeather ? "overridden" : "not overridden") touched the live services while it was built and asked about \(drivers.count) drivers: \(touched). What a test does not override gets its test value, never the live one. [zh-Hans] 遥测\(overrideTelemetry ? "已覆盖" : "未覆盖")、天气\(overrideWeather ? "已覆盖" : "未覆盖")时，PitWallApp.test 在创建和询问 \(drivers.count) 位车手的过程中碰到了真实服务：\(touched)。测试没有覆盖的依赖得到的是它的测试值，绝不是真实值。")
        }
    }

    // MARK: Apps side by side

    @Test("two test apps report to their own reporters")
    func eachTestAppReportsToItsOwnReporter() {
        let first = SpyReporter()
        let second = SpyReporter()
        let firstApp = PitWallApp.test(reporter: first, telemetry: FakeTelemetry(wear: 75, lap: 90_000))
        let secondApp = PitWallApp.test(reporter: second, weather: FakeWeather(rain: 90))
        _ = secondApp.call(for: "VER")
        _ = firstApp.call(for: "HAM")
        _ = secondApp.call(for: "PIA")
        #expect(first.issues.count == 1 && names(first.issues.first ?? "", "WeatherService.rainChance"), "The first app did not override the weather: its one call, made after a second app was built with a reporter of its own, should report once, naming WeatherService and rainChance, to the first app's reporter; that reporter holds \(first.issues). Keep each test value's reporter in the value, handed in by the root that built it, not in a static the last root set. [zh-Hans] 第一个应用没有覆盖天气：它唯一的一次调用发生在第二个应用（带着它自己的 reporter）创建之后，应该向第一个应用的 reporter 报告一次，写出 WeatherService 和 rainChance；那个 reporter 里是 \(first.issues)。把每个测试值的 reporter 保存在这个值里，由创建它的组合根交进来，而不是放在最后一个组合根设置的 static 里。")
        #expect(second.issues.isEmpty, "The second app overrode the weather with 90% rain, so its calls never use a test value: its reporter should hold nothing, but it holds \(second.issues). A report went to another app's reporter. [zh-Hans] 第二个应用把天气覆盖成 90% 降雨，它的调用根本用不到测试值：它的 reporter 应该是空的，但里面有 \(second.issues)。报告跑到了另一个应用的 reporter 里。")
    }

    @Test("the test root hands the app the very fakes it is given: readings that change between calls, for the same driver too, are seen at every call, and every question reaches the fake")
    func testRootHandsOnTheFakesThemselves() {
        /// Fakes whose readings the test turns between calls.
        final class TurningTelemetry: TelemetryFeed {
            var wear = 0, lap = 90_000
            private(set) var asked: [String] = []
            func tyreWear(of driver: String) -> Int { asked.append("TelemetryFeed.tyreWear"); return wear }
            func lastLap(of driver: String) -> Int { asked.append("TelemetryFeed.lastLap"); return lap }
        }
        final class TurningWeather: WeatherService {
            var rain = 0
            private(set) var asked: [String] = []
            func rainChance(inMinutes minutes: Int) -> Int { asked.append("WeatherService.rainChance"); return rain }
        }
        var generator = SeededGenerator(state: 0x14_7E57)
        let telemetry = TurningTelemetry(), weather = TurningWeather()
        let app = PitWallApp.test(reporter: SpyReporter(), telemetry: telemetry, weather: weather)
        var turns: [String] = []
        for turn in 0..<200 {
            // Often the same driver as the turn before: a stand-in that remembers an earlier answer shows there.
            let driver = turn > 0 && Bool.random(using: &generator) ? String(turns[turns.count - 1].prefix(3)) : drivers.randomElement(using: &generator)!
            telemetry.wear = Int.random(in: 0...100, using: &generator)
            telemetry.lap = Int.random(in: 80_000...99_999, using: &generator)
            weather.rain = Int.random(in: 0...100, using: &generator)
            let askedBefore = telemetry.asked.count + weather.asked.count
            let call = app.call(for: driver)
            let expected = expectedCall(driver, rain: weather.rain, wear: telemetry.wear, lap: telemetry.lap)
            turns.append("\(driver) (rain \(weather.rain)%, wear \(telemetry.wear)%, lap \(telemetry.lap) ms)")
            let asked = telemetry.asked.count + weather.asked.count - askedBefore
            let wanted = membersAsked(rain: weather.rain, wear: telemetry.wear).count
            guard call == expected, asked == wanted else {
                Issue.record("Turn \(turn) (seed 0x147E57), after \(turns.suffix(4).joined(separator: "; ")): the fakes handed to PitWallApp.test(reporter:telemetry:weather:) now read rain \(weather.rain)%, wear \(telemetry.wear)%, last lap \(telemetry.lap) ms, so the call for \(driver) should be \"\(expected)\" after \(wanted) question\(wanted == 1 ? "" : "s") to the fakes; it was \"\(call)\" after \(asked). The test root hands the app each override itself: no stand-in around it that keeps an earlier answer or asks less. [zh-Hans] 第 \(turn) 轮（种子 0x147E57），在 \(turns.suffix(4).joined(separator: "；")) 之后：交给 PitWallApp.test(reporter:telemetry:weather:) 的假对象现在的读数是降雨 \(weather.rain)%、磨损 \(telemetry.wear)%、上一圈 \(telemetry.lap) ms，所以对 \(driver) 的指令应该是 \"\(expected)\"，并向假对象提问 \(wanted) 次；实际是 \"\(call)\"，提问 \(asked) 次。测试用的组合根把每个覆盖值本身交给应用：不要在外面包一层记住先前回答或少问问题的替身。")
                return
            }
        }
    }

    @Test("overrides stay with the app they were handed to, over many apps built in a row")
    func overridesStayWithTheirApp() {
        var dice = Dice(state: 2_024)
        struct Built { var app: PitWallApp; var reporter: SpyReporter; var rain: Int?; var wear: Int?; var lap: Int }
        var built: [Built] = []
        for _ in 0..<24 {
            let rain: Int? = dice.roll(3) == 0 ? nil : [10, 45, 60, 95][dice.roll(4)]
            let wear: Int? = dice.roll(3) == 0 ? nil : [20, 65, 72, 90][dice.roll(4)]
            let lap = 88_000 + dice.roll(5_000)
            let reporter = SpyReporter()
            let app = PitWallApp.test(reporter: reporter, telemetry: wear.map { FakeTelemetry(wear: $0, lap: lap) }, weather: rain.map { FakeWeather(rain: $0) })
            built.append(Built(app: app, reporter: reporter, rain: rain, wear: wear, lap: lap))
        }
        for step in 0..<72 {
            let index = dice.roll(built.count)
            let app = built[index]
            let driver = drivers[dice.roll(drivers.count)]
            let reportsBefore = app.reporter.issues.count
            let call = app.app.call(for: driver)
            let want = expectedCall(driver, rain: app.rain ?? 0, wear: app.wear ?? 0, lap: app.wear == nil ? 0 : app.lap)
            let given = "telemetry \(app.wear.map { "\($0)% worn, \(app.lap) ms" } ?? "not overridden"), weather \(app.rain.map { "\($0)% rain" } ?? "not overridden")"
            let givenZh = "遥测 \(app.wear.map { "磨损 \($0)%，\(app.lap) ms" } ?? "未覆盖")，天气 \(app.rain.map { "降雨 \($0)%" } ?? "未覆盖")"
            #expect(call == want, "Step \(step): app \(index) of \(built.count), built with \(given), answered \"\(call)\" for \(driver); with its own overrides it should be \"\(want)\". Apps built later must not change what an earlier app was handed: keep each app's services in the app, not in a shared or static store. [zh-Hans] 第 \(step) 步：\(built.count) 个应用中的第 \(index) 个，创建时是\(givenZh)，对 \(driver) 的回答是 \"\(call)\"；按它自己的覆盖值应该是 \"\(want)\"。后来创建的应用不能改变先前的应用拿到的东西：把每个应用的服务保存在应用里，而不是共享的或 static 的存储里。")
            let reported = app.reporter.issues.count - reportsBefore
            let wanted = membersAsked(rain: app.rain ?? 0, wear: app.wear ?? 0).filter { $0.hasPrefix("WeatherService") ? app.rain == nil : app.wear == nil }.count
            #expect(reported == wanted, "Step \(step): app \(index), built with \(given), reported \(times(reported)) for one call for \(driver); it should report \(times(wanted)), once per use of a dependency it was not handed, to its own reporter. [zh-Hans] 第 \(step) 步：第 \(index) 个应用，创建时是\(givenZh)，为 \(driver) 调用一次报告了 \(reported) 次；它应该报告 \(wanted) 次：没交给它的依赖每用一次报告一次，报告给它自己的 reporter。")
        }
    }

    @Test("each app keeps its own board, whichever root built it")
    func eachAppKeepsItsOwnBoard() {
        let live = PitWallApp.live()
        let preview = PitWallApp.preview()
        let test = PitWallApp.test(reporter: SpyReporter(), telemetry: FakeTelemetry(wear: 50, lap: 90_300), weather: FakeWeather(rain: 5))
        let other = PitWallApp.test(reporter: SpyReporter(), telemetry: FakeTelemetry(wear: 50, lap: 90_300), weather: FakeWeather(rain: 5))
        let livePreviewTest: [(PitWallApp, String)] = [(live, "VER"), (test, "HAM"), (preview, "LEC"), (test, "NOR"), (live, "PIA"), (other, "RUS")]
        var expected: [ObjectIdentifier: [String]] = [:]
        for (app, driver) in livePreviewTest {
            expected[ObjectIdentifier(app), default: []].append(app.call(for: driver))
        }
        for (name, nameZh, app) in [("The live app", "真实应用", live), ("The preview app", "预览应用", preview), ("The first test app", "第一个测试应用", test), ("The second test app", "第二个测试应用", other)] {
            let want = expected[ObjectIdentifier(app)] ?? []
            #expect(app.board == want, "Calls were made in turn on a live app, a preview app and two test apps. \(name) should show only its own calls, oldest first, \(want); its board shows \(app.board). Keep the board in the app object, not in a static. [zh-Hans] 依次对一个真实应用、一个预览应用和两个测试应用调用。\(nameZh)的 board 应该只显示它自己的调用，从旧到新：\(want)；它显示的是 \(app.board)。把 board 保存在应用对象里，而不是 static 里。")
        }
    }

    // MARK: The preview root

    @Test("the board shows every call, oldest first, however many there are and however often one repeats the one before")
    func boardKeepsEveryCall() {
        let drivers = ["HAM", "VER", "LEC", "NOR", "PIA", "RUS", "ALO", "SAI"]
        // Seeded turns: often the same driver again (a pit wall asks twice), sometimes long runs of one driver; boards
        // from empty to a long afternoon of calls (a limit anywhere in between would show).
        var generator = SeededGenerator(state: 0x14_B0A2D)
        for size in [0, 1, 150, Int.random(in: 151...999, using: &generator), 1_000, 4_500] {
            let app = PitWallApp.preview()
            var calls: [String] = []
            var driver = drivers[0]
            for _ in 0..<size {
                if Int.random(in: 0..<3, using: &generator) == 0 { driver = drivers.randomElement(using: &generator)! }
                calls.append(app.call(for: driver))
            }
            guard app.board != calls else { continue }
            #expect(app.board == calls, "After \(calls.count) calls the board should show all \(calls.count), oldest first; it shows \(app.board.count), beginning \(app.board.prefix(2)) and ending \(app.board.suffix(2)). Add every call to the board and drop none, the same call twice in a row included: the board has no limit. [zh-Hans] 调用 \(calls.count) 次之后，board 应该按从旧到新显示全部 \(calls.count) 次；它显示了 \(app.board.count) 次，开头是 \(app.board.prefix(2))，结尾是 \(app.board.suffix(2))。把每次调用都加到 board 上，一个也不丢，连续两次相同的调用也一样：board 没有上限。")
            return
        }
    }

    @Test("the preview root shows the canned data")
    func previewShowsTheCannedData() {
        let app = PitWallApp.preview()
        let ham = app.call(for: "HAM")
        let ver = app.call(for: "VER")
        #expect(ham == "HAM: box for slicks (tyres 74% worn)", "The preview's telemetry reads HAM's tyres as 74% worn and its weather says 20% rain, so PitWallApp.preview().call(for: \"HAM\") should be \"HAM: box for slicks (tyres 74% worn)\"; it was \"\(ham)\". [zh-Hans] 预览值的遥测读到 HAM 的轮胎磨损 74%，天气是 20% 降雨，所以 PitWallApp.preview().call(for: \"HAM\") 应该是 \"HAM: box for slicks (tyres 74% worn)\"；实际是 \"\(ham)\"。")
        #expect(ver == "VER: stay out (last lap 90512 ms)", "The preview's telemetry reads every other driver's tyres as 31% worn and every last lap as 90512 ms, so the call for VER should be \"VER: stay out (last lap 90512 ms)\"; it was \"\(ver)\". [zh-Hans] 预览值的遥测读到其他每位车手的轮胎磨损都是 31%，每个上一圈都是 90512 ms，所以对 VER 的指令应该是 \"VER: stay out (last lap 90512 ms)\"；实际是 \"\(ver)\"。")
        #expect(app.board == [ham, ver], "The preview app's board should show its two calls, oldest first, [\"\(ham)\", \"\(ver)\"]; it shows \(app.board). [zh-Hans] 预览应用的 board 应该按从旧到新显示它的两次调用 [\"\(ham)\", \"\(ver)\"]；它显示的是 \(app.board)。")
    }

    @Test("the preview root gives the same answers every time, for every driver and every app")
    func previewIsTheSameEveryTime() {
        let first = PitWallApp.preview()
        let second = PitWallApp.preview()
        // Names as the pit wall may type them: the canned data knows "HAM" as written, and every other name is another driver.
        let names = drivers + ["BOT", "ZHO", "TSU", "OCO", "ham", "Ham", "HAM ", " HAM", "HAMILTON", "HA", ""] + nearMisses(of: "HAM")
        for round in 1...3 {
            for driver in names {
                let one = first.call(for: driver)
                let other = second.call(for: driver)
                let want = driver == "HAM" ? "HAM: box for slicks (tyres 74% worn)" : "\(driver): stay out (last lap 90512 ms)"
                #expect(one == want && other == want, "Round \(round): two preview apps should both call \"\(want)\" for \(driver.debugDescription), every time they are asked; they called \"\(one)\" and \"\(other)\". A preview value answers from canned data: no clock, no randomness, no live service. [zh-Hans] 第 \(round) 轮：两个预览应用每次被问到 \(driver.debugDescription) 时都应该给出 \"\(want)\"；它们给出的是 \"\(one)\" 和 \"\(other)\"。预览值用固定的数据回答：不用时钟、不用随机数、不用真实服务。")
            }
        }
    }

    @Test("the preview's services answer their canned data for any question: the weather says 20% rain for any number of minutes, the telemetry the same wear and lap for a driver every time")
    func previewServicesAnswerAnyQuestion() {
        // The app asks the weather about ten minutes only; a preview value answers every question from canned data.
        // The services are found in the preview app as it keeps them, whatever their names (a root that keeps
        // closures instead of services has nothing to find here).
        let app = PitWallApp.preview()
        let weathers = servicesReachable(from: app, as: (any WeatherService).self)
        let telemetries = servicesReachable(from: app, as: (any TelemetryFeed).self)
        let stateBefore = (weathers as [Any] + telemetries as [Any]).map { storedState(of: $0, handedIn: []) }
        defer {
            // Canned data keeps nothing: after every question it holds what the preview root built it with.
            let stateAfter = (weathers as [Any] + telemetries as [Any]).map { storedState(of: $0, handedIn: []) }
            for (before, after) in zip(stateBefore, stateAfter) where before != after {
                Issue.record("A preview value changed what it stores while it was asked questions: before, it held \(clipped(before, against: after)); after, \(clipped(after, against: before)). A preview value is canned data written in the code: it answers and keeps nothing (no cache of answers, no log, no counter). [zh-Hans] 预览值在被提问的过程中改变了它保存的东西：之前是 \(clipped(before, against: after))；之后是 \(clipped(after, against: before))。预览值是写在代码里的固定数据：它只回答，什么也不保存（不缓存答案、不记日志、不计数）。")
            }
        }
        for weather in weathers {
            let answers = [0, 1, 5, 9, 10, 11, 30, 60, 120, 1_440, -1, -60, -1_440, Int.max, Int.min].map { ($0, weather.rainChance(inMinutes: $0)) }
            let wrong = answers.filter { $0.1 != 20 }
            #expect(wrong.isEmpty, "The preview weather should answer 20% rain for any number of minutes, but it answered \(wrong.map { "\($0.1)% for \($0.0) min" }.joined(separator: ", ")). A preview value is canned data: the same answer whatever the question, no formula on the minutes. [zh-Hans] 预览天气对任何分钟数都应该回答 20% 降雨，但它的回答是 \(wrong.map { "\($0.0) 分钟 \($0.1)%" }.joined(separator: "、"))。预览值是固定数据：不管问什么都是同一个答案，不按分钟数套公式。")
        }
        for telemetry in telemetries {
            for driver in ["HAM", "VER", "BOT", "LEC", "ham", "Ham", "HAM ", "HAMILTON", ""] + nearMisses(of: "HAM") {
                let first = (telemetry.tyreWear(of: driver), telemetry.lastLap(of: driver))
                let again = (telemetry.tyreWear(of: driver), telemetry.lastLap(of: driver))
                #expect(first == again, "The preview telemetry answered \(first) and then \(again) for \(driver): canned data gives the same answer every time. [zh-Hans] 预览遥测对 \(driver) 先回答 \(first)，再回答 \(again)：固定数据每次都给出同一个答案。")
                let wear = driver == "HAM" ? 74 : 31
                #expect(first == (wear, 90_512), "The preview telemetry should read \(driver.debugDescription)'s tyres as \(wear)% worn and the last lap as 90512 ms (HAM's tyres 74%, every other driver's 31%, every last lap 90512 ms), but it answered \(first.0)% and \(first.1) ms. Canned data is the same for every question the text lists, also the ones the app never asks. [zh-Hans] 预览遥测应该把 \(driver.debugDescription) 的轮胎磨损读作 \(wear)%、上一圈读作 90512 毫秒（HAM 的轮胎 74%，其他车手 31%，每个上一圈都是 90512 毫秒），但它回答的是 \(first.0)% 和 \(first.1) 毫秒。固定数据对课文列出的每个问题都一样，包括应用从来不问的那些。")
            }
        }
    }

    @Test("a test value reports every question and then answers 0, whatever the question: the tyre wear and the last lap of any driver (an empty name, a lower-case one, one with spaces or accents, a long one), the rain in any number of minutes")
    func testValuesReportEveryQuestionAndAnswerZero() {
        // The app's services as it keeps them, whatever their names: here the test values, none overridden. Each
        // question is asked on its own, so a question the value answers without reporting shows, whichever it is. A
        // placeholder other than 0 (a -1 "that cannot pass for real data") is an answer the text does not give, and the
        // app's calls would show it wherever a rule reads the number.
        let spy = SpyReporter()
        let app = PitWallApp.test(reporter: spy)
        func ask(_ member: String, _ question: String, _ answer: () -> Int) {
            let before = spy.issues.count
            let answered = answer()
            let reports = Array(spy.issues[before...])
            #expect(reports.count == 1 && names(reports.first ?? "", member), "Asked \(question), the test value should report once, naming \(member.split(separator: ".").joined(separator: " and ")), and then answer 0 (the text: it reports **every** call of a member); it reported \(reports.count == 0 ? "nothing" : "\(reports)"). No question is too odd to report: an empty or strange name is still a call of a member the test did not override. [zh-Hans] 问 \(question) 时，测试值应该报告一次、写出 \(member.split(separator: ".").joined(separator: " 和 "))，然后回答 0（课文：它报告成员的**每一次**调用）；它报告的是 \(reports.count == 0 ? "什么也没有" : "\(reports)")。再奇怪的问题也要报告：空的或奇怪的名字，也是对测试没有覆盖的成员的一次调用。")
            #expect(answered == 0, "Asked \(question), the test value should answer 0 after it reports (the text: \"and then answers 0\"), but it answered \(answered). [zh-Hans] 问 \(question) 时，测试值报告之后应该回答 0（课文：“然后回答 0”），但它回答的是 \(answered)。")
        }
        let telemetries = servicesReachable(from: app, as: (any TelemetryFeed).self)
        let weathers = servicesReachable(from: app, as: (any WeatherService).self)
        #expect(!telemetries.isEmpty && !weathers.isEmpty, "PitWallApp.test(reporter:) with no override should keep a test value for each dependency (a TelemetryFeed and a WeatherService), in stored properties. [zh-Hans] 没有覆盖的 PitWallApp.test(reporter:) 应该为每个依赖保存一个测试值（一个 TelemetryFeed 和一个 WeatherService），放在存储属性里。")
        let questions = drivers + ["", " ", "ham", "HAM ", "Räikkönen", "周冠宇", "VER\n", String(repeating: "LEC", count: 200)] + nearMisses(of: "HAM").prefix(12)
        // Every question twice in a row, and the first ones again at the end: a value that keeps quiet about a question it
        // has just reported, or one it has seen before, shows.
        let stateBefore = (telemetries as [Any] + weathers as [Any]).map { storedState(of: $0, handedIn: [spy]) }
        for telemetry in telemetries {
            for driver in questions + questions.prefix(3) {
                for _ in 0..<2 { ask("TelemetryFeed.tyreWear", "tyreWear(of: \(driver.debugDescription))") { telemetry.tyreWear(of: driver) } }
                for _ in 0..<2 { ask("TelemetryFeed.lastLap", "lastLap(of: \(driver.debugDescription))") { telemetry.lastLap(of: driver) } }
            }
        }
        for weather in weathers {
            for minutes in [10, 0, 1, 9, 11, 60, 1_440, -1, -60, Int.max, Int.min, 10] {
                for _ in 0..<2 { ask("WeatherService.rainChance", "rainChance(inMinutes: \(minutes))") { weather.rainChance(inMinutes: minutes) } }
            }
        }
        // A test value does nothing but complain: after all those questions it holds what its root handed it, as before.
        let stateAfter = (telemetries as [Any] + weathers as [Any]).map { storedState(of: $0, handedIn: [spy]) }
        for (before, after) in zip(stateBefore, stateAfter) where before != after {
            Issue.record("A test value changed what it stores while it was asked questions: before, it held \(clipped(before, against: after)); after, \(clipped(after, against: before)). A test value does nothing but complain: it reports each call and answers 0, and keeps nothing (no log of the questions, no counter, no memory of what it reported). Keep only the reporter it is handed, in a let. [zh-Hans] 测试值在被提问的过程中改变了它保存的东西：之前是 \(clipped(before, against: after))；之后是 \(clipped(after, against: before))。测试值除了抱怨什么也不做：它报告每次调用、回答 0，什么也不保存（不记问题、不计数、不记住报告过什么）。只保存交给它的 reporter，并且用 let。")
        }
    }

    @Test("the preview root makes no live call")
    func previewMakesNoLiveCall() {
        let before = LiveTouches()
        let app = PitWallApp.preview()
        for driver in drivers { _ = app.call(for: driver) }
        let touched = before.since
        #expect(touched.isEmpty, "The demo at the sponsor's stand has no car on track: building PitWallApp.preview() and asking it about \(drivers.count) drivers should not touch the live services, but \(touched). Give each dependency a preview value with canned data, and build the preview app from those alone. [zh-Hans] 赞助商展台上的演示没有赛车在赛道上：创建 PitWallApp.preview() 并询问 \(drivers.count) 位车手，不应该碰到真实服务，但是 \(touched)。给每个依赖一个使用固定数据的预览值，只用它们来创建预览应用。")
    }

    // MARK: The live root

    @Test("the live root asks the live link and the live radar")
    func liveRootAsksTheLiveServices() {
        let app = PitWallApp.live()
        for (driver, want, telemetryQuestions) in [
            ("VER", "VER: stay out (last lap 90871 ms)", 2),
            ("HAM", "HAM: box for slicks (tyres 71% worn)", 1),
            ("ZHO", "ZHO: stay out (last lap 92000 ms)", 2),
        ] {
            let before = LiveTouches()
            let call = app.call(for: driver)
            let telemetry = TelemetryLink.liveCalls - before.telemetryCalls
            let radar = WeatherRadar.liveCalls - before.radarCalls
            #expect(call == want, "The live radar says 45% rain in ten minutes and the live link knows \(driver)'s car: PitWallApp.live().call(for: \"\(driver)\") should be \"\(want)\"; it was \"\(call)\". PitWallApp.live() is the race weekend's root: hand the app the live TelemetryLink and WeatherRadar. [zh-Hans] 真实雷达说十分钟后降雨概率 45%，真实链路知道 \(driver) 的赛车数据：PitWallApp.live().call(for: \"\(driver)\") 应该是 \"\(want)\"；实际是 \"\(call)\"。PitWallApp.live() 是比赛周末的组合根：把真实的 TelemetryLink 和 WeatherRadar 交给应用。")
            #expect(radar == 1 && telemetry == telemetryQuestions, "One call for \(driver) on the live app should ask the live radar once and the live link \(times(telemetryQuestions)); the radar answered \(times(radar)) and the link \(times(telemetry)). [zh-Hans] 对真实应用为 \(driver) 调用一次，应该问真实雷达一次、真实链路 \(telemetryQuestions) 次；雷达回答了 \(radar) 次，链路回答了 \(telemetry) 次。")
        }
    }
}

/// Every `T` an object keeps, found by reflection a few levels down (stored properties, optionals, arrays, wrappers).
/// Names one small edit away from `name`: a character left out or doubled, one put in anywhere (a space, a line break,
/// a tab, a carriage return, a NUL, a zero-width or no-break space, a byte-order mark, an accent that joins the letter
/// before it, a hyphen, a dot, a digit, a letter), or a letter in the other case or full width. Each is another name:
/// canned data that knows `name` as written answers every one of them as it answers any other driver.
func nearMisses(of name: String) -> [String] {
    let putIn: [Character] = [" ", "\n", "\t", "\r", "\u{0}", "\u{200B}", "\u{A0}", "\u{FEFF}", "\u{301}", "-", ".", "1", "a", "Z"]
    let letters = Array(name)
    var found: Set<String> = []
    for index in letters.indices {
        var edited = letters
        edited.remove(at: index)
        found.insert(String(edited))
        edited = letters
        edited.insert(letters[index], at: index)
        found.insert(String(edited))
        for other in [letters[index].lowercased(), letters[index].uppercased()] {
            edited = letters
            edited[index] = Character(other)
            found.insert(String(edited))
        }
        if let ascii = letters[index].asciiValue, (65...90).contains(ascii) || (97...122).contains(ascii),
           let wide = Unicode.Scalar(0xFF21 + UInt32(ascii - (ascii >= 97 ? 97 : 65)) + (ascii >= 97 ? 0x20 : 0)) {
            edited = letters
            edited[index] = Character(wide)
            found.insert(String(edited))
        }
    }
    for index in 0...letters.count {
        for character in putIn {
            var edited = letters
            edited.insert(character, at: index)
            found.insert(String(edited))
        }
    }
    return found.filter { $0 != name }.sorted()
}

func servicesReachable<T>(from root: Any, as kind: T.Type, depth: Int = 4) -> [T] {
    var found: [T] = []
    var seen: Set<ObjectIdentifier> = []
    func visit(_ value: Any, _ depth: Int) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class {
            guard seen.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
        }
        if let service = value as? T { found.append(service) }
        guard depth > 0 else { return }
        for child in mirror.children { visit(child.value, depth - 1) }
    }
    visit(root, depth)
    return found
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

/// Asks the app for another call from inside a question it is answering (a reporter while it reports, a fake while it
/// answers), at the questions `plan` names (counted from 1 over the whole case), one level deep.
final class CallsBack {
    weak var app: PitWallApp?
    var plan: [Int: String] = [:]
    private(set) var inner: [String] = []
    private var questions = 0
    private var depth = 0

    func question() {
        questions += 1
        guard depth == 0, let driver = plan[questions], let app else { return }
        depth += 1
        inner.append(app.call(for: driver))
        depth -= 1
    }
}

/// A reporter that keeps every message, and may ask the app for another call while it reports.
final class CallingBackReporter: IssueReporter {
    private(set) var issues: [String] = []
    var callsBack: CallsBack?

    func reportIssue(_ message: String) {
        issues.append(message)
        callsBack?.question()
    }
}

/// A fake for either service (or both at once) that writes down every question, and may ask the app for another call
/// while it answers one.
final class CallingBackFake: TelemetryFeed, WeatherService {
    let rain: Int
    let wear: Int
    let lap: Int
    let callsBack: CallsBack
    private(set) var asked: [String] = []

    init(rain: Int, wear: Int, lap: Int, callsBack: CallsBack) {
        self.rain = rain
        self.wear = wear
        self.lap = lap
        self.callsBack = callsBack
    }

    func tyreWear(of driver: String) -> Int {
        asked.append("TelemetryFeed.tyreWear")
        callsBack.question()
        return wear
    }

    func lastLap(of driver: String) -> Int {
        asked.append("TelemetryFeed.lastLap")
        callsBack.question()
        return lap
    }

    func rainChance(inMinutes minutes: Int) -> Int {
        asked.append("WeatherService.rainChance")
        callsBack.question()
        return rain
    }
}

/// What the text promises a test app does, question by question: the weather first; the telemetry's tyreWear(of:) only
/// below 50% rain, its lastLap(of:) only below 70% wear; a test value reports each question and answers 0; an override
/// answers its own numbers; a call asked for from inside a question is a call like any other, and is on the board.
struct PitWallModel {
    let overrideTelemetry: Bool
    let overrideWeather: Bool
    let rain: Int
    let wear: Int
    let lap: Int
    let plan: [Int: String]
    /// The members reported, in order.
    private(set) var reports: [String] = []
    /// The members the fakes were asked, in order.
    private(set) var questions: [String] = []
    /// The calls asked for from inside a question, what they answered.
    private(set) var inner: [String] = []
    private var count = 0
    private var depth = 0

    init(overrideTelemetry: Bool, overrideWeather: Bool, rain: Int, wear: Int, lap: Int, plan: [Int: String]) {
        self.overrideTelemetry = overrideTelemetry
        self.overrideWeather = overrideWeather
        self.rain = rain
        self.wear = wear
        self.lap = lap
        self.plan = plan
    }

    private mutating func question(_ member: String) {
        if member.hasPrefix("WeatherService") ? overrideWeather : overrideTelemetry { questions.append(member) } else { reports.append(member) }
        count += 1
        if depth == 0, let driver = plan[count] {
            depth += 1
            inner.append(call(driver))
            depth -= 1
        }
    }

    mutating func call(_ driver: String) -> String {
        question("WeatherService.rainChance")
        let seenRain = overrideWeather ? rain : 0
        guard seenRain < 50 else { return expectedCall(driver, rain: seenRain, wear: 0, lap: 0) }
        question("TelemetryFeed.tyreWear")
        let seenWear = overrideTelemetry ? wear : 0
        if seenWear < 70 { question("TelemetryFeed.lastLap") }
        return expectedCall(driver, rain: seenRain, wear: seenWear, lap: overrideTelemetry ? lap : 0)
    }
}

import Testing
@testable import CaptiveDependencies

/// The timesheet's laps as text, oldest first: "BUT 214310".
func shown(_ timesheet: Timesheet) -> [String] {
    timesheet.laps.map { "\($0.driver) \($0.lapTime)" }
}

@Suite("The endurance race: every lap filed under the driver in the car", .serialized)
struct EnduranceRaceTests {
    @Test("laps are filed under the driver of their stint, whoever drove before")
    func lapsAreFiledUnderTheDriverInTheCar() throws {
        let timesheet = Timesheet()
        let race = EnduranceRace(roster: Roster(drivers: ["BUT", "ALO", "KOB"]), timesheet: timesheet)
        var expected: [String] = []
        for (stint, driver, laps) in [(1, "BUT", [214_310, 213_877]), (2, "ALO", [213_502]), (3, "KOB", [215_020, 214_998, 214_640]), (4, "BUT", [213_999])] {
            race.startStint()
            for lapTime in laps {
                try race.lap(lapTime)
                expected.append("\(driver) \(lapTime)")
            }
            let got = shown(timesheet)
            #expect(got == expected, "After stint \(stint), driven by \(driver), the timesheet should read \(expected); it reads \(got). A lap filed under the driver of an earlier stint means the race-long LapRecorder holds the first stint's Driver: a captive dependency. Hand the recorder a factory it asks for the driver in the car at every lap, or give it the stint's lifetime. [zh-Hans] 第 \(stint) 个 stint（由 \(driver) 驾驶）之后，计时表应该是 \(expected)；实际是 \(got)。如果一圈被记在前一个 stint 的车手名下，说明活过整场比赛的 LapRecorder 持有第一个 stint 的 Driver：这就是俘获依赖。交给记录器一个工厂，让它每一圈都去要车里的车手；或者让它拥有 stint 的生命周期。")
        }
    }

    @Test("one driver is called to the car per stint, not one per lap")
    func oneDriverCalledPerStint() throws {
        let roster = Roster(drivers: ["LOT", "DUV", "JAR"])
        let timesheet = Timesheet()
        let race = EnduranceRace(roster: roster, timesheet: timesheet)
        for (stint, laps) in [5, 1, 3, 2, 4].enumerated() {
            race.startStint()
            for lap in 0..<laps { try race.lap(220_000 + 100 * stint + lap) }
            #expect(roster.driversCalled == stint + 1, "After stint \(stint + 1) (\(laps) lap\(laps == 1 ? "" : "s")), the roster should have called \(stint + 1) driver\(stint == 0 ? "" : "s") to the car, one per stint; it called \(roster.driversCalled). \(roster.driversCalled > stint + 1 ? "More than one per stint: the Driver is built again for a lap inside the stint (is it .scoped, and is the scope kept until the next startStint()?)." : "Fewer: a driver is kept from an earlier stint (does startStint() begin a new scope, and does the recorder ask for the driver at every lap?).") [zh-Hans] 第 \(stint + 1) 个 stint（\(laps) 圈）之后，名单应该已经叫了 \(stint + 1) 位车手上车，每个 stint 一位；实际叫了 \(roster.driversCalled) 位。\(roster.driversCalled > stint + 1 ? "多于每个 stint 一位：同一个 stint 里的某一圈又创建了一次 Driver（它是 .scoped 吗？作用域是否一直保留到下一次 startStint()？）。" : "少了：某位车手是从之前的 stint 留下来的（startStint() 是否开始了新的作用域？记录器是否每一圈都去要车手？）。")")
        }
        let drivers = timesheet.laps.map(\.driver)
        let expected = [5, 1, 3, 2, 4].enumerated().flatMap { stint, laps in Array(repeating: ["LOT", "DUV", "JAR"][stint % 3], count: laps) }
        #expect(drivers == expected, "Five stints of 5, 1, 3, 2 and 4 laps, the roster going round LOT, DUV, JAR: the laps should be filed under \(expected); they were filed under \(drivers). [zh-Hans] 五个 stint，分别跑 5、1、3、2、4 圈，名单按 LOT、DUV、JAR 轮流：这些圈应该记在 \(expected) 名下；实际记在 \(drivers) 名下。")
    }

    @Test("a stint with no lap calls nobody to the car: startStint() only begins a scope, the driver is called by the first lap")
    func emptyStintCallsNobody() throws {
        let roster = Roster(drivers: ["LOT", "DUV", "JAR"])
        let timesheet = Timesheet()
        let race = EnduranceRace(roster: roster, timesheet: timesheet)
        race.startStint()
        race.startStint()
        #expect(roster.driversCalled == 0, "Two startStint() with no lap in between called \(roster.driversCalled) driver\(roster.driversCalled == 1 ? "" : "s") to the car; a stint calls its driver only when its first lap needs one. startStint() begins a scope and nothing more: do not resolve the Driver there. [zh-Hans] 连续两次 startStint()、中间没有跑圈，却叫了 \(roster.driversCalled) 位车手上车；一个 stint 只有在第一圈需要车手时才叫车手。startStint() 只开始一个作用域：不要在那里解析 Driver。")
        try race.lap(221_000)
        #expect(roster.driversCalled == 1 && timesheet.laps.map(\.driver) == ["LOT"], "After two stints, the first with no lap, one lap: the roster should have called one driver, LOT, and the lap be filed under LOT; it called \(roster.driversCalled) and filed the lap under \(timesheet.laps.map(\.driver)). [zh-Hans] 两个 stint（第一个没有跑圈）之后跑了一圈：名单应该只叫了一位车手 LOT，这一圈也记在 LOT 名下；实际叫了 \(roster.driversCalled) 位，这一圈记在 \(timesheet.laps.map(\.driver)) 名下。")
    }

    @Test("the race's wiring passes verify(): no captive left")
    func theRaceWiringPassesVerify() {
        let race = EnduranceRace(roster: Roster(drivers: ["BUT", "ALO"]), timesheet: Timesheet())
        let verdict = Verdict(of: race.container)
        #expect(verdict == .clean, "EnduranceRace's container should pass verify(): after the cure, no .shared registration holds the .scoped Driver; but \(verdict.shown). Declare with each registration what its factory resolves while it builds: a driver the recorder asks for later, through its factory, is not one of them. [zh-Hans] EnduranceRace 的容器应该通过 verify()：治好之后，没有哪个 .shared 注册持有 .scoped 的 Driver；但是\(verdict.shownZh)。在每个注册里声明它的工厂在创建时解析什么：记录器之后通过工厂去要的车手不算在内。")
    }

    @Test("the race declares what its factories resolve: a .shared recorder that takes the timesheet or the roster while it is built is reported once that part is made .scoped")
    func theRaceDeclaresWhatItsFactoriesResolve() throws {
        for part in ["Timesheet", "Roster"] {
            let race = EnduranceRace(roster: Roster(drivers: ["BUT", "ALO", "KOB"]), timesheet: Timesheet())
            // The part made .scoped from outside, with a factory that counts its builds: what the recorder's factory
            // resolves while it builds, it holds, and a truthful declaration lets verify() see it.
            var builds = 0
            if part == "Timesheet" {
                race.container.register(Timesheet.self, lifetime: .scoped) { _ in builds += 1; return Timesheet() }
            } else {
                race.container.register(Roster.self, lifetime: .scoped) { _ in builds += 1; return Roster(drivers: ["BUT", "ALO", "KOB"]) }
            }
            race.startStint()
            let first = try race.container.resolve(LapRecorder.self)
            let resolvedWhileBuilt = builds > 0
            race.startStint()
            let second = try race.container.resolve(LapRecorder.self)
            // Only a recorder that outlives a stint (one object in two scopes) can hold a part captive.
            guard resolvedWhileBuilt, (first as AnyObject) === (second as AnyObject) else { continue }
            let verdict = Verdict(of: race.container)
            guard case let .mismatch(holder, captive, _) = verdict, holder == "LapRecorder", captive == part else {
                Issue.record("The race's LapRecorder outlives a stint and its factory resolves the \(part) while it builds the recorder; with the \(part) registered again as .scoped, verify() should throw LifetimeMismatch(holder: \"LapRecorder\", captive: \"\(part)\"), but \(verdict.shown). Declare with each registration what its factory resolves while it builds (`dependencies: [\(part).self]`), so that verify() can see it. [zh-Hans] 比赛的 LapRecorder 活得比一个 stint 长，它的工厂在创建记录器时解析了 \(part)；把 \(part) 重新注册为 .scoped 之后，verify() 应该抛出 LifetimeMismatch(holder: \"LapRecorder\", captive: \"\(part)\")，但是\(verdict.shownZh)。在每个注册里声明它的工厂在创建时解析什么（`dependencies: [\(part).self]`），这样 verify() 才看得见。")
                continue
            }
        }
    }

    @Test("the race's recorder is no captive however the race was wired: a recorder that outlives a scope never builds a driver while it is built")
    func recorderHoldsNoDriverAcrossScopes() throws {
        let race = EnduranceRace(roster: Roster(drivers: ["BUT", "ALO"]), timesheet: Timesheet())
        // The test's own driver factory, so it sees when a driver is built (the race's registration is replaced).
        var built = 0
        race.container.register(Driver.self, lifetime: .scoped) { _ in
            built += 1
            return Driver(name: "TST")
        }
        race.container.beginScope()
        let before = built
        let first = try race.container.resolve(LapRecorder.self)
        let builtWhileBuilding = built > before
        race.container.beginScope()
        let second = try race.container.resolve(LapRecorder.self)
        race.container.endScope()
        #expect(!(builtWhileBuilding && first === second), "Resolving the race's LapRecorder built a Driver while the recorder was built, and the same recorder then served the next scope: it holds the first scope's driver, a captive dependency, whatever startStint() does about it (registering the recorder again at every stint patches it from outside, and verify() sees it only if the registration declares what its factory resolves). Hand the recorder a factory it asks for the driver at every lap, or make the recorder .scoped, and declare each registration's dependencies truthfully. [zh-Hans] 解析比赛的 LapRecorder 时，在创建记录器的过程中创建了一个 Driver，而同一个记录器随后又服务于下一个作用域：它持有第一个作用域的车手，这就是俘获依赖，不管 startStint() 怎么处理它（每个 stint 重新注册记录器是从外面打补丁；只有注册如实声明了工厂解析的东西，verify() 才看得见）。交给记录器一个工厂，让它每一圈都去要车手；或者把记录器设为 .scoped，并如实声明每个注册的依赖。")
    }

    @Test("startStint() begins a scope and nothing more: the Driver registration the race's container holds is the one every lap is filed under")
    func startStintOnlyBeginsAScope() throws {
        let timesheet = Timesheet()
        let roster = Roster(drivers: ["BUT", "ALO"])
        let race = EnduranceRace(roster: roster, timesheet: timesheet)
        // The test's own Driver registration, once, on the race's container: a stint must not replace it, and
        // nothing may stand in for it (a seat the race fills, a name it noted).
        var built = 0
        race.container.register(Driver.self, lifetime: .scoped) { _ in
            built += 1
            return Driver(name: "TST\(built)")
        }
        var expected: [String] = []
        for (stint, laps) in [2, 1, 3].enumerated() {
            race.startStint()
            for lap in 0..<laps {
                try race.lap(200_000 + 10 * stint + lap)
                expected.append("TST\(stint + 1) \(200_000 + 10 * stint + lap)")
            }
        }
        let got = shown(timesheet)
        #expect(got == expected, "The test registered its own .scoped Driver on race.container once, then ran three stints of 2, 1 and 3 laps: each stint's laps should be filed under the driver that registration built for it, \(expected); the timesheet reads \(got). Register the Driver once, in the race's initializer, and let startStint() only begin a scope: a stint that registers the driver again, or hands the recorder a driver of its own (a seat, a box, a name), goes around the container. [zh-Hans] 测试在 race.container 上注册了一次它自己的 .scoped Driver，然后跑了三个 stint，分别是 2、1、3 圈：每个 stint 的圈都应该记在这个注册为它创建的车手名下，即 \(expected)；计时表却是 \(got)。在比赛的初始化方法里只注册一次 Driver，让 startStint() 只开始一个作用域：每个 stint 重新注册车手，或者自己把车手交给记录器（座位、盒子、名字），都绕开了容器。")
        #expect(roster.driversCalled == 0, "The test's own Driver registration replaced the race's, yet the roster called \(roster.driversCalled) driver\(roster.driversCalled == 1 ? "" : "s") to the car: startStint() calls the next driver itself instead of leaving it to the Driver's factory. Let the registration's factory call `roster.nextDriver()`, and startStint() only begin a scope. [zh-Hans] 测试自己的 Driver 注册替换了比赛的注册，名单却叫了 \(roster.driversCalled) 位车手上车：startStint() 自己去叫下一位车手，而不是交给 Driver 的工厂。让注册的工厂调用 `roster.nextDriver()`，让 startStint() 只开始一个作用域。")
    }

    @Test("every lap asks the container's scope: a scope begun or ended on race.container itself shows at the next lap")
    func everyLapAsksTheScope() throws {
        let timesheet = Timesheet()
        let race = EnduranceRace(roster: Roster(drivers: ["BUT", "ALO", "KOB"]), timesheet: timesheet)
        race.startStint()
        try race.lap(214_310)
        race.container.beginScope()
        try race.lap(213_877)
        let afterNewScope = shown(timesheet)
        #expect(afterNewScope == ["BUT 214310", "ALO 213877"], "After a lap in the first stint, the test began a new scope on race.container itself (not through startStint()) and ran a lap: it should be filed under the next driver, ALO, because the Driver is one per scope; the timesheet reads \(afterNewScope). The recorder must get the driver from the container's scope at every lap (a factory it calls, or a .scoped recorder), not from something startStint() fills in (a seat, a box, a variable): that is patching the captive from outside. [zh-Hans] 第一个 stint 跑完一圈之后，测试直接在 race.container 上开始了一个新作用域（不经过 startStint()），又跑了一圈：这一圈应该记在下一位车手 ALO 名下，因为 Driver 是每个作用域一个；计时表却是 \(afterNewScope)。记录器必须每一圈都从容器的作用域里拿车手（调用工厂，或者记录器本身是 .scoped），而不是从 startStint() 填好的东西里拿（座位、盒子、变量）：那是从外面给俘获依赖打补丁。")
        race.container.endScope()
        var threw = false
        do { try race.lap(215_020) } catch { threw = true }
        let afterEnd = shown(timesheet)
        #expect(threw && afterEnd == afterNewScope, "After the test ended the scope on race.container, a lap has no driver: it should throw and file nothing, as before the first stint; it \(threw ? "threw" : "did not throw") and the timesheet reads \(afterEnd). A recorder that still finds a driver kept something of the ended scope. [zh-Hans] 测试在 race.container 上结束作用域之后，一圈没有车手：它应该抛出错误，什么也不记，和第一个 stint 之前一样；它\(threw ? "抛出了错误" : "没有抛出错误")，计时表是 \(afterEnd)。如果记录器还能找到车手，说明它留住了已经结束的作用域里的东西。")
    }

    @Test("one timing beam, one recorder, one driver: within a stint, every resolve gives the same LapRecorder and the same Driver")
    func oneRecorderPerStintAtLeast() throws {
        let race = EnduranceRace(roster: Roster(drivers: ["BUT", "ALO"]), timesheet: Timesheet())
        race.startStint()
        let first = try race.container.resolve(LapRecorder.self)
        try race.lap(214_310)
        let second = try race.container.resolve(LapRecorder.self)
        let driverA = try race.container.resolve(Driver.self), driverB = try race.container.resolve(Driver.self)
        #expect(driverA === driverB, "Two resolves of Driver in one stint gave two drivers (\(driverA.name), \(driverB.name)): the Driver must be registered once, .scoped, one per stint, not .transient. [zh-Hans] 在同一个 stint 里两次解析 Driver，得到了两位车手（\(driverA.name)、\(driverB.name)）：Driver 必须只注册一次，用 .scoped，每个 stint 一位，而不是 .transient。")
        #expect(first === second, "Two resolves of LapRecorder in one stint gave two recorders: it is registered .transient, a new recorder for every lap. The lesson's two cures keep one recorder: .shared with a factory it calls at every lap, or .scoped, one per stint. [zh-Hans] 在同一个 stint 里两次解析 LapRecorder，得到了两个记录器：它注册成了 .transient，每一圈一个新的记录器。本课的两种治法都只保留一个记录器：.shared 加上每圈调用的工厂，或者 .scoped，每个 stint 一个。")
    }

    @Test("a lap before the first stint has no driver: it throws and files nothing")
    func noLapBeforeTheFirstStint() {
        let timesheet = Timesheet()
        let roster = Roster(drivers: ["BUT"])
        let race = EnduranceRace(roster: roster, timesheet: timesheet)
        var threw = false
        do { try race.lap(199_999) } catch { threw = true }
        #expect(threw && timesheet.laps.isEmpty && roster.driversCalled == 0, "Before the first startStint() nobody is in the car: lap(_:) should throw, file nothing and call no driver; it \(threw ? "threw" : "did not throw"), the timesheet reads \(shown(timesheet)) and the roster called \(times(roster.driversCalled)). The Driver is .scoped: with no scope open, resolving it throws. [zh-Hans] 第一次 startStint() 之前车里没有人：lap(_:) 应该抛出错误，不记录任何东西，也不叫任何车手；它\(threw ? "抛出了错误" : "没有抛出错误")，计时表是 \(shown(timesheet))，名单叫了 \(roster.driversCalled) 次。Driver 是 .scoped 的：没有打开的作用域时，解析它会抛出错误。")
    }

    @Test("two races side by side keep their own drivers and their own timesheets")
    func twoRacesKeepTheirOwnDrivers() throws {
        let sheet7 = Timesheet()
        let sheet8 = Timesheet()
        let car7 = EnduranceRace(roster: Roster(drivers: ["BUE", "NAK", "HAR"]), timesheet: sheet7)
        let car8 = EnduranceRace(roster: Roster(drivers: ["CON", "KOB", "LOP"]), timesheet: sheet8)
        car7.startStint()
        car8.startStint()
        try car7.lap(210_000)
        try car8.lap(211_000)
        car8.startStint()
        try car7.lap(210_100)
        try car8.lap(211_100)
        car7.startStint()
        try car7.lap(210_200)
        try car8.lap(211_200)
        let got7 = shown(sheet7)
        let got8 = shown(sheet8)
        #expect(got7 == ["BUE 210000", "BUE 210100", "NAK 210200"] && got8 == ["CON 211000", "KOB 211100", "KOB 211200"], "Cars 7 and 8 race side by side, each with its own container, roster and timesheet, changing drivers at different times. Car 7's timesheet should read [\"BUE 210000\", \"BUE 210100\", \"NAK 210200\"], it reads \(got7); car 8's [\"CON 211000\", \"KOB 211100\", \"KOB 211200\"], it reads \(got8). A scope, a driver or a recorder kept in a static is shared by both cars: keep them in each race's objects. [zh-Hans] 7 号车和 8 号车并排比赛，各有自己的容器、名单和计时表，在不同的时间换车手。7 号车的计时表应该是 [\"BUE 210000\", \"BUE 210100\", \"NAK 210200\"]，实际是 \(got7)；8 号车的应该是 [\"CON 211000\", \"KOB 211100\", \"KOB 211200\"]，实际是 \(got8)。保存在 static 里的作用域、车手或记录器会被两辆车共用：把它们保存在各自比赛的对象里。")
    }
}

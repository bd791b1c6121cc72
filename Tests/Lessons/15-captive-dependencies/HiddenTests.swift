import Testing
@testable import CaptiveDependencies

/// Graded, not handed out: the same promises as the visible tests, with other inputs.
@Suite("Captive dependencies, other inputs", .serialized)
struct HiddenCaptiveTests {
    @Test("a two-driver race over six stints files every lap under its driver, one driver called per stint")
    func twoDriversSixStints() throws {
        let roster = Roster(drivers: ["TRU", "FAS"])
        let timesheet = Timesheet()
        let race = EnduranceRace(roster: roster, timesheet: timesheet)
        var expected: [String] = []
        for (stint, laps) in [2, 4, 1, 1, 3, 2].enumerated() {
            race.startStint()
            for lap in 0..<laps {
                let lapTime = 205_000 + 37 * stint + lap
                try race.lap(lapTime)
                expected.append("\(stint % 2 == 0 ? "TRU" : "FAS") \(lapTime)")
            }
        }
        let got = timesheet.laps.map { "\($0.driver) \($0.lapTime)" }
        #expect(got == expected && roster.driversCalled == 6, "Six stints shared by TRU and FAS: the timesheet should read \(expected) with 6 drivers called; it reads \(got) with \(roster.driversCalled) called. [zh-Hans] TRU 和 FAS 分担六个 stint：计时表应该是 \(expected)，叫了 6 位车手；实际是 \(got)，叫了 \(roster.driversCalled) 位。")
    }

    @Test("verify() follows a long chain of transients, and leaves a shared holder of shared services alone")
    func longChainOfTransients() {
        let container = Container()
        container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: 1) }
        container.register(PitBoard.self, dependencies: [TyreSet.self]) { c in PitBoard(tyres: try c.resolve(TyreSet.self)) }
        container.register(FuelPlan.self, dependencies: [PitBoard.self]) { _ in FuelPlan() }
        container.register(Strategist.self, dependencies: [FuelPlan.self]) { _ in Strategist() }
        container.register(TeamRadio.self, lifetime: .shared) { _ in TeamRadio() }
        container.register(RaceEngineer.self, lifetime: .shared, dependencies: [TeamRadio.self]) { _ in RaceEngineer() }
        let clean = Verdict(of: container)
        container.register(TeamRadio.self, lifetime: .shared, dependencies: [Strategist.self]) { _ in TeamRadio() }
        let verdict = Verdict(of: container)
        #expect(clean == .clean, "Nothing .shared holds anything .scoped yet: verify() should not throw, but \(clean.shown). [zh-Hans] 还没有 .shared 注册持有 .scoped 注册：verify() 不应该抛出错误，但是\(clean.shownZh)。")
        if case let .mismatch(holder, captive, _) = verdict {
            #expect(holder == "TeamRadio" && captive == "TyreSet", "TeamRadio (.shared) holds TyreSet (.scoped) through three transients: verify() should report holder \"TeamRadio\" and captive \"TyreSet\"; it reported \"\(holder)\" and \"\(captive)\". [zh-Hans] TeamRadio（.shared）经过三个 transient 持有 TyreSet（.scoped）：verify() 应该报告持有者 \"TeamRadio\" 和被俘获的 \"TyreSet\"；它报告的是 \"\(holder)\" 和 \"\(captive)\"。")
        } else {
            Issue.record("TeamRadio (.shared) holds TyreSet (.scoped) through three transients: verify() should throw a LifetimeMismatch, but \(verdict.shown). [zh-Hans] TeamRadio（.shared）经过三个 transient 持有 TyreSet（.scoped）：verify() 应该抛出 LifetimeMismatch，但是\(verdict.shownZh)。")
        }
    }

    @Test("scopes begun and ended in a row: each open scope builds its own instance, once")
    func scopesInARow() throws {
        let container = Container()
        let builds = Builds()
        container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: builds.next()) }
        var seen: [Int] = []
        for round in 0..<5 {
            container.beginScope()
            if round % 2 == 0 { container.beginScope() }
            seen.append(try container.resolve(TyreSet.self).number)
            seen.append(try container.resolve(TyreSet.self).number)
            container.endScope()
            seen.append((try? container.resolve(TyreSet.self))?.number ?? 0)
        }
        let expected = [1, 1, 0, 2, 2, 0, 3, 3, 0, 4, 4, 0, 5, 5, 0]
        #expect(seen == expected && builds.count == 5, "Five rounds of beginScope() (twice in some), two resolves and endScope(), then a resolve with no scope open: the tyres' numbers should be \(expected) (0: the resolve threw), with 5 builds; they were \(seen), with \(builds.count). [zh-Hans] 五轮 beginScope()（有几轮调用两次）、两次解析和 endScope()，然后在没有打开的作用域时解析一次：轮胎编号应该是 \(expected)（0 表示解析抛出了错误），创建 5 次；实际是 \(seen)，创建了 \(builds.count) 次。")
    }
}

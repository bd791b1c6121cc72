import Testing
@testable import CaptiveDependencies

@Suite("verify(): a captive dependency reported before it bites", .serialized)
struct VerifyTests {
    @Test("verify() accepts lifetimes that fit: nothing long-lived holds something shorter-lived")
    func verifyAcceptsLifetimesThatFit() {
        let container = Container()
        container.register(TeamRadio.self, lifetime: .shared) { _ in TeamRadio() }
        container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: 1) }
        // shared -> shared, shared -> transient (it lives as long as its holder), scoped -> scoped,
        // scoped -> shared, transient -> scoped, scoped -> transient -> scoped.
        container.register(Strategist.self, lifetime: .shared, dependencies: [TeamRadio.self]) { _ in Strategist() }
        container.register(FuelPlan.self, dependencies: [TyreSet.self]) { c in FuelPlan(tyres: try c.resolve(TyreSet.self)) }
        container.register(RaceEngineer.self, lifetime: .shared, dependencies: [TeamRadio.self, Strategist.self]) { _ in RaceEngineer() }
        container.register(PitBoard.self, lifetime: .scoped, dependencies: [TyreSet.self, TeamRadio.self, FuelPlan.self]) { c in PitBoard(tyres: try c.resolve(TyreSet.self)) }
        let verdict = Verdict(of: container)
        #expect(verdict == .clean, "No registration here holds a shorter-lived one: a .shared service holds .shared ones, a .scoped one holds .scoped, .shared and .transient ones, and the .transient FuelPlan holds the .scoped tyres (a transient lives as long as whoever holds it, here the scoped PitBoard). verify() should not throw, but \(verdict.shown). Report only a .shared registration that holds a .scoped one, directly or through transients. [zh-Hans] 这里没有哪个注册持有比它短命的注册：.shared 服务持有 .shared 的，.scoped 服务持有 .scoped、.shared 和 .transient 的，.transient 的 FuelPlan 持有 .scoped 的轮胎（transient 活得和持有它的对象一样长，这里是 .scoped 的 PitBoard）。verify() 不应该抛出错误，但是\(verdict.shownZh)。只报告持有 .scoped 注册（直接或经过 transient）的 .shared 注册。")
        let transientInShared = Container()
        transientInShared.register(FuelPlan.self) { _ in FuelPlan() }
        transientInShared.register(RaceEngineer.self, lifetime: .shared, dependencies: [FuelPlan.self]) { _ in RaceEngineer() }
        let second = Verdict(of: transientInShared)
        #expect(second == .clean, "A .shared RaceEngineer that holds a .transient FuelPlan is no captive: the plan was built for the engineer and lives as long as the engineer. verify() should not throw, but \(second.shown). [zh-Hans] 持有 .transient FuelPlan 的 .shared RaceEngineer 不是俘获依赖：这个计划是为工程师创建的，和工程师活得一样长。verify() 不应该抛出错误，但是\(second.shownZh)。")
    }

    @Test("verify() names the long-lived registration and the shorter-lived one it captures")
    func verifyNamesTheHolderAndItsCaptive() {
        let container = Container()
        container.register(TeamRadio.self, lifetime: .shared) { _ in TeamRadio() }
        container.register(Strategist.self, lifetime: .scoped, dependencies: [TeamRadio.self]) { _ in Strategist() }
        container.register(TyreSet.self, lifetime: .scoped, dependencies: [TeamRadio.self, Strategist.self]) { _ in TyreSet(number: 1) }
        container.register(PitBoard.self, lifetime: .scoped, dependencies: [TyreSet.self]) { c in PitBoard(tyres: try c.resolve(TyreSet.self)) }
        container.register(RaceEngineer.self, lifetime: .shared, dependencies: [TeamRadio.self, PitBoard.self]) { c in RaceEngineer(board: try c.resolve(PitBoard.self)) }
        let verdict = Verdict(of: container)
        guard case let .mismatch(holder, captive, description) = verdict else {
            Issue.record("The .shared RaceEngineer holds the .scoped PitBoard: a captive dependency. verify() should throw a LifetimeMismatch, but \(verdict.shown). Walk the declared dependencies of every .shared registration, and throw when one of them is .scoped. [zh-Hans] .shared 的 RaceEngineer 持有 .scoped 的 PitBoard：这是俘获依赖。verify() 应该抛出 LifetimeMismatch，但是\(verdict.shownZh)。遍历每个 .shared 注册声明的依赖，遇到 .scoped 的就抛出错误。")
            return
        }
        #expect(holder == "RaceEngineer" && captive == "PitBoard", "The .shared RaceEngineer holds the .scoped PitBoard, and nothing else here is a captive (the scoped services hold scoped and shared ones). verify() should report holder \"RaceEngineer\" and captive \"PitBoard\" (names as String(describing:) gives them); it reported holder \"\(holder)\" and captive \"\(captive)\". The holder is the long-lived registration, the captive the shorter-lived one it holds. [zh-Hans] .shared 的 RaceEngineer 持有 .scoped 的 PitBoard，这里没有别的俘获依赖（作用域服务持有的是作用域服务和共享服务）。verify() 应该报告持有者 \"RaceEngineer\" 和被俘获的 \"PitBoard\"（名字按 String(describing:) 给出）；它报告的持有者是 \"\(holder)\"，被俘获的是 \"\(captive)\"。持有者是长寿的那个注册，被俘获的是它持有的短命的那个。")
        #expect(description.contains("RaceEngineer") && description.contains("PitBoard"), "The error's description is what a developer reads at start-up: it should name both RaceEngineer and PitBoard; it is \"\(description)\". [zh-Hans] 错误的描述是开发者在启动时读到的东西：它应该写出 RaceEngineer 和 PitBoard；实际是 \"\(description)\"。")
        if let holderAt = description.firstRange(of: "RaceEngineer"), let captiveAt = description.firstRange(of: "PitBoard") {
            #expect(holderAt.lowerBound < captiveAt.lowerBound, "The description names the holder first, then its captive, as in \"LapRecorder (.shared) holds Driver (.scoped)\": here \"RaceEngineer (.shared) holds PitBoard (.scoped)\". It is \"\(description)\", which reads the other way round and sends the reader to the wrong registration. [zh-Hans] 描述要先写持有者，再写被它俘获的依赖，就像 \"LapRecorder (.shared) holds Driver (.scoped)\"：这里是 \"RaceEngineer (.shared) holds PitBoard (.scoped)\"。实际是 \"\(description)\"，顺序反了，会把读的人引到错误的注册上。")
        }
    }

    @Test("verify() finds a captive held through transients")
    func verifyFindsACaptiveThroughTransients() {
        let container = Container()
        container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: 1) }
        container.register(PitBoard.self, dependencies: [TyreSet.self]) { c in PitBoard(tyres: try c.resolve(TyreSet.self)) }
        container.register(FuelPlan.self, dependencies: [PitBoard.self]) { _ in FuelPlan() }
        container.register(TeamRadio.self, lifetime: .shared) { _ in TeamRadio() }
        container.register(RaceEngineer.self, lifetime: .shared, dependencies: [TeamRadio.self, FuelPlan.self]) { _ in RaceEngineer() }
        let verdict = Verdict(of: container)
        #expect(verdict != .clean, "The .shared RaceEngineer holds a .transient FuelPlan, which holds a .transient PitBoard, which holds the .scoped TyreSet: the engineer keeps the first scope's tyres through them. verify() should throw, but \(verdict.shown). A transient lives as long as its holder, so follow its dependencies too. [zh-Hans] .shared 的 RaceEngineer 持有 .transient 的 FuelPlan，它持有 .transient 的 PitBoard，而 PitBoard 持有 .scoped 的 TyreSet：工程师通过它们留住了第一个作用域的轮胎。verify() 应该抛出错误，但是\(verdict.shownZh)。transient 活得和它的持有者一样长，所以它的依赖也要跟下去。")
        if case let .mismatch(holder, captive, _) = verdict {
            #expect(holder == "RaceEngineer" && captive == "TyreSet", "Through the transients FuelPlan and PitBoard, the .shared RaceEngineer captures the .scoped TyreSet: verify() should report holder \"RaceEngineer\" and captive \"TyreSet\"; it reported holder \"\(holder)\" and captive \"\(captive)\". The captive is the .scoped registration at the end of the transients, not a transient on the way. [zh-Hans] 经过 transient 的 FuelPlan 和 PitBoard，.shared 的 RaceEngineer 俘获了 .scoped 的 TyreSet：verify() 应该报告持有者 \"RaceEngineer\" 和被俘获的 \"TyreSet\"；它报告的持有者是 \"\(holder)\"，被俘获的是 \"\(captive)\"。被俘获的是这串 transient 尽头的 .scoped 注册，而不是途中的某个 transient。")
        }
    }

    @Test("verify() follows transients however many stand between: chains of 1 to 10 transients from a .shared holder to a .scoped captive, and long ones, past every round number a limit could have and the counts the lesson states, up to 600")
    func verifyFollowsLongChains() {
        for hops in Array(1...10) + [16, 17, 31, 32, 33, 50, 51, 64, 65, 100, 101, 128, 129, 200, 201, 256, 257, 300, 399, 400, 401, 499, 500, 501, 511, 512, 513, 600] {
            // Past 500, the largest count the lesson's text states: a limit of the code's own is then either a number the
            // text never states (rule no-unstated-numbers) or one these chains go beyond.
            let container = Container()
            container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: 1) }
            let first = registerHops(container, count: hops, endingAt: TyreSet.self)
            container.register(RaceEngineer.self, lifetime: .shared, dependencies: [first]) { _ in RaceEngineer() }
            let verdict = Verdict(of: container)
            guard case let .mismatch(holder, captive, _) = verdict, holder == "RaceEngineer", captive == "TyreSet" else {
                Issue.record("The .shared RaceEngineer holds the .scoped TyreSet through a chain of \(hops) .transient registrations: verify() should report holder \"RaceEngineer\" and captive \"TyreSet\", but \(verdict.shown). Follow a transient's dependencies as far as they go (a transient lives as long as its holder), with no depth limit of your own; a type already on the way is where a circle closes. [zh-Hans] .shared 的 RaceEngineer 经过 \(hops) 个 .transient 注册组成的链持有 .scoped 的 TyreSet：verify() 应该报告持有者 \"RaceEngineer\" 和被俘获的 \"TyreSet\"，但是\(verdict.shownZh)。transient 的依赖要一直跟到底（transient 活得和它的持有者一样长），不要自己设深度上限；已经在路上的类型就是环闭合的地方。")
                return
            }
        }
    }

    @Test("verify() returns on declarations that go round in a circle or meet again: two transients that declare each other, and a ladder of 14 diamonds")
    func verifyEndsOnCirclesAndDiamonds() {
        for captive in [false, true] {
            // A circle: two transients that declare each other, under a .shared holder; one of them may declare the tyres.
            let container = Container()
            container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: 1) }
            container.register(LeftRail<PitBoard>.self, dependencies: [RightRail<PitBoard>.self]) { _ in LeftRail<PitBoard>() }
            container.register(RightRail<PitBoard>.self, dependencies: captive ? [LeftRail<PitBoard>.self, TyreSet.self] : [LeftRail<PitBoard>.self]) { _ in RightRail<PitBoard>() }
            container.register(RaceEngineer.self, lifetime: .shared, dependencies: [LeftRail<PitBoard>.self]) { _ in RaceEngineer() }
            let verdict = Verdict(of: container)
            let expected: Verdict? = captive ? nil : .clean
            let right = captive ? { if case let .mismatch(holder, captured, _) = verdict { return holder == "RaceEngineer" && captured == "TyreSet" }; return false }() : verdict == expected
            #expect(right, "Two .transient registrations declare each other, under the .shared RaceEngineer\(captive ? ", and one of them declares the .scoped TyreSet" : ""): verify() should \(captive ? "report holder \"RaceEngineer\" and captive \"TyreSet\"" : "not throw"), but \(verdict.shown). Walk each registration once for a holder: a type already on the way is where a circle closes. [zh-Hans] 两个 .transient 注册互相声明对方，上面是 .shared 的 RaceEngineer\(captive ? "，其中一个还声明了 .scoped 的 TyreSet" : "")：verify() 应该\(captive ? "报告持有者 \"RaceEngineer\" 和被俘获的 \"TyreSet\"" : "不抛出错误")，但是\(verdict.shownZh)。对一个持有者，每个注册只走一次：已经在路上的类型就是环闭合的地方。")
        }
        for captive in [false, true] {
            // 14 levels of two transients, each needing both of the next: 2^14 paths, 28 registrations.
            let container = Container()
            container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: 1) }
            let top = registerDiamonds(container, count: 14, level: PitBoard.self, endingAt: captive ? TyreSet.self : nil)
            container.register(RaceEngineer.self, lifetime: .shared, dependencies: top) { _ in RaceEngineer() }
            let verdict = Verdict(of: container)
            let right = captive ? { if case let .mismatch(holder, captured, _) = verdict { return holder == "RaceEngineer" && captured == "TyreSet" }; return false }() : verdict == .clean
            #expect(right, "The .shared RaceEngineer declares two .transient registrations that each declare both of the next two, 14 levels deep\(captive ? ", ending at the .scoped TyreSet" : ", ending at nothing"): verify() should \(captive ? "report holder \"RaceEngineer\" and captive \"TyreSet\"" : "not throw"), but \(verdict.shown). A type met again on another path is no circle: only a type already on the way closes one. [zh-Hans] .shared 的 RaceEngineer 声明了两个 .transient 注册，每个都声明了下一层的两个，共 14 层\(captive ? "，最后是 .scoped 的 TyreSet" : "，最后什么也没有")：verify() 应该\(captive ? "报告持有者 \"RaceEngineer\" 和被俘获的 \"TyreSet\"" : "不抛出错误")，但是\(verdict.shownZh)。从另一条路径再次遇到的类型不是环：只有已经在路上的类型才让环闭合。")
        }
    }

    @Test("verify() builds nothing, and the container works as before after it")
    func verifyBuildsNothing() throws {
        let container = Container()
        let tyres = Builds()
        let engineers = Builds()
        container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: tyres.next()) }
        container.register(RaceEngineer.self, lifetime: .shared, dependencies: [TyreSet.self]) { _ in _ = engineers.next(); return RaceEngineer() }
        let verdict = Verdict(of: container)
        #expect(tyres.count == 0 && engineers.count == 0, "verify() reads the registrations and compares their lifetimes: it should run no factory, but the TyreSet factory ran \(times(tyres.count)) and the RaceEngineer factory \(times(engineers.count)). A factory may have side effects (calling the next driver to the car), and a shared instance built during verify() would be kept. [zh-Hans] verify() 只读取注册并比较它们的生命周期：它不应该运行任何工厂，但 TyreSet 的工厂运行了 \(tyres.count) 次，RaceEngineer 的工厂运行了 \(engineers.count) 次。工厂可能有副作用（叫下一位车手上车），而 verify() 期间创建的共享实例会被保留下来。")
        #expect(verdict != .clean, "The .shared RaceEngineer declares the .scoped TyreSet as a dependency: verify() should throw, but \(verdict.shown). [zh-Hans] .shared 的 RaceEngineer 声明了 .scoped 的 TyreSet 作为依赖：verify() 应该抛出错误，但是\(verdict.shownZh)。")
        let early = try? container.resolve(TyreSet.self)
        container.beginScope()
        let inScope = try container.resolve(TyreSet.self)
        #expect(early == nil && inScope.number == 1, "After verify(), no scope is open until beginScope(), and the first TyreSet built is #1: resolving before the scope should throw, and the scope's tyres should be #1; \(early == nil ? "it threw" : "it returned tyres") and the scope's tyres are #\(inScope.number). verify() leaves no scope open and keeps nothing. [zh-Hans] verify() 之后，在 beginScope() 之前没有打开的作用域，而第一个创建的 TyreSet 是 #1：在作用域之前解析应该抛出错误，作用域里的轮胎应该是 #1；\(early == nil ? "它抛出了错误" : "它返回了轮胎")，作用域里的轮胎是 #\(inScope.number)。verify() 不留下打开的作用域，也不保存任何东西。")
    }

    @Test("verify() reads the registrations as they are now")
    func verifyReadsTheRegistrationsAsTheyAreNow() {
        let container = Container()
        container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: 1) }
        container.register(PitBoard.self, lifetime: .shared, dependencies: [TyreSet.self]) { c in PitBoard(tyres: try c.resolve(TyreSet.self)) }
        let captive = Verdict(of: container)
        container.register(PitBoard.self, lifetime: .scoped, dependencies: [TyreSet.self]) { c in PitBoard(tyres: try c.resolve(TyreSet.self)) }
        let cured = Verdict(of: container)
        container.register(TyreSet.self, lifetime: .shared) { _ in TyreSet(number: 1) }
        container.register(PitBoard.self, lifetime: .shared, dependencies: [TyreSet.self]) { c in PitBoard(tyres: try c.resolve(TyreSet.self)) }
        let allShared = Verdict(of: container)
        container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: 1) }
        let again = Verdict(of: container)
        #expect(captive != .clean && cured == .clean && allShared == .clean && again != .clean, "The PitBoard was registered .shared holding the .scoped TyreSet (a captive), then again as .scoped (cured), then both .shared (fine), then the TyreSet .scoped again (a captive again). verify() should throw, not throw, not throw, throw; it: \(captive.shown); \(cured.shown); \(allShared.shown); \(again.shown). Registering again replaces the lifetime and the dependencies: verify() reads the registrations as they are when it is called. [zh-Hans] PitBoard 先注册为持有 .scoped TyreSet 的 .shared（俘获依赖），再注册为 .scoped（治好了），然后两者都是 .shared（没问题），最后 TyreSet 又注册为 .scoped（又是俘获依赖）。verify() 应该依次抛出、不抛出、不抛出、抛出；实际是：\(captive.shownZh)；\(cured.shownZh)；\(allShared.shownZh)；\(again.shownZh)。再次注册会替换生命周期和依赖：verify() 读取的是它被调用时的注册。")
    }
}

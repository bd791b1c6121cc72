import Testing
@testable import CaptiveDependencies

@Suite("Scoped lifetime: one instance per scope, a new one in the next", .serialized)
struct ScopedLifetimeTests {
    @Test("a .scoped service is built once per scope, and again in the next scope")
    func scopedIsOnePerScope() throws {
        let container = Container()
        let builds = Builds()
        container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: builds.next()) }
        container.beginScope()
        let first = try container.resolve(TyreSet.self)
        let again = try container.resolve(TyreSet.self)
        #expect(first === again && builds.count == 1, "In one scope, two resolves of a .scoped TyreSet should give the same object, built once; the factory ran \(times(builds.count)) and the two resolves gave \(first === again ? "the same object" : "two objects"). Keep the instance built in the open scope and hand it out again until the scope ends. [zh-Hans] 在同一个作用域里，两次解析 .scoped 的 TyreSet 应该得到同一个对象，只创建一次；工厂运行了 \(builds.count) 次，两次解析得到的是\(first === again ? "同一个对象" : "两个对象")。把在当前作用域里创建的实例保存下来，在作用域结束之前一直交出它。")
        container.beginScope()
        let second = try container.resolve(TyreSet.self)
        let secondAgain = try container.resolve(TyreSet.self)
        #expect(second !== first && second === secondAgain && builds.count == 2, "After beginScope() again, the next stint should get its own TyreSet, built once and handed out for the whole scope: the factory should have run 2 times in all, it ran \(times(builds.count)); the new scope \(second === first ? "got the first scope's tyres back" : second === secondAgain ? "got its own tyres" : "got a new object on every resolve"). beginScope() starts a new scope: forget the previous scope's instances. [zh-Hans] 再次调用 beginScope() 之后，下一个 stint 应该得到自己的 TyreSet，只创建一次，并在整个作用域里交出它：工厂一共应该运行 2 次，实际运行了 \(builds.count) 次；新作用域\(second === first ? "拿回了上一个作用域的轮胎" : second === secondAgain ? "拿到了自己的轮胎" : "每次解析都拿到一个新对象")。beginScope() 开始一个新的作用域：忘掉上一个作用域的实例。")
    }

    @Test("a .scoped service needs an open scope: before the first, and after endScope(), resolve throws and builds nothing")
    func scopedNeedsAnOpenScope() throws {
        let container = Container()
        let builds = Builds()
        container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: builds.next()) }
        container.register(FuelPlan.self) { c in FuelPlan(tyres: try c.resolve(TyreSet.self)) }
        let before = try? container.resolve(TyreSet.self)
        #expect(before == nil && builds.count == 0, "No scope is open yet, so resolving the .scoped TyreSet should throw, without running its factory; \(before == nil ? "it threw" : "it returned tyres #\(before!.number)") and the factory ran \(times(builds.count)). A scoped service lives in a scope: with none open, there is nowhere to keep it. [zh-Hans] 还没有打开任何作用域，所以解析 .scoped 的 TyreSet 应该抛出错误，而且不运行它的工厂；\(before == nil ? "它抛出了错误" : "它返回了 #\(before!.number) 号轮胎")，工厂运行了 \(builds.count) 次。作用域服务活在作用域里：没有打开的作用域，就没有地方保存它。")
        let plan = try? container.resolve(FuelPlan.self)
        #expect(plan == nil && builds.count == 0, "A transient FuelPlan whose factory resolves the .scoped TyreSet should throw too when no scope is open (the inner resolve throws); \(plan == nil ? "it threw" : "it was built") and the TyreSet factory ran \(times(builds.count)). [zh-Hans] 没有打开的作用域时，工厂里要解析 .scoped TyreSet 的 transient FuelPlan 也应该抛出错误（内层的解析会抛出）；\(plan == nil ? "它抛出了错误" : "它被创建了")，TyreSet 的工厂运行了 \(builds.count) 次。")
        container.beginScope()
        let inScope = try container.resolve(TyreSet.self)
        container.endScope()
        let after = try? container.resolve(TyreSet.self)
        #expect(after == nil && builds.count == 1, "After endScope(), resolving the .scoped TyreSet should throw again, without building, until the next beginScope(); \(after == nil ? "it threw" : after === inScope ? "it handed out the ended scope's tyres" : "it built new tyres") and the factory ran \(times(builds.count)) in all (1 expected, in the scope). [zh-Hans] 调用 endScope() 之后，在下一次 beginScope() 之前，解析 .scoped 的 TyreSet 应该再次抛出错误，而且不创建；\(after == nil ? "它抛出了错误" : after === inScope ? "它交出了已经结束的作用域的轮胎" : "它创建了新的轮胎")，工厂一共运行了 \(builds.count) 次（应该是 1 次，在作用域里）。")
        container.endScope()
        container.beginScope()
        let next = try container.resolve(TyreSet.self)
        #expect(next !== inScope && builds.count == 2, "endScope() with no scope open does nothing, and the next beginScope() opens a scope with its own TyreSet: the factory should have run 2 times, it ran \(times(builds.count)). [zh-Hans] 没有打开的作用域时调用 endScope() 什么也不做，下一次 beginScope() 打开的作用域有自己的 TyreSet：工厂应该运行 2 次，实际运行了 \(builds.count) 次。")
    }

    @Test("when a scope ends, the container lets go of its instances")
    func endingAScopeLetsItsInstancesGo() throws {
        let container = Container()
        let builds = Builds()
        container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: builds.next()) }
        container.beginScope()
        weak var firstStint = try container.resolve(TyreSet.self)
        container.beginScope()
        #expect(firstStint == nil, "The test let go of the first stint's tyres and began the next scope: nothing should hold them any more, but they are still alive. When a new scope begins, the previous scope's instances must go, not be kept aside. [zh-Hans] 测试已经放开了第一个 stint 的轮胎，并开始了下一个作用域：不应该再有任何东西持有它们，但它们还活着。新作用域开始时，上一个作用域的实例必须被放开，而不是被留在一边。")
        weak var secondStint = try container.resolve(TyreSet.self)
        #expect(secondStint != nil, "While its scope is open, the container keeps the scope's TyreSet (the test holds it only weakly), so the next resolve in the scope gets it again; it was already gone. [zh-Hans] 作用域打开期间，容器保存这个作用域的 TyreSet（测试只用 weak 引用持有它），所以作用域里的下一次解析还能拿到它；可它已经没了。")
        container.endScope()
        #expect(secondStint == nil, "After endScope(), the container should let go of the ended scope's TyreSet, but it is still alive. [zh-Hans] 调用 endScope() 之后，容器应该放开已结束作用域的 TyreSet，但它还活着。")
    }

    @Test("a .shared service outlives the scopes, and a .transient one is new on every resolve")
    func sharedOutlivesScopes() throws {
        let container = Container()
        let radios = Builds()
        let plans = Builds()
        container.register(TeamRadio.self, lifetime: .shared) { _ in _ = radios.next(); return TeamRadio() }
        container.register(FuelPlan.self) { _ in _ = plans.next(); return FuelPlan() }
        let outside = try container.resolve(TeamRadio.self)
        container.beginScope()
        let firstStint = try container.resolve(TeamRadio.self)
        let planA = try container.resolve(FuelPlan.self)
        let planB = try container.resolve(FuelPlan.self)
        container.beginScope()
        let secondStint = try container.resolve(TeamRadio.self)
        container.endScope()
        let afterwards = try container.resolve(TeamRadio.self)
        #expect(outside === firstStint && firstStint === secondStint && secondStint === afterwards && radios.count == 1, "A .shared TeamRadio is one for the whole container: resolved before any scope, in two scopes and after the last one ended, it should be one object, built once; its factory ran \(times(radios.count)). Scopes change only the .scoped instances. [zh-Hans] .shared 的 TeamRadio 在整个容器里只有一个：在任何作用域之前、在两个作用域里、在最后一个作用域结束之后解析，都应该是同一个对象，只创建一次；它的工厂运行了 \(radios.count) 次。作用域只改变 .scoped 的实例。")
        #expect(planA !== planB && plans.count == 2, "A .transient FuelPlan is new on every resolve, in a scope too: two resolves should build two plans; the factory ran \(times(plans.count)). [zh-Hans] .transient 的 FuelPlan 每次解析都是新的，在作用域里也一样：两次解析应该创建两个计划；工厂运行了 \(plans.count) 次。")
    }

    @Test("registering a type again forgets the instance the open scope built")
    func registeringAgainForgetsTheScopedInstance() throws {
        let container = Container()
        let builds = Builds()
        container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: builds.next()) }
        container.beginScope()
        let old = try container.resolve(TyreSet.self)
        container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: 100 + builds.next()) }
        let new = try container.resolve(TyreSet.self)
        #expect(new !== old && new.number == 102, "Registering TyreSet again in an open scope should win over the tyres already built in it (lesson 08's promise, for .scoped too): the next resolve should run the new factory (tyres #102); it gave tyres #\(new.number). Forget the open scope's instance of a type when it is registered again. [zh-Hans] 在打开的作用域里再次注册 TyreSet，应该胜过这个作用域里已经创建的轮胎（第 08 课的承诺，对 .scoped 也一样）：下一次解析应该运行新的工厂（#102 号轮胎）；实际得到的是 #\(new.number) 号轮胎。一个类型被再次注册时，忘掉打开的作用域里它的实例。")
    }

    @Test("registering a type again, under any lifetime, lets go of the instance the container kept for it: the shared one and the open scope's alike",
          arguments: 0..<6)
    func registeringAgainLetsGo(_ pair: Int) throws {
        // Lifetimes are the learner's own (public) enum, not Sendable: the pairs are picked here by number.
        let pairs: [(Lifetime, Lifetime)] = [(.scoped, .shared), (.scoped, .transient), (.scoped, .scoped), (.shared, .scoped), (.shared, .transient), (.shared, .shared)]
        let (first, then) = pairs[pair]
        let container = Container()
        let builds = Builds()
        container.beginScope()
        weak var kept: TyreSet?
        do {
            container.register(TyreSet.self, lifetime: first) { _ in TyreSet(number: builds.next()) }
            kept = try container.resolve(TyreSet.self)
        }
        container.register(TyreSet.self, lifetime: then) { _ in TyreSet(number: 100 + builds.next()) }
        #expect(kept == nil, "TyreSet was registered \(first), resolved in an open scope, then registered again \(then): the tyres built under the first registration should be let go (nobody else holds them), but the container still keeps them. Registering a type again forgets every instance kept for it, the shared one and the open scope's, whatever the new lifetime. [zh-Hans] TyreSet 先以 \(first) 注册，在打开的作用域里解析，然后又以 \(then) 注册：第一次注册时创建的轮胎应该被放开（没有别人持有它们），但容器仍然留着它们。再次注册一个类型时，要忘掉为它保存的所有实例，共享的和打开的作用域里的都一样，不管新的生命周期是什么。")
        let next = try container.resolve(TyreSet.self)
        #expect(next.number > 100, "After TyreSet was registered again \(then), resolve should run the new factory (tyres numbered above 100); it gave tyres #\(next.number). [zh-Hans] TyreSet 以 \(then) 再次注册之后，解析应该运行新的工厂（编号大于 100 的轮胎）；实际得到的是 #\(next.number) 号轮胎。")
    }

    @Test("two containers keep their own scopes and their own instances")
    func twoContainersKeepTheirOwnScopes() throws {
        let car7 = Container()
        let car8 = Container()
        let builds = Builds()
        car7.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: builds.next()) }
        car8.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: builds.next()) }
        car7.beginScope()
        let car7Tyres = try car7.resolve(TyreSet.self)
        let car8Early = try? car8.resolve(TyreSet.self)
        #expect(car8Early == nil, "Car 7's container began a scope, car 8's did not: car 8 resolving its .scoped TyreSet should throw; it got \(car8Early === car7Tyres ? "car 7's tyres" : "tyres"). Each container has its own scope: keep it in an instance property, not a static or a global. [zh-Hans] 7 号车的容器开始了一个作用域，8 号车的没有：8 号车解析它的 .scoped TyreSet 应该抛出错误；它却拿到了\(car8Early === car7Tyres ? " 7 号车的轮胎" : "轮胎")。每个容器都有自己的作用域：把它保存在实例属性里，而不是 static 或全局变量里。")
        car8.beginScope()
        let car8Tyres = try car8.resolve(TyreSet.self)
        car8.beginScope()
        let car7Again = try car7.resolve(TyreSet.self)
        #expect(car8Tyres !== car7Tyres && car7Again === car7Tyres, "Two containers, each with its scope: car 8 should get tyres of its own, and car 7 should keep its tyres while car 8 changes scope; car 8 got \(car8Tyres === car7Tyres ? "car 7's tyres" : "its own tyres") and car 7 then got \(car7Again === car7Tyres ? "its tyres again" : "new tyres"). Keep the scope and its instances in each container. [zh-Hans] 两个容器各有自己的作用域：8 号车应该拿到自己的轮胎，而 8 号车换作用域时 7 号车应该保留它的轮胎；8 号车拿到的是\(car8Tyres === car7Tyres ? " 7 号车的轮胎" : "自己的轮胎")，7 号车随后拿到的是\(car7Again === car7Tyres ? "原来的轮胎" : "新的轮胎")。把作用域和它的实例保存在各自的容器里。")
    }

    @Test("resolve does what it is told: a .shared service built in one scope keeps that scope's instance (the captive verify() reports)")
    func aSharedHolderKeepsTheFirstScopesInstance() throws {
        let container = Container()
        let builds = Builds()
        container.register(TyreSet.self, lifetime: .scoped) { _ in TyreSet(number: builds.next()) }
        container.register(PitBoard.self, lifetime: .shared, dependencies: [TyreSet.self]) { c in PitBoard(tyres: try c.resolve(TyreSet.self)) }
        container.beginScope()
        let board = try container.resolve(PitBoard.self)
        let firstTyres = try container.resolve(TyreSet.self)
        container.beginScope()
        let secondTyres = try container.resolve(TyreSet.self)
        let boardAgain = try container.resolve(PitBoard.self)
        #expect(board.tyres === firstTyres && boardAgain === board && secondTyres !== firstTyres && board.tyres.number == 1, "A .shared PitBoard whose factory resolves the .scoped TyreSet is built once, in the first scope, with that scope's tyres, and keeps them: that is the captive dependency, and resolve does not prevent it (verify() reports it). Expected: the board built with the first scope's tyres (#1), the same board in the next scope, and new tyres (#2) there. Got: the board's tyres #\(board.tyres.number), \(boardAgain === board ? "the same board" : "another board") in the next scope, and \(secondTyres === firstTyres ? "the first scope's tyres again" : "tyres #\(secondTyres.number)"). Hand a factory the container it runs in, resolve inside it as anywhere else. [zh-Hans] 工厂里解析 .scoped TyreSet 的 .shared PitBoard 只创建一次，在第一个作用域里，拿的是那个作用域的轮胎，并一直留着它们：这就是俘获依赖，resolve 不阻止它（由 verify() 来报告）。应该是：看板用第一个作用域的轮胎（#1）创建，下一个作用域里还是同一块看板，而那里有新的轮胎（#2）。实际是：看板的轮胎是 #\(board.tyres.number) 号，下一个作用域里是\(boardAgain === board ? "同一块看板" : "另一块看板")，轮胎是\(secondTyres === firstTyres ? "第一个作用域的那套" : " #\(secondTyres.number) 号")。把工厂所在的容器交给工厂，在工厂里和在别处一样解析。")
    }
}

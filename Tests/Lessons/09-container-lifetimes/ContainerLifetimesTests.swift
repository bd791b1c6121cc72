import Foundation
import Testing
@testable import ContainerLifetimes

@Suite("Container lifetimes, cycles and concurrency")
struct ContainerLifetimesTests {
    @Test("weak: the same instance while someone holds it")
    func weakIsSharedWhileHeld() throws {
        let container = Container()
        let builds = Counter()
        container.register(TestEngine.self, lifetime: .weak) { _ in
            _ = builds.increment()
            return TestEngine()
        }
        let held = try container.resolve(TestEngine.self)
        let again = try container.resolve(TestEngine.self)
        #expect(again === held, "While the test still holds the first engine, a .weak resolve should return that same instance. Remember it (weakly) after building it. [zh-Hans] 测试仍持有第一台引擎时，.weak 解析应该返回同一个实例。创建它之后，要（以弱引用）记住它。")
        #expect(builds.value == 1, "A .weak factory should not run again while its instance is alive; it ran \(builds.value) time\(builds.value == 1 ? "" : "s"). [zh-Hans] 实例还活着时，.weak 工厂不应该再次运行；它运行了 \(builds.value) 次。")
    }

    @Test("weak: a new instance once nobody holds the old one")
    func weakIsRebuiltAfterRelease() throws {
        let container = Container()
        let builds = Counter()
        container.register(TestEngine.self, lifetime: .weak) { _ in
            _ = builds.increment()
            return TestEngine()
        }
        weak var firstEngine: TestEngine?
        do {
            let engine = try container.resolve(TestEngine.self)
            firstEngine = engine
        }
        #expect(firstEngine == nil, "After the only holder let go, the engine should be freed. The container keeps a .weak instance alive: hold it in a `weak var` (e.g. a small struct with `weak var object: AnyObject?`), not in a normal dictionary entry. [zh-Hans] 唯一的持有者放手后，这台引擎应该被释放。容器让 .weak 实例一直存活：用 `weak var` 保存它（例如一个带 `weak var object: AnyObject?` 的小结构体），不要放在普通的字典条目里。")
        _ = try container.resolve(TestEngine.self)
        #expect(builds.value == 2, "Once the weak instance is gone, the next resolve should build a new one (factory runs: expected 2, got \(builds.value)). [zh-Hans] 弱引用的实例离开后，下一次解析应该创建一个新实例（工厂运行次数：应该是 2，实际是 \(builds.value)）。")
    }

    @Test("weak: an instance nobody holds is freed at once, even in the middle of a resolve (the container keeps it for no graph)")
    func weakIsNotKeptForTheGraph() throws {
        let container = Container()
        let builds = Counter()
        container.register(TestEngine.self, lifetime: .weak) { _ in
            _ = builds.increment()
            return TestEngine()
        }
        final class Seen { var freed: Bool?; var rebuilt: Bool? }
        let seen = Seen()
        container.register(Telemetry.self) { c in
            weak var first = try c.resolve(TestEngine.self)
            seen.freed = first == nil
            _ = try c.resolve(TestEngine.self)
            seen.rebuilt = builds.value == 2
            return Telemetry()
        }
        _ = try container.resolve(Telemetry.self)
        #expect(seen.freed == true && seen.rebuilt == true, "Inside Telemetry's factory, a .weak TestEngine was resolved and let go at once, then resolved again: the first should be freed at once and the second newly built, but \(seen.freed == true ? "it was freed" : "it was still alive") and the factory ran \(builds.value) time\(builds.value == 1 ? "" : "s"). The container holds a .weak instance only through a weak reference, also while a resolve is under way: keeping it strongly until the outermost resolve returns is a lifetime of its own, not .weak. [zh-Hans] 在 Telemetry 的工厂里，先解析一个 .weak 的 TestEngine 并立刻放手，再解析一次：第一个应该立刻被释放，第二个应该重新创建，但是\(seen.freed == true ? "它被释放了" : "它还活着")，工厂运行了 \(builds.value) 次。容器只通过弱引用持有 .weak 实例，解析进行中也一样：一直强引用到最外层的解析返回，是另一种生命周期，不是 .weak。")
    }

    @Test("a dependency cycle throws an error showing its path, whatever the lifetimes of the types in it")
    func cycleIsReportedWithItsPath() {
        for (driver, strategist) in [(Lifetime.transient, Lifetime.transient), (.shared, .shared), (.weak, .weak), (.shared, .transient), (.transient, .weak)] {
            cycleIsReportedWithItsPath(driver, strategist)
        }
    }

    func cycleIsReportedWithItsPath(_ driverLifetime: Lifetime, _ strategistLifetime: Lifetime) {
        let container = Container()
        let driverBuilds = Counter()
        container.register(Driver.self, lifetime: driverLifetime) { c in
            if driverBuilds.increment() > 25 { throw EndlessLoop() }
            return Driver(strategist: try c.resolve(Strategist.self))
        }
        container.register(Strategist.self, lifetime: strategistLifetime) { c in
            Strategist(driver: try c.resolve(Driver.self))
        }
        guard let outcome = finishes(within: 6, { try container.resolve(Driver.self) }) else {
            Issue.record("Resolving Driver did not finish within 6 s. A factory that resolves its dependencies re-enters resolve on the same thread: with a non-recursive lock (NSLock, Mutex) it waits for itself forever. Use NSRecursiveLock. [zh-Hans] 解析 Driver 没有在 6 秒内完成。解析依赖的工厂会在同一个线程上再次进入 resolve：不可重入的锁（NSLock、Mutex）会永远等待它自己。请使用 NSRecursiveLock。")
            return
        }
        guard case .failure(let error) = outcome else {
            Issue.record("Driver needs Strategist and Strategist needs Driver, so resolve(Driver.self) must throw a cycle error; it returned a value. [zh-Hans] Driver 需要 Strategist，Strategist 又需要 Driver，所以 resolve(Driver.self) 必须抛出循环错误；它却返回了一个值。")
            return
        }
        let text = String(describing: error)
        #expect(!(error is EndlessLoop), "With Driver .\(driverLifetime) and Strategist .\(strategistLifetime), the container went round the circle 25 times without noticing: a shared or weak service is not built yet while its factory runs, so it must be on the stack of types being built like any other. Check the stack for every lifetime. [zh-Hans] Driver 为 .\(driverLifetime)、Strategist 为 .\(strategistLifetime) 时，容器绕着这个环转了 25 圈都没有发现：shared 或 weak 服务在它的工厂运行时还没建好，所以它必须像其他类型一样放在正在创建的类型栈上。每种生命周期都要检查这个栈。")
        #expect(text.contains("Driver -> Strategist -> Driver"), "The cycle error should show the path with \" -> \" between type names, e.g. \"Driver -> Strategist -> Driver\". Keep a stack of the types being resolved; when a type is asked for while it is already on the stack, throw. The error said: \(text) [zh-Hans] 循环错误应该显示路径，类型名之间用 \" -> \" 连接，例如 \"Driver -> Strategist -> Driver\"。保留一个正在解析的类型栈；请求的类型已经在栈上时，抛出错误。错误内容是：\(text)")
        #expect(driverBuilds.value == 1, "Driver's factory should start once; the cycle must be caught when Driver is asked for the second time (it started \(driverBuilds.value) time\(driverBuilds.value == 1 ? "" : "s")). [zh-Hans] Driver 的工厂应该只开始一次；第二次请求 Driver 时就必须发现循环（它开始了 \(driverBuilds.value) 次）。")
    }

    @Test("circles of every length, from a type that needs itself to twelve types round, show every type on the way, in order")
    func circlesOfEveryLength() {
        for length in 1...12 {
            for lifetime in [Lifetime.transient, .shared, .weak] {
                let container = Container()
                let names = registerCircle(container, length: length, lifetime: lifetime)
                guard let outcome = finishes(within: 6, { try container.resolve(Stop<Ring1>.self) }) else {
                    Issue.record("A circle of \(length) .\(lifetime) types did not finish within 6 s. [zh-Hans] \(length) 个 .\(lifetime) 类型组成的环 6 秒内没有结束。")
                    return
                }
                let expected = (names + [names[0]]).joined(separator: " -> ")
                guard case .failure(let error) = outcome, String(describing: error).contains(expected) else {
                    Issue.record("A circle of \(length) .\(lifetime) type\(length == 1 ? " that needs itself" : "s"): the error should show \"\(expected)\", every type on the stack from where the circle starts, in order, and the first again; it gave \(outcome). [zh-Hans] \(length) 个 .\(lifetime) 类型组成的环\(length == 1 ? "（一个需要自己的类型）" : "")：错误应该显示 \"\(expected)\"，从环开始处起按顺序列出栈上的每个类型，最后再写一次第一个；实际得到 \(outcome)。")
                    return
                }
            }
        }
    }

    @Test("the cycle error shows the circle, from where it starts; a failure caught inside a factory keeps the types around it on the stack")
    func cycleShowsTheCircleOnly() {
        let container = Container()
        let driverBuilds = Counter()
        // Telemetry (not part of the circle) asks for Driver; Driver first tries a part nobody registered and
        // a part whose factory throws, goes on without them, then asks for Strategist, which asks for Driver again.
        container.register(Telemetry.self) { c in
            _ = try c.resolve(Driver.self)
            return Telemetry()
        }
        container.register(Driver.self) { c in
            if driverBuilds.increment() > 25 { throw EndlessLoop() }
            _ = try? c.resolve((any Engine).self)
            _ = try? c.resolve(BrokenPart.self)
            // A first try at Strategist is itself a circle (Strategist needs Driver): caught here, it must take
            // only Strategist off the stack; Driver and Telemetry are still being built.
            _ = try? c.resolve(Strategist.self)
            return Driver(strategist: try c.resolve(Strategist.self))
        }
        container.register(BrokenPart.self) { _ in throw PartBroke() }
        container.register(Strategist.self) { c in
            Strategist(driver: try c.resolve(Driver.self))
        }
        guard let outcome = finishes(within: 6, { try container.resolve(Telemetry.self) }) else {
            Issue.record("Resolving Telemetry did not finish within 6 s: a deadlock (use NSRecursiveLock) or a cycle never caught. [zh-Hans] 解析 Telemetry 没有在 6 秒内完成：死锁（请使用 NSRecursiveLock），或者循环一直没有被发现。")
            return
        }
        guard case .failure(let error) = outcome else {
            Issue.record("Driver needs Strategist and Strategist needs Driver, so resolving Telemetry (which needs Driver) must throw the cycle error; it returned a value. [zh-Hans] Driver 需要 Strategist，Strategist 又需要 Driver，所以解析 Telemetry（它需要 Driver）必须抛出循环错误；它却返回了一个值。")
            return
        }
        let text = String(describing: error)
        #expect(driverBuilds.value == 1, "Driver's factory started \(driverBuilds.value) times: the cycle went unnoticed after a failed resolve inside it (a part nobody registered, a factory that threw, or a circle the factory caught). When a resolve fails, a cycle error included, take only that type off the stack (pop in a `defer`), never the whole stack: the types around it are still being built. [zh-Hans] Driver 的工厂开始了 \(driverBuilds.value) 次：在它内部的一次解析失败之后（没人注册的部件、抛出错误的工厂，或者被工厂接住的循环错误），循环没有被发现。解析失败时，只把那个类型从栈中移除（在 `defer` 中弹出），而不是清空整个栈：它周围的类型仍在创建中。")
        #expect(text.contains("Driver -> Strategist -> Driver"), "The cycle error should show the circle, \"Driver -> Strategist -> Driver\"; it said: \(text) [zh-Hans] 循环错误应该显示这个环 \"Driver -> Strategist -> Driver\"；它说的是：\(text)")
        #expect(!text.contains("Telemetry -> "), "The cycle error should show the circle from where it starts (Driver), not the whole stack (Telemetry, which only asked for Driver, is not part of it); it said: \(text). The path is the part of the stack from the first occurrence of the type, plus the type again. [zh-Hans] 循环错误应该从环开始的地方（Driver）显示这个环，而不是整个栈（Telemetry 只是请求了 Driver，它不在环里）；它说的是：\(text)。路径是栈中从这个类型第一次出现的位置开始的部分，再加上这个类型本身。")
    }

    @Test("a transient service resolved from several threads at once: one factory runs at a time, and no thread takes another's work for a cycle")
    func transientResolvesTakeTurns() {
        let container = Container()
        let watch = FactoryWatch()
        container.register((any Engine).self) { _ in watch.run { TestEngine() } }
        // The container under test may not be marked Sendable yet (an early step): the threads share it on purpose.
        nonisolated(unsafe) let sharedContainer = container
        let tally = Tally()
        let threads = 4
        let rounds = 25
        let finished = finishes(within: 60) {
            let done = DispatchGroup()
            for _ in 0..<threads {
                done.enter()
                Thread {
                    defer { done.leave() }
                    for _ in 0..<rounds {
                        do {
                            _ = try sharedContainer.resolve((any Engine).self)
                            tally.success()
                        } catch {
                            tally.error(error)
                        }
                    }
                }.start()
            }
            done.wait()
        }
        guard finished != nil else {
            Issue.record("\(threads) threads resolving a transient Engine did not finish within 60 s: probably a deadlock. Use one NSRecursiveLock, released on every path. [zh-Hans] \(threads) 个线程解析瞬时的 Engine，没有在 60 秒内完成：可能死锁了。使用一把 NSRecursiveLock，并在每条路径上释放它。")
            return
        }
        let seen = tally.snapshot
        #expect(seen.errors.isEmpty, "\(threads) threads resolved a transient Engine \(rounds) times each; nothing is missing and nothing is circular, yet \(seen.errors.count) resolve\(seen.errors.count == 1 ? "" : "s") threw, for example \"\(seen.errors.first ?? "")\". If that is a cycle error, one thread saw another thread's type on the stack: the lock was let go while the factory ran. Hold the lock around the whole of resolve, a transient factory included. [zh-Hans] \(threads) 个线程各自解析瞬时的 Engine \(rounds) 次；没有缺少任何东西，也没有循环，却有 \(seen.errors.count) 次解析抛出错误，例如 \"\(seen.errors.first ?? "")\"。如果那是循环错误，说明一个线程在栈上看到了另一个线程的类型：工厂运行时锁被放开了。在整个 resolve 期间都持有锁，瞬时服务的工厂也不例外。")
        #expect(watch.overlaps == 0, "The transient Engine's factory ran on two threads at the same time (\(watch.overlaps) time\(watch.overlaps == 1 ? "" : "s")): the container let go of its lock while the factory ran. The lesson asks for one lock around the whole of resolve, whatever the lifetime: a factory may read or build what the container holds. [zh-Hans] 瞬时 Engine 的工厂在两个线程上同时运行了（\(watch.overlaps) 次）：工厂运行时容器放开了锁。本课要求在整个 resolve 期间持有同一把锁，无论什么生命周期：工厂可能会读取或创建容器里的东西。")
    }

    @Test("a circle split between a parent's and a child's registrations is found, and shown, as one circle")
    func circleAcrossParentAndChild() {
        // Driver registered in one container, Strategist in the other; each factory resolves through the container it
        // is handed (the child that was asked). Whichever holds which, the circle is the same.
        for driverInParent in [true, false] {
            let parent = Container()
            let child = Container(parent: parent)
            let driverBuilds = Counter()
            (driverInParent ? parent : child).register(Driver.self) { c in
                if driverBuilds.increment() > 25 { throw EndlessLoop() }
                return Driver(strategist: try c.resolve(Strategist.self))
            }
            (driverInParent ? child : parent).register(Strategist.self) { c in
                Strategist(driver: try c.resolve(Driver.self))
            }
            let where_ = driverInParent ? "Driver registered in the parent, Strategist in the child" : "Strategist registered in the parent, Driver in the child"
            guard let outcome = finishes(within: 6, { try child.resolve(Driver.self) }) else {
                Issue.record("With \(where_), resolving Driver from the child did not finish within 6 s: a deadlock (a parent and its children share one recursive lock) or a cycle never caught. [zh-Hans] \(driverInParent ? "Driver 注册在父容器、Strategist 注册在子容器" : "Strategist 注册在父容器、Driver 注册在子容器")时，从子容器解析 Driver 没有在 6 秒内完成：死锁（父容器和子容器共用一把递归锁），或者循环一直没有被发现。")
                continue
            }
            let text: String
            if case .failure(let error) = outcome { text = String(describing: error) } else { text = "(no error: it returned a value)" }
            #expect(text.contains("Driver -> Strategist -> Driver") && driverBuilds.value == 1, "With \(where_), resolving Driver from the child should throw the cycle error showing Driver -> Strategist -> Driver, with Driver's factory started once; it said \(text), and Driver's factory started \(driverBuilds.value) time\(driverBuilds.value == 1 ? "" : "s"). The stack of types being built belongs to the resolve that was asked for, not to the container that holds a registration: keep one stack for the container that was asked (a child and its parent can share one, like their lock), and push every type it builds, wherever that type is registered. [zh-Hans] \(driverInParent ? "Driver 注册在父容器、Strategist 注册在子容器" : "Strategist 注册在父容器、Driver 注册在子容器")时，从子容器解析 Driver 应该抛出显示 Driver -> Strategist -> Driver 的循环错误，并且 Driver 的工厂只开始一次；它说的是 \(text)，Driver 的工厂开始了 \(driverBuilds.value) 次。正在创建的类型栈属于被请求的那次解析，而不属于持有注册的那个容器：为被请求的容器保留一个栈（子容器和父容器可以共用一个，就像共用锁一样），把它创建的每个类型都压进去，不管这个类型注册在哪里。")
        }
    }

    @Test("a cycle error leaves the container ready: another thread resolves at once afterwards")
    func cycleLeavesTheLockFree() {
        let container = Container()
        container.register(Driver.self) { c in Driver(strategist: try c.resolve(Strategist.self)) }
        container.register(Strategist.self) { c in Strategist(driver: try c.resolve(Driver.self)) }
        container.register((any Engine).self) { _ in TestEngine() }
        // The cycle, then a resolve from another thread: a lock left held by the cycle's path would block it.
        _ = finishes(within: 6) { try container.resolve(Driver.self) }
        nonisolated(unsafe) let shared = container
        let next = finishes(within: 6) { try shared.resolve((any Engine).self) }
        guard let next else {
            Issue.record("After resolving Driver threw its cycle error, resolving Engine from another thread did not finish within 6 s: the lock was left held on the cycle's path. Release it on every path, the cycle error too: `lock.withLock { ... }`, or `lock.lock()` followed at once by `defer { lock.unlock() }`, before anything can throw. [zh-Hans] 解析 Driver 抛出循环错误之后，从另一个线程解析 Engine 没有在 6 秒内完成：循环错误那条路径上的锁没有释放。在每条路径上都释放锁，包括循环错误：用 `lock.withLock { ... }`，或者在 `lock.lock()` 之后立刻写 `defer { lock.unlock() }`，赶在任何可能抛出的代码之前。")
            return
        }
        if case .failure(let error) = next {
            Issue.record("After a cycle error, resolving the registered Engine from another thread threw \(error). A failed resolve leaves nothing behind: the stack and the lock are as they were. [zh-Hans] 循环错误之后，从另一个线程解析已注册的 Engine 抛出了 \(error)。失败的解析不留下任何东西：栈和锁都和原来一样。")
        }
    }

    @Test("two different types with the same name are not a cycle: the stack holds types, not names")
    func sameNamedTypesAreNoCycle() {
        let container = Container()
        container.register(RearAxle.Part.self) { _ in RearAxle.Part(number: 2) }
        container.register(FrontAxle.Part.self) { c in
            FrontAxle.Part(number: try c.resolve(RearAxle.Part.self).number + 1)
        }
        guard let outcome = finishes(within: 6, { try container.resolve(FrontAxle.Part.self).number }) else {
            Issue.record("Resolving FrontAxle.Part (whose factory resolves RearAxle.Part) did not finish within 6 s: a deadlock. The factory calls resolve again on the same thread while your lock is held; use NSRecursiveLock. [zh-Hans] 解析 FrontAxle.Part（它的工厂会解析 RearAxle.Part）没有在 6 秒内完成：死锁了。工厂在你持有锁时于同一个线程上再次调用 resolve；请使用 NSRecursiveLock。")
            return
        }
        switch outcome {
        case .success(let number):
            #expect(number == 3, "FrontAxle.Part's factory builds on the RearAxle.Part it resolves (number 2), so it should make part number 3; it made \(number). [zh-Hans] FrontAxle.Part 的工厂在它解析出的 RearAxle.Part（编号 2）基础上创建，所以应该得到编号 3 的零件；它得到的是 \(number)。")
        case .failure(let error):
            Issue.record("FrontAxle.Part's factory resolves RearAxle.Part: two different types that are both named \"Part\", so nothing goes round in a circle, yet resolve threw: \(error). Your stack of types being built compares names; compare the types themselves (keep ObjectIdentifier(type) on the stack, or the metatype, next to the name you print). [zh-Hans] FrontAxle.Part 的工厂解析 RearAxle.Part：这是两个不同的类型，只是都叫 \"Part\"，所以并没有绕圈，resolve 却抛出了：\(error)。你的正在创建的类型栈比较的是名字；应该比较类型本身（在栈上保存 ObjectIdentifier(type) 或元类型，打印用的名字放在旁边）。")
        }
    }

    @Test("a factory can resolve its own dependencies without deadlock, the same type several times (a transient one too)")
    func nestedResolvesWork() {
        let container = Container()
        container.register((any Engine).self, lifetime: .shared) { _ in TestEngine(horsepower: 900) }
        container.register(Telemetry.self, lifetime: .shared) { _ in Telemetry() }
        container.register(FrontAxle.Part.self) { _ in FrontAxle.Part(number: 1) }
        container.register(RaceCar.self) { c in
            _ = try c.resolve(Telemetry.self)
            // Two front parts and the telemetry again: the same types, one after another inside one graph, are no cycle.
            _ = try c.resolve(FrontAxle.Part.self)
            _ = try c.resolve(FrontAxle.Part.self)
            _ = try c.resolve(Telemetry.self)
            return RaceCar(engine: try c.resolve((any Engine).self))
        }
        guard let outcome = finishes(within: 6, { try container.resolve(RaceCar.self) }) else {
            Issue.record("Resolving RaceCar (whose factory resolves Engine and Telemetry) did not finish within 6 s: a deadlock. The factory calls resolve again on the same thread while your lock is held; a non-recursive lock (NSLock, Mutex) waits for itself. Use NSRecursiveLock. [zh-Hans] 解析 RaceCar（它的工厂会解析 Engine 和 Telemetry）没有在 6 秒内完成：死锁了。工厂在你持有锁时于同一个线程上再次调用 resolve；不可重入的锁（NSLock、Mutex）会等待它自己。请使用 NSRecursiveLock。")
            return
        }
        switch outcome {
        case .success(let car):
            #expect(car.engine.horsepower == 900, "The car should get the engine its factory resolved from the container. [zh-Hans] 赛车应该拿到它的工厂从容器解析出的那台引擎。")
        case .failure(let error):
            Issue.record("Resolving RaceCar threw \(error), but nothing here is missing or circular: resolving the same types one after another (not nested in each other), a transient part twice and the telemetry twice inside the car's factory, is not a cycle. Remove a type from your resolving stack as soon as its own factory returns or throws (`defer`), not when the outermost resolve ends. [zh-Hans] 解析 RaceCar 抛出了 \(error)，但这里既没有缺少什么，也没有循环：一个接一个地解析同样的类型（而不是互相嵌套），比如在赛车的工厂里两次解析一个 transient 零件、两次解析遥测，不是循环。类型自己的工厂一返回或抛出（`defer`），就把它从正在解析的类型栈中移除，而不是等到最外层的 resolve 结束。")
        }
    }

    @Test("a factory that throws leaves the container ready for the next resolve, from another thread, whatever the lifetime")
    func failedResolveLeavesNoTrace() {
        for lifetime in [Lifetime.transient, .shared, .weak] {
            failedResolveLeavesNoTrace(lifetime)
        }
    }

    func failedResolveLeavesNoTrace(_ lifetime: Lifetime) {
        let container = Container()
        container.register(RaceCar.self, lifetime: lifetime) { c in
            RaceCar(engine: try c.resolve((any Engine).self))
        }
        guard let first = finishes(within: 6, { try container.resolve(RaceCar.self) }) else {
            Issue.record("Resolving RaceCar (whose factory resolves the engine) did not finish within 6 s: a deadlock. The factory calls resolve again on the same thread while your lock is held; use NSRecursiveLock. [zh-Hans] 解析 RaceCar（它的工厂会解析引擎）没有在 6 秒内完成：死锁了。工厂在你持有锁时于同一个线程上再次调用 resolve；请使用 NSRecursiveLock。")
            return
        }
        if case .success = first {
            Issue.record("No engine is registered, so resolve(RaceCar.self) should throw; it returned a car. [zh-Hans] 没有注册任何引擎，所以 resolve(RaceCar.self) 应该抛出错误；它却返回了一辆赛车。")
        }
        let second = finishes(within: 6) {
            container.register((any Engine).self) { _ in TestEngine(horsepower: 640) }
            return try container.resolve(RaceCar.self)
        }
        guard let second else {
            Issue.record("With RaceCar registered as .\(lifetime): after the failed resolve, registering the engine and resolving RaceCar again (on another thread) did not finish within 6 s: the lock is still held by the failed resolve. Release it on every path, also when a factory throws: lock.withLock { ... }, or lock() followed by defer { unlock() }. [zh-Hans] 解析失败后，注册引擎再解析 RaceCar 没有在 6 秒内完成：锁仍被失败的那次解析持有。在每条路径上都要释放锁，工厂抛出错误时也一样：lock.withLock { ... }，或者 lock() 之后紧跟 defer { unlock() }。")
            return
        }
        switch second {
        case .success(let car):
            #expect(car.engine.horsepower == 640, "The car should get the engine registered after the first, failed resolve. [zh-Hans] 赛车应该拿到在第一次失败的解析之后注册的那台引擎。")
        case .failure(let error):
            Issue.record("The first resolve of RaceCar failed because no engine was registered. Once the engine is registered, resolving RaceCar must work. When a factory throws, take its type off your stack of types being built too (pop it in a `defer`), or the next resolve sees a cycle that is not there. The second resolve threw: \(error) [zh-Hans] 第一次解析 RaceCar 失败了，因为没有注册引擎。注册引擎后，解析 RaceCar 必须成功。工厂抛出错误时，也要把它的类型从正在创建的类型栈中移除（在 `defer` 中弹出），否则下一次解析会看到一个并不存在的循环。第二次解析抛出了：\(error)")
        }
    }

    @Test("registering while other threads resolve is safe: register holds the lock too")
    func registerUnderContention() {
        let container = Container()
        container.register(Telemetry.self, lifetime: .shared) { _ in Telemetry() }
        nonisolated(unsafe) let shared = container
        let successes = Counter()
        let finished = finishes(within: 9) {
            DispatchQueue.concurrentPerform(iterations: 400) { index in
                if index % 4 == 0 {
                    shared.register(TestEngine.self, lifetime: index % 8 == 0 ? .shared : .transient) { _ in TestEngine() }
                } else if (try? shared.resolve(Telemetry.self)) != nil {
                    _ = successes.increment()
                }
            }
        }
        guard finished != nil else {
            Issue.record("400 registers and resolves at once did not finish within 9 s: probably a deadlock in your locking. [zh-Hans] 同时进行的 400 次注册和解析没有在 9 秒内完成：你的加锁可能造成了死锁。")
            return
        }
        #expect(successes.value == 300, "Only \(successes.value) of 300 resolves made while other threads registered succeeded. register changes the same dictionaries resolve reads: hold the lock in register too. [zh-Hans] 在其他线程注册的同时进行的 300 次解析中，只有 \(successes.value) 次成功。register 修改的正是 resolve 读取的字典：register 里也要持有这把锁。")
        #expect((try? shared.resolve(TestEngine.self)) != nil, "After the registers, TestEngine should resolve. [zh-Hans] 注册完成后，TestEngine 应该可以解析。")
    }

    @Test("1,000 concurrent resolves of a shared service, or of a weak one that someone holds, run its factory once", arguments: [false, true])
    func sharedIsThreadSafe(weak: Bool) {
        let container = Container()
        let builds = Counter()
        let objects = Counter()
        let successes = Counter()
        // A weak service that the resolving threads hold (every result is kept below) is one instance too.
        container.register(Telemetry.self, lifetime: weak ? .weak : .shared) { _ in
            // A slow factory widens the race. Each extra run sleeps longer, so
            // racing threads store their results at different moments.
            let run = builds.increment()
            if run <= 8 { Thread.sleep(forTimeInterval: 0.02 * Double(run)) }
            return Telemetry()
        }
        nonisolated(unsafe) let shared = container
        let finished = finishes(within: 9) {
            DispatchQueue.concurrentPerform(iterations: 1_000) { _ in
                if let telemetry = try? shared.resolve(Telemetry.self) {
                    objects.record(telemetry)
                    _ = successes.increment()
                }
            }
        }
        guard finished != nil else {
            Issue.record("1,000 concurrent resolves did not finish within 9 s (the factory had run \(builds.value) time\(builds.value == 1 ? "" : "s") by then): probably a deadlock in your locking. [zh-Hans] 1,000 次并发解析没有在 9 秒内完成（到那时工厂已运行 \(builds.value) 次）：你的加锁可能造成了死锁。")
            return
        }
        #expect(builds.value == 1, "The \(weak ? ".weak" : ".shared") factory ran \(builds.value) time\(builds.value == 1 ? "" : "s") under 1,000 concurrent resolves (every instance handed out is still held); it must run exactly once. Guard resolve with one lock, held around the whole check-build-store, not just around each dictionary read and write. [zh-Hans] 在 1,000 次并发解析下（交出的每个实例都仍被持有），\(weak ? ".weak" : ".shared") 工厂运行了 \(builds.value) 次；它必须只运行一次。用一把锁保护 resolve，并在整个“检查—创建—保存”过程中持有它，而不只是在每次字典读写时加锁。")
        #expect(successes.value == 1_000, "Only \(successes.value) of 1,000 concurrent resolves succeeded; every one should return the shared Telemetry. If some threw a cycle error, your stack of types being resolved is shared between threads: guard it with the same lock, held for the whole resolve. [zh-Hans] 1,000 次并发解析中只有 \(successes.value) 次成功；每一次都应该返回共享的 Telemetry。如果有些抛出了循环错误，说明你的正在解析的类型栈被多个线程共享：用同一把锁保护它，并在整个解析过程中持有这把锁。")
        #expect(objects.distinctObjects == 1, "Concurrent resolves of a .shared service returned \(objects.distinctObjects) different objects; they must all get the same one. [zh-Hans] 并发解析一个 .shared 服务返回了 \(objects.distinctObjects) 个不同的对象；它们必须都拿到同一个对象。")
    }

    @Test("a parent and its children resolving the parent's shared service at once build it once")
    func childrenShareTheParentsInstanceUnderLoad() {
        let parent = Container()
        let builds = Counter()
        let objects = Counter()
        let successes = Counter()
        parent.register(Telemetry.self, lifetime: .shared) { _ in
            let run = builds.increment()
            if run <= 8 { Thread.sleep(forTimeInterval: 0.02 * Double(run)) }
            return Telemetry()
        }
        nonisolated(unsafe) let family = [parent, Container(parent: parent), Container(parent: parent), Container(parent: parent)]
        let finished = finishes(within: 9) {
            DispatchQueue.concurrentPerform(iterations: 400) { index in
                if let telemetry = try? family[index % family.count].resolve(Telemetry.self) {
                    objects.record(telemetry)
                    _ = successes.increment()
                }
            }
        }
        guard finished != nil else {
            Issue.record("400 concurrent resolves through a parent and three children did not finish within 9 s (the factory had run \(builds.value) time\(builds.value == 1 ? "" : "s") by then): probably a deadlock between the child's lock and the parent's. [zh-Hans] 通过一个父容器和三个子容器进行的 400 次并发解析没有在 9 秒内完成（到那时工厂已运行 \(builds.value) 次）：子容器的锁和父容器的锁之间可能发生了死锁。")
            return
        }
        #expect(builds.value == 1, "The parent's .shared factory ran \(builds.value) time\(builds.value == 1 ? "" : "s") when the parent and three children resolved it at the same time; it must run once. A child that builds the parent's shared instance must hold the lock that guards the parent's instances: let a child share its parent's lock (init(parent:) takes parent's lock), or take the parent's lock around the parent's check-build-store. [zh-Hans] 父容器和三个子容器同时解析时，父容器的 .shared 工厂运行了 \(builds.value) 次；它必须只运行一次。创建父容器共享实例的子容器，必须持有保护父容器实例的那把锁：让子容器共用父容器的锁（init(parent:) 取用父容器的锁），或者在父容器的“检查—创建—保存”过程中持有父容器的锁。")
        #expect(successes.value == 400 && objects.distinctObjects == 1, "\(successes.value) of 400 resolves through a parent and its children succeeded, with \(objects.distinctObjects) different objects; all must succeed and get the parent's one shared Telemetry. [zh-Hans] 通过父容器和它的子容器进行的 400 次解析中有 \(successes.value) 次成功，得到 \(objects.distinctObjects) 个不同的对象；所有解析都必须成功，并拿到父容器唯一的共享 Telemetry。")
    }

    @Test("a child container's override does not leak into the parent")
    func childOverridesStayInTheChild() throws {
        let parent = Container()
        parent.register((any Engine).self, lifetime: .shared) { _ in V8Engine() }
        parent.register(Telemetry.self, lifetime: .shared) { _ in Telemetry() }
        let realEngine = try parent.resolve((any Engine).self)
        let telemetry = try parent.resolve(Telemetry.self)

        let child = Container(parent: parent)
        let fake = TestEngine(horsepower: 1)
        child.register((any Engine).self) { _ in fake }

        #expect(try child.resolve((any Engine).self) === fake, "A child container should resolve what was registered in the child first. [zh-Hans] 子容器应该先解析在子容器中注册的东西。")
        #expect(try parent.resolve((any Engine).self) === realEngine, "Registering in the child changed the parent: the child needs its own registrations, and register must write only there. [zh-Hans] 在子容器中注册改变了父容器：子容器需要自己的注册，register 只能写入子容器。")
        #expect(try child.resolve(Telemetry.self) === telemetry, "What the child does not know, it should ask its parent for: the parent's shared Telemetry, the same instance. [zh-Hans] 子容器不知道的东西，应该向父容器请求：父容器共享的 Telemetry，同一个实例。")
    }

    @Test("two containers set up side by side keep their own shared and weak instances")
    func twoContainersKeepTheirOwnInstances() throws {
        // Both are made and filled before either is used, so a cache kept in
        // a `static` (one for every container) shows.
        let first = Container()
        let second = Container()
        for container in [first, second] {
            container.register(Telemetry.self, lifetime: .shared) { _ in Telemetry() }
            container.register(TestEngine.self, lifetime: .weak) { _ in TestEngine() }
        }
        let firstTelemetry = try first.resolve(Telemetry.self)
        let secondTelemetry = try second.resolve(Telemetry.self)
        #expect(firstTelemetry !== secondTelemetry, "Two containers each registered Telemetry as .shared, but both handed out the same object. Shared means one per container: keep built instances in an instance property of Container, not in a `static var` or a global. [zh-Hans] 两个容器都把 Telemetry 注册为 .shared，但两者交出了同一个对象。共享指每个容器一个：把创建好的实例保存在 Container 的实例属性中，不要放在 `static var` 或全局变量里。")
        let firstEngine = try first.resolve(TestEngine.self)
        let secondEngine = try second.resolve(TestEngine.self)
        #expect(firstEngine !== secondEngine, "Two containers each registered TestEngine as .weak, and the test holds the first container's engine, yet the second container handed out that same engine. Keep the weak boxes in an instance property of Container, not in a `static var` or a global. [zh-Hans] 两个容器都把 TestEngine 注册为 .weak，测试持有第一个容器的引擎，第二个容器却交出了同一台引擎。把弱引用的盒子保存在 Container 的实例属性中，不要放在 `static var` 或全局变量里。")
        #expect(try first.resolve(Telemetry.self) === firstTelemetry, "After the second container built its own Telemetry, the first container must still hand out its own one. [zh-Hans] 第二个容器创建了自己的 Telemetry 之后，第一个容器仍然必须交出它自己的那个。")
    }

    @Test("resolves in several containers at the same time do not see each other's work")
    func independentContainersResolveAtOnce() {
        let teams = 4
        let rounds = 50
        // Every container's first RaceCar factory waits (at most 5 s) until the
        // other containers' factories are running too, so the resolves overlap.
        let allBuilding = Gate(parties: teams, seconds: 5)
        let tally = Tally()
        let containers: [Container] = (0..<teams).map { team in
            let container = Container()
            let engine = TestEngine(horsepower: 100 + team)
            container.register((any Engine).self, lifetime: .shared) { _ in engine }
            container.register(RaceCar.self) { c in
                allBuilding.arriveAndWait()
                return RaceCar(engine: try c.resolve((any Engine).self))
            }
            return container
        }
        nonisolated(unsafe) let teamContainers = containers
        let finished = finishes(within: 60) {
            let done = DispatchGroup()
            for team in 0..<teams {
                done.enter()
                Thread {
                    defer { done.leave() }
                    for _ in 0..<rounds {
                        do {
                            let car = try teamContainers[team].resolve(RaceCar.self)
                            if car.engine.horsepower == 100 + team {
                                tally.success()
                            } else {
                                tally.wrongResult("container \(team + 1) built a car with \(car.engine.horsepower) hp instead of \(100 + team) hp")
                            }
                        } catch {
                            tally.error(error)
                            return
                        }
                    }
                }.start()
            }
            done.wait()
        }
        guard finished != nil else {
            Issue.record("\(teams) threads, each resolving RaceCar from its own container, did not finish within 60 s: probably a deadlock. Each container needs its own lock (or one lock per family of parent and children), released on every path. [zh-Hans] \(teams) 个线程各自从自己的容器解析 RaceCar，没有在 60 秒内完成：可能死锁了。每个容器都需要自己的锁（或者父容器和子容器一家共用一把锁），并在每条路径上释放它。")
            return
        }
        let seen = tally.snapshot
        #expect(seen.errors.isEmpty, "\(teams) independent containers resolved RaceCar at the same time, each on its own thread; nothing is missing and nothing is circular, yet \(seen.errors.count) resolve\(seen.errors.count == 1 ? "" : "s") threw, for example \"\(seen.errors.first ?? "")\". If that is a cycle error, your stack of types being resolved is shared by all containers (a `static var` or a global): keep it in an instance property of Container, guarded by that container's lock. [zh-Hans] \(teams) 个互不相关的容器同时解析 RaceCar，每个都在自己的线程上；没有缺少任何东西，也没有循环，却有 \(seen.errors.count) 次解析抛出错误，例如 \"\(seen.errors.first ?? "")\"。如果那是循环错误，说明你的正在解析的类型栈被所有容器共享（`static var` 或全局变量）：把它保存在 Container 的实例属性中，并用这个容器的锁保护它。")
        #expect(seen.wrong.isEmpty, "Each container registered its own engine, yet \(seen.wrong.count) car\(seen.wrong.count == 1 ? "" : "s") got another container's engine (for example, \(seen.wrong.first ?? "")). Keep registrations and shared instances in instance properties of Container, not in a `static` or a global. [zh-Hans] 每个容器都注册了自己的引擎，却有 \(seen.wrong.count) 辆赛车拿到了别的容器的引擎（例如 \(seen.wrong.first ?? "")）。把注册和共享实例保存在 Container 的实例属性中，不要放在 `static` 或全局变量里。")
        #expect(seen.successes == teams * rounds || !seen.errors.isEmpty, "Only \(seen.successes) of \(teams * rounds) resolves built the right car. [zh-Hans] \(teams * rounds) 次解析中只有 \(seen.successes) 次创建了正确的赛车。")
    }

    @Test("a child made before a registration in its parent still sees it")
    func childSeesLaterParentRegistrations() throws {
        let parent = Container()
        let child = Container(parent: parent)
        parent.register(Telemetry.self, lifetime: .shared) { _ in Telemetry() }
        let engine = TestEngine(horsepower: 810)
        parent.register((any Engine).self) { _ in engine }
        let resolved: any Engine
        do {
            resolved = try child.resolve((any Engine).self)
        } catch {
            Issue.record("The engine was registered in the parent after the child was made; the child must still find it, but resolve threw: \(error). Do not copy the parent's registrations when the child is made: keep a reference to the parent and ask it, at resolve time, for what the child does not know. [zh-Hans] 引擎是在子容器创建之后才注册到父容器的；子容器仍然必须找到它，但 resolve 抛出了：\(error)。创建子容器时不要复制父容器的注册：保留对父容器的引用，在解析时向它请求子容器不知道的东西。")
            return
        }
        #expect(resolved === engine, "The child should resolve the engine its parent registered (810 hp), even though it was registered after the child was made. [zh-Hans] 子容器应该解析出父容器注册的引擎（810 hp），即使它是在子容器创建之后才注册的。")
        #expect(try child.resolve(Telemetry.self) === parent.resolve(Telemetry.self), "A .shared service registered in the parent is one instance for the parent and its child: the child must hand out the parent's instance, not build its own. [zh-Hans] 在父容器中注册的 .shared 服务，对父容器和它的子容器是同一个实例：子容器必须交出父容器的实例，不能自己创建。")
    }

    @Test("the reference runs from child to parent only: a child the test lets go of is gone, with its fakes and their shared instances, while the parent lives on unchanged")
    func parentDoesNotKeepItsChildren() throws {
        let parent = Container()
        parent.register((any Engine).self, lifetime: .shared) { _ in V8Engine() }
        let realEngine = try parent.resolve((any Engine).self)
        weak var goneChild: Container?
        weak var goneFake: TestEngine?
        do {
            let child = Container(parent: parent)
            let fake = TestEngine(horsepower: 1)
            child.register((any Engine).self, lifetime: .shared) { _ in fake }
            _ = try child.resolve((any Engine).self)
            goneChild = child
            goneFake = fake
        }
        #expect(goneChild == nil, "The test made a child container and let go of it, but it is still alive while the parent lives: something keeps it (the parent holding a list of its children, a static registry). A child keeps its parent; the parent keeps nothing of its children. [zh-Hans] 测试创建了一个子容器然后放手了，但父容器还活着时它也还活着：有东西留住了它（父容器保存着子容器的列表，或某个静态注册表）。子容器持有父容器；父容器不持有子容器的任何东西。")
        #expect(goneFake == nil, "The fake registered (and resolved as .shared) in a child the test let go of is still alive: the child's instances must go with the child, not live on in the parent. [zh-Hans] 在一个测试已经放手的子容器中注册（并作为 .shared 解析）的替身仍然活着：子容器的实例必须随子容器一起离开，而不是留在父容器里。")
        #expect(try parent.resolve((any Engine).self) === realEngine, "After a child came and went, the parent should still resolve its own shared engine. [zh-Hans] 子容器来了又走之后，父容器应该仍然解析出它自己共享的引擎。")

        // Not even an emptied trace: everything the parent holds, counted, is the same after 40 more children came and went.
        parent.register(Telemetry.self, lifetime: .shared) { _ in Telemetry() }
        _ = try parent.resolve(Telemetry.self)
        let before = heldCount(parent)
        for horsepower in 0..<40 {
            let child = Container(parent: parent)
            child.register((any Engine).self, lifetime: .shared) { _ in TestEngine(horsepower: horsepower) }
            _ = try child.resolve((any Engine).self)
            _ = try child.resolve(Telemetry.self)
        }
        let after = heldCount(parent)
        #expect(after == before, "The parent held \(before) values (its stored properties and everything in them, counted) before 40 children came and went, and \(after) after: it keeps something for each child, even if only an empty weak box or a counter of them. A child keeps its parent; the parent keeps nothing of its children. [zh-Hans] 40 个子容器来了又走之前，父容器持有 \(before) 个值（它的存储属性以及其中的一切，逐一计数），之后是 \(after) 个：它为每个子容器都留下了点什么，哪怕只是一个空的弱引用盒子或一个计数。子容器持有父容器；父容器不持有子容器的任何东西。")
    }

    @Test("a child keeps its parent: made from a parent nobody else holds, it still finds the parent's registrations")
    func childKeepsItsParent() throws {
        let engine = TestEngine(horsepower: 720)
        let child: Container
        do {
            let parent = Container()
            parent.register((any Engine).self) { _ in engine }
            child = Container(parent: parent)
        }
        let resolved: any Engine
        do {
            resolved = try child.resolve((any Engine).self)
        } catch {
            Issue.record("The child was made from a parent that nobody else holds; it must keep that parent (a strong reference) and still find its engine, but resolve threw: \(error). Keep the parent in a plain `let`, not a `weak` or `unowned` one. [zh-Hans] 子容器是从一个没有别人持有的父容器创建的；它必须保留这个父容器（强引用），并且仍然找得到父容器的引擎，但 resolve 抛出了：\(error)。把父容器保存在普通的 `let` 中，不要用 `weak` 或 `unowned`。")
            return
        }
        #expect(resolved === engine, "The child should resolve the engine of the parent it was made from (720 hp). [zh-Hans] 子容器应该解析出创建它的父容器的引擎（720 hp）。")
    }

    @Test("a fake registered in a child reaches the factories registered in the parent")
    func childFakesReachParentFactories() throws {
        let parent = Container()
        parent.register((any Engine).self, lifetime: .shared) { _ in V8Engine() }
        parent.register(RaceCar.self) { c in RaceCar(engine: try c.resolve((any Engine).self)) }
        let child = Container(parent: parent)
        let fake = TestEngine(horsepower: 1)
        child.register((any Engine).self) { _ in fake }

        let testCar = try child.resolve(RaceCar.self)
        #expect(testCar.engine === fake, "RaceCar's factory is registered in the parent; resolved through the child, it must get the child's fake engine (1 hp), but it got \(testCar.engine.horsepower) hp. Call the parent's factory with the container that was asked (the child), not with the parent: `registration.factory(self)` where self is the child. Do not forward the whole resolve to `parent.resolve(type)`. [zh-Hans] RaceCar 的工厂注册在父容器中；通过子容器解析时，它必须拿到子容器的假引擎（1 hp），但它拿到的是 \(testCar.engine.horsepower) hp。用被请求的容器（子容器）调用父容器的工厂，而不是用父容器：`registration.factory(self)`，这里的 self 是子容器。不要把整个解析转交给 `parent.resolve(type)`。")
        let appCar = try parent.resolve(RaceCar.self)
        #expect(appCar.engine.horsepower == 750, "Resolved through the parent, RaceCar must get the parent's V8Engine (750 hp), not the fake the child registered; it got \(appCar.engine.horsepower) hp. Registering in the child must not change the parent. [zh-Hans] 通过父容器解析时，RaceCar 必须拿到父容器的 V8Engine（750 hp），而不是子容器注册的假引擎；它拿到的是 \(appCar.engine.horsepower) hp。在子容器中注册不能改变父容器。")
    }

    @Test("a child hands out its parent's weak instance while someone holds it")
    func childSharesTheParentsWeakInstance() throws {
        let parent = Container()
        let builds = Counter()
        parent.register((any Engine).self, lifetime: .weak) { _ in
            _ = builds.increment()
            return TestEngine()
        }
        let child = Container(parent: parent)
        let held = try parent.resolve((any Engine).self)
        let throughChild = try child.resolve((any Engine).self)
        #expect(throughChild === held && builds.value == 1, "While the test holds the parent's .weak engine, the child should hand out that same engine (the factory ran \(builds.value) time\(builds.value == 1 ? "" : "s")). A .weak instance is kept by the container whose registration built it, the parent, not by the child that was asked. [zh-Hans] 测试持有父容器的 .weak 引擎时，子容器应该交出同一台引擎（工厂运行了 \(builds.value) 次）。.weak 实例由创建它的那个注册所在的容器（父容器）保存，而不是由被请求的子容器保存。")
    }

    @Test("a child's factory may resolve the same type from its parent (a decorator), which is not a cycle")
    func childMayDecorateTheParentsService() throws {
        let parent = Container()
        parent.register((any Engine).self) { _ in TestEngine(horsepower: 500) }
        let child = Container(parent: parent)
        child.register((any Engine).self) { _ in
            TestEngine(horsepower: try parent.resolve((any Engine).self).horsepower + 100)
        }
        let result = Result { try child.resolve((any Engine).self).horsepower }
        switch result {
        case .success(let horsepower):
            #expect(horsepower == 600, "The child's engine factory adds 100 hp to the parent's 500 hp engine, so the child should resolve a 600 hp engine; it got \(horsepower) hp. [zh-Hans] 子容器的引擎工厂在父容器的 500 hp 引擎上加 100 hp，所以子容器应该解析出 600 hp 的引擎；它拿到的是 \(horsepower) hp。")
        case .failure(let error):
            Issue.record("The child's engine factory asks the PARENT container for an engine, a different container, yet resolve threw: \(error). Each container keeps its own stack of types being resolved (an instance property, not a static and not a per-thread store such as Thread.current.threadDictionary), so a type being built in the child is not 'already being built' in the parent. [zh-Hans] 子容器的引擎工厂向父容器（另一个容器）请求引擎，resolve 却抛出了：\(error)。每个容器都保留自己的正在解析的类型栈（实例属性，不是静态属性，也不是 Thread.current.threadDictionary 这样的按线程存储），所以正在子容器中创建的类型，在父容器中并不算“正在创建”。")
        }
    }

    @Test("a miss names the type that is missing and everything the container can resolve, its parent's and every ancestor's included", arguments: [1, 2, 3])
    func aMissExplainsItself(generations: Int) throws {
        // The registration of Telemetry sits `generations` containers above the one asked (a parent, a grandparent...).
        let parent = Container()
        parent.register(Telemetry.self, lifetime: .shared) { _ in Telemetry() }
        var top = parent
        for _ in 1..<generations { top = Container(parent: top) }
        let child = Container(parent: top)
        child.register(RaceCar.self) { container in RaceCar(engine: try container.resolve((any Engine).self)) }
        do {
            _ = try child.resolve(Strategist.self)
            Issue.record("Nothing registers Strategist, yet child.resolve(Strategist.self) returned one. [zh-Hans] 没有人注册 Strategist，child.resolve(Strategist.self) 却返回了一个。")
        } catch ResolutionError.notRegistered(let type, let registered) {
            #expect(type.contains("Strategist"), "The error should name the type asked for (Strategist), not \"\(type)\". [zh-Hans] 错误应该说出被请求的类型（Strategist），而不是 \"\(type)\"。")
            #expect(registered.contains { $0.contains("RaceCar") } && registered.contains { $0.contains("Telemetry") }, "A child can resolve what it registers (RaceCar) and what an ancestor \(generations) container\(generations == 1 ? "" : "s") up registers (Telemetry), so `registered` should list both, but it lists \(registered). List every registration the child can reach, its own and every ancestor's, however far up. [zh-Hans] 子容器可以解析它自己注册的（RaceCar）和往上 \(generations) 层的祖先容器注册的（Telemetry），所以 `registered` 应该把两者都列出来，但它列出的是 \(registered)。列出子容器能找到的每一个注册：它自己的和每一层祖先的，不管隔了多远。")
        } catch {
            Issue.record("A type nobody registered should throw ResolutionError.notRegistered(type:registered:), but resolve threw \(error). [zh-Hans] 没有人注册的类型应该抛出 ResolutionError.notRegistered(type:registered:)，但 resolve 抛出的是 \(error)。")
        }
        // A miss inside a factory: the car is registered, its engine is not.
        do {
            _ = try child.resolve(RaceCar.self)
            Issue.record("No engine is registered, yet the car resolved. [zh-Hans] 没有注册引擎，赛车却解析成功了。")
        } catch ResolutionError.notRegistered(let type, _) {
            #expect(type.contains("Engine") && !type.contains("RaceCar"), "The car's factory asks for `any Engine`, which nobody registered: the error should name the missing engine, as the inner resolve threw it, not \"\(type)\". Let an error from a factory reach the caller as it is. [zh-Hans] 赛车的工厂请求的是 `any Engine`，而没有人注册它：错误应该说出缺失的引擎，就像内层 resolve 抛出的那样，而不是 \"\(type)\"。让工厂抛出的错误原样传到调用者。")
        } catch {
            Issue.record("A missing engine inside the car's factory should reach the caller as ResolutionError.notRegistered, but resolve threw \(error). [zh-Hans] 赛车工厂里缺失的引擎应该以 ResolutionError.notRegistered 传到调用者，但 resolve 抛出的是 \(error)。")
        }
    }
}

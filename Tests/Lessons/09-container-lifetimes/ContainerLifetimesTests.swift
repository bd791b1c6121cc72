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
        #expect(again === held, "While the test still holds the first engine, a .weak resolve should return that same instance. Remember it (weakly) after building it.")
        #expect(builds.value == 1, "A .weak factory should not run again while its instance is alive; it ran \(builds.value) times.")
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
        #expect(firstEngine == nil, "After the only holder let go, the engine should be freed. The container keeps a .weak instance alive: hold it in a `weak var` (e.g. a small struct with `weak var object: AnyObject?`), not in a normal dictionary entry.")
        _ = try container.resolve(TestEngine.self)
        #expect(builds.value == 2, "Once the weak instance is gone, the next resolve should build a new one (factory runs: expected 2, got \(builds.value)).")
    }

    @Test("a dependency cycle throws an error showing its path")
    func cycleIsReportedWithItsPath() {
        let container = Container()
        let driverBuilds = Counter()
        container.register(Driver.self) { c in
            if driverBuilds.increment() > 25 { throw EndlessLoop() }
            return Driver(strategist: try c.resolve(Strategist.self))
        }
        container.register(Strategist.self) { c in
            Strategist(driver: try c.resolve(Driver.self))
        }
        guard let outcome = finishes(within: 6, { try container.resolve(Driver.self) }) else {
            Issue.record("Resolving Driver did not finish within 6 s. A factory that resolves its dependencies re-enters resolve on the same thread: with a non-recursive lock (NSLock, Mutex) it waits for itself forever. Use NSRecursiveLock.")
            return
        }
        guard case .failure(let error) = outcome else {
            Issue.record("Driver needs Strategist and Strategist needs Driver, so resolve(Driver.self) must throw a cycle error; it returned a value.")
            return
        }
        let text = String(describing: error)
        #expect(text.contains("Driver -> Strategist -> Driver"), "The cycle error should show the path with \" -> \" between type names, e.g. \"Driver -> Strategist -> Driver\". Keep a stack of the types being resolved; when a type is asked for while it is already on the stack, throw. The error said: \(text)")
        #expect(driverBuilds.value == 1, "Driver's factory should start once; the cycle must be caught when Driver is asked for the second time (it started \(driverBuilds.value) times).")
    }

    @Test("a factory can resolve its own dependencies without deadlock")
    func nestedResolvesWork() {
        let container = Container()
        container.register((any Engine).self, lifetime: .shared) { _ in TestEngine(horsepower: 900) }
        container.register(Telemetry.self, lifetime: .shared) { _ in Telemetry() }
        container.register(RaceCar.self) { c in
            _ = try c.resolve(Telemetry.self)
            return RaceCar(engine: try c.resolve((any Engine).self))
        }
        guard let outcome = finishes(within: 6, { try container.resolve(RaceCar.self) }) else {
            Issue.record("Resolving RaceCar (whose factory resolves Engine and Telemetry) did not finish within 6 s: a deadlock. The factory calls resolve again on the same thread while your lock is held; a non-recursive lock (NSLock, Mutex) waits for itself. Use NSRecursiveLock.")
            return
        }
        switch outcome {
        case .success(let car):
            #expect(car.engine.horsepower == 900, "The car should get the engine its factory resolved from the container.")
        case .failure(let error):
            Issue.record("Resolving RaceCar threw \(error), but nothing here is missing or circular: resolving the same types one after another (not nested in each other) is not a cycle. Remove a type from your resolving stack when its factory finishes.")
        }
    }

    @Test("a factory that throws leaves the container ready for the next resolve")
    func failedResolveLeavesNoTrace() {
        let container = Container()
        container.register(RaceCar.self) { c in
            RaceCar(engine: try c.resolve((any Engine).self))
        }
        guard let first = finishes(within: 6, { try container.resolve(RaceCar.self) }) else {
            Issue.record("Resolving RaceCar (whose factory resolves the engine) did not finish within 6 s: a deadlock. The factory calls resolve again on the same thread while your lock is held; use NSRecursiveLock.")
            return
        }
        if case .success = first {
            Issue.record("No engine is registered, so resolve(RaceCar.self) should throw; it returned a car.")
        }
        let second = finishes(within: 6) {
            container.register((any Engine).self) { _ in TestEngine(horsepower: 640) }
            return try container.resolve(RaceCar.self)
        }
        guard let second else {
            Issue.record("After the failed resolve, registering the engine and resolving RaceCar again did not finish within 6 s: the lock is still held by the failed resolve. Release it on every path, also when a factory throws: lock.withLock { ... }, or lock() followed by defer { unlock() }.")
            return
        }
        switch second {
        case .success(let car):
            #expect(car.engine.horsepower == 640, "The car should get the engine registered after the first, failed resolve.")
        case .failure(let error):
            Issue.record("The first resolve of RaceCar failed because no engine was registered. Once the engine is registered, resolving RaceCar must work. When a factory throws, take its type off your stack of types being built too (pop it in a `defer`), or the next resolve sees a cycle that is not there. The second resolve threw: \(error)")
        }
    }

    @Test("1,000 concurrent resolves of a shared service run its factory once")
    func sharedIsThreadSafe() {
        let container = Container()
        let builds = Counter()
        let objects = Counter()
        let successes = Counter()
        container.register(Telemetry.self, lifetime: .shared) { _ in
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
            Issue.record("1,000 concurrent resolves did not finish within 9 s (the factory had run \(builds.value) times by then): probably a deadlock in your locking.")
            return
        }
        #expect(builds.value == 1, "The .shared factory ran \(builds.value) times under 1,000 concurrent resolves; it must run exactly once. Guard resolve with one lock, held around the whole check-build-store, not just around each dictionary read and write.")
        #expect(successes.value == 1_000, "Only \(successes.value) of 1,000 concurrent resolves succeeded; every one should return the shared Telemetry. If some threw a cycle error, your stack of types being resolved is shared between threads: guard it with the same lock, held for the whole resolve.")
        #expect(objects.distinctObjects == 1, "Concurrent resolves of a .shared service returned \(objects.distinctObjects) different objects; they must all get the same one.")
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
            Issue.record("400 concurrent resolves through a parent and three children did not finish within 9 s (the factory had run \(builds.value) times by then): probably a deadlock between the child's lock and the parent's.")
            return
        }
        #expect(builds.value == 1, "The parent's .shared factory ran \(builds.value) times when the parent and three children resolved it at the same time; it must run once. A child that builds the parent's shared instance must hold the lock that guards the parent's instances: let a child share its parent's lock (init(parent:) takes parent's lock), or take the parent's lock around the parent's check-build-store.")
        #expect(successes.value == 400 && objects.distinctObjects == 1, "\(successes.value) of 400 resolves through a parent and its children succeeded, with \(objects.distinctObjects) different objects; all must succeed and get the parent's one shared Telemetry.")
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

        #expect(try child.resolve((any Engine).self) === fake, "A child container should resolve what was registered in the child first.")
        #expect(try parent.resolve((any Engine).self) === realEngine, "Registering in the child changed the parent: the child needs its own registrations, and register must write only there.")
        #expect(try child.resolve(Telemetry.self) === telemetry, "What the child does not know, it should ask its parent for: the parent's shared Telemetry, the same instance.")
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
        #expect(firstTelemetry !== secondTelemetry, "Two containers each registered Telemetry as .shared, but both handed out the same object. Shared means one per container: keep built instances in an instance property of Container, not in a `static var` or a global.")
        let firstEngine = try first.resolve(TestEngine.self)
        let secondEngine = try second.resolve(TestEngine.self)
        #expect(firstEngine !== secondEngine, "Two containers each registered TestEngine as .weak, and the test holds the first container's engine, yet the second container handed out that same engine. Keep the weak boxes in an instance property of Container, not in a `static var` or a global.")
        #expect(try first.resolve(Telemetry.self) === firstTelemetry, "After the second container built its own Telemetry, the first container must still hand out its own one.")
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
            Issue.record("\(teams) threads, each resolving RaceCar from its own container, did not finish within 60 s: probably a deadlock. Each container needs its own lock (or one lock per family of parent and children), released on every path.")
            return
        }
        let seen = tally.snapshot
        #expect(seen.errors.isEmpty, "\(teams) independent containers resolved RaceCar at the same time, each on its own thread; nothing is missing and nothing is circular, yet \(seen.errors.count) resolve(s) threw, for example \"\(seen.errors.first ?? "")\". If that is a cycle error, your stack of types being resolved is shared by all containers (a `static var` or a global): keep it in an instance property of Container, guarded by that container's lock.")
        #expect(seen.wrong.isEmpty, "Each container registered its own engine, yet \(seen.wrong.count) car(s) got another container's engine (for example, \(seen.wrong.first ?? "")). Keep registrations and shared instances in instance properties of Container, not in a `static` or a global.")
        #expect(seen.successes == teams * rounds || !seen.errors.isEmpty, "Only \(seen.successes) of \(teams * rounds) resolves built the right car.")
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
            Issue.record("The engine was registered in the parent after the child was made; the child must still find it, but resolve threw: \(error). Do not copy the parent's registrations when the child is made: keep a reference to the parent and ask it, at resolve time, for what the child does not know.")
            return
        }
        #expect(resolved === engine, "The child should resolve the engine its parent registered (810 hp), even though it was registered after the child was made.")
        #expect(try child.resolve(Telemetry.self) === parent.resolve(Telemetry.self), "A .shared service registered in the parent is one instance for the parent and its child: the child must hand out the parent's instance, not build its own.")
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
        #expect(testCar.engine === fake, "RaceCar's factory is registered in the parent; resolved through the child, it must get the child's fake engine (1 hp), but it got \(testCar.engine.horsepower) hp. Call the parent's factory with the container that was asked (the child), not with the parent: `registration.factory(self)` where self is the child. Do not forward the whole resolve to `parent.resolve(type)`.")
        let appCar = try parent.resolve(RaceCar.self)
        #expect(appCar.engine.horsepower == 750, "Resolved through the parent, RaceCar must get the parent's V8Engine (750 hp), not the fake the child registered; it got \(appCar.engine.horsepower) hp. Registering in the child must not change the parent.")
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
        #expect(throughChild === held && builds.value == 1, "While the test holds the parent's .weak engine, the child should hand out that same engine (the factory ran \(builds.value) times). A .weak instance is kept by the container whose registration built it, the parent, not by the child that was asked.")
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
            #expect(horsepower == 600, "The child's engine factory adds 100 hp to the parent's 500 hp engine, so the child should resolve a 600 hp engine; it got \(horsepower) hp.")
        case .failure(let error):
            Issue.record("The child's engine factory asks the PARENT container for an engine, a different container, yet resolve threw: \(error). Each container keeps its own stack of types being resolved (an instance property, not a static and not a per-thread store such as Thread.current.threadDictionary), so a type being built in the child is not 'already being built' in the parent.")
        }
    }
}

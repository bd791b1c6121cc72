import Foundation
import Testing
@testable import PropertyWrapperInjection

/// A test engine; `horsepower` tells one from another.
final class FakeEngine: Engine {
    let horsepower: Int
    init(horsepower: Int) { self.horsepower = horsepower }
}

/// A radio the test can recognise in what the driver hears.
final class FakeRadio: PitRadio {
    let name: String
    init(name: String) { self.name = name }
    func send(_ message: String) -> String { "\(name): \(message)" }
}

/// Holds its engine through the eager wrapper.
final class EagerProbe {
    @Injected(\.engine) var engine: any Engine
    @Injected(\.radio) var radio: any PitRadio
}

/// Holds its engine through the lazy wrapper.
final class LazyProbe {
    @LazyInjected(\.engine) var engine: any Engine
}

/// Lets concurrent tasks wait for each other (for at most 2 seconds, so a
/// test never hangs).
actor Rendezvous {
    private let parties: Int
    private var arrived = 0

    init(parties: Int) { self.parties = parties }

    func meet() async {
        arrived += 1
        for _ in 0..<2_000 where arrived < parties {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }
}

/// Runs jobs on one thread of its own, started for the tests and never used
/// by anything else: code isolated to `OtherThread` runs there, so a task that
/// calls it really moves to another thread.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class DedicatedThreadExecutor: SerialExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init() {
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "kata.other-thread"
        thread.start()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}

/// An actor whose code always runs on the dedicated thread above.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
actor OtherThread {
    static let shared = OtherThread()

    private let executor = DedicatedThreadExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// The horsepower an object created here gets from `@Injected(\.engine)`.
    func injectedHorsepower() -> Int {
        EagerProbe().engine.horsepower
    }
}

/// The horsepower an object created on a thread of its own gets from
/// `@Injected(\.engine)`; nil where custom executors are not available.
func injectedHorsepowerOnAnotherThread() async -> Int? {
    if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
        return await OtherThread.shared.injectedHorsepower()
    }
    return nil
}

/// What the live engine is: 750 hp. Anything else seen outside an override
/// came from some test's override.
func liveEngineExplanation(_ horsepower: Int) -> String {
    "It gave \(horsepower) hp, the engine of some test's override. DependencyValues.current must be `@TaskLocal` and changed only inside withDependencies, with DependencyValues.$current.withValue: a `static var` that withDependencies sets and puts back is shared by every test running at the same moment, so one test's override shows up in another."
}

@Suite("Property-wrapper injection")
struct PropertyWrapperTests {
    @Test("@Injected gets the dependency overridden with withDependencies")
    func injectedSeesTheOverride() {
        let fast = FakeEngine(horsepower: 900)
        let slow = FakeEngine(horsepower: 100)
        let fastProbe = withDependencies { $0.engine = fast } operation: { EagerProbe() }
        let slowProbe = withDependencies { $0.engine = slow } operation: { EagerProbe() }
        #expect(fastProbe.engine === fast, "An object created inside withDependencies { $0.engine = fake } should get that fake from @Injected(\\.engine), and keep it after withDependencies returns. Does Injected read DependencyValues.current in its init, and does withDependencies set current while operation runs?")
        #expect(slowProbe.engine === slow, "Two overrides must give two different engines: @Injected(\\.engine) should return whatever engine is in effect, not a fixed one.")
    }

    @Test("without an override, the live engine and radio are used")
    func liveValuesByDefault() {
        let probe = EagerProbe()
        #expect(probe.engine.horsepower == 750, "Outside withDependencies, @Injected(\\.engine) should give the live V8Engine (750 hp). \(liveEngineExplanation(probe.engine.horsepower))")
        let heard = probe.radio.send("hi")
        #expect(heard == "team radio: hi", "Outside withDependencies, @Injected(\\.radio) should give the live TeamRadio (\"team radio: hi\"), but the radio said \"\(heard)\". If that is a test's fake radio, overrides leak between tests: make DependencyValues.current `@TaskLocal` and change it only with DependencyValues.$current.withValue. Otherwise check RadioKey's liveValue.")
    }

    @Test("an override ends with its withDependencies, and nested overrides add up")
    func overridesAreScoped() {
        let fake = FakeEngine(horsepower: 300)
        let radio = FakeRadio(name: "test radio")
        withDependencies { $0.engine = fake } operation: {
            withDependencies { $0.radio = radio } operation: {
                let probe = EagerProbe()
                #expect(probe.engine === fake, "An inner withDependencies that changes only the radio should keep the outer engine override: start from DependencyValues.current, not from an empty DependencyValues().")
                #expect(probe.radio === radio, "The inner withDependencies should override the radio.")
            }
        }
        let after = EagerProbe()
        if after.engine === fake {
            Issue.record("After withDependencies returns, the live engine should be back, but the override (300 hp) is still in effect: it leaked out. Scope it to operation with DependencyValues.$current.withValue, which puts the old value back by itself.")
        } else {
            #expect(after.engine.horsepower == 750, "After withDependencies returns, the live engine (750 hp) should be back. \(liveEngineExplanation(after.engine.horsepower))")
        }
    }

    @Test("eager @Injected resolves at init: a later override does not reach it")
    func eagerResolvesAtInit() {
        let probe = EagerProbe()
        let fake = FakeEngine(horsepower: 1)
        let seen = withDependencies { $0.engine = fake } operation: { probe.engine }
        #expect(seen !== fake, "@Injected should read its dependency once, when the object is created. This probe was created before the override, so it must keep the live engine. Store the value in the wrapper's init, don't read the store on every access.")
        #expect(seen === fake || seen.horsepower == 750, "The probe was created outside any override, so its engine should be the live V8Engine (750 hp). \(liveEngineExplanation(seen.horsepower))")
    }

    @Test("@LazyInjected resolves on first use, then keeps that value")
    func lazyResolvesOnFirstUse() {
        let probe = LazyProbe()
        let fake = FakeEngine(horsepower: 42)
        let firstUse = withDependencies { $0.engine = fake } operation: { probe.engine }
        #expect(firstUse === fake, "@LazyInjected must not read the store in its init: this probe was created before the override and first used inside it, so it should get the fake. Read DependencyValues.current in the getter, the first time it is called.")
        let later = probe.engine
        #expect(later === fake, "After its first use, @LazyInjected should keep the value it got (the fake), not read the store again.")
    }

    @Test("two concurrent tasks with different overrides each see their own")
    func parallelOverridesDoNotLeak() async {
        let engines = [FakeEngine(horsepower: 111), FakeEngine(horsepower: 222)]
        let bothOverridden = Rendezvous(parties: 2)
        let bothRead = Rendezvous(parties: 2)
        let seen = await withTaskGroup(of: (expected: Int, got: Int).self) { group in
            for engine in engines {
                group.addTask {
                    await withDependencies { $0.engine = engine } operation: {
                        // Read only when both tasks are inside their withDependencies,
                        // and leave only when both have read.
                        await bothOverridden.meet()
                        let got = EagerProbe().engine.horsepower
                        await bothRead.meet()
                        return (engine.horsepower, got)
                    }
                }
            }
            var results: [(expected: Int, got: Int)] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(seen.count == 2, "Both tasks should finish their withDependencies and report what they saw; \(seen.count) did. The async withDependencies must run its operation and return its result.")
        for result in seen {
            #expect(result.got == result.expected, "A task that overrode the engine with \(result.expected) hp saw \(result.got) hp: another task's override leaked into it. A global `static var current` is shared by every task, and a store kept per thread is shared by every task that happens to run on that thread; make `current` `@TaskLocal` and override it with DependencyValues.$current.withValue.")
        }
    }

    @Test("an override follows its task onto other threads and into child tasks, not into detached tasks")
    func overridesFollowTheTaskAcrossThreads() async {
        for round in 1...20 {
            let fake = FakeEngine(horsepower: 1_000 + round)
            let seen = await withDependencies { $0.engine = fake } operation: {
                // Created on a thread of its own that never ran withDependencies.
                let elsewhere = await injectedHorsepowerOnAnotherThread() ?? fake.horsepower
                // Created in a child task.
                async let child = EagerProbe().engine.horsepower
                let inChild = await child
                // Created in a detached task: task-locals do not go there.
                let detached = await Task.detached { EagerProbe().engine.horsepower }.value
                return (elsewhere: elsewhere, inChild: inChild, detached: detached)
            }
            #expect(seen.elsewhere == fake.horsepower, "Round \(round): inside withDependencies { $0.engine = fake } (\(fake.horsepower) hp), an object created after the task moved to another thread got \(seen.elsewhere) hp. The override must belong to the task, not to the thread it started on: declare `@TaskLocal public static var current` and set it with DependencyValues.$current.withValue, not in Thread.current.threadDictionary or anything kept per thread.")
            #expect(seen.inChild == fake.horsepower, "Round \(round): a child task (async let) started inside withDependencies should see the override (\(fake.horsepower) hp), but saw \(seen.inChild) hp. A @TaskLocal value set with $current.withValue is inherited by child tasks.")
            #expect(seen.detached == 750, "Round \(round): a Task.detached started inside withDependencies should see the live engine (750 hp), as task-locals do not reach detached tasks, but it saw \(seen.detached) hp. Keep the overrides in the @TaskLocal `current`, not in a global or per-thread store.")
            if seen.elsewhere != fake.horsepower || seen.inChild != fake.horsepower || seen.detached != 750 { return }
        }
    }

    @Test("the race car gets its engine when built and its radio when first used")
    func raceCarUsesTheWrappers() {
        let fake = FakeEngine(horsepower: 500)
        let car = withDependencies { $0.engine = fake } operation: { RaceCar() }
        #expect(car.start() == "Vroom! 500 hp", "A RaceCar built inside withDependencies { $0.engine = fake } should start the fake engine. Declare its engine with @Injected(\\.engine).")

        let radio = FakeRadio(name: "pit wall")
        let heard = withDependencies { $0.radio = radio } operation: { car.boxCall() }
        #expect(heard == "pit wall: box, box", "The car was built before the radio override and first calls the driver inside it, so it should use the fake radio. Declare its radio with @LazyInjected(\\.radio). It said: \(heard)")
    }
}

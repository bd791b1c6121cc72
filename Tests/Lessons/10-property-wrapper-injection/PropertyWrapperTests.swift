import Foundation
import Testing
@testable import PropertyWrapperInjection

/// A test engine; `horsepower` tells one from another.
final class FakeEngine: Engine {
    let horsepower: Int
    init(horsepower: Int) { self.horsepower = horsepower }
}

/// An engine a test can tune between starts.
final class TunableEngine: Engine, @unchecked Sendable {
    private let lock = NSLock()
    private var power: Int
    init(horsepower: Int) { power = horsepower }
    var horsepower: Int {
        get { lock.withLock { power } }
        set { lock.withLock { power = newValue } }
    }
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

func liveEngineExplanationZh(_ horsepower: Int) -> String {
    "它给出了 \(horsepower) hp，这是某个测试覆盖的引擎。DependencyValues.current 必须是 `@TaskLocal`，并且只在 withDependencies 中用 DependencyValues.$current.withValue 修改：由 withDependencies 设置再恢复的 `static var` 被同时运行的所有测试共享，所以一个测试的覆盖会出现在另一个测试中。"
}

@Suite("Property-wrapper injection")
struct PropertyWrapperTests {
    @Test("@Injected gets the dependency overridden with withDependencies")
    func injectedSeesTheOverride() {
        let fast = FakeEngine(horsepower: 900)
        let slow = FakeEngine(horsepower: 100)
        let fastProbe = withDependencies { $0.engine = fast } operation: { EagerProbe() }
        let slowProbe = withDependencies { $0.engine = slow } operation: { EagerProbe() }
        #expect(fastProbe.engine === fast, "An object created inside withDependencies { $0.engine = fake } should get that fake from @Injected(\\.engine), and keep it after withDependencies returns. Does Injected read DependencyValues.current in its init, and does withDependencies set current while operation runs? [zh-Hans] 在 withDependencies { $0.engine = fake } 里创建的对象，应该从 @Injected(\\.engine) 拿到那个假引擎，并在 withDependencies 返回后继续保留它。Injected 在它的 init 中读取 DependencyValues.current 了吗？withDependencies 在 operation 运行期间设置 current 了吗？")
        #expect(slowProbe.engine === slow, "Two overrides must give two different engines: @Injected(\\.engine) should return whatever engine is in effect, not a fixed one. [zh-Hans] 两次覆盖必须给出两台不同的引擎：@Injected(\\.engine) 应该返回当前生效的引擎，而不是一台固定的引擎。")
    }

    @Test("an object keeps the overridden engine it got, even when nobody else holds that engine")
    func keepsWhatItGot() {
        weak var watcher: FakeEngine?
        let eager: EagerProbe = withDependencies {
            let fake = FakeEngine(horsepower: 321)
            watcher = fake
            $0.engine = fake
        } operation: { EagerProbe() }
        let lazy: LazyProbe = withDependencies { $0.engine = FakeEngine(horsepower: 123) } operation: {
            let probe = LazyProbe()
            _ = probe.engine.horsepower
            return probe
        }
        #expect(watcher != nil && eager.engine.horsepower == 321, "An object created inside withDependencies { $0.engine = FakeEngine(...) } with a fake nobody else holds should keep that fake (321 hp) after withDependencies returns; it has \(eager.engine.horsepower) hp. @Injected keeps the value it read in a plain stored property (strong), not a weak one. [zh-Hans] 在 withDependencies { $0.engine = FakeEngine(...) } 里创建、且这个假引擎没有别人持有的对象，在 withDependencies 返回后应该仍然保留它（321 hp）；它现在是 \(eager.engine.horsepower) hp。@Injected 要把读到的值保存在普通的（强引用）存储属性里，不要用 weak。")
        #expect(lazy.engine.horsepower == 123, "A @LazyInjected object first used inside withDependencies, with a fake nobody else holds, should keep that fake (123 hp) afterwards; it has \(lazy.engine.horsepower) hp. Keep the value it read strongly. [zh-Hans] 在 withDependencies 里第一次使用、且假引擎没有别人持有的 @LazyInjected 对象，之后应该仍然保留它（123 hp）；它现在是 \(lazy.engine.horsepower) hp。要强引用地保存读到的值。")
    }

    @Test("without an override, the live engine and radio are used")
    func liveValuesByDefault() {
        let probe = EagerProbe()
        #expect(probe.engine.horsepower == 750, "Outside withDependencies, @Injected(\\.engine) should give the live V8Engine (750 hp). \(liveEngineExplanation(probe.engine.horsepower)) [zh-Hans] 在 withDependencies 之外，@Injected(\\.engine) 应该给出真实的 V8Engine（750 hp）。\(liveEngineExplanationZh(probe.engine.horsepower))")
        let heard = probe.radio.send("hi")
        #expect(heard == "team radio: hi", "Outside withDependencies, @Injected(\\.radio) should give the live TeamRadio (\"team radio: hi\"), but the radio said \"\(heard)\". If that is a test's fake radio, overrides leak between tests: make DependencyValues.current `@TaskLocal` and change it only with DependencyValues.$current.withValue. Otherwise check RadioKey's liveValue. [zh-Hans] 在 withDependencies 之外，@Injected(\\.radio) 应该给出真实的 TeamRadio（\"team radio: hi\"），但无线电说的是 \"\(heard)\"。如果那是某个测试的假无线电，说明覆盖在测试之间泄漏了：把 DependencyValues.current 声明为 `@TaskLocal`，并且只通过 DependencyValues.$current.withValue 修改它。否则请检查 RadioKey 的 liveValue。")
    }

    @Test("an override ends with its withDependencies, and nested overrides add up")
    func overridesAreScoped() {
        let fake = FakeEngine(horsepower: 300)
        let radio = FakeRadio(name: "test radio")
        withDependencies { $0.engine = fake } operation: {
            withDependencies { $0.radio = radio } operation: {
                let probe = EagerProbe()
                #expect(probe.engine === fake, "An inner withDependencies that changes only the radio should keep the outer engine override: start from DependencyValues.current, not from an empty DependencyValues(). [zh-Hans] 只修改无线电的内层 withDependencies 应该保留外层对引擎的覆盖：从 DependencyValues.current 开始，而不是从空的 DependencyValues() 开始。")
                #expect(probe.radio === radio, "The inner withDependencies should override the radio. [zh-Hans] 内层 withDependencies 应该覆盖无线电。")
            }
        }
        let after = EagerProbe()
        if after.engine === fake {
            Issue.record("After withDependencies returns, the live engine should be back, but the override (300 hp) is still in effect: it leaked out. Scope it to operation with DependencyValues.$current.withValue, which puts the old value back by itself. [zh-Hans] withDependencies 返回后，真实的引擎应该回来，但覆盖（300 hp）仍然生效：它泄漏出去了。用 DependencyValues.$current.withValue 把它限定在 operation 之内，它会自己恢复旧值。")
        } else {
            #expect(after.engine.horsepower == 750, "After withDependencies returns, the live engine (750 hp) should be back. \(liveEngineExplanation(after.engine.horsepower)) [zh-Hans] withDependencies 返回后，真实的引擎（750 hp）应该回来。\(liveEngineExplanationZh(after.engine.horsepower))")
        }
    }

    @Test("nested overrides of any depth, each changing either key or both, the same key again included: every level sees its own values, before and after its inner ones (200 seeded trees)")
    func nestedOverridesFollowTheModel() {
        // The model: a stack of values. Entering withDependencies pushes the values in effect with the update's changes;
        // leaving it pops them. At every moment the current values are the top of the stack, whatever an inner level did.
        var state: UInt64 = 0x10_4E57
        func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        let live = EagerProbe()
        let liveRadio = live.radio.send("check")
        var failure: String?
        for tree in 0..<200 where failure == nil {
            var made = 0
            func level(_ depth: Int, engine: FakeEngine?, radio: FakeRadio?, path: String) {
                guard failure == nil else { return }
                let probe = EagerProbe()
                let engineRight = engine.map { probe.engine === $0 } ?? (probe.engine.horsepower == live.engine.horsepower && !(probe.engine is FakeEngine))
                let radioRight = radio.map { probe.radio === $0 } ?? (probe.radio.send("check") == liveRadio)
                if !engineRight || !radioRight {
                    failure = "tree \(tree) (seed 0x104E57), at \(path.isEmpty ? "the top" : path): expected the engine \(engine.map { "\($0.horsepower) hp" } ?? "live") and the radio \(radio?.name ?? "live"); got \(probe.engine.horsepower) hp and \(probe.radio.send("check"))"
                    return
                }
                guard depth < 4 else { return }
                for child in 0..<next(3) {
                    made += 1
                    let change = next(3)
                    let newEngine = change != 1 ? FakeEngine(horsepower: 1_000 + made) : nil
                    let newRadio = change != 0 ? FakeRadio(name: "radio \(made)") : nil
                    let step = "\(path) > override \(child + 1) (\([newEngine.map { "engine \($0.horsepower) hp" }, newRadio.map { "radio \($0.name)" }].compactMap { $0 }.joined(separator: ", ")))"
                    withDependencies {
                        if let newEngine { $0.engine = newEngine }
                        if let newRadio { $0.radio = newRadio }
                    } operation: {
                        level(depth + 1, engine: newEngine ?? engine, radio: newRadio ?? radio, path: step)
                    }
                    // Back at this level: what an inner level set is gone, what this level set is still here.
                    level(depth + 4, engine: engine, radio: radio, path: "\(path) after \(step.split(separator: ">").last.map(String.init) ?? "")")
                }
            }
            level(0, engine: nil, radio: nil, path: "")
        }
        #expect(failure == nil, "Nested withDependencies gave the wrong values in \(failure ?? ""). Each withDependencies starts from a copy of the values in effect, changes that copy only, and leaves nothing behind when it returns: an inner override of the same key must not reach the outer level's values (a storage box the copies share, changed in place, does). [zh-Hans] 嵌套的 withDependencies 给出了错误的值：\(failure ?? "")。每个 withDependencies 都从当前生效的值的副本开始，只修改这个副本，返回时什么也不留下：内层对同一个键的覆盖不能影响外层的值（副本共享、原地修改的存储盒子就会这样）。")
    }

    @Test("the store is a value: a changed copy of the current values leaves them as they were")
    func storeIsAValue() {
        let fake = FakeEngine(horsepower: 123)
        withDependencies { _ in } operation: {
            var copy = DependencyValues.current
            copy.engine = fake
            #expect(copy.engine === fake, "Setting `engine` on a DependencyValues should store that engine: the getter should return it. [zh-Hans] 给 DependencyValues 设置 `engine` 后应该存下那台引擎：getter 应该返回它。")
            #expect(DependencyValues.current.engine !== fake, "A copy of DependencyValues.current was changed, and the change showed in DependencyValues.current itself: the store is shared, not copied. The store is a struct (a value): `var copy = DependencyValues.current` must be a copy of its own, or withDependencies cannot promise that nothing changed outside the operation. Make DependencyValues a struct. [zh-Hans] 修改了 DependencyValues.current 的一个副本，这个修改却出现在 DependencyValues.current 本身：存储是共享的，而不是复制的。存储是一个结构体（值类型）：`var copy = DependencyValues.current` 必须是它自己的副本，否则 withDependencies 无法保证 operation 之外什么都没变。请把 DependencyValues 声明为结构体。")
        }
        #expect(EagerProbe().engine !== fake, "After withDependencies returns, an engine set on a copy of the values inside it is still in effect. [zh-Hans] withDependencies 返回后，在它里面设置到值的副本上的引擎仍然生效。")
    }

    @Test("withDependencies runs its update once and its operation once; an update that throws stops it before the operation, with that error (both versions)")
    func updateOnceErrorsOut() async {
        struct Refused: Error, Equatable {}
        /// Counts from inside closures, whatever the closures' types ask for (@Sendable included).
        final class Tally: @unchecked Sendable {
            private let lock = NSLock()
            private var counts: [String: Int] = [:]
            func add(_ name: String) { lock.withLock { counts[name, default: 0] += 1 } }
            func count(_ name: String) -> Int { lock.withLock { counts[name, default: 0] } }
        }
        let tally = Tally()
        let value = withDependencies { _ in tally.add("update") } operation: { () -> Int in tally.add("run"); return 7 }
        #expect(value == 7 && tally.count("update") == 1 && tally.count("run") == 1, "withDependencies should change the copy once and run the operation once, and hand back what the operation returns; the update ran \(tally.count("update")) times, the operation \(tally.count("run")) times, and it returned \(value). [zh-Hans] withDependencies 应该只修改副本一次、只运行 operation 一次，并返回 operation 的结果；update 运行了 \(tally.count("update")) 次，operation 运行了 \(tally.count("run")) 次，返回的是 \(value)。")
        #expect(throws: Refused(), "An update that throws should make withDependencies throw that same error (it rethrows), not swallow it. [zh-Hans] update 抛出错误时，withDependencies 应该抛出同一个错误（它是 rethrows），而不是吞掉它。") {
            try withDependencies { _ in throw Refused() } operation: { tally.add("after error") }
        }
        #expect(tally.count("after error") == 0, "After the update threw, the operation ran anyway, on values nobody chose: stop at the error. [zh-Hans] update 抛出错误之后，operation 还是运行了，用的是没人选择的值：遇到错误就停下。")
        let asyncValue = await withDependencies { _ in tally.add("async update") } operation: { () async -> Int in tally.add("async run"); return 9 }
        #expect(asyncValue == 9 && tally.count("async update") == 1 && tally.count("async run") == 1, "The async withDependencies too: one update, one run, its result handed back; the update ran \(tally.count("async update")) times, the operation \(tally.count("async run")) times. [zh-Hans] 异步的 withDependencies 也一样：一次 update、一次运行，并返回结果；update 运行了 \(tally.count("async update")) 次，operation 运行了 \(tally.count("async run")) 次。")
        await #expect(throws: Refused(), "The async withDependencies should rethrow an error from update too. [zh-Hans] 异步的 withDependencies 也应该重新抛出 update 的错误。") {
            try await withDependencies { _ in throw Refused() } operation: { () async in tally.add("async after error") }
        }
        #expect(tally.count("async after error") == 0, "After the update threw, the async operation ran anyway: stop at the error. [zh-Hans] update 抛出错误之后，异步的 operation 还是运行了：遇到错误就停下。")
    }

    @Test("eager @Injected resolves at init: a later override does not reach it")
    func eagerResolvesAtInit() {
        let probe = EagerProbe()
        let fake = FakeEngine(horsepower: 1)
        let seen = withDependencies { $0.engine = fake } operation: { probe.engine }
        #expect(seen !== fake, "@Injected should read its dependency once, when the object is created. This probe was created before the override, so it must keep the live engine. Store the value in the wrapper's init, don't read the store on every access. [zh-Hans] @Injected 应该在对象创建时读取一次它的依赖。这个探针是在覆盖之前创建的，所以必须保留真实的引擎。在包装器的 init 中保存这个值，不要每次访问都去读取存储。")
        #expect(seen === fake || seen.horsepower == 750, "The probe was created outside any override, so its engine should be the live V8Engine (750 hp). \(liveEngineExplanation(seen.horsepower)) [zh-Hans] 探针是在任何覆盖之外创建的，所以它的引擎应该是真实的 V8Engine（750 hp）。\(liveEngineExplanationZh(seen.horsepower))")
    }

    @Test("@LazyInjected resolves on first use, then keeps that value")
    func lazyResolvesOnFirstUse() {
        let probe = LazyProbe()
        let fake = FakeEngine(horsepower: 42)
        let firstUse = withDependencies { $0.engine = fake } operation: { probe.engine }
        #expect(firstUse === fake, "@LazyInjected must not read the store in its init: this probe was created before the override and first used inside it, so it should get the fake. Read DependencyValues.current in the getter, the first time it is called. [zh-Hans] @LazyInjected 不能在它的 init 中读取存储：这个探针在覆盖之前创建，第一次使用在覆盖之内，所以应该拿到假引擎。在 getter 第一次被调用时读取 DependencyValues.current。")
        let later = probe.engine
        #expect(later === fake, "After its first use, @LazyInjected should keep the value it got (the fake), not read the store again. [zh-Hans] 第一次使用之后，@LazyInjected 应该保留它拿到的值（假引擎），不要再次读取存储。")
    }

    @Test("@LazyInjected first used outside any override keeps the live value, even inside a later override")
    func lazyKeepsTheLiveValueToo() {
        let probe = LazyProbe()
        let firstUse = probe.engine
        #expect(firstUse.horsepower == 750, "With no override in effect, the first use of @LazyInjected should get the live engine (750 hp), not \(firstUse.horsepower) hp. [zh-Hans] 没有任何覆盖时，@LazyInjected 第一次使用应该拿到真实的引擎（750 hp），而不是 \(firstUse.horsepower) hp。")
        let fake = FakeEngine(horsepower: 42)
        let inside = withDependencies { $0.engine = fake } operation: { probe.engine }
        #expect(inside === firstUse, "This probe was first used outside any override, so it got the live engine and must keep it: inside a later override it should still hand out that same engine, but it handed out \(inside.horsepower) hp. @LazyInjected keeps whatever its first use got, the live value as much as an override. [zh-Hans] 这个探针第一次使用时不在任何覆盖之内，所以它拿到了真实的引擎，并且必须保留它：在之后的覆盖之内，它仍然应该交出同一台引擎，但它交出的是 \(inside.horsepower) hp。@LazyInjected 保留第一次使用时拿到的值，真实值和覆盖值都一样。")
    }

    @Test("each wrapper reads the override in effect at its moment, whatever was in effect before or after: @Injected at creation, @LazyInjected at first use (every combination of no override and two fakes)")
    func wrappersReadTheirMoment() {
        // The model: an eager probe holds what was in effect when it was created; a lazy probe holds what was in
        // effect at its first use; neither changes afterwards. Every moment may be outside any override or inside
        // one of two overrides.
        let fakes = [FakeEngine(horsepower: 11), FakeEngine(horsepower: 22)]
        func during<T>(_ moment: Int, _ work: () -> T) -> T {
            moment == 0 ? work() : withDependencies { $0.engine = fakes[moment - 1] } operation: { work() }
        }
        func named(_ moment: Int) -> String { moment == 0 ? "outside any override" : "inside the override with fake \(moment) (\(fakes[moment - 1].horsepower) hp)" }
        // Outside any override the live engine: the key may hand out a new one at every read, so it is told by its
        // power (and by being none of the fakes); a fake by identity.
        let livePower = EagerProbe().engine.horsepower
        func holds(_ engine: any Engine, _ moment: Int) -> Bool {
            moment == 0 ? engine.horsepower == livePower && !fakes.contains { $0 === engine } : engine === fakes[moment - 1]
        }
        func power(_ moment: Int) -> Int { moment == 0 ? livePower : fakes[moment - 1].horsepower }
        var wrong: [String] = []
        for created in 0..<3 {
            for firstUse in 0..<3 {
                for laterUse in 0..<3 {
                    let lazy = during(created) { LazyProbe() }
                    let eager = during(created) { EagerProbe() }
                    let lazyFirst = during(firstUse) { lazy.engine }
                    let lazyLater = during(laterUse) { lazy.engine }
                    let eagerFirst = during(firstUse) { eager.engine }
                    let eagerLater = during(laterUse) { eager.engine }
                    let story = "created \(named(created)), first used \(named(firstUse)), used again \(named(laterUse))"
                    if !holds(lazyFirst, firstUse) || lazyLater !== lazyFirst {
                        wrong.append("@LazyInjected \(story): it handed out \(lazyFirst.horsepower) hp, then \(lazyLater === lazyFirst ? "the same engine" : "another engine of \(lazyLater.horsepower) hp"); it should hand out the engine in effect at its first use (\(power(firstUse)) hp), the same one both times")
                    }
                    if !holds(eagerFirst, created) || eagerLater !== eagerFirst {
                        wrong.append("@Injected \(story): it handed out \(eagerFirst.horsepower) hp, then \(eagerLater === eagerFirst ? "the same engine" : "another engine of \(eagerLater.horsepower) hp"); it should hand out the engine in effect when it was created (\(power(created)) hp), the same one both times")
                    }
                }
            }
        }
        let everyProbeRight = wrong.isEmpty
        #expect(everyProbeRight, "\(wrong.count) of 54 probes held the wrong engine, for example: \(wrong.first ?? ""). Read DependencyValues.current at the wrapper's moment (its init for @Injected, the first get for @LazyInjected), keep what you read, and remember nothing else: not what was in effect at another moment. [zh-Hans] 54 个探针中有 \(wrong.count) 个拿着错误的引擎，例如：\(wrong.first ?? "")。在包装器该读取的时刻读取 DependencyValues.current（@Injected 在它的 init 中，@LazyInjected 在第一次 get 时），保留读到的值，其余什么也不记：不记别的时刻生效的值。")
    }

    @Test("nested async overrides add up too")
    func nestedAsyncOverrides() async {
        let fake = FakeEngine(horsepower: 320)
        let radio = FakeRadio(name: "async radio")
        let probe = await withDependencies { $0.engine = fake } operation: {
            await withDependencies { $0.radio = radio } operation: {
                await Task.yield()
                return EagerProbe()
            }
        }
        #expect(probe.engine === fake, "An inner async withDependencies that changes only the radio should keep the outer engine override: both withDependencies (the synchronous one and the async one) start from DependencyValues.current, not from an empty DependencyValues(). [zh-Hans] 只修改无线电的内层异步 withDependencies 应该保留外层对引擎的覆盖：两个 withDependencies（同步的和异步的）都要从 DependencyValues.current 开始，而不是从空的 DependencyValues() 开始。")
        #expect(probe.radio === radio, "The inner async withDependencies should override the radio. [zh-Hans] 内层的异步 withDependencies 应该覆盖无线电。")
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
        #expect(seen.count == 2, "Both tasks should finish their withDependencies and report what they saw; \(seen.count) did. The async withDependencies must run its operation and return its result. [zh-Hans] 两个任务都应该完成各自的 withDependencies 并报告看到的东西；完成的有 \(seen.count) 个。异步的 withDependencies 必须运行它的 operation 并返回结果。")
        for result in seen {
            #expect(result.got == result.expected, "A task that overrode the engine with \(result.expected) hp saw \(result.got) hp: another task's override leaked into it. A global `static var current` is shared by every task, and a store kept per thread is shared by every task that happens to run on that thread; make `current` `@TaskLocal` and override it with DependencyValues.$current.withValue. [zh-Hans] 把引擎覆盖为 \(result.expected) hp 的任务看到的是 \(result.got) hp：另一个任务的覆盖泄漏进来了。全局的 `static var current` 被所有任务共享，按线程保存的存储则被恰好在那个线程上运行的所有任务共享；把 `current` 声明为 `@TaskLocal`，并用 DependencyValues.$current.withValue 覆盖它。")
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
            #expect(seen.elsewhere == fake.horsepower, "Round \(round): inside withDependencies { $0.engine = fake } (\(fake.horsepower) hp), an object created after the task moved to another thread got \(seen.elsewhere) hp. The override must belong to the task, not to the thread it started on: declare `@TaskLocal public static var current` and set it with DependencyValues.$current.withValue, not in Thread.current.threadDictionary or anything kept per thread. [zh-Hans] 第 \(round) 轮：在 withDependencies { $0.engine = fake }（\(fake.horsepower) hp）之内，任务换到另一个线程后创建的对象拿到的是 \(seen.elsewhere) hp。覆盖必须属于任务，而不是属于任务开始时所在的线程：声明 `@TaskLocal public static var current`，并用 DependencyValues.$current.withValue 设置它，不要用 Thread.current.threadDictionary 或任何按线程保存的东西。")
            #expect(seen.inChild == fake.horsepower, "Round \(round): a child task (async let) started inside withDependencies should see the override (\(fake.horsepower) hp), but saw \(seen.inChild) hp. A @TaskLocal value set with $current.withValue is inherited by child tasks. [zh-Hans] 第 \(round) 轮：在 withDependencies 之内启动的子任务（async let）应该看到覆盖（\(fake.horsepower) hp），但它看到的是 \(seen.inChild) hp。用 $current.withValue 设置的 @TaskLocal 值会被子任务继承。")
            #expect(seen.detached == 750, "Round \(round): a Task.detached started inside withDependencies should see the live engine (750 hp), as task-locals do not reach detached tasks, but it saw \(seen.detached) hp. Keep the overrides in the @TaskLocal `current`, not in a global or per-thread store. [zh-Hans] 第 \(round) 轮：在 withDependencies 之内启动的 Task.detached 应该看到真实的引擎（750 hp），因为任务局部值不会传到分离的任务，但它看到的是 \(seen.detached) hp。把覆盖保存在 @TaskLocal 的 `current` 中，不要放在全局变量或按线程保存的存储里。")
            if seen.elsewhere != fake.horsepower || seen.inChild != fake.horsepower || seen.detached != 750 { return }
        }
    }

    @Test("each start reports the engine's power as it is then: a car tuned between starts says so")
    func eachStartReadsTheEngine() {
        let engine = TunableEngine(horsepower: 500)
        let car = withDependencies { $0.engine = engine } operation: { RaceCar() }
        var reports: [String] = []
        for power in [500, 640, 0, 910, 910, 320] {
            engine.horsepower = power
            reports.append(car.start())
        }
        let expected = [500, 640, 0, 910, 910, 320].map { "Vroom! \($0) hp" }
        #expect(reports == expected, "The car's engine was tuned to 500, 640, 0, 910, 910 and 320 hp, one start after each: start() should report \(expected), the power of each start; it reported \(reports). Ask the injected engine for its horsepower at every start, not once (a lazy var or a kept message repeats the first). [zh-Hans] 赛车的引擎依次调到 500、640、0、910、910 和 320 hp，每次调完启动一次：start() 应该报告 \(expected)，也就是每次启动时的马力；它报告的是 \(reports)。每次启动都向注入的引擎询问 horsepower，不要只问一次（lazy var 或保存下来的消息会一直重复第一次的结果）。")
    }

    @Test("the race car gets its engine when built and its radio when first used")
    func raceCarUsesTheWrappers() {
        let fake = FakeEngine(horsepower: 500)
        let car = withDependencies { $0.engine = fake } operation: { RaceCar() }
        #expect(car.start() == "Vroom! 500 hp", "A RaceCar built inside withDependencies { $0.engine = fake } should start the fake engine. Declare its engine with @Injected(\\.engine). [zh-Hans] 在 withDependencies { $0.engine = fake } 之内创建的 RaceCar 应该启动假引擎。用 @Injected(\\.engine) 声明它的引擎。")

        let radio = FakeRadio(name: "pit wall")
        let heard = withDependencies { $0.radio = radio } operation: { car.boxCall() }
        #expect(heard == "pit wall: box, box", "The car was built before the radio override and first calls the driver inside it, so it should use the fake radio. Declare its radio with @LazyInjected(\\.radio). It said: \(heard) [zh-Hans] 赛车在无线电覆盖之前创建，第一次呼叫车手是在覆盖之内，所以它应该使用假无线电。用 @LazyInjected(\\.radio) 声明它的无线电。它说的是：\(heard)")
    }

    @Test("the race car keeps the radio it first used, after the override ends")
    func raceCarKeepsItsFirstRadio() {
        let car = RaceCar()
        let radio = FakeRadio(name: "pit wall")
        let first = withDependencies { $0.radio = radio } operation: { car.boxCall() }
        let afterwards = car.boxCall()
        let elsewhere = withDependencies { $0.radio = FakeRadio(name: "other team") } operation: { car.boxCall() }
        #expect(first == "pit wall: box, box", "The car was built before the radio override and first calls the driver in inside it, so it should use the fake radio. Declare its radio with @LazyInjected(\\.radio). It said: \(first) [zh-Hans] 赛车在无线电覆盖之前创建，第一次呼叫车手是在覆盖之内，所以它应该使用假无线电。用 @LazyInjected(\\.radio) 声明它的无线电。它说的是：\(first)")
        #expect(afterwards == "pit wall: box, box" && elsewhere == "pit wall: box, box", "The car first called the driver in through the \"pit wall\" radio; it should keep that radio from then on, also after the override ended and inside another one, but it said \"\(afterwards)\" and then \"\(elsewhere)\". @LazyInjected reads on first use and keeps what it got: declare the radio with @LazyInjected(\\.radio) and let boxCall() use it; do not read DependencyValues.current on every call (in boxCall() or in a computed property). [zh-Hans] 赛车第一次呼叫车手用的是 \"pit wall\" 无线电；从那以后它应该一直保留这个无线电，覆盖结束之后、在另一个覆盖之内也一样，但它先说了 \"\(afterwards)\"，然后说了 \"\(elsewhere)\"。@LazyInjected 在第一次使用时读取并保留拿到的值：用 @LazyInjected(\\.radio) 声明无线电，并让 boxCall() 使用它；不要在每次调用时读取 DependencyValues.current（无论是在 boxCall() 中还是在计算属性中）。")
    }

    @Test("every boxCall() calls the driver in: each sends \"box, box\" once through the radio and returns what the radio answers that time (1 to 12 calls, answers that change)")
    func everyBoxCallIsACall() {
        /// A radio that answers each message with the next of its answers, and counts what it was sent.
        final class ChangingRadio: PitRadio, @unchecked Sendable {
            private let lock = NSLock()
            private var log: [String] = []
            var sent: [String] { lock.withLock { log } }
            func send(_ message: String) -> String {
                lock.withLock {
                    log.append(message)
                    return "answer \(log.count) to \(message)"
                }
            }
        }
        for calls in 1...12 {
            let radio = ChangingRadio()
            let car = withDependencies { $0.radio = radio } operation: { RaceCar() }
            let answers = withDependencies { $0.radio = radio } operation: { (0..<calls).map { _ in car.boxCall() } }
            let expected = (1...calls).map { "answer \($0) to box, box" }
            #expect(radio.sent == Array(repeating: "box, box", count: calls) && answers == expected, "\(calls) calls of boxCall() should send \"box, box\" \(calls) times and return \(expected); the radio was sent \(radio.sent) and boxCall() returned \(answers). The radio is kept (@LazyInjected), the call is not: each boxCall() sends through the radio and returns its answer of that time, never one kept from before. [zh-Hans] 调用 \(calls) 次 boxCall() 应该发送 \(calls) 次 \"box, box\"，并返回 \(expected)；无线电收到的是 \(radio.sent)，boxCall() 返回的是 \(answers)。保留的是无线电（@LazyInjected），不是呼叫：每次 boxCall() 都要通过无线电发送，并返回它这一次的回答，不能用以前保存的回答。")
            if radio.sent.count != calls { break }
        }
    }
}

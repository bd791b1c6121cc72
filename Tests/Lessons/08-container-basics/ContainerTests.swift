import Testing
@testable import ContainerBasics

/// A test engine: each one is a distinct object, so `===` tells them apart.
final class TestEngine: Engine {
    let horsepower: Int
    init(horsepower: Int = 500) { self.horsepower = horsepower }
}

/// Something nobody registers in these tests.
protocol PitRadio: AnyObject {}

/// Tyres, registered next to the engine so the error has something to list.
final class SlickTyres {}

/// What a factory throws when it cannot build its service.
struct EngineOnFire: Error {}
/// A part nobody registers.
final class UnregisteredTurbo {}

final class WetTyres {}
final class Gearbox {}
final class Wing {}
final class Brakes {}
final class FuelTank {}
final class Steering {}

/// A car of the tests' own, built around whatever engine its factory resolves.
final class TestCar {
    let engine: any Engine
    init(engine: any Engine) { self.engine = engine }
}

/// A part made of two tags: 36 types from six tags, so a test can register more types than anyone lists by hand.
struct Kit<A, B> {}
enum Alpha {}
enum Bravo {}
enum Charlie {}
enum Delta {}
enum Echo {}
enum Foxtrot {}

@Suite("Container basics")
struct ContainerTests {
    @Test("a registered factory builds the service")
    func resolvesWhatWasRegistered() throws {
        let container = Container()
        let engine = TestEngine(horsepower: 640)
        container.register((any Engine).self) { engine }
        let resolved = try container.resolve((any Engine).self)
        #expect(resolved === engine, "resolve((any Engine).self) should return what the registered factory built. Look up the factory stored for that type and call it. [zh-Hans] resolve((any Engine).self) 应该返回注册的工厂创建的对象。找到为这个类型保存的工厂，然后调用它。")
    }

    @Test("a missing registration throws an error naming the type and what is registered")
    func missingRegistrationExplainsItself() {
        let container = Container()
        container.register(TestEngine.self) { TestEngine() }
        container.register(SlickTyres.self) { SlickTyres() }
        let error = #expect(throws: (any Error).self, "resolve must throw (not crash, not return nil) when nothing is registered for the type. [zh-Hans] 没有为这个类型注册任何东西时，resolve 必须抛出错误（不能崩溃，也不能返回 nil）。") {
            _ = try container.resolve((any PitRadio).self)
        }
        let text = error.map { String(describing: $0) } ?? ""
        #expect(text.contains("PitRadio"), "The error should name the missing type (String(describing: type) gives \"PitRadio\"), but its description is: \(text) [zh-Hans] 错误应该说出缺少的类型（String(describing: type) 得到 \"PitRadio\"），但它的描述是：\(text)")
        #expect(text.contains("TestEngine") && text.contains("SlickTyres"), "The error should list what IS registered (here TestEngine and SlickTyres), so the reader sees the near miss. Its description is: \(text) [zh-Hans] 错误应该列出已经注册的类型（这里是 TestEngine 和 SlickTyres），让读者看出差在哪里。它的描述是：\(text)")
    }

    @Test("the miss lists every registered type, however many there are and whatever their lifetime")
    func missListsEverything() {
        let container = Container()
        let registered: [String] = [
            { container.register(TestEngine.self) { TestEngine() }; return "TestEngine" }(),
            { container.register(SlickTyres.self, lifetime: .shared) { SlickTyres() }; return "SlickTyres" }(),
            { container.register(WetTyres.self) { WetTyres() }; return "WetTyres" }(),
            { container.register(Gearbox.self, lifetime: .shared) { Gearbox() }; return "Gearbox" }(),
            { container.register(Wing.self, lifetime: .transient) { Wing() }; return "Wing" }(),
            { container.register(Brakes.self, lifetime: .shared) { Brakes() }; return "Brakes" }(),
            { container.register(FuelTank.self) { FuelTank() }; return "FuelTank" }(),
            { container.register(Steering.self, lifetime: .shared) { Steering() }; return "Steering" }(),
        ]
        // A shared instance already built, and one not yet: both are registered all the same.
        _ = try? container.resolve(Gearbox.self)
        _ = try? container.resolve(Wing.self)
        let error = #expect(throws: (any Error).self, "resolve must throw when nothing is registered for the type. [zh-Hans] 没有为这个类型注册任何东西时，resolve 必须抛出错误。") {
            _ = try container.resolve((any PitRadio).self)
        }
        let text = error.map { String(describing: $0) } ?? ""
        let missing = registered.filter { !text.contains($0) }
        #expect(missing.isEmpty, "With \(registered.count) types registered, the error should name every one of them; it leaves out \(missing). Its description is: \(text). List all registered types, .shared and .transient alike, not the first few. [zh-Hans] 注册了 \(registered.count) 个类型时，错误应该说出每一个；它漏掉了 \(missing)。它的描述是：\(text)。列出所有已注册的类型，.shared 和 .transient 的都要列，不要只列前几个。")
    }

    @Test("a miss in a container of 9 to 216 registrations names every one of them, none cut off (26 seeded containers)")
    func missListsEveryOneOfMany() {
        var generator = SeededGenerator(state: 0x08_3A_11)
        func register<A, B>(_ container: Container, _ a: A.Type, _ b: B.Type) -> String {
            container.register(Kit<A, B>.self) { Kit<A, B>() }
            return String(describing: Kit<A, B>.self)
        }
        func row<A>(_ a: A.Type) -> [(Container) -> String] {
            [{ register($0, A.self, Alpha.self) }, { register($0, A.self, Bravo.self) }, { register($0, A.self, Charlie.self) },
             { register($0, A.self, Delta.self) }, { register($0, A.self, Echo.self) }, { register($0, A.self, Foxtrot.self) }]
        }
        let pairs = row(Alpha.self) + row(Bravo.self) + row(Charlie.self) + row(Delta.self) + row(Echo.self) + row(Foxtrot.self)
        // Kits of a kit and a letter: 216 more types, none of whose names holds another's (a container of 37 to 216).
        func deep<A>(_ a: A.Type) -> [(Container) -> String] {
            row(Kit<A, Alpha>.self) + row(Kit<A, Bravo>.self) + row(Kit<A, Charlie>.self)
                + row(Kit<A, Delta>.self) + row(Kit<A, Echo>.self) + row(Kit<A, Foxtrot>.self)
        }
        let triples = deep(Alpha.self) + deep(Bravo.self) + deep(Charlie.self) + deep(Delta.self) + deep(Echo.self) + deep(Foxtrot.self)
        for round in 0..<26 {
            let container = Container()
            let registrations = round < 20 ? pairs : triples
            let count = Int.random(in: (round < 20 ? 9 : 37)...registrations.count, using: &generator)
            let names = registrations.shuffled(using: &generator).prefix(count).map { $0(container) }
            let error = #expect(throws: (any Error).self, "resolve must throw when nothing is registered for the type. [zh-Hans] 没有为这个类型注册任何东西时，resolve 必须抛出错误。") {
                _ = try container.resolve((any PitRadio).self)
            }
            let text = error.map { String(describing: $0) } ?? ""
            let missing = names.filter { !text.contains($0) }
            guard missing.isEmpty else {
                Issue.record("Container \(round) (seed 0x83A11) with \(count) types registered: the miss's description leaves out \(missing.count) of them (\(missing.prefix(3).joined(separator: ", "))...). List every registered type, however many there are: no \"and N more\", no limit. [zh-Hans] 第 \(round) 个容器（种子 0x83A11）注册了 \(count) 个类型：未命中的错误描述漏掉了其中 \(missing.count) 个（\(missing.prefix(3).joined(separator: "、"))……）。无论注册了多少个类型都要全部列出：不要写“还有 N 个”，不要设上限。")
                return
            }
        }
    }

    @Test("a miss explains itself with nothing registered, or one type: the error names the missing type and says what there is")
    func missOnAnAlmostEmptyContainer() {
        // If this test crashes, printing the error of a miss crashed: a suggestion or a first entry unwrapped with `!`
        // where the list of registered types is empty.
        for registerOne in [false, true] {
            let container = Container()
            if registerOne { container.register(Gearbox.self) { Gearbox() } }
            let error = #expect(throws: (any Error).self, "resolve must throw when nothing is registered for the type. [zh-Hans] 没有为这个类型注册任何东西时，resolve 必须抛出错误。") {
                _ = try container.resolve(Wing.self)
            }
            let text = error.map { String(describing: $0) } ?? ""
            let where_ = registerOne ? "a container with only Gearbox registered" : "an empty container"
            #expect(text.contains("Wing") && (!registerOne || text.contains("Gearbox")), "The error of a miss on \(where_) should name the missing type (Wing)\(registerOne ? " and the one registered type (Gearbox)" : ""); its description is: \(text). Build the description from what is there: an empty list is a fine answer (say nothing is registered), not a reason to crash. [zh-Hans] 在\(registerOne ? "只注册了 Gearbox 的容器" : "空容器")上解析失败时，错误应该说出缺少的类型（Wing）\(registerOne ? "以及唯一注册的类型（Gearbox）" : "")；它的描述是：\(text)。根据现有的东西生成描述：空列表也是正常的回答（说明什么都没注册），不是崩溃的理由。")
        }
    }

    @Test("every miss reads the registrations as they are then, and an optional type is a key of its own")
    func everyMissIsReadAfresh() {
        let container = Container()
        container.register(TestEngine.self) { TestEngine() }
        let first = #expect(throws: (any Error).self, "resolve must throw when nothing is registered for the type. [zh-Hans] 没有为这个类型注册任何东西时，resolve 必须抛出错误。") {
            _ = try container.resolve(Wing.self)
        }
        container.register(Gearbox.self) { Gearbox() }
        container.register(Brakes.self, lifetime: .shared) { Brakes() }
        let second = #expect(throws: (any Error).self, "resolve must throw when nothing is registered for the type. [zh-Hans] 没有为这个类型注册任何东西时，resolve 必须抛出错误。") {
            _ = try container.resolve(Wing.self)
        }
        let firstText = first.map { String(describing: $0) } ?? "", secondText = second.map { String(describing: $0) } ?? ""
        #expect(firstText.contains("TestEngine") && ["TestEngine", "Gearbox", "Brakes"].allSatisfy { secondText.contains($0) }, "After a first miss, two more types were registered; the second miss should name all three registered types (TestEngine, Gearbox, Brakes), but it said: \(secondText) (the first said: \(firstText)). Build the list of registered types at every miss, from the registrations as they are then: nothing kept from an earlier miss. [zh-Hans] 第一次解析失败之后，又注册了两个类型；第二次解析失败应该说出全部三个已注册的类型（TestEngine、Gearbox、Brakes），但它说的是：\(secondText)（第一次说的是：\(firstText)）。每次解析失败时都根据当时的注册生成列表：不沿用之前那次失败留下的东西。")
        // `TestEngine?` is another key than `TestEngine`: nobody registered it, so resolving it is a miss that explains itself.
        let optional = #expect(throws: (any Error).self, "Resolving `TestEngine?`, which nobody registered, must throw like any other miss: only `TestEngine` is registered, and the key is the static type. Do not fall back to the wrapped type, and do not answer nil. [zh-Hans] 解析没人注册过的 `TestEngine?` 必须像其他失败一样抛出错误：注册的只有 `TestEngine`，而键是静态类型。不要退回到被包装的类型，也不要回答 nil。") {
            _ = try container.resolve(TestEngine?.self)
        }
        let optionalText = optional.map { String(describing: $0) } ?? ""
        #expect(optional == nil || optionalText.contains("TestEngine"), "The error of a miss for `TestEngine?` should name the type asked for; its description is: \(optionalText). [zh-Hans] 解析 `TestEngine?` 失败时，错误应该说出所请求的类型；它的描述是：\(optionalText)。")
    }

    @Test("a miss inside a factory comes out of resolve as it is: the same error as resolving the missing part itself")
    func nestedMissAsItIs() {
        let container = Container()
        container.register(TestCar.self) { TestCar(engine: try container.resolve((any Engine).self)) }
        let direct = #expect(throws: (any Error).self, "resolve((any Engine).self) must throw when no engine is registered. [zh-Hans] 没有注册引擎时，resolve((any Engine).self) 必须抛出错误。") {
            _ = try container.resolve((any Engine).self)
        }
        let nested = #expect(throws: (any Error).self, "Resolving TestCar, whose factory resolves an engine nobody registered, must throw. [zh-Hans] 解析 TestCar 时，它的工厂要解析一台没人注册的引擎，必须抛出错误。") {
            _ = try container.resolve(TestCar.self)
        }
        let directText = direct.map { String(describing: $0) } ?? ""
        let nestedText = nested.map { String(describing: $0) } ?? ""
        #expect(nestedText == directText, "The engine is missing, not TestCar, which is registered: resolving TestCar should throw the very error the engine's resolve threw (\"\(directText)\"), as it is; it threw \"\(nestedText)\". Let a factory's error pass through resolve untouched: do not catch it and throw an error of your own about the outer type. [zh-Hans] 缺的是引擎，不是已经注册的 TestCar：解析 TestCar 应该原样抛出解析引擎时抛出的那个错误（\"\(directText)\"）；它抛出的是 \"\(nestedText)\"。让工厂的错误原样穿过 resolve：不要捕获它，再抛出一个关于外层类型的自造错误。")
    }

    @Test("transient builds a new instance on every resolve")
    func transientIsNewEachTime() throws {
        let container = Container()
        var builds = 0
        container.register(TestEngine.self, lifetime: .transient) {
            builds += 1
            return TestEngine()
        }
        let first = try container.resolve(TestEngine.self)
        let second = try container.resolve(TestEngine.self)
        #expect(first !== second, "A .transient registration should give a new instance on every resolve, but both resolves returned the same object. [zh-Hans] .transient 注册应该在每次解析时给出一个新实例，但两次解析返回了同一个对象。")
        #expect(builds == 2, "Two resolves of a .transient service should run its factory twice; it ran \(builds) time\(builds == 1 ? "" : "s"). [zh-Hans] 两次解析一个 .transient 服务应该运行它的工厂两次；工厂运行了 \(builds) 次。")
    }

    @Test("transient is the default lifetime")
    func transientByDefault() throws {
        let container = Container()
        container.register(TestEngine.self) { TestEngine() }
        let first = try container.resolve(TestEngine.self)
        let second = try container.resolve(TestEngine.self)
        #expect(first !== second, "register(_:factory:) without a lifetime should mean .transient: a new instance on every resolve. [zh-Hans] 不带生命周期的 register(_:factory:) 应该表示 .transient：每次解析都给出一个新实例。")
    }

    @Test("shared builds one instance per container")
    func sharedIsOnePerContainer() throws {
        var builds = 0
        let factory = {
            builds += 1
            return TestEngine()
        }
        let garage = Container()
        garage.register(TestEngine.self, lifetime: .shared, factory: factory)
        #expect(builds == 0, "A .shared service is built on the first resolve, not when it is registered; the factory already ran \(builds) time\(builds == 1 ? "" : "s") in register(_:lifetime:factory:). Only store the factory there, and build in resolve. [zh-Hans] .shared 服务在第一次解析时创建，而不是在注册时；工厂已经在 register(_:lifetime:factory:) 中运行了 \(builds) 次。在那里只保存工厂，在 resolve 中创建。")
        let first = try garage.resolve(TestEngine.self)
        let second = try garage.resolve(TestEngine.self)
        #expect(first === second, "A .shared registration should return the same instance on every resolve from one container, but two resolves gave two objects. Keep the first instance and hand it out again. [zh-Hans] .shared 注册在同一个容器中每次解析都应该返回同一个实例，但两次解析得到了两个对象。保留第一个实例，之后再次交出它。")
        #expect(builds == 1, "A .shared factory should run once per container, on the first resolve; it ran \(builds) time\(builds == 1 ? "" : "s") for two resolves. Do not call the factory again when you already have the instance. [zh-Hans] .shared 工厂在每个容器中应该只运行一次，在第一次解析时；两次解析它运行了 \(builds) 次。已经有实例时，不要再调用工厂。")

        let otherGarage = Container()
        otherGarage.register(TestEngine.self, lifetime: .shared, factory: factory)
        let other = try otherGarage.resolve(TestEngine.self)
        #expect(other !== first, "Shared means one per container: a second container must build its own instance, so keep the cache in the container, not in a static or global. [zh-Hans] 共享指每个容器一个：第二个容器必须创建自己的实例，所以把缓存放在容器里，不要放在静态变量或全局变量里。")
    }

    @Test("two containers set up side by side keep their own registrations and shared instances")
    func twoContainersStayApart() throws {
        // Both containers are made and filled before either is used, so a
        // registry or cache kept in a `static` (shared by every container) shows.
        let pitLane = Container()
        let paddock = Container()
        let pitEngine = TestEngine(horsepower: 610)
        let paddockEngine = TestEngine(horsepower: 620)
        pitLane.register((any Engine).self) { pitEngine }
        paddock.register((any Engine).self) { paddockEngine }
        pitLane.register(SlickTyres.self, lifetime: .shared) { SlickTyres() }
        paddock.register(SlickTyres.self, lifetime: .shared) { SlickTyres() }

        let pitResolved = try pitLane.resolve((any Engine).self)
        let paddockResolved = try paddock.resolve((any Engine).self)
        #expect(pitResolved === pitEngine && paddockResolved === paddockEngine, "Two containers registered two different engines for (any Engine).self, but they resolved \(pitResolved.horsepower) hp and \(paddockResolved.horsepower) hp (expected 610 and 620). Each container must keep its own registrations: store them in an instance property of Container, not in a `static var` or a global. [zh-Hans] 两个容器为 (any Engine).self 注册了两台不同的引擎，但它们解析出的是 \(pitResolved.horsepower) hp 和 \(paddockResolved.horsepower) hp（应该是 610 和 620）。每个容器都必须保留自己的注册：把它们保存在 Container 的实例属性中，不要放在 `static var` 或全局变量里。")

        let pitTyres = try pitLane.resolve(SlickTyres.self)
        let paddockTyres = try paddock.resolve(SlickTyres.self)
        #expect(pitTyres !== paddockTyres, "Two containers each registered SlickTyres as .shared; each must build its own set, but both handed out the same object. Keep built shared instances in an instance property of Container (a dictionary per container), not in a `static var` or a global. [zh-Hans] 两个容器都把 SlickTyres 注册为 .shared；每个容器都必须创建自己的一套，但两者交出了同一个对象。把创建好的共享实例保存在 Container 的实例属性中（每个容器一个字典），不要放在 `static var` 或全局变量里。")
        #expect(try pitLane.resolve(SlickTyres.self) === pitTyres, "Resolving the shared SlickTyres from the first container again, after the second container built its own, must give the first container's instance back. [zh-Hans] 在第二个容器创建了自己的实例之后，再次从第一个容器解析共享的 SlickTyres，必须拿回第一个容器的实例。")
    }

    @Test("an error thrown by a factory comes out of resolve")
    func factoryErrorsComeOutOfResolve() {
        let container = Container()
        container.register((any Engine).self) { () throws -> any Engine in throw EngineOnFire() }
        #expect(throws: EngineOnFire.self, "The registered factory throws EngineOnFire; resolve must let that error through (`try` the factory inside resolve), not swallow it with `try?` or replace it. The factory parameter is `@escaping () throws -> Service`, so a factory can itself `try` to resolve what it needs. [zh-Hans] 注册的工厂抛出 EngineOnFire；resolve 必须让这个错误传出去（在 resolve 中 `try` 调用工厂），不能用 `try?` 吞掉它，也不能换成别的错误。工厂参数是 `@escaping () throws -> Service`，所以工厂自己也可以 `try` 解析它需要的东西。") {
            _ = try container.resolve((any Engine).self)
        }
    }

    @Test("re-registering replaces a shared instance that was already built")
    func reRegisteringDropsTheCachedInstance() throws {
        let container = Container()
        container.register((any Engine).self, lifetime: .shared) { TestEngine(horsepower: 750) }
        let real = try container.resolve((any Engine).self)
        #expect(real.horsepower == 750, "resolve((any Engine).self) should build the registered 750 hp engine; it returned one with \(real.horsepower) hp. [zh-Hans] resolve((any Engine).self) 应该创建注册的 750 hp 引擎；它返回的引擎是 \(real.horsepower) hp。")

        let fake = TestEngine(horsepower: 1)
        container.register((any Engine).self, lifetime: .shared) { fake }
        let afterOverride = try container.resolve((any Engine).self)
        #expect(afterOverride === fake, "After registering a new factory for a type, resolve must use it, even if a shared instance was built before. Forget the cached instance in register(_:lifetime:factory:), or a test's override silently does nothing. [zh-Hans] 为一个类型注册新工厂之后，resolve 必须使用新工厂，即使之前已经创建过共享实例。在 register(_:lifetime:factory:) 中丢掉缓存的实例，否则测试中的替换会悄无声息地失效。")
    }

    @Test("re-registering a type under another lifetime lets go of the shared instance built before")
    func reRegisteringLetsGoOfTheOldInstance() throws {
        for newLifetime in [Lifetime.transient, .shared] {
            let container = Container()
            container.register(TestEngine.self, lifetime: .shared) { TestEngine(horsepower: 750) }
            weak var old: TestEngine?
            do { old = try container.resolve(TestEngine.self) }
            #expect(old != nil, "A .shared engine the caller let go of should still be kept by the container. [zh-Hans] 调用方放手的 .shared 引擎应该仍由容器保留。")
            container.register(TestEngine.self, lifetime: newLifetime) { TestEngine(horsepower: 1) }
            let next = try container.resolve(TestEngine.self)
            #expect(next.horsepower == 1, "After registering TestEngine again, resolve should use the new factory; it returned a \(next.horsepower) hp engine. [zh-Hans] 重新注册 TestEngine 之后，resolve 应该使用新工厂；它返回的是 \(next.horsepower) hp 的引擎。")
            #expect(old == nil, "TestEngine was registered again as .\(newLifetime), but the .shared engine built before is still alive: the container still holds it, though nothing can resolve it any more. register(_:lifetime:factory:) must forget the shared instance of the type it registers, whatever the new lifetime. [zh-Hans] TestEngine 已经重新注册为 .\(newLifetime)，可之前创建的 .shared 引擎仍然活着：容器仍然持有它，尽管再也没有办法解析到它。register(_:lifetime:factory:) 必须丢掉所注册类型的共享实例，不管新的生命周期是什么。")
        }
    }

    @Test("register { V8Engine() } keys V8Engine, not any Engine")
    func inferredKeyIsTheConcreteType() throws {
        let container = Container()
        container.register { V8Engine() }
        #expect(throws: (any Error).self, "register { V8Engine() } infers the key V8Engine from the closure, so resolving (any Engine).self must throw. Key the registration by exactly the type it was registered as. This container is new and registered nothing else: if it still found an (any Engine), its registrations are shared with other containers (a `static` or a global); keep them in an instance property of Container. [zh-Hans] register { V8Engine() } 从闭包推断出的键是 V8Engine，所以解析 (any Engine).self 必须抛出错误。按注册时的类型本身作为键。这个容器是新的，没有注册别的东西：如果它仍然找到了 (any Engine)，说明它的注册和其他容器共享（`static` 或全局变量）；把它们保存在 Container 的实例属性中。") {
            _ = try container.resolve((any Engine).self)
        }
        let engine = try container.resolve(V8Engine.self)
        #expect(engine.horsepower == 750, "resolve(V8Engine.self) should build the V8Engine registered with register { V8Engine() }. Give the type parameter the default `Service.self`. [zh-Hans] resolve(V8Engine.self) 应该创建用 register { V8Engine() } 注册的 V8Engine。给类型参数加上默认值 `Service.self`。")
    }

    @Test("the garage builds a race car around one shared engine")
    func garageWiresTheCar() throws {
        let container = Garage.makeContainer()
        let engine: any Engine
        let car: RaceCar
        do {
            engine = try container.resolve((any Engine).self)
            car = try container.resolve(RaceCar.self)
        } catch {
            Issue.record("Garage.makeContainer() could not build an engine and a car: \(error). RaceCar asks for (any Engine).self, so register the engine under exactly that type. [zh-Hans] Garage.makeContainer() 无法创建引擎和赛车：\(error)。RaceCar 请求的是 (any Engine).self，所以要用正好这个类型注册引擎。")
            return
        }
        #expect(car.engine === engine, "Garage.makeContainer() should register the engine as (any Engine).self with the .shared lifetime, and build RaceCar from that engine. [zh-Hans] Garage.makeContainer() 应该以 .shared 生命周期把引擎注册为 (any Engine).self，并用这台引擎创建 RaceCar。")
        #expect(car.start() == "Vroom! 750 hp", "The garage's car should run on the V8Engine (750 hp). [zh-Hans] 车库的赛车应该使用 V8Engine（750 hp）。")
        // The garage has one engine: whoever still asks for the concrete V8Engine gets that one, not a second.
        if let concrete = try? container.resolve(V8Engine.self) {
            #expect(concrete === engine, "Garage.makeContainer() answers V8Engine.self as well as (any Engine).self, with two different engines: the garage should have one engine. Register the engine once, as (any Engine).self; if you keep the V8Engine.self key, let its factory resolve that same engine. [zh-Hans] Garage.makeContainer() 对 V8Engine.self 和 (any Engine).self 都有回答，但给出的是两台不同的引擎：车库应该只有一台引擎。只把引擎注册一次，注册为 (any Engine).self；如果保留 V8Engine.self 这个键，就让它的工厂解析同一台引擎。")
        }
    }

    @Test("the garage's car asks its container for the engine when it is built, and an engine that cannot be built (its own error, or a part nobody registered) is an error, as it is, not a crash and not a fallback")
    func garageCarAsksTheContainer() throws {
        let container = Garage.makeContainer()
        let replacement = TestEngine(horsepower: 640)
        container.register((any Engine).self, lifetime: .shared) { replacement }
        let car = try container.resolve(RaceCar.self)
        #expect(car.engine === replacement, "After the engine was registered again on the garage's container, its RaceCar still got another engine. The car's factory should resolve (any Engine).self from the container each time a car is built, not use an engine the garage made (or captured) beforehand. [zh-Hans] 在车库的容器上重新注册引擎之后，它的 RaceCar 拿到的仍然是另一台引擎。赛车的工厂应该在每次创建赛车时从容器解析 (any Engine).self，而不是使用车库事先创建（或捕获）的引擎。")
        container.register((any Engine).self, lifetime: .shared) { () throws -> any Engine in throw EngineOnFire() }
        #expect(throws: EngineOnFire.self, "With an engine that cannot be built, resolving the garage's RaceCar must throw the engine factory's own error, as it is: use try container.resolve(...) inside the car's factory, not try!, and not a lookup that turns every failure into nil or into an error of its own. [zh-Hans] 引擎无法创建时，解析车库的 RaceCar 必须原样抛出引擎工厂自己的错误：在赛车的工厂里用 try container.resolve(...)，不要用 try!，也不要用把所有失败都变成 nil 或自造错误的查找。") {
            _ = try container.resolve(RaceCar.self)
        }
        // A miss is a failure like any other: an engine whose own part nobody registered.
        container.register((any Engine).self, lifetime: .shared) { () throws -> any Engine in
            _ = try container.resolve(UnregisteredTurbo.self)
            return replacement
        }
        let direct = #expect(throws: (any Error).self, "Resolving (any Engine).self, whose factory needs a turbo nobody registered, must throw. [zh-Hans] 解析 (any Engine).self 时，它的工厂需要一个没人注册的涡轮，必须抛出错误。") {
            _ = try container.resolve((any Engine).self)
        }
        let nested = #expect(throws: (any Error).self, "With an engine whose turbo nobody registered, resolving the garage's RaceCar must throw, not build a car around an engine of its own. [zh-Hans] 引擎需要的涡轮没人注册时，解析车库的 RaceCar 必须抛出错误，而不是自己造一台引擎装进赛车。") {
            _ = try container.resolve(RaceCar.self)
        }
        let directText = direct.map { String(describing: $0) } ?? ""
        let nestedText = nested.map { String(describing: $0) } ?? ""
        #expect(nestedText == directText, "Resolving the garage's RaceCar should throw the engine's own failure as it is (\"\(directText)\"); it threw \"\(nestedText)\". The car's factory must not catch a miss and build a fallback engine, nor throw an error of its own. [zh-Hans] 解析车库的 RaceCar 应该原样抛出引擎自己的失败（\"\(directText)\"）；它抛出的是 \"\(nestedText)\"。赛车的工厂不能捕获缺失错误再自己造一台备用引擎，也不能抛出自造的错误。")
    }

    @Test("a shared instance is kept by the container, even when nobody else holds it")
    func sharedIsKeptByTheContainer() throws {
        let container = Container()
        var builds = 0
        container.register(SlickTyres.self, lifetime: .shared) { builds += 1; return SlickTyres() }
        _ = try container.resolve(SlickTyres.self)   // the caller lets go of it at once
        _ = try container.resolve(SlickTyres.self)
        #expect(builds == 1, "A .shared factory ran \(builds) time\(builds == 1 ? "" : "s") when the first instance was not held by the caller. Shared means the container keeps the instance (a strong reference, in a dictionary of the container) and hands it out again; a weak reference lets it go. Weak lifetimes come in lesson 9. [zh-Hans] 调用方没有持有第一个实例时，.shared 工厂运行了 \(builds) 次。共享指容器保留实例（强引用，放在容器的字典里）并再次交出它；弱引用会让它离开。弱生命周期在第 09 课介绍。")
    }

    @Test("a transient instance is not kept by the container: once the caller lets go, it is gone")
    func transientIsNotKeptByTheContainer() throws {
        let container = Container()
        container.register(TestEngine.self, lifetime: .transient) { TestEngine() }
        container.register(SlickTyres.self, lifetime: .shared) { SlickTyres() }
        weak var transientEngine: TestEngine?
        weak var sharedTyres: SlickTyres?
        do {
            let engine = try container.resolve(TestEngine.self)
            let tyres = try container.resolve(SlickTyres.self)
            transientEngine = engine
            sharedTyres = tyres
        }   // the caller lets go of both here
        #expect(transientEngine == nil, "The caller let go of a .transient engine, but it is still alive: the container keeps it. A .transient service is built and handed out, and the container keeps nothing of it (the next resolve builds a new one anyway). Keep only .shared instances in the container; return a .transient one straight from its factory. [zh-Hans] 调用方已经放手了一个 .transient 引擎，它却仍然活着：容器保留了它。.transient 服务创建后就交出去，容器不保留它的任何东西（下一次解析反正会新建一个）。容器里只保存 .shared 实例；.transient 实例由工厂创建后直接返回。")
        #expect(sharedTyres != nil, "The caller let go of the .shared tyres, and they are gone: the container should keep a .shared instance (a strong reference) to hand it out again. [zh-Hans] 调用方放手了 .shared 轮胎，它们就离开了：容器应该保留 .shared 实例（强引用），以便再次交出。")
    }

    @Test("registering one type keeps the shared instances of the others")
    func registeringKeepsOtherSharedInstances() throws {
        let container = Container()
        var builds = 0
        container.register((any Engine).self, lifetime: .shared) { builds += 1; return TestEngine() }
        let engine = try container.resolve((any Engine).self)
        container.register(SlickTyres.self) { SlickTyres() }
        let again = try container.resolve((any Engine).self)
        #expect(again === engine && builds == 1, "Registering SlickTyres made the container build a new shared engine (the engine factory ran \(builds) time\(builds == 1 ? "" : "s")). register(_:lifetime:factory:) should forget only the shared instance of the type it registers (remove that one key), not every shared instance. [zh-Hans] 注册 SlickTyres 让容器重新创建了共享的引擎（引擎工厂运行了 \(builds) 次）。register(_:lifetime:factory:) 应该只丢掉它所注册类型的共享实例（删除那一个键），而不是所有共享实例。")
    }
}

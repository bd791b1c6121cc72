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

@Suite("Container basics")
struct ContainerTests {
    @Test("a registered factory builds the service")
    func resolvesWhatWasRegistered() throws {
        let container = Container()
        let engine = TestEngine(horsepower: 640)
        container.register((any Engine).self) { engine }
        let resolved = try container.resolve((any Engine).self)
        #expect(resolved === engine, "resolve((any Engine).self) should return what the registered factory built. Look up the factory stored for that type and call it.")
    }

    @Test("a missing registration throws an error naming the type and what is registered")
    func missingRegistrationExplainsItself() {
        let container = Container()
        container.register(TestEngine.self) { TestEngine() }
        container.register(SlickTyres.self) { SlickTyres() }
        let error = #expect(throws: (any Error).self, "resolve must throw (not crash, not return nil) when nothing is registered for the type.") {
            _ = try container.resolve((any PitRadio).self)
        }
        let text = error.map { String(describing: $0) } ?? ""
        #expect(text.contains("PitRadio"), "The error should name the missing type (String(describing: type) gives \"PitRadio\"), but its description is: \(text)")
        #expect(text.contains("TestEngine") && text.contains("SlickTyres"), "The error should list what IS registered (here TestEngine and SlickTyres), so the reader sees the near miss. Its description is: \(text)")
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
        #expect(first !== second, "A .transient registration should give a new instance on every resolve, but both resolves returned the same object.")
        #expect(builds == 2, "Two resolves of a .transient service should run its factory twice; it ran \(builds) time(s).")
    }

    @Test("transient is the default lifetime")
    func transientByDefault() throws {
        let container = Container()
        container.register(TestEngine.self) { TestEngine() }
        let first = try container.resolve(TestEngine.self)
        let second = try container.resolve(TestEngine.self)
        #expect(first !== second, "register(_:factory:) without a lifetime should mean .transient: a new instance on every resolve.")
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
        #expect(builds == 0, "A .shared service is built on the first resolve, not when it is registered; the factory already ran \(builds) time(s) in register(_:lifetime:factory:). Only store the factory there, and build in resolve.")
        let first = try garage.resolve(TestEngine.self)
        let second = try garage.resolve(TestEngine.self)
        #expect(first === second, "A .shared registration should return the same instance on every resolve from one container, but two resolves gave two objects. Keep the first instance and hand it out again.")
        #expect(builds == 1, "A .shared factory should run once per container, on the first resolve; it ran \(builds) times for two resolves. Do not call the factory again when you already have the instance.")

        let otherGarage = Container()
        otherGarage.register(TestEngine.self, lifetime: .shared, factory: factory)
        let other = try otherGarage.resolve(TestEngine.self)
        #expect(other !== first, "Shared means one per container: a second container must build its own instance, so keep the cache in the container, not in a static or global.")
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
        #expect(pitResolved === pitEngine && paddockResolved === paddockEngine, "Two containers registered two different engines for (any Engine).self, but they resolved \(pitResolved.horsepower) hp and \(paddockResolved.horsepower) hp (expected 610 and 620). Each container must keep its own registrations: store them in an instance property of Container, not in a `static var` or a global.")

        let pitTyres = try pitLane.resolve(SlickTyres.self)
        let paddockTyres = try paddock.resolve(SlickTyres.self)
        #expect(pitTyres !== paddockTyres, "Two containers each registered SlickTyres as .shared; each must build its own set, but both handed out the same object. Keep built shared instances in an instance property of Container (a dictionary per container), not in a `static var` or a global.")
        #expect(try pitLane.resolve(SlickTyres.self) === pitTyres, "Resolving the shared SlickTyres from the first container again, after the second container built its own, must give the first container's instance back.")
    }

    @Test("an error thrown by a factory comes out of resolve")
    func factoryErrorsComeOutOfResolve() {
        let container = Container()
        container.register((any Engine).self) { () throws -> any Engine in throw EngineOnFire() }
        #expect(throws: EngineOnFire.self, "The registered factory throws EngineOnFire; resolve must let that error through (`try` the factory inside resolve), not swallow it with `try?` or replace it. The factory parameter is `@escaping () throws -> Service`, so a factory can itself `try` to resolve what it needs.") {
            _ = try container.resolve((any Engine).self)
        }
    }

    @Test("re-registering replaces a shared instance that was already built")
    func reRegisteringDropsTheCachedInstance() throws {
        let container = Container()
        container.register((any Engine).self, lifetime: .shared) { TestEngine(horsepower: 750) }
        let real = try container.resolve((any Engine).self)
        #expect(real.horsepower == 750, "resolve((any Engine).self) should build the registered 750 hp engine; it returned one with \(real.horsepower) hp.")

        let fake = TestEngine(horsepower: 1)
        container.register((any Engine).self, lifetime: .shared) { fake }
        let afterOverride = try container.resolve((any Engine).self)
        #expect(afterOverride === fake, "After registering a new factory for a type, resolve must use it, even if a shared instance was built before. Forget the cached instance in register(_:lifetime:factory:), or a test's override silently does nothing.")
    }

    @Test("register { V8Engine() } keys V8Engine, not any Engine")
    func inferredKeyIsTheConcreteType() throws {
        let container = Container()
        container.register { V8Engine() }
        #expect(throws: (any Error).self, "register { V8Engine() } infers the key V8Engine from the closure, so resolving (any Engine).self must throw. Key the registration by exactly the type it was registered as. This container is new and registered nothing else: if it still found an (any Engine), its registrations are shared with other containers (a `static` or a global); keep them in an instance property of Container.") {
            _ = try container.resolve((any Engine).self)
        }
        let engine = try container.resolve(V8Engine.self)
        #expect(engine.horsepower == 750, "resolve(V8Engine.self) should build the V8Engine registered with register { V8Engine() }. Give the type parameter the default `Service.self`.")
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
            Issue.record("Garage.makeContainer() could not build an engine and a car: \(error). RaceCar asks for (any Engine).self, so register the engine under exactly that type.")
            return
        }
        #expect(car.engine === engine, "Garage.makeContainer() should register the engine as (any Engine).self with the .shared lifetime, and build RaceCar from that engine.")
        #expect(car.start() == "Vroom! 750 hp", "The garage's car should run on the V8Engine (750 hp).")
    }

    @Test("a shared instance is kept by the container, even when nobody else holds it")
    func sharedIsKeptByTheContainer() throws {
        let container = Container()
        var builds = 0
        container.register(SlickTyres.self, lifetime: .shared) { builds += 1; return SlickTyres() }
        _ = try container.resolve(SlickTyres.self)   // the caller lets go of it at once
        _ = try container.resolve(SlickTyres.self)
        #expect(builds == 1, "A .shared factory ran \(builds) times when the first instance was not held by the caller. Shared means the container keeps the instance (a strong reference, in a dictionary of the container) and hands it out again; a weak reference lets it go. Weak lifetimes come in lesson 9.")
    }

    @Test("registering one type keeps the shared instances of the others")
    func registeringKeepsOtherSharedInstances() throws {
        let container = Container()
        var builds = 0
        container.register((any Engine).self, lifetime: .shared) { builds += 1; return TestEngine() }
        let engine = try container.resolve((any Engine).self)
        container.register(SlickTyres.self) { SlickTyres() }
        let again = try container.resolve((any Engine).self)
        #expect(again === engine && builds == 1, "Registering SlickTyres made the container build a new shared engine (the engine factory ran \(builds) times). register(_:lifetime:factory:) should forget only the shared instance of the type it registers (remove that one key), not every shared instance.")
    }
}

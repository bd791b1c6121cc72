import Foundation
import Testing
@testable import CompositionRoot

/// A clock stopped at one moment.
struct FixedClock: TimeSource {
    let date: Date
    func now() -> Date { date }
}

/// A clock that moves: every question gets a moment one day later than the last.
final class MovingClock: TimeSource {
    private var next: Date
    init(from start: Date) { next = start }
    func now() -> Date {
        defer { next = next.addingTimeInterval(86_400) }
        return next
    }
}

/// A detail-screen factory that records which cars it was asked for.
final class SpyScreenFactory: DetailScreenFactory {
    private(set) var requested: [RaceCar] = []
    private(set) var made: [CarDetailScreen] = []

    func makeDetailScreen(for car: RaceCar) -> CarDetailScreen {
        requested.append(car)
        let screen = CarDetailScreen(car: car, telemetry: Telemetry(), clock: FixedClock(date: epoch))
        made.append(screen)
        return screen
    }
}

/// 2001-09-09T01:46:40Z
let sentinel = Date(timeIntervalSince1970: 1_000_000_000)
/// 1970-01-01T00:00:00Z
let epoch = Date(timeIntervalSince1970: 0)

let monza = PitRadioFrequency(megahertz: 455.25)
let spa = PitRadioFrequency(megahertz: 461.5)

/// The same car: its own engine and its frequency (works whether RaceCar is a class or a struct).
func sameCar(_ a: RaceCar, _ b: RaceCar) -> Bool {
    a.engine === b.engine && a.pitRadioFrequency == b.pitRadioFrequency
}

@Suite("Composition root", .serialized)
struct CompositionRootTests {
    @Test("cars from one container share one telemetry, and not another container's")
    func sharedObjectsAreShared() {
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        let first = container.makeRaceCar(pitRadioFrequency: monza)
        let second = container.makeRaceCar(pitRadioFrequency: spa)
        let elsewhere = DependencyContainer(clock: FixedClock(date: sentinel)).makeRaceCar(pitRadioFrequency: monza)
        #expect(first.telemetry === second.telemetry, "Two cars from the same container got two different Telemetry objects. The telemetry is a shared object: create it once in the container (a `lazy var` or a `let`) and hand that one to every car.")
        #expect(first.telemetry !== elsewhere.telemetry, "Cars from two different containers got the same Telemetry. Each container should make its own, not reach for a global one.")
    }

    @Test("every car gets a new engine of its own")
    func newObjectsAreNew() {
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        let first = container.makeRaceCar(pitRadioFrequency: monza)
        let second = container.makeRaceCar(pitRadioFrequency: spa)
        #expect(first.engine !== second.engine, "Two cars share one Engine. An engine is a new object: makeRaceCar should build a fresh Engine() for every car.")
        _ = first.start()
        #expect(first.engine.starts == 1 && second.engine.starts == 0, "Starting one car should start only its own engine; starts are \(first.engine.starts) and \(second.engine.starts).")
    }

    @Test("the value passed in and the container's clock show up in the car")
    func valueAndClockShowUp() {
        let late = DependencyContainer(clock: FixedClock(date: sentinel)).makeRaceCar(pitRadioFrequency: monza)
        let early = DependencyContainer(clock: FixedClock(date: epoch)).makeRaceCar(pitRadioFrequency: spa)
        #expect(late.pitRadioFrequency == monza, "makeRaceCar(pitRadioFrequency:) should hand the car the frequency it was passed (455.25 MHz), but the car has \(late.pitRadioFrequency).")
        let lateReport = late.start()
        let earlyReport = early.start()
        #expect(lateReport == "2001-09-09T01:46:40Z car on 455.25 MHz started", "A car from a container with a clock stopped at 2001-09-09T01:46:40Z should report \"2001-09-09T01:46:40Z car on 455.25 MHz started\", but start() returned \"\(lateReport)\". Hand the container's clock to the car, and let start() ask it instead of Date().")
        #expect(earlyReport == "1970-01-01T00:00:00Z car on 461.5 MHz started", "A car from a container with a clock stopped at 1970-01-01T00:00:00Z should report \"1970-01-01T00:00:00Z car on 461.5 MHz started\", but start() returned \"\(earlyReport)\". Two clocks must give two reports.")
        #expect(late.telemetry.entries == [lateReport], "start() should report into the car's own telemetry; it holds \(late.telemetry.entries).")
    }

    @Test("the garage's detail screen gets the container's collaborators")
    func detailScreenFromTheContainer() throws {
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        let car = container.makeRaceCar(pitRadioFrequency: monza)

        // First the container's own factory method, asked directly.
        let direct = container.makeDetailScreen(for: car)
        #expect(sameCar(direct.car, car), "DependencyContainer.makeDetailScreen(for:) should show the car it was given (on 455.25 MHz), but the screen shows a car on \(direct.car.pitRadioFrequency). Hand the screen the car you were given.")
        #expect(direct.telemetry === car.telemetry, "DependencyContainer.makeDetailScreen(for:) should hand the screen the container's shared telemetry, the one its cars report into.")
        let directText = direct.render()
        #expect(directText == "Car on 455.25 MHz, opened at 2001-09-09T01:46:40Z", "DependencyContainer.makeDetailScreen(for:) should hand the screen the container's clock (stopped at 2001-09-09T01:46:40Z), but render() returned \"\(directText)\".")

        // Then the garage, built with the container as its factory.
        let garage = GarageScreen(cars: [car], factory: container)
        let detail = try #require(garage.open(carAt: 0), "GarageScreen.open(carAt: 0) returned nil for a garage with one car.")
        let factoryIsRight = direct.telemetry === car.telemetry && directText.hasSuffix("2001-09-09T01:46:40Z")
        let culprit = factoryIsRight
            ? "The container's makeDetailScreen(for:) gets this right, so GarageScreen.open(carAt:) must be building the screen itself: return factory.makeDetailScreen(for: cars[index]) instead."
            : "Fix DependencyContainer.makeDetailScreen(for:) first (see the failures above), and let GarageScreen.open(carAt:) return what the factory makes."
        #expect(sameCar(detail.car, car), "The screen GarageScreen.open(carAt: 0) returned should show the car that was opened (on 455.25 MHz), but it shows a car on \(detail.car.pitRadioFrequency).")
        #expect(detail.telemetry === car.telemetry, "The screen GarageScreen.open(carAt: 0) returned reports into another Telemetry than the container's cars. \(culprit)")
        let text = detail.render()
        #expect(text == "Car on 455.25 MHz, opened at 2001-09-09T01:46:40Z", "The screen GarageScreen.open(carAt: 0) returned should use the container's clock (stopped at 2001-09-09T01:46:40Z), but render() returned \"\(text)\". \(culprit)")
    }

    @Test("the garage asks the factory it is handed for the detail screen")
    func garageUsesTheHandedFactory() throws {
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        let first = container.makeRaceCar(pitRadioFrequency: monza)
        let second = container.makeRaceCar(pitRadioFrequency: spa)
        let factory = SpyScreenFactory()
        let garage = GarageScreen(cars: [first, second], factory: factory)
        let detail = try #require(garage.open(carAt: 1), "GarageScreen.open(carAt: 1) returned nil for a garage with two cars.")
        #expect(factory.requested.count == 1 && factory.requested.first.map { sameCar($0, second) } == true, "open(carAt: 1) should ask the handed factory once, for the second car (461.5 MHz); it asked \(factory.requested.count) time(s), for the car(s) on \(factory.requested.map { "\($0.pitRadioFrequency)" }). Call factory.makeDetailScreen(for:) instead of building the screen in GarageScreen.")
        #expect(factory.made.first === detail, "open(carAt:) should return the very screen the factory made, not build another one.")
        #expect(garage.open(carAt: 5) == nil, "open(carAt:) should return nil when there is no car at that index.")
        #expect(factory.requested.count == 1, "open(carAt:) should not ask the factory for a car that does not exist.")
    }

    @Test("nothing in the graph reaches for Telemetry.shared")
    func noGlobalTelemetry() throws {
        let before = Telemetry.sharedAccessCount
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        let car = container.makeRaceCar(pitRadioFrequency: monza)
        _ = car.start()
        let detail = try #require(GarageScreen(cars: [car], factory: container).open(carAt: 0), "GarageScreen.open(carAt: 0) returned nil for a garage with one car.")
        _ = detail.render()
        let reads = Telemetry.sharedAccessCount - before
        #expect(reads == 0, "Telemetry.shared was read \(reads) time(s) while building and using the cars and screens. The container owns the team's telemetry: remove every Telemetry.shared from RaceCar, GarageScreen and the container.")
    }

    @Test("start() asks the clock each time the car starts")
    func startAsksTheClockEachTime() {
        let car = DependencyContainer(clock: MovingClock(from: epoch)).makeRaceCar(pitRadioFrequency: monza)
        let first = car.start()
        let second = car.start()
        #expect(first != second, "Two starts of one car with a moving clock gave the same report \"\(first)\". start() should ask the clock it was handed each time it runs (clock.now() inside start()), not keep a time read earlier, in init.")
        #expect(first.hasSuffix("car on 455.25 MHz started") && second.hasSuffix("car on 455.25 MHz started"), "start() should return \"<stamp> car on 455.25 MHz started\"; it returned \"\(first)\" and \"\(second)\".")
    }

    @Test("a car does not keep the container alive")
    func carDoesNotHoldTheContainer() {
        weak var weakContainer: DependencyContainer?
        var car: RaceCar?
        do {
            let container = DependencyContainer(clock: FixedClock(date: sentinel))
            weakContainer = container
            car = container.makeRaceCar(pitRadioFrequency: monza)
        }
        let report = car?.start() ?? ""
        #expect(weakContainer == nil, "The car keeps its DependencyContainer alive after the container is gone: it holds the container (or something that holds it) and pulls its engine, telemetry or clock out of it, a service locator. Hand RaceCar the parts themselves (engine, telemetry, frequency, clock) and keep nothing else.")
        #expect(report == "2001-09-09T01:46:40Z car on 455.25 MHz started", "A car whose container is gone should still start with the clock it was handed; start() returned \"\(report)\".")
    }

    @Test("the garage keeps the factory it is handed")
    func garageKeepsItsFactory() {
        let car = DependencyContainer(clock: FixedClock(date: sentinel)).makeRaceCar(pitRadioFrequency: monza)
        let garage = GarageScreen(cars: [car], factory: SpyScreenFactory())   // nobody else holds this factory
        #expect(garage.open(carAt: 0) != nil, "A garage handed a factory that nobody else holds opened nothing for open(carAt: 0). GarageScreen owns its factory: keep it in a plain `let factory: any DetailScreenFactory`, not a `weak` (or `unowned`) one; weak is for delegates that own you, lesson 2.")
    }
}

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

/// A small, seeded generator (SplitMix64): the same seed gives the same sessions everywhere.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A clock that stands still for a while, then jumps (a day, or back), as its script says: each read takes the next
/// step; past the script it stays where it is. It counts its reads, and at the reads a test names (`callBackAt`, counted
/// from 0) it calls back (`callBack`: a start of the car inside the start that is asking), once each, before it answers.
final class ScriptedClock: TimeSource {
    private var moment: Date
    private var steps: [TimeInterval]
    private(set) var reads = 0
    var callBackAt: Set<Int> = []
    var callBack: (() -> Void)?
    init(from start: Date, steps: [TimeInterval]) { moment = start; self.steps = steps }
    func now() -> Date {
        let answer = moment
        if !steps.isEmpty { moment = moment.addingTimeInterval(steps.removeFirst()) }
        let read = reads
        reads += 1
        if callBackAt.remove(read) != nil { callBack?() }
        return answer
    }
}

/// A detail-screen factory that, at the requests a test names (`callBacks`: request number, counted from 0, to an
/// index), opens another car of the same garage while it makes the screen (`reopen`), then makes its own. It records
/// every car it was asked for, the screen it made for each request, and what each open from inside returned.
final class CallingBackScreenFactory: DetailScreenFactory {
    private(set) var requested: [RaceCar] = []
    private(set) var made: [Int: CarDetailScreen] = [:]
    private(set) var openedFromInside: [CarDetailScreen?] = []
    var callBacks: [Int: Int] = [:]
    var reopen: ((Int) -> CarDetailScreen?)?

    func makeDetailScreen(for car: RaceCar) -> CarDetailScreen {
        let number = requested.count
        requested.append(car)
        if let index = callBacks.removeValue(forKey: number), let reopen { openedFromInside.append(reopen(index)) }
        let screen = CarDetailScreen(car: car, telemetry: Telemetry(), clock: FixedClock(date: epoch))
        made[number] = screen
        return screen
    }
}


/// What an object stores, as text: each stored property (its superclasses' too) by name, a value written out, an object
/// by its identity (what that object holds is its own business). Works for a class or a struct, and for one that stores
/// nothing at all.
func storedState(_ subject: Any) -> String {
    func describe(_ value: Any, depth: Int) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .class?:
            return "\(type(of: value))#\(UInt(bitPattern: ObjectIdentifier(value as AnyObject).hashValue))"
        case .optional?:
            return mirror.children.first.map { "some(\(describe($0.value, depth: depth)))" } ?? "nil"
        case nil:
            return String(describing: value)
        default:
            guard depth < 8 else { return "..." }
            return "\(type(of: value))(\(fields(mirror, depth: depth + 1)))"
        }
    }
    func fields(_ mirror: Mirror, depth: Int) -> String {
        var parts: [String] = []
        var level: Mirror? = mirror
        while let current = level {
            parts += current.children.map { "\($0.label ?? "_")=\(describe($0.value, depth: depth))" }
            level = current.superclassMirror
        }
        return parts.joined(separator: ", ")
    }
    return fields(Mirror(reflecting: subject), depth: 0)
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
/// Compared by identity and by value here, never by an `==` the lesson's code could define.
func sameCar(_ a: RaceCar, _ b: RaceCar) -> Bool {
    ObjectIdentifier(a.engine) == ObjectIdentifier(b.engine) && a.pitRadioFrequency.megahertz == b.pitRadioFrequency.megahertz
}

@Suite("Composition root", .serialized)
struct CompositionRootTests {
    @Test("cars from one container share one telemetry, and not another container's")
    func sharedObjectsAreShared() {
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        let first = container.makeRaceCar(pitRadioFrequency: monza)
        let second = container.makeRaceCar(pitRadioFrequency: spa)
        let elsewhere = DependencyContainer(clock: FixedClock(date: sentinel)).makeRaceCar(pitRadioFrequency: monza)
        #expect(first.telemetry === second.telemetry, "Two cars from the same container got two different Telemetry objects. The telemetry is a shared object: create it once in the container (a `lazy var` or a `let`) and hand that one to every car. [zh-Hans] 同一个容器造出的两辆赛车拿到了两个不同的 Telemetry 对象。遥测是共享对象：在容器中只创建一次（用 `lazy var` 或 `let`），再把它交给每辆赛车。")
        #expect(first.telemetry !== elsewhere.telemetry, "Cars from two different containers got the same Telemetry. Each container should make its own, not reach for a global one. [zh-Hans] 两个不同容器造出的赛车拿到了同一个 Telemetry。每个容器都应该创建自己的遥测，不要去取全局的那个。")
    }

    @Test("the container keeps its telemetry for as long as it lives: a car made after every earlier car and screen is gone still reports into the same one")
    func sharedObjectOutlivesItsUsers() {
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        var reports: [String] = []
        for frequency in [monza, spa, monza] {
            // Each car, and the screen made for it, is gone before the next one is made.
            do {
                let car = container.makeRaceCar(pitRadioFrequency: frequency)
                reports.append(car.start())
                _ = container.makeDetailScreen(for: car)
            }
        }
        let last = container.makeRaceCar(pitRadioFrequency: spa)
        reports.append(last.start())
        #expect(last.telemetry.entries == reports, "Cars made one after another by the same container, each let go before the next was made, should all report into one telemetry, so the last car's telemetry should hold \(reports); it holds \(last.telemetry.entries). The container keeps its shared objects for as long as it lives (a `lazy var` or a `let`, a strong reference), not only while somebody else uses them: a `weak` one is made anew as soon as the cars are gone, and the team's earlier entries are lost. [zh-Hans] 同一个容器先后造出的赛车（每辆在造下一辆之前都被放开）应该都向同一个遥测报告，所以最后一辆车的遥测应该保存 \(reports)；它保存的是 \(last.telemetry.entries)。容器在自己存活期间一直保留共享对象（`lazy var` 或 `let`，强引用），而不是只在别人使用时才保留：`weak` 的共享对象在赛车都离开后就会被重新创建，车队之前的记录就丢了。")
    }

    @Test("every car gets a new engine of its own")
    func newObjectsAreNew() {
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        let first = container.makeRaceCar(pitRadioFrequency: monza)
        let second = container.makeRaceCar(pitRadioFrequency: spa)
        #expect(first.engine !== second.engine, "Two cars share one Engine. An engine is a new object: makeRaceCar should build a fresh Engine() for every car. [zh-Hans] 两辆赛车共用一个 Engine。引擎是新对象：makeRaceCar 应该为每辆赛车创建一个新的 Engine()。")
        let again = container.makeRaceCar(pitRadioFrequency: monza)
        #expect(again.engine !== first.engine, "Asking twice for a car on the same frequency should give two cars with two engines: makeRaceCar builds a new car and a fresh Engine() on every call, with nothing remembered between calls. [zh-Hans] 用同一个频率两次索要赛车，应该得到两辆赛车、两台引擎：makeRaceCar 每次调用都创建新的赛车和新的 Engine()，调用之间不记住任何东西。")
        _ = first.start()
        #expect(first.engine.starts == 1 && second.engine.starts == 0, "Starting one car should start only its own engine; starts are \(first.engine.starts) and \(second.engine.starts). [zh-Hans] 启动一辆赛车应该只启动它自己的引擎；启动次数是 \(first.engine.starts) 和 \(second.engine.starts)。")
    }

    @Test("the value passed in and the container's clock show up in the car")
    func valueAndClockShowUp() {
        let late = DependencyContainer(clock: FixedClock(date: sentinel)).makeRaceCar(pitRadioFrequency: monza)
        let early = DependencyContainer(clock: FixedClock(date: epoch)).makeRaceCar(pitRadioFrequency: spa)
        #expect(late.pitRadioFrequency == monza, "makeRaceCar(pitRadioFrequency:) should hand the car the frequency it was passed (455.25 MHz), but the car has \(late.pitRadioFrequency). [zh-Hans] makeRaceCar(pitRadioFrequency:) 应该把传给它的频率（455.25 MHz）交给赛车，但赛车的频率是 \(late.pitRadioFrequency)。")
        let lateReport = late.start()
        let earlyReport = early.start()
        #expect(lateReport == "2001-09-09T01:46:40Z car on 455.25 MHz started", "A car from a container with a clock stopped at 2001-09-09T01:46:40Z should report \"2001-09-09T01:46:40Z car on 455.25 MHz started\", but start() returned \"\(lateReport)\". Hand the container's clock to the car, and let start() ask it instead of Date(); write the moment with stamp(_:), which writes it in UTC (a formatter of your own that is not set to UTC writes the machine's own time). [zh-Hans] 时钟停在 2001-09-09T01:46:40Z 的容器造出的赛车应该报告 \"2001-09-09T01:46:40Z car on 455.25 MHz started\"，但 start() 返回的是 \"\(lateReport)\"。把容器的时钟交给赛车，让 start() 向它询问时间，不要用 Date()；用 stamp(_:) 写出这一时刻，它按 UTC 写（自己的格式化器若没有设为 UTC，写出的是机器本地的时间）。")
        #expect(earlyReport == "1970-01-01T00:00:00Z car on 461.5 MHz started", "A car from a container with a clock stopped at 1970-01-01T00:00:00Z should report \"1970-01-01T00:00:00Z car on 461.5 MHz started\", but start() returned \"\(earlyReport)\". Two clocks must give two reports. [zh-Hans] 时钟停在 1970-01-01T00:00:00Z 的容器造出的赛车应该报告 \"1970-01-01T00:00:00Z car on 461.5 MHz started\"，但 start() 返回的是 \"\(earlyReport)\"。两个时钟必须给出两份报告。")
        #expect(late.telemetry.entries == [lateReport], "start() should report into the car's own telemetry; it holds \(late.telemetry.entries). [zh-Hans] start() 应该把报告写入这辆赛车自己的遥测；遥测里是 \(late.telemetry.entries)。")
    }

    @Test("the garage's detail screen gets the container's collaborators")
    func detailScreenFromTheContainer() throws {
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        let car = container.makeRaceCar(pitRadioFrequency: monza)

        // First the container's own factory method, asked directly.
        let direct = container.makeDetailScreen(for: car)
        #expect(sameCar(direct.car, car), "DependencyContainer.makeDetailScreen(for:) should show the car it was given (on 455.25 MHz), but the screen shows a car on \(direct.car.pitRadioFrequency). Hand the screen the car you were given. [zh-Hans] DependencyContainer.makeDetailScreen(for:) 应该显示交给它的赛车（455.25 MHz），但界面显示的是 \(direct.car.pitRadioFrequency) 上的赛车。把交给你的赛车交给界面。")
        #expect(direct.telemetry === car.telemetry, "DependencyContainer.makeDetailScreen(for:) should hand the screen the container's shared telemetry, the one its cars report into. [zh-Hans] DependencyContainer.makeDetailScreen(for:) 应该把容器共享的遥测交给界面，也就是它的赛车写入报告的那一个。")
        let directText = direct.render()
        #expect(directText == "Car on 455.25 MHz, opened at 2001-09-09T01:46:40Z", "DependencyContainer.makeDetailScreen(for:) should hand the screen the container's clock (stopped at 2001-09-09T01:46:40Z), but render() returned \"\(directText)\". [zh-Hans] DependencyContainer.makeDetailScreen(for:) 应该把容器的时钟（停在 2001-09-09T01:46:40Z）交给界面，但 render() 返回的是 \"\(directText)\"。")

        // Then the garage, built with the container as its factory.
        let garage = GarageScreen(cars: [car], factory: container)
        let detail = try #require(garage.open(carAt: 0), "GarageScreen.open(carAt: 0) returned nil for a garage with one car. [zh-Hans] 对只有一辆赛车的车库，GarageScreen.open(carAt: 0) 返回了 nil。")
        let factoryIsRight = direct.telemetry === car.telemetry && directText.hasSuffix("2001-09-09T01:46:40Z")
        let culprit = factoryIsRight
            ? "The container's makeDetailScreen(for:) gets this right, so GarageScreen.open(carAt:) must be building the screen itself: return factory.makeDetailScreen(for: cars[index]) instead."
            : "Fix DependencyContainer.makeDetailScreen(for:) first (see the failures above), and let GarageScreen.open(carAt:) return what the factory makes."
        let culpritZh = factoryIsRight
            ? "容器的 makeDetailScreen(for:) 是对的，所以一定是 GarageScreen.open(carAt:) 自己创建了界面：改为返回 factory.makeDetailScreen(for: cars[index])。"
            : "先修好 DependencyContainer.makeDetailScreen(for:)（见上面的失败），再让 GarageScreen.open(carAt:) 返回工厂创建的界面。"
        #expect(sameCar(detail.car, car), "The screen GarageScreen.open(carAt: 0) returned should show the car that was opened (on 455.25 MHz), but it shows a car on \(detail.car.pitRadioFrequency). [zh-Hans] GarageScreen.open(carAt: 0) 返回的界面应该显示打开的那辆赛车（455.25 MHz），但它显示的是 \(detail.car.pitRadioFrequency) 上的赛车。")
        #expect(detail.telemetry === car.telemetry, "The screen GarageScreen.open(carAt: 0) returned reports into another Telemetry than the container's cars. \(culprit) [zh-Hans] GarageScreen.open(carAt: 0) 返回的界面把报告写入了另一个 Telemetry，而不是容器的赛车所用的那个。\(culpritZh)")
        let text = detail.render()
        #expect(text == "Car on 455.25 MHz, opened at 2001-09-09T01:46:40Z", "The screen GarageScreen.open(carAt: 0) returned should use the container's clock (stopped at 2001-09-09T01:46:40Z), but render() returned \"\(text)\". \(culprit) [zh-Hans] GarageScreen.open(carAt: 0) 返回的界面应该使用容器的时钟（停在 2001-09-09T01:46:40Z），但 render() 返回的是 \"\(text)\"。\(culpritZh)")
    }

    @Test("a screen made before the container made any car reports into the telemetry that the container's cars then share")
    func screenBeforeAnyCar() {
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        let stranger = DependencyContainer(clock: FixedClock(date: sentinel)).makeRaceCar(pitRadioFrequency: monza)
        let screen = container.makeDetailScreen(for: stranger)
        let text = screen.render()
        let car = container.makeRaceCar(pitRadioFrequency: PitRadioFrequency(megahertz: 462.5))
        #expect(screen.telemetry === car.telemetry && car.telemetry.entries.contains(text),
                "The container's first request was a detail screen (its car came from another container), then it made a car: the screen's report \"\(text)\" should be in the telemetry that car reports into, but the car's telemetry holds \(car.telemetry.entries). The container owns one Telemetry from its init (a `let`), not one made with its first car. [zh-Hans] 容器收到的第一个请求是详情界面（它的车来自另一个容器），然后才造车：界面的报告 \"\(text)\" 应该在这辆车写入的遥测里，但车的遥测里是 \(car.telemetry.entries)。容器从 init 起就拥有一个 Telemetry（用 `let`），而不是随第一辆车才创建。")
    }

    @Test("a detail screen reports into the telemetry of the container that made it, whoever made the car")
    func detailScreenUsesItsOwnContainer() {
        let home = DependencyContainer(clock: FixedClock(date: sentinel))
        let visitors = DependencyContainer(clock: FixedClock(date: epoch))
        let homeCar = home.makeRaceCar(pitRadioFrequency: monza)
        let visitingCar = visitors.makeRaceCar(pitRadioFrequency: spa)
        let screen = home.makeDetailScreen(for: visitingCar)
        #expect(screen.telemetry === homeCar.telemetry && screen.telemetry !== visitingCar.telemetry, "home.makeDetailScreen(for:) with a car another container made should still hand the screen home's own telemetry (the one home's cars share), not the car's. The container hands the screen its own collaborators: its telemetry and its clock, never ones taken from the car. [zh-Hans] 用另一个容器创建的赛车调用 home.makeDetailScreen(for:)，仍然应该把 home 自己的遥测（home 的赛车共用的那个）交给界面，而不是赛车的。容器把自己的协作者交给界面：它的遥测和它的时钟，不要从赛车身上拿。")
        let text = screen.render()
        #expect(text == "Car on 461.5 MHz, opened at 2001-09-09T01:46:40Z", "The screen home made should use home's clock (stopped at 2001-09-09T01:46:40Z) for a visiting car too, but render() returned \"\(text)\". [zh-Hans] home 创建的界面对来访的赛车也应该使用 home 的时钟（停在 2001-09-09T01:46:40Z），但 render() 返回的是 \"\(text)\"。")
    }

    @Test("the garage asks the factory it is handed for the detail screen")
    func garageUsesTheHandedFactory() throws {
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        let first = container.makeRaceCar(pitRadioFrequency: monza)
        let second = container.makeRaceCar(pitRadioFrequency: spa)
        let factory = SpyScreenFactory()
        let garage = GarageScreen(cars: [first, second], factory: factory)
        let detail = try #require(garage.open(carAt: 1), "GarageScreen.open(carAt: 1) returned nil for a garage with two cars. [zh-Hans] 对有两辆赛车的车库，GarageScreen.open(carAt: 1) 返回了 nil。")
        #expect(factory.requested.count == 1 && factory.requested.first.map { sameCar($0, second) } == true, "open(carAt: 1) should ask the handed factory once, for the second car (461.5 MHz); it asked \(factory.requested.count) time\(factory.requested.count == 1 ? "" : "s"), for the car\(factory.requested.count == 1 ? "" : "s") on \(factory.requested.map { "\($0.pitRadioFrequency)" }). Call factory.makeDetailScreen(for:) instead of building the screen in GarageScreen. [zh-Hans] open(carAt: 1) 应该为第二辆赛车（461.5 MHz）向交给它的工厂请求一次；它请求了 \(factory.requested.count) 次，针对的赛车频率是 \(factory.requested.map { "\($0.pitRadioFrequency)" })。调用 factory.makeDetailScreen(for:)，不要在 GarageScreen 里创建界面。")
        #expect(factory.made.first === detail, "open(carAt:) should return the very screen the factory made, not build another one. [zh-Hans] open(carAt:) 应该返回工厂创建的那个界面，而不是再创建一个。")
        #expect(garage.open(carAt: 5) == nil, "open(carAt:) should return nil when there is no car at that index. [zh-Hans] 那个索引上没有赛车时，open(carAt:) 应该返回 nil。")
        #expect(factory.requested.count == 1, "open(carAt:) should not ask the factory for a car that does not exist. [zh-Hans] open(carAt:) 不应该为不存在的赛车向工厂请求界面。")
        // Opening the same car again asks the factory again: the garage hands over what the factory makes, every time.
        let again = try #require(garage.open(carAt: 1), "GarageScreen.open(carAt: 1) returned nil the second time. [zh-Hans] 第二次调用 GarageScreen.open(carAt: 1) 返回了 nil。")
        #expect(factory.requested.count == 2 && factory.made.last === again && again !== detail, "Opening the second car again should ask the factory again and return the new screen it makes; the factory was asked \(factory.requested.count) time\(factory.requested.count == 1 ? "" : "s") in all and open(carAt:) returned \(again === detail ? "the first screen again" : "another screen"). The garage keeps no screens: every open(carAt:) returns what the factory makes for it. [zh-Hans] 再次打开第二辆赛车应该再向工厂请求一次，并返回工厂新造的界面；工厂一共被请求了 \(factory.requested.count) 次，open(carAt:) 返回的是\(again === detail ? "第一次的那个界面" : "另一个界面")。车库不保存界面：每次 open(carAt:) 都返回工厂为它造的界面。")
    }

    @Test("open(carAt:) asks for the car at that index in the order the garage was handed, whatever that order, also when the factory opens another car while it makes a screen (100 seeded garages)")
    func garageOpensTheCarAtTheIndex() {
        // The model: open(carAt: i) asks the factory once, for cars[i] exactly as the list was handed (unsorted, one car
        // listed twice), and returns what the factory made; past either end it asks nothing and returns nil. An open the
        // factory makes while it makes a screen (a factory that calls back in) is an open like any other.
        var state: UInt64 = 0x07_6A2A
        func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        for round in 0..<100 {
            var cars = (0..<(1 + next(6))).map { _ in container.makeRaceCar(pitRadioFrequency: PitRadioFrequency(megahertz: Double(400 + next(100)) + 0.25)) }
            if next(3) == 0, let again = cars.first { cars.append(again) }
            for i in stride(from: cars.count - 1, to: 0, by: -1) { cars.swapAt(i, next(i + 1)) }
            let factory = CallingBackScreenFactory()
            let garage = GarageScreen(cars: cars, factory: factory)
            // In a third of the garages the factory, at one or two of its requests, opens another car of the same
            // garage (or an index past an end) before it makes the screen it was asked for.
            if next(3) == 0 {
                for _ in 0...next(2) { factory.callBacks[next(4)] = next(cars.count + 2) - 1 }
                factory.reopen = { garage.open(carAt: $0) }
            }
            defer { factory.reopen = nil }
            var callBacks = factory.callBacks, modelRequests: [Int] = [], modelFromInside: [Int?] = []
            func modelOpen(_ index: Int) -> Int? {
                guard cars.indices.contains(index) else { return nil }
                let number = modelRequests.count
                modelRequests.append(index)
                if let inner = callBacks.removeValue(forKey: number) { modelFromInside.append(modelOpen(inner)) }
                return number
            }
            func isScreen(_ screen: CarDetailScreen?, ofRequest number: Int?) -> Bool {
                guard let number else { return screen == nil }
                return screen != nil && factory.made[number] === screen
            }
            for index in [next(cars.count), next(cars.count), cars.count, -1 - next(3)] {
                let asked = factory.requested.count
                let expected = modelOpen(index)
                let opened = garage.open(carAt: index)
                let inRange = cars.indices.contains(index)
                let right = factory.requested.count == modelRequests.count
                    && zip(factory.requested, modelRequests).allSatisfy { sameCar($0, cars[$1]) }
                    && isScreen(opened, ofRequest: expected)
                    && factory.openedFromInside.count == modelFromInside.count
                    && zip(factory.openedFromInside, modelFromInside).allSatisfy { isScreen($0, ofRequest: $1) }
                guard right else {
                    let fromInside = modelRequests.count - asked - (inRange ? 1 : 0)
                    let inside = fromInside > 0 ? " The factory, while it made that screen, opened \(fromInside) more car\(fromInside == 1 ? "" : "s") of this garage (an open inside an open): each of those asks the factory too, for its own car, and returns its own screen." : ""
                    let insideZh = fromInside > 0 ? "工厂在造这个界面时，又打开了这个车库的另外 \(fromInside) 辆车（在一次打开之中的打开）：每一次也都要为它自己的车向工厂请求，并返回它自己的界面。" : ""
                    Issue.record("Garage \(round) (seed 0x76A2A) of \(cars.count) cars handed in the order \(cars.map { "\($0.pitRadioFrequency)" }): open(carAt: \(index)) \(inRange ? "should ask the factory once, for the car at index \(index) (\(cars[index].pitRadioFrequency)), and return the screen it makes" : "should return nil without asking the factory");\(inside) The factory should have been asked \(modelRequests.count - asked) time\(modelRequests.count - asked == 1 ? "" : "s"), for the cars on \(modelRequests.dropFirst(asked).map { "\(cars[$0].pitRadioFrequency)" }); it was asked \(factory.requested.count - asked) time\(factory.requested.count - asked == 1 ? "" : "s"), for the cars on \(factory.requested.dropFirst(asked).map { "\($0.pitRadioFrequency)" }). Keep the cars in the order you were handed them (no sorting, no dropping a car listed twice), open the one at that index, and let every open ask the factory, an open made while another is under way too (no flag that turns it away). [zh-Hans] 第 \(round) 个车库（种子 0x76A2A），\(cars.count) 辆赛车按 \(cars.map { "\($0.pitRadioFrequency)" }) 的顺序交入：open(carAt: \(index)) \(inRange ? "应该为索引 \(index) 上的那辆车（\(cars[index].pitRadioFrequency)）向工厂请求一次，并返回工厂造出的界面" : "应该返回 nil，不向工厂请求")。\(insideZh)工厂应该被请求 \(modelRequests.count - asked) 次，请求的车频率依次是 \(modelRequests.dropFirst(asked).map { "\(cars[$0].pitRadioFrequency)" })；实际被请求了 \(factory.requested.count - asked) 次，请求的车频率是 \(factory.requested.dropFirst(asked).map { "\($0.pitRadioFrequency)" })。按交给你的顺序保存赛车（不排序，也不丢掉出现两次的车），打开那个索引上的那辆，并让每一次打开都去问工厂，另一次打开还没结束时的打开也一样（不要用标志把它挡回去）。")
                    return
                }
            }
        }
    }

    @Test("a detail screen the container makes asks the container's clock at every render, when the screen is opened through the garage too")
    func detailScreenAsksTheClockAtEveryRender() throws {
        let container = DependencyContainer(clock: MovingClock(from: epoch))
        let car = container.makeRaceCar(pitRadioFrequency: monza)
        let screen = container.makeDetailScreen(for: car)
        let first = screen.render(), second = screen.render()
        let garage = GarageScreen(cars: [car], factory: container)
        let opened = try #require(garage.open(carAt: 0), "GarageScreen.open(carAt: 0) returned nil for a garage with one car. [zh-Hans] 对有一辆赛车的车库，GarageScreen.open(carAt: 0) 返回了 nil。")
        let third = opened.render(), fourth = opened.render()
        let stamps = [first, second, third, fourth]
        #expect(Set(stamps).count == 4, "With a clock that moves a day at every read, four renders (two of a screen from makeDetailScreen(for:), two of one from the garage) should show four moments; they showed \(stamps). Hand the screen the container's clock itself, and let render() ask it each time: not a time read when the screen was made, not a copy of the clock frozen at that moment. [zh-Hans] 时钟每读一次就前进一天，四次渲染（两次来自 makeDetailScreen(for:) 的界面，两次来自车库打开的界面）应该显示四个时刻；实际显示的是 \(stamps)。把容器的时钟本身交给界面，让 render() 每次都去问它：不要用界面创建时读到的时间，也不要用那一刻冻结的时钟副本。")
    }

    @Test("open(carAt:) returns nil for a negative index, without asking the factory")
    func opensNothingForANegativeIndex() {
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        let cars = [container.makeRaceCar(pitRadioFrequency: monza), container.makeRaceCar(pitRadioFrequency: spa)]
        let factory = SpyScreenFactory()
        let garage = GarageScreen(cars: cars, factory: factory)
        // If this test crashes with "Index out of range", open(carAt:) let a negative index through to cars[index].
        for index in [-1, -2] {
            #expect(garage.open(carAt: index) == nil, "open(carAt: \(index)) should return nil: there is no car at a negative index. Check both ends before cars[index], e.g. `guard cars.indices.contains(index) else { return nil }`; `index < cars.count` alone lets -1 through, and cars[-1] crashes. [zh-Hans] open(carAt: \(index)) 应该返回 nil：负数索引上没有赛车。在 cars[index] 之前检查两端，例如 `guard cars.indices.contains(index) else { return nil }`；只写 `index < cars.count` 会放过 -1，而 cars[-1] 会崩溃。")
        }
        #expect(factory.requested.isEmpty, "open(carAt:) with a negative index asked the factory \(factory.requested.count) time\(factory.requested.count == 1 ? "" : "s"); there is no car there, so it should return nil without asking the factory. [zh-Hans] 用负数索引调用 open(carAt:) 时向工厂请求了 \(factory.requested.count) 次；那里没有赛车，所以应该直接返回 nil，不向工厂请求。")
    }

    @Test("nothing in the graph reaches for Telemetry.shared")
    func noGlobalTelemetry() throws {
        let before = Telemetry.sharedAccessCount
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        let car = container.makeRaceCar(pitRadioFrequency: monza)
        _ = car.start()
        let detail = try #require(GarageScreen(cars: [car], factory: container).open(carAt: 0), "GarageScreen.open(carAt: 0) returned nil for a garage with one car. [zh-Hans] 对只有一辆赛车的车库，GarageScreen.open(carAt: 0) 返回了 nil。")
        _ = detail.render()
        let reads = Telemetry.sharedAccessCount - before
        #expect(reads == 0, "Telemetry.shared was read \(reads) time\(reads == 1 ? "" : "s") while building and using the cars and screens. The container owns the team's telemetry: remove every Telemetry.shared from RaceCar, GarageScreen and the container. [zh-Hans] 在创建和使用赛车与界面时，Telemetry.shared 被读取了 \(reads) 次。车队的遥测归容器所有：删除 RaceCar、GarageScreen 和容器中所有的 Telemetry.shared。")
    }

    @Test("making a detail screen reports nothing: only render() reports, whoever makes the screen")
    func makingAScreenReportsNothing() throws {
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        let car = container.makeRaceCar(pitRadioFrequency: monza)
        let before = car.telemetry.entries
        _ = container.makeDetailScreen(for: car)
        let garage = GarageScreen(cars: [car], factory: container)
        _ = garage.open(carAt: 0)
        #expect(car.telemetry.entries == before, "Opening screens (the container's makeDetailScreen(for:) and GarageScreen.open(carAt:)) added \(car.telemetry.entries.count - before.count) entries to the telemetry before anyone rendered them: \(car.telemetry.entries). A screen reports once per render(), and making one renders nothing. [zh-Hans] 打开界面（容器的 makeDetailScreen(for:) 和 GarageScreen.open(carAt:)）时，还没有人渲染，遥测里就多了 \(car.telemetry.entries.count - before.count) 条记录：\(car.telemetry.entries)。界面每次 render() 报告一次，创建界面不渲染任何东西。")
    }

    @Test("rendering a detail screen reports its text into the screen's telemetry, once per render")
    func renderReportsToTelemetry() {
        let car = DependencyContainer(clock: FixedClock(date: sentinel)).makeRaceCar(pitRadioFrequency: monza)
        let telemetry = Telemetry()
        let screen = CarDetailScreen(car: car, telemetry: telemetry, clock: FixedClock(date: epoch))
        let text = screen.render()
        #expect(telemetry.entries == [text], "CarDetailScreen.render() should report the text it returns into the telemetry it was handed, once; that telemetry holds \(telemetry.entries). [zh-Hans] CarDetailScreen.render() 应该把它返回的文字写入交给它的遥测，只写一次；这个遥测里是 \(telemetry.entries)。")
        _ = screen.render()
        #expect(telemetry.entries.count == 2, "Each render() should report once: after two renders the telemetry holds \(telemetry.entries.count) entries. [zh-Hans] 每次 render() 都应该报告一次：渲染两次之后，遥测里有 \(telemetry.entries.count) 条记录。")
    }

    @Test("start() asks the clock each time the car starts")
    func startAsksTheClockEachTime() {
        let car = DependencyContainer(clock: MovingClock(from: epoch)).makeRaceCar(pitRadioFrequency: monza)
        let first = car.start()
        let second = car.start()
        #expect(first != second, "Two starts of one car with a moving clock gave the same report \"\(first)\". start() should ask the clock it was handed each time it runs (clock.now() inside start()), not keep a time read earlier, in init. [zh-Hans] 时钟在走，同一辆赛车启动两次却得到同样的报告 \"\(first)\"。start() 每次运行都应该向交给它的时钟询问时间（在 start() 里调用 clock.now()），不要保留之前在 init 中读到的时间。")
        #expect(first.hasSuffix("car on 455.25 MHz started") && second.hasSuffix("car on 455.25 MHz started"), "start() should return \"<stamp> car on 455.25 MHz started\"; it returned \"\(first)\" and \"\(second)\". [zh-Hans] start() 应该返回 \"<时间戳> car on 455.25 MHz started\"；它返回的是 \"\(first)\" 和 \"\(second)\"。")
    }

    @Test("with a clock that moves at every read, each start() records exactly the report it returns, once")
    func startRecordsWhatItReturns() {
        let car = DependencyContainer(clock: MovingClock(from: epoch)).makeRaceCar(pitRadioFrequency: monza)
        let before = car.telemetry.entries.count
        let reports = (0..<3).map { _ in car.start() }
        let recorded = Array(car.telemetry.entries.dropFirst(before))
        #expect(recorded == reports, "Three starts on a clock that moves at every read returned \(reports) and recorded \(recorded) in the car's telemetry. Each start() should read the clock once, build its report once, record that report and return the same one. [zh-Hans] 在每次读取都会前进的时钟上启动三次，返回了 \(reports)，而赛车的遥测里记录的是 \(recorded)。每次 start() 只读一次时钟、只生成一次报告，记录这份报告并返回同一份。")
    }

    @Test("whatever the clock does (stands still, moves, goes back, starts the car again while it is asked), every start() asks it once and records exactly the report it returns, once, the same report twice in a row too (100 seeded sessions)")
    func everyStartRecordedWhateverTheClock() {
        var generator = SeededGenerator(state: 0x57A2_7ED5)
        // A moment as the lesson text writes it, in UTC (`2001-09-09T01:46:40Z`), written by the test itself.
        let utc = ISO8601DateFormatter()
        for session in 0..<100 {
            let steps: [TimeInterval] = (0..<Int.random(in: 2...16, using: &generator)).map { _ in
                [0, 0, 0, 86_400, -86_400].randomElement(using: &generator)!
            }
            let clock = ScriptedClock(from: epoch, steps: steps)
            let car = DependencyContainer(clock: clock).makeRaceCar(pitRadioFrequency: monza)
            let starts = Int.random(in: 2...8, using: &generator)
            // In half the sessions the clock, at one or two of its reads, starts the car again before it answers: a
            // start inside a start is a start too.
            var callBackAt: Set<Int> = []
            if Bool.random(using: &generator) {
                for _ in 0..<Int.random(in: 1...2, using: &generator) { callBackAt.insert(Int.random(in: 0..<(starts + 1), using: &generator)) }
            }
            var fromInside: [String] = []
            clock.callBackAt = callBackAt
            clock.callBack = { fromInside.append(car.start()) }
            defer { clock.callBack = nil }

            // The model: every start reads the clock once (the read's moment is the script's), a start the clock makes
            // while it is asked runs whole before that read is answered, and each start records the report it returns.
            func moment(_ read: Int) -> Date { epoch.addingTimeInterval(steps.prefix(read).reduce(0, +)) }
            var modelReads = 0, modelRecorded: [String] = [], modelFromInside: [String] = []
            func modelStart() -> String {
                let read = modelReads
                modelReads += 1
                if callBackAt.contains(read) { modelFromInside.append(modelStart()) }
                let report = "\(utc.string(from: moment(read))) car on 455.25 MHz started"
                modelRecorded.append(report)
                return report
            }
            let expectedReports = (0..<starts).map { _ in modelStart() }

            let before = car.telemetry.entries.count
            let reports = (0..<starts).map { _ in car.start() }
            let recorded = Array(car.telemetry.entries.dropFirst(before))
            let inside = callBackAt.isEmpty ? "" : " (\(modelFromInside.count) of them started by the clock while start() asked it, at its read\(callBackAt.count == 1 ? "" : "s") \(callBackAt.sorted().map { $0 + 1 }))"
            let insideZh = callBackAt.isEmpty ? "" : "（其中 \(modelFromInside.count) 次是时钟在 start() 询问它时、在第 \(callBackAt.sorted().map { $0 + 1 }) 次读取中再次启动的）"
            // Every start starts the engine, a running one too: the car keeps the behaviour it had.
            guard car.engine.starts == modelReads else {
                Issue.record("Session \(session) (seed 0x57A27ED5): \(modelReads) starts of one car\(inside) started its engine \(car.engine.starts) time\(car.engine.starts == 1 ? "" : "s"). start() starts the engine every time it runs, as it always did, also when the engine was started before, and also when it runs inside another start. [zh-Hans] 第 \(session) 轮（种子 0x57A27ED5）：同一辆赛车启动 \(modelReads) 次\(insideZh)，引擎被启动了 \(car.engine.starts) 次。start() 每次运行都启动引擎，和原来一样，即使引擎之前已经启动过，即使这次启动发生在另一次启动之中。")
                return
            }
            guard clock.reads == modelReads else {
                Issue.record("Session \(session) (seed 0x57A27ED5): \(modelReads) starts of one car\(inside) asked its clock \(clock.reads) time\(clock.reads == 1 ? "" : "s"). Each start() asks the clock once, and stamps its report with that moment: read it once, keep it in a `let`, and use that. [zh-Hans] 第 \(session) 轮（种子 0x57A27ED5）：同一辆赛车启动 \(modelReads) 次\(insideZh)，却询问了时钟 \(clock.reads) 次。每次 start() 只询问时钟一次，并用这一时刻给报告盖时间戳：读一次，存进一个 `let`，然后用它。")
                return
            }
            guard reports == expectedReports, fromInside == modelFromInside, recorded == modelRecorded else {
                Issue.record("Session \(session) (seed 0x57A27ED5): on a clock that moved by \(steps.map { $0 == 0 ? "0" : $0 > 0 ? "+1 day" : "-1 day" }) between reads, \(modelReads) starts\(inside) should return \(expectedReports)\(modelFromInside.isEmpty ? "" : " (and \(modelFromInside) from inside)") and record \(modelRecorded); they returned \(reports)\(modelFromInside.isEmpty ? "" : " (and \(fromInside) from inside)") and recorded \(recorded). Each start() reads the clock once, stamps its report with that moment, and records the report it returns, every time, even when it is the same text as the last one (two starts at the same moment are two starts), and also when it runs inside another start (it is recorded when it ends, before the start it ran in). [zh-Hans] 第 \(session) 轮（种子 0x57A27ED5）：时钟在两次读取之间依次变化 \(steps.map { $0 == 0 ? "0" : $0 > 0 ? "+1 天" : "-1 天" })，\(modelReads) 次启动\(insideZh)应该返回 \(expectedReports)\(modelFromInside.isEmpty ? "" : "（在启动之中的返回 \(modelFromInside)）")，并记录 \(modelRecorded)；实际返回了 \(reports)\(modelFromInside.isEmpty ? "" : "（在启动之中的返回 \(fromInside)）")，记录的是 \(recorded)。每次 start() 只读一次时钟，用这一时刻给报告盖时间戳，并记录它返回的报告，每一次都记，即使和上一条文字相同（同一时刻的两次启动也是两次启动），即使它发生在另一次启动之中（它结束时就记录，早于包含它的那次启动）。")
                return
            }
        }
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
        #expect(weakContainer == nil, "The car keeps its DependencyContainer alive after the container is gone: it holds the container (or something that holds it) and pulls its engine, telemetry or clock out of it, a service locator. Hand RaceCar the parts themselves (engine, telemetry, frequency, clock) and keep nothing else. [zh-Hans] 容器已经离开，赛车却仍让它的 DependencyContainer 存活：赛车持有容器（或持有容器的东西），并从中取出引擎、遥测或时钟，这是服务定位器。把零件本身（引擎、遥测、频率、时钟）交给 RaceCar，别的什么都不要保留。")
        #expect(report == "2001-09-09T01:46:40Z car on 455.25 MHz started", "A car whose container is gone should still start with the clock it was handed; start() returned \"\(report)\". [zh-Hans] 容器已经离开的赛车也应该用交给它的时钟启动；start() 返回的是 \"\(report)\"。")
    }

    @Test("the container keeps no car and no detail screen it made: once the caller lets go, they are gone")
    func containerKeepsWhatItSharesOnly() {
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        // A car may be a struct: what shows that it is gone is its engine (a class), which only the car holds.
        weak var weakEngine: Engine?
        weak var weakScreen: CarDetailScreen?
        do {
            let car = container.makeRaceCar(pitRadioFrequency: monza)
            weakEngine = car.engine
            weakScreen = container.makeDetailScreen(for: car)
        }
        #expect(weakEngine == nil, "The engine of a car made by makeRaceCar(pitRadioFrequency:) stayed alive after the caller let go of the car: the container keeps the car (a list of built cars, a cache) or its engine. The container shares only what is shared (the telemetry, the clock); a car and its engine are new for every call and belong to whoever asked: makeRaceCar remembers nothing between calls. [zh-Hans] 调用者放手之后，makeRaceCar(pitRadioFrequency:) 造出的赛车的引擎仍然存活：容器留住了这辆车（一张造过的车的列表、一个缓存）或它的引擎。容器只共享该共享的东西（遥测、时钟）；赛车和它的引擎每次调用都是新的，属于要它的人：makeRaceCar 在两次调用之间什么也不记住。")
        #expect(weakScreen == nil, "A detail screen made by makeDetailScreen(for:) stayed alive after its caller let go: the container keeps it. Make a new screen for every call and keep none. [zh-Hans] makeDetailScreen(for:) 造出的详情界面在调用者放手之后仍然存活：容器留住了它。每次调用都造一个新界面，一个也不要保留。")
    }

    @Test("asked twice for a screen for one car while the first is still open, the container makes a second screen, and it remembers nothing between calls")
    func everyScreenIsANewScreen() throws {
        let container = DependencyContainer(clock: FixedClock(date: sentinel))
        let car = container.makeRaceCar(pitRadioFrequency: monza)
        let first = container.makeDetailScreen(for: car)
        // What the container stores once it has made a car and a screen (a shared object made on first use is made by now).
        let stored = storedState(container)
        let second = container.makeDetailScreen(for: car)
        let garage = GarageScreen(cars: [car, car], factory: container)
        let opened = try #require(garage.open(carAt: 0), "GarageScreen.open(carAt: 0) returned nil for a garage with two cars. [zh-Hans] 对有两辆赛车的车库，GarageScreen.open(carAt: 0) 返回了 nil。")
        let openedAgain = try #require(garage.open(carAt: 1), "GarageScreen.open(carAt: 1) returned nil for a garage with two cars. [zh-Hans] 对有两辆赛车的车库，GarageScreen.open(carAt: 1) 返回了 nil。")
        // Every screen is still held here while the next one is asked for.
        let screens = [first, second, opened, openedAgain]
        let distinct = Set(screens.map { ObjectIdentifier($0) }).count
        #expect(distinct == 4, "Four screens were asked for one car, each while the ones before were still open (two from makeDetailScreen(for:), two through the garage); the container handed out \(distinct) different screen\(distinct == 1 ? "" : "s"). makeDetailScreen(for:) builds a new screen on every call, also for a car whose earlier screen is still open: do not hand back a screen made before (no cache, weak or by car). [zh-Hans] 为同一辆车要了四个界面，每次要的时候前面的界面都还开着（两个来自 makeDetailScreen(for:)，两个经由车库）；容器交出的只有 \(distinct) 个不同的界面。makeDetailScreen(for:) 每次调用都创建一个新界面，即使这辆车之前的界面还开着：不要交回以前造过的界面（不要缓存，无论是 weak 的还是按车保存的）。")
        let entries = car.telemetry.entries.count
        let texts = screens.map { $0.render() }
        let added = car.telemetry.entries.count - entries
        #expect(added == 4 && texts.allSatisfy { $0 == "Car on 455.25 MHz, opened at 2001-09-09T01:46:40Z" }, "Each of the four screens rendered once: each should report its own render, 4 entries, each \"Car on 455.25 MHz, opened at 2001-09-09T01:46:40Z\"; the telemetry got \(added) and the renders returned \(texts). [zh-Hans] 四个界面各渲染一次：每个都应该报告自己的渲染，共 4 条，每条都是 \"Car on 455.25 MHz, opened at 2001-09-09T01:46:40Z\"；遥测收到了 \(added) 条，渲染返回的是 \(texts)。")
        // Twenty more cars and screens, half of them kept, half let go at once: what the container stores does not move.
        var kept: [CarDetailScreen] = []
        for round in 0..<20 {
            let another = container.makeRaceCar(pitRadioFrequency: round.isMultiple(of: 2) ? monza : spa)
            let screen = container.makeDetailScreen(for: round.isMultiple(of: 3) ? car : another)
            if round.isMultiple(of: 2) { kept.append(screen) }
        }
        let after = storedState(container)
        #expect(after == stored, "The container stored [\(stored)] after its first car and screen, and [\(after)] after twenty more: it remembers something between calls (a count, a list, the last screen or car). The container keeps only what it shares, its telemetry and its clock; every car and screen it makes is new and belongs to its caller. [zh-Hans] 容器在造出第一辆车和第一个界面之后保存的是 [\(stored)]，又造了二十个之后保存的是 [\(after)]：它在两次调用之间记住了东西（一个计数、一张列表、上一个界面或上一辆车）。容器只保存它共享的东西，也就是遥测和时钟；它造的每辆车、每个界面都是新的，属于调用者。")
        _ = kept
    }

    @Test("the garage keeps the factory it is handed")
    func garageKeepsItsFactory() {
        let car = DependencyContainer(clock: FixedClock(date: sentinel)).makeRaceCar(pitRadioFrequency: monza)
        let garage = GarageScreen(cars: [car], factory: SpyScreenFactory())   // nobody else holds this factory
        #expect(garage.open(carAt: 0) != nil, "A garage handed a factory that nobody else holds opened nothing for open(carAt: 0). GarageScreen owns its factory: keep it in a plain `let factory: any DetailScreenFactory`, not a `weak` (or `unowned`) one; weak is for delegates that own you, lesson 2. [zh-Hans] 拿到一个没有别人持有的工厂的车库，open(carAt: 0) 什么也没打开。GarageScreen 拥有它的工厂：把工厂保存在普通的 `let factory: any DetailScreenFactory` 中，不要用 `weak`（或 `unowned`）；weak 用于拥有你的代理，见第 02 课。")
    }
}

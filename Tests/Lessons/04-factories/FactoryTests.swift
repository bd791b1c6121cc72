import Foundation
import Testing
@testable import Factories

/// Writes down every object a factory makes, in order.
final class Made<Thing: AnyObject> {
    private(set) var items: [Thing] = []

    func record(_ thing: Thing) -> Thing {
        items.append(thing)
        return thing
    }
}

/// True when no two objects in the list are the same instance.
func allDistinct(_ objects: [AnyObject]) -> Bool {
    for i in objects.indices {
        for j in objects.indices where j > i && objects[i] === objects[j] {
            return false
        }
    }
    return true
}

/// Watches the factories of a line-up run: the order they start in, and
/// whether one ever starts while another is still running. The first factory
/// waits (at most 50 ms) for another one to start: a line-up that runs the
/// factories one after another never lets that happen, and one that runs them
/// side by side is caught in the act.
final class LineUpWatch: @unchecked Sendable {
    private let lock = NSLock()
    private let anotherStarted = DispatchSemaphore(value: 0)
    private var running = 0
    private var startedInOrder: [Int] = []
    private var overlapping = 0

    func factory(_ index: Int, builder: String) -> () -> any Car {
        { [self] in
            lock.lock()
            if running > 0 { overlapping += 1 }
            running += 1
            startedInOrder.append(index)
            lock.unlock()
            if index == 0 {
                _ = anotherStarted.wait(timeout: .now() + .milliseconds(50))
            } else {
                anotherStarted.signal()
            }
            lock.lock()
            running -= 1
            lock.unlock()
            return KitCar(builder: builder)
        }
    }

    var starts: [Int] { lock.lock(); defer { lock.unlock() }; return startedInOrder }
    var overlaps: Int { lock.lock(); defer { lock.unlock() }; return overlapping }
}

/// A small, seeded generator (SplitMix64): the same seed gives the same grids everywhere.
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

@Suite("Factories", .serialized)
struct FactoryTests {
    @Test("a car that never crashes never gets a fire extinguisher")
    func noCrashNoExtinguisher() {
        let extinguishers = Made<FireExtinguisher>()
        let car = RaceCar(wheelFactory: { Wheel() }, fireExtinguisherFactory: { extinguishers.record(FireExtinguisher()) })
        car.replaceWheel(at: 1)
        #expect(extinguishers.items.isEmpty, "The fire extinguisher factory ran \(extinguishers.items.count) time\(extinguishers.items.count == 1 ? "" : "s") for a car that never crashed. Store the factory, and call it only inside recoverFromCrash(). [zh-Hans] 赛车从未撞车，灭火器工厂却运行了 \(extinguishers.items.count) 次。保存这个工厂，只在 recoverFromCrash() 里调用它。")
    }

    @Test("a crash calls the extinguisher factory once, even when the extinguisher does not work")
    func oneExtinguisherPerCrashEvenADud() {
        let extinguishers = Made<FireExtinguisher>()
        let car = RaceCar(wheelFactory: { Wheel() }, fireExtinguisherFactory: {
            // A dud: this extinguisher was already used, it cannot spray.
            let used = FireExtinguisher()
            _ = used.spray()
            return extinguishers.record(used)
        })
        _ = car.recoverFromCrash()
        _ = car.recoverFromCrash()
        #expect(extinguishers.items.count == 2, "After 2 crashes the fire extinguisher factory should have run 2 times, once per crash, even though the extinguishers it made did not work; it ran \(extinguishers.items.count) time\(extinguishers.items.count == 1 ? "" : "s"). In recoverFromCrash(), call the factory once and spray that extinguisher: do not ask the factory for another one when it does not spray. [zh-Hans] 撞车 2 次后，即使工厂造出的灭火器都不能用，灭火器工厂也应该运行 2 次，每次撞车一次；它运行了 \(extinguishers.items.count) 次。在 recoverFromCrash() 中只调用一次工厂，并喷射那只灭火器：它喷不出来时，不要再向工厂要一只。")
    }

    @Test("the report says what the extinguisher handed over did: an empty one is reported empty, a full one puts the fire out")
    func reportFollowsTheExtinguisher() {
        var made = 0
        let car = RaceCar(wheelFactory: { Wheel() }, fireExtinguisherFactory: {
            made += 1
            let extinguisher = FireExtinguisher()
            // Every second one was already used: it cannot spray.
            if made % 2 == 0 { _ = extinguisher.spray() }
            return extinguisher
        })
        let reports = (1...4).map { _ in car.recoverFromCrash() }
        #expect(reports == ["Fire out.", "Extinguisher empty!", "Fire out.", "Extinguisher empty!"], "With a factory that hands over a full extinguisher, then an empty one, and so on, the four crashes should report [\"Fire out.\", \"Extinguisher empty!\", \"Fire out.\", \"Extinguisher empty!\"], but they reported \(reports). Keep the behaviour: spray the extinguisher the factory hands over and report what it did, \"Fire out.\" when it sprays and \"Extinguisher empty!\" when it does not. [zh-Hans] 工厂先交出一只满的灭火器、再交出一只空的，如此交替，四次撞车应该报告 [\"Fire out.\", \"Extinguisher empty!\", \"Fire out.\", \"Extinguisher empty!\"]，但报告是 \(reports)。保持原来的行为：喷射工厂交出的那只灭火器，并报告它做了什么：喷出来时是 \"Fire out.\"，喷不出来时是 \"Extinguisher empty!\"。")
    }

    @Test("every crash gets a fresh fire extinguisher from the factory")
    func everyCrashGetsAFreshExtinguisher() {
        let extinguishers = Made<FireExtinguisher>()
        let car = RaceCar(wheelFactory: { Wheel() }, fireExtinguisherFactory: { extinguishers.record(FireExtinguisher()) })
        let reports = [car.recoverFromCrash(), car.recoverFromCrash(), car.recoverFromCrash()]
        #expect(extinguishers.items.count == 3, "After 3 crashes the fire extinguisher factory should have run 3 times, but it ran \(extinguishers.items.count) time\(extinguishers.items.count == 1 ? "" : "s"). Call the factory once in every recoverFromCrash(). [zh-Hans] 撞车 3 次后，灭火器工厂应该运行 3 次，但它运行了 \(extinguishers.items.count) 次。每次 recoverFromCrash() 都调用一次工厂。")
        #expect(reports == ["Fire out.", "Fire out.", "Fire out."], "Each crash should be put out with a new extinguisher, but the reports were \(reports). An extinguisher is empty after one fire: do not keep it for the next crash. [zh-Hans] 每次撞车都应该用一只新的灭火器灭火，但报告是 \(reports)。一只灭火器灭一次火就空了：不要留着它用于下一次撞车。")
        let allSprayed = extinguishers.items.allSatisfy { $0.isEmpty }
        #expect(allSprayed, "Every extinguisher the factory made should have been sprayed once. [zh-Hans] 工厂造出的每只灭火器都应该喷射过一次。")
    }

    @Test("crashes are reported as the extinguisher handed over says, whatever the factory hands: a full one, an empty one, one used before, the same one twice in a row, and a crash recovered from inside the factory while the car recovers from another (200 seeded sessions)")
    func crashesAsHandedOver() {
        // The model: one factory call per recoverFromCrash(), the extinguisher handed over is sprayed once, and the report
        // says what it did: "Fire out." when it was full, "Extinguisher empty!" when it was not (used before, handed over
        // again, or sprayed by the crash before). Now and then the factory, asked for an extinguisher, first has the car
        // recover from another crash (one level deep): that crash gets its own call, its own extinguisher and its own report.
        final class CarBox { weak var car: RaceCar? }
        var generator = SeededGenerator(state: 0x04_F12E)
        for session in 0..<200 {
            var next: FireExtinguisher?
            var nested: FireExtinguisher?
            var innerReports: [String] = []
            var calls = 0
            var handed: [FireExtinguisher] = []
            let box = CarBox()
            let car = RaceCar(wheelFactory: { Wheel() }, fireExtinguisherFactory: {
                calls += 1
                if let inner = nested, let car = box.car {
                    // Asked for an extinguisher, the factory first has the car recover from another crash.
                    nested = nil
                    let outer = next
                    next = inner
                    innerReports.append(car.recoverFromCrash())
                    next = outer
                }
                return next ?? FireExtinguisher()
            })
            box.car = car
            var steps: [String] = []
            func draw() -> (extinguisher: FireExtinguisher, words: String) {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: return (FireExtinguisher(), "a full one")
                case 1: let used = FireExtinguisher(); _ = used.spray(); return (used, "an empty one")
                case 2:
                    if let earlier = handed.randomElement(using: &generator) { return (earlier, "one handed over before") }
                    return (FireExtinguisher(), "a full one")
                default:
                    if let last = handed.last { return (last, "the one handed over last, again") }
                    return (FireExtinguisher(), "a full one")
                }
            }
            func report(_ extinguisher: FireExtinguisher, emptied: Bool) -> String {
                extinguisher.isEmpty || emptied ? "Extinguisher empty!" : "Fire out."
            }
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let callsBefore = calls
                innerReports = []
                var wantedInner: [String] = []
                var wantedCalls = 1
                let outer: (extinguisher: FireExtinguisher, words: String)
                let wanted: String
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    // A crash within a crash: the inner one is recovered from first, with its own extinguisher.
                    let inner = draw()
                    handed.append(inner.extinguisher)
                    outer = draw()
                    wantedInner = [report(inner.extinguisher, emptied: false)]
                    wanted = report(outer.extinguisher, emptied: outer.extinguisher === inner.extinguisher)
                    nested = inner.extinguisher
                    wantedCalls = 2
                    steps.append("\(outer.words), after a crash recovered from inside the factory with \(inner.words)")
                } else {
                    outer = draw()
                    wanted = report(outer.extinguisher, emptied: false)
                    steps.append(outer.words)
                }
                handed.append(outer.extinguisher)
                next = outer.extinguisher
                let got = car.recoverFromCrash()
                next = nil
                nested = nil
                let allUsed = handed.allSatisfy(\.isEmpty)
                guard calls == callsBefore + wantedCalls, got == wanted, innerReports == wantedInner, allUsed else {
                    Issue.record("Session \(session) (seed 0x4F12E): the extinguisher factory handed over \(steps.joined(separator: "; then ")). The last crash took \(calls - callsBefore) factory call\(calls - callsBefore == 1 ? "" : "s") (it should take \(wantedCalls)) and reported \(innerReports.map { "\"\($0)\", then " }.joined())\"\(got)\" (it should report \(wantedInner.map { "\"\($0)\", then " }.joined())\"\(wanted)\")\(allUsed ? "" : ", and not every extinguisher handed over was sprayed"). recoverFromCrash() calls the factory once, sprays what it hands over, even one it was handed before, and reports what that extinguisher did; a crash recovered from inside the factory, while the car recovers from another, gets all of that too. [zh-Hans] 第 \(session) 轮（种子 0x4F12E）：灭火器工厂依次交出了 \(steps.joined(separator: "；然后 "))。最后一次撞车调用了工厂 \(calls - callsBefore) 次（应该是 \(wantedCalls) 次），报告是 \(innerReports.map { "\"\($0)\"，然后 " }.joined())\"\(got)\"（应该是 \(wantedInner.map { "\"\($0)\"，然后 " }.joined())\"\(wanted)\"）\(allUsed ? "" : "，而且不是工厂交出的每只灭火器都喷射过")。recoverFromCrash() 调用一次工厂，喷射它交出的灭火器，即使之前交出过，并报告这只灭火器做了什么；赛车正在从一次撞车中恢复时，从工厂里面又恢复了一次撞车，这一次也要得到同样的处理。")
                    return
                }
            }
        }
    }

    @Test("four wheels, each a new one from the wheel factory")
    func fourDistinctWheels() {
        let made = Made<Wheel>()
        let car = RaceCar(wheelFactory: { made.record(Wheel()) }, fireExtinguisherFactory: { FireExtinguisher() })
        let wheels = car.wheels
        #expect(made.items.count == 4, "A car and its wheels should take 4 calls to the wheel factory, one per wheel, but it was called \(made.items.count) time\(made.items.count == 1 ? "" : "s"). [zh-Hans] 一辆赛车和它的轮子应该调用轮子工厂 4 次，每个轮子一次，但实际调用了 \(made.items.count) 次。")
        #expect(wheels.count == 4, "A car should have 4 wheels, but it has \(wheels.count). [zh-Hans] 一辆赛车应该有 4 个轮子，但它有 \(wheels.count) 个。")
        let distinct = allDistinct(wheels)
        let fromFactory = wheels.allSatisfy { wheel in made.items.contains { $0 === wheel } }
        #expect(distinct, "The 4 wheels must be 4 different instances (checked with !==). Call the factory once per wheel instead of reusing one wheel. [zh-Hans] 这 4 个轮子必须是 4 个不同的实例（用 !== 检查）。每个轮子调用一次工厂，不要重复使用同一个轮子。")
        #expect(fromFactory, "Every wheel on the car should come from the wheel factory passed to RaceCar(wheelFactory:fireExtinguisherFactory:); do not write Wheel() inside RaceCar. [zh-Hans] 赛车上的每个轮子都应该来自传给 RaceCar(wheelFactory:fireExtinguisherFactory:) 的轮子工厂；不要在 RaceCar 里写 Wheel()。")
        let inOrder = wheels.count == made.items.count && zip(wheels, made.items).allSatisfy { $0 === $1 }
        #expect(inOrder, "The wheels go on in the order the factory made them, as the starter fitted them (front left, front right, rear left, rear right): the 1st wheel made is wheels[0], the 4th is wheels[3]. The car holds them in another order. Append each new wheel at the end (or map 0..<4 to the factory). [zh-Hans] 轮子按工厂制造的顺序装上，和初始代码一样（左前、右前、左后、右后）：第 1 个造出来的轮子是 wheels[0]，第 4 个是 wheels[3]。现在赛车里轮子的顺序不对。把每个新轮子加在末尾（或者把 0..<4 映射到工厂）。")
    }

    @Test("the car calls the wheel factory 4 times and takes what it hands over, even one wheel every time, even a punctured one", arguments: [false, true])
    func takesWhatTheFactoryHandsOver(punctured: Bool) {
        // Whoever builds the car decides what a wheel is: this factory hands out one wheel, over and over
        // (after 12 calls it gives new ones, so that a car that keeps asking still finishes).
        // A punctured wheel is taken too: the car does not inspect, send back or repair what it is handed.
        let rack = Wheel()
        if punctured { rack.puncture() }
        var calls = 0
        let car = RaceCar(wheelFactory: {
            calls += 1
            return calls <= 12 ? rack : Wheel()
        }, fireExtinguisherFactory: { FireExtinguisher() })
        #expect(calls == 4, "A factory that hands out the same\(punctured ? " punctured" : "") wheel every time was called \(calls) times to build a car; it should be called 4 times, once per wheel. The car takes what the factory hands over: it does not check, filter or ask again (whoever builds the car decides what a wheel is). [zh-Hans] 一个每次都交出同一个轮子的工厂，为造一辆车被调用了 \(calls) 次；它应该被调用 4 次，每个轮子一次。赛车接受工厂交出的东西：不检查、不筛选、不重新索要（由造车的人决定轮子是什么）。")
        #expect(car.wheels.count == 4 && car.wheels.allSatisfy { $0 === rack }, "With a factory that hands out one wheel, the car's 4 wheels should all be that wheel, as handed over. [zh-Hans] 工厂只交出一个轮子时，赛车的 4 个轮子都应该是那个轮子，原样接收。")
        // A spare is taken as handed over too, even when it is the very wheel already on that corner.
        for corner in [2, 0, 3, 1] { car.replaceWheel(at: corner) }
        #expect(calls == 8, "Four spares from a factory that hands out the\(punctured ? " punctured" : "") wheel already in place should take 4 more calls (8 in all), but the factory was called \(calls) times. replaceWheel(at:) asks the factory once and puts on what it hands over, even the wheel already there: no check, no asking again. [zh-Hans] 工厂交出的备胎就是已经装在那里的轮子时，换 4 次备胎应该再调用 4 次（共 8 次），但工厂被调用了 \(calls) 次。replaceWheel(at:) 向工厂要一次，装上它交出的东西，即使就是已经装着的那个轮子：不检查，不重新索要。")
        #expect(car.wheels.count == 4 && car.wheels.allSatisfy { $0 === rack }, "After those spares, every corner should still hold the wheel the factory handed over. [zh-Hans] 换过这些备胎后，每个位置都应该是工厂交出的那个轮子。")
    }

    @Test("after a fire the car keeps no fire extinguisher: each one is gone once the crash is over")
    func keepsNoExtinguisher() {
        weak var used: FireExtinguisher?
        let car = RaceCar(wheelFactory: { Wheel() }, fireExtinguisherFactory: {
            let extinguisher = FireExtinguisher()
            used = extinguisher
            return extinguisher
        })
        withExtendedLifetime(car) {
            _ = car.recoverFromCrash()
            #expect(used == nil, "After recoverFromCrash() the extinguisher the factory handed over is still alive, kept by the car. Remove the stored extinguisher: recoverFromCrash() calls the factory, sprays what it hands over, and lets it go (a local constant, not a property). [zh-Hans] recoverFromCrash() 之后，工厂交出的灭火器还活着，被赛车留住了。删掉存储的灭火器：recoverFromCrash() 调用工厂、喷射它交出的灭火器，然后放手（用局部常量，不用属性）。")
        }
    }

    @Test("a spare wheel comes from the same factory, later, at any corner", arguments: 0..<4)
    func spareFromTheSameFactory(position: Int) throws {
        let made = Made<Wheel>()
        let car = RaceCar(wheelFactory: { made.record(Wheel()) }, fireExtinguisherFactory: { FireExtinguisher() })
        let before = car.wheels
        car.replaceWheel(at: position)
        #expect(made.items.count == 5, "Four wheels and one spare should make 5 calls to the wheel factory, but there were \(made.items.count). Keep the factory and call it again in replaceWheel(at:). [zh-Hans] 四个轮子加一个备胎应该调用轮子工厂 5 次，但实际是 \(made.items.count) 次。保存这个工厂，并在 replaceWheel(at:) 中再次调用它。")
        let spare = try #require(made.items.last, "The wheel factory was never called. [zh-Hans] 轮子工厂从未被调用。")
        #expect(car.wheels.count == 4 && car.wheels[position] === spare, "After replaceWheel(at: \(position)), wheel \(position) should be the new wheel the factory just made\(car.wheels.firstIndex { $0 === spare }.map { ", but it went on at position \($0)" } ?? ""). Put the spare at the position you are given: 0, 1, 2 and 3 are the four corners, in the order the factory made them. [zh-Hans] replaceWheel(at: \(position)) 之后，\(position) 号轮子应该是工厂刚造出的新轮子\(car.wheels.firstIndex { $0 === spare }.map { "，但它被装在了 \($0) 号位置" } ?? "")。把备胎装在给定的位置上：0、1、2、3 是四个角，顺序就是工厂造出它们的顺序。")
        let fiveDistinct = allDistinct(before + [spare])
        #expect(fiveDistinct, "The 4 wheels and the spare should be 5 different instances (checked with !==). [zh-Hans] 这 4 个轮子和备胎应该是 5 个不同的实例（用 !== 检查）。")
        let moved = (0..<4).filter { $0 != position && (car.wheels.count != 4 || before.count != 4 || car.wheels[$0] !== before[$0]) }
        #expect(moved.isEmpty, "replaceWheel(at: \(position)) should leave the other three wheels where they were, but wheel\(moved.count == 1 ? "" : "s") \(moved.map(String.init).joined(separator: ", ")) changed. [zh-Hans] replaceWheel(at: \(position)) 应该让另外三个轮子留在原位，但 \(moved.map(String.init).joined(separator: "、")) 号轮子变了。")
    }

    @Test("spares are put on as handed over, whatever the factory hands: a new wheel, a punctured one, one already on this or another corner, one taken off before, and a spare asked for from inside the factory while the car fits another (200 seeded sessions)")
    func sparesAsHandedOver() {
        // The model: the car asks the factory once per wheel and once per replaceWheel(at:), and each corner holds
        // exactly the last wheel the factory handed over for it; the other corners never change. Now and then the
        // factory, asked for a spare, first asks the car for a spare at some corner (a spare within a spare, one level
        // deep): that one is fitted too, before the factory hands over the wheel it was asked for.
        final class CarBox { weak var car: RaceCar? }
        var generator = SeededGenerator(state: 0x5BA2_E5ED)
        for session in 0..<200 {
            var next: Wheel?
            var nested: (corner: Int, wheel: Wheel)?
            var calls = 0
            var takenOff: [Wheel] = []
            let box = CarBox()
            let car = RaceCar(wheelFactory: {
                calls += 1
                if let inner = nested, let car = box.car {
                    // Asked for a spare, the factory first asks the car for another one, then hands over its own.
                    nested = nil
                    let outer = next
                    next = inner.wheel
                    car.replaceWheel(at: inner.corner)
                    next = outer
                }
                return next ?? Wheel()
            }, fireExtinguisherFactory: { FireExtinguisher() })
            box.car = car
            var expected = car.wheels
            var steps: [String] = []
            guard expected.count == 4, calls == 4 else { return }  // the other tests say why
            func draw(for corner: Int) -> (wheel: Wheel, words: String) {
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: return (Wheel(), "a new wheel for corner \(corner)")
                case 1: let wheel = Wheel(); wheel.puncture(); return (wheel, "a punctured wheel for corner \(corner)")
                case 2:
                    let from = Int.random(in: 0..<4, using: &generator)
                    return (expected[from], from == corner ? "the wheel already on corner \(corner) for corner \(corner)" : "the wheel on corner \(from) for corner \(corner)")
                default:
                    if let old = takenOff.randomElement(using: &generator) { return (old, "a wheel taken off earlier for corner \(corner)") }
                    return (Wheel(), "a new wheel for corner \(corner)")
                }
            }
            for _ in 0..<Int.random(in: 1...10, using: &generator) {
                let corner = Int.random(in: 0..<4, using: &generator)
                let callsBefore = calls
                var wanted = 1
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    // A spare within a spare: the inner one is fitted first, then the outer one.
                    let innerCorner = Int.random(in: 0..<4, using: &generator)
                    let inner = draw(for: innerCorner)
                    nested = (innerCorner, inner.wheel)
                    takenOff.append(expected[innerCorner])
                    expected[innerCorner] = inner.wheel
                    let outer = draw(for: corner)
                    next = outer.wheel
                    takenOff.append(expected[corner])
                    expected[corner] = outer.wheel
                    steps.append("\(outer.words), after asking the car, from inside the factory, for \(inner.words)")
                    wanted = 2
                } else {
                    let handed = draw(for: corner)
                    next = handed.wheel
                    takenOff.append(expected[corner])
                    expected[corner] = handed.wheel
                    steps.append(handed.words)
                }
                car.replaceWheel(at: corner)
                next = nil
                nested = nil
                let wheels = car.wheels
                guard calls == callsBefore + wanted, wheels.count == 4, zip(wheels, expected).allSatisfy({ $0 === $1 }) else {
                    let differ = (0..<4).filter { wheels.count != 4 || wheels[$0] !== expected[$0] }
                    Issue.record("Session \(session) (seed 0x5BA2E5ED): the factory handed over \(steps.joined(separator: "; then ")). The last spare took \(calls - callsBefore) factory calls (it should take \(wanted)), and corner\(differ.count == 1 ? "" : "s") \(differ.map(String.init).joined(separator: ", ")) do\(differ.count == 1 ? "es" : "") not hold what the model says. replaceWheel(at:) asks the factory once and puts on exactly what it hands over at that corner: no check for duplicates, punctures or wheels seen before, and the other corners stay as they were. A spare asked for from inside the factory, while the car fits another, is fitted too: fit each spare straight into the car's wheels, not into a copy taken before the factory was called. [zh-Hans] 第 \(session) 轮（种子 0x5BA2E5ED）：工厂依次交出了 \(steps.joined(separator: "；然后 "))。最后一个备胎调用了工厂 \(calls - callsBefore) 次（应该是 \(wanted) 次），\(differ.map(String.init).joined(separator: "、")) 号位置不是模型所说的轮子。replaceWheel(at:) 向工厂要一次，把它交出的东西原样装在那个位置：不检查重复、扎破或见过的轮子，其他位置保持不变。赛车正在换一个备胎时，从工厂里面又要了一个备胎，这个备胎也要装上：把每个备胎直接装到赛车的轮子上，而不是装到调用工厂之前复制出来的副本上。")
                    return
                }
            }
        }
    }

    @Test("two cars keep their own factories")
    func twoCarsKeepTheirOwnFactories() {
        // Both cars exist before either replaces a wheel or crashes: factories
        // kept in a static (shared by every car) would show up here.
        let redWheels = Made<Wheel>()
        let blueWheels = Made<Wheel>()
        let redExtinguishers = Made<FireExtinguisher>()
        let blueExtinguishers = Made<FireExtinguisher>()
        let red = RaceCar(wheelFactory: { redWheels.record(Wheel()) }, fireExtinguisherFactory: { redExtinguishers.record(FireExtinguisher()) })
        let blue = RaceCar(wheelFactory: { blueWheels.record(Wheel()) }, fireExtinguisherFactory: { blueExtinguishers.record(FireExtinguisher()) })
        let redBuilt = redWheels.items.count
        let blueBuilt = blueWheels.items.count
        red.replaceWheel(at: 0)
        _ = blue.recoverFromCrash()
        let redMore = redWheels.items.count - redBuilt
        let blueMore = blueWheels.items.count - blueBuilt
        #expect(redMore == 1 && blueMore == 0, "With two cars built, replacing a wheel of the first car should call the first car's wheel factory once and the second car's not at all, but they ran \(redMore) and \(blueMore) more times. Call the factory this car was given, kept in an instance property (not in a static one). [zh-Hans] 造好两辆赛车后，给第一辆换轮子应该调用第一辆的轮子工厂一次，完全不调用第二辆的，但它们又分别运行了 \(redMore) 次和 \(blueMore) 次。调用这辆赛车拿到的工厂，并把它保存在实例属性中（不要放在静态属性里）。")
        let spareIsRed = red.wheels.count == 4 && redWheels.items.last.map { $0 === red.wheels[0] } == true
        #expect(spareIsRed, "After red.replaceWheel(at: 0), wheel 0 of the first car should be the wheel its own factory just made. [zh-Hans] red.replaceWheel(at: 0) 之后，第一辆赛车的 0 号轮子应该是它自己的工厂刚造出的轮子。")
        #expect(blueExtinguishers.items.count == 1 && redExtinguishers.items.isEmpty, "A crash of the second car should use the second car's extinguisher factory: the factories ran \(redExtinguishers.items.count) and \(blueExtinguishers.items.count) time\(blueExtinguishers.items.count == 1 ? "" : "s"), not 0 and 1. Keep each car's factories in instance properties, not in static ones. [zh-Hans] 第二辆赛车撞车应该使用第二辆的灭火器工厂：两个工厂分别运行了 \(redExtinguishers.items.count) 次和 \(blueExtinguishers.items.count) 次，而不是 0 次和 1 次。把每辆赛车的工厂保存在实例属性中，不要放在静态属性里。")
        // And the other way round: the first car's crash and the second car's spare.
        _ = red.recoverFromCrash()
        blue.replaceWheel(at: 1)
        #expect(redExtinguishers.items.count == 1 && blueExtinguishers.items.count == 1, "A crash of the first car should use the first car's extinguisher factory: after one crash each, the factories ran \(redExtinguishers.items.count) and \(blueExtinguishers.items.count) time\(blueExtinguishers.items.count == 1 ? "" : "s"), not 1 and 1. Keep each car's factories in instance properties, not in a static or global variable (the last car built would win). [zh-Hans] 第一辆赛车撞车应该使用第一辆的灭火器工厂：各撞车一次后，两个工厂分别运行了 \(redExtinguishers.items.count) 次和 \(blueExtinguishers.items.count) 次，而不是 1 次和 1 次。把每辆赛车的工厂保存在实例属性中，不要放在静态变量或全局变量里（否则最后造出的赛车会占上风）。")
        #expect(redWheels.items.count - redBuilt == 1 && blueWheels.items.count - blueBuilt == 1, "Replacing a wheel of the second car should call the second car's wheel factory: after one spare each, the factories ran \(redWheels.items.count - redBuilt) and \(blueWheels.items.count - blueBuilt) more times, not 1 and 1. Keep each car's factories in instance properties, not in a static or global variable. [zh-Hans] 给第二辆赛车换轮子应该调用第二辆的轮子工厂：各换一个备胎后，两个工厂又分别运行了 \(redWheels.items.count - redBuilt) 次和 \(blueWheels.items.count - blueBuilt) 次，而不是 1 次和 1 次。把每辆赛车的工厂保存在实例属性中，不要放在静态变量或全局变量里。")
    }

    @Test("the grid builds each car with its own initializer")
    func gridUsesFactories() {
        let grid = StartingGrid(factories: [
            { FastCar(topSpeed: 320) },
            { ComfortCar(leatherPlushiness: 11) },
        ])
        let badges = grid.lineUp().map(\.badge)
        #expect(badges == ["Fast car, 320 km/h", "Comfort car, plushiness 11"], "lineUp() should call each factory in order and keep what it builds, giving [\"Fast car, 320 km/h\", \"Comfort car, plushiness 11\"], not \(badges). [zh-Hans] lineUp() 应该按顺序调用每个工厂并保留造出的赛车，得到 [\"Fast car, 320 km/h\", \"Comfort car, plushiness 11\"]，而不是 \(badges)。")
        let slower = StartingGrid(factories: [{ FastCar(topSpeed: 250) }]).lineUp().map(\.badge)
        #expect(slower == ["Fast car, 250 km/h"], "A FastCar built with topSpeed 250 should show \"Fast car, 250 km/h\", not \(slower): use the value passed to the initializer. [zh-Hans] 用 topSpeed 250 创建的 FastCar 应该显示 \"Fast car, 250 km/h\"，而不是 \(slower)：请使用传给初始化方法的值。")
    }

    @Test("lineUp() calls the factories one after another, in order")
    func lineUpCallsFactoriesInOrder() {
        let watch = LineUpWatch()
        let grid = StartingGrid(factories: [
            watch.factory(0, builder: "Ada"),
            watch.factory(1, builder: "Ben"),
            watch.factory(2, builder: "Cy"),
            watch.factory(3, builder: "Dee"),
        ])
        let badges = grid.lineUp().map(\.badge)
        let starts = watch.starts
        let overlaps = watch.overlaps
        #expect(overlaps == 0, "lineUp() started a factory while another one was still running (\(overlaps) time\(overlaps == 1 ? "" : "s")). Call the factories one after another, each one finished before the next starts: a plain loop or map, not several threads or tasks at once. [zh-Hans] lineUp() 在一个工厂还在运行时就启动了另一个工厂（\(overlaps) 次）。一个接一个地调用工厂，前一个结束之后再开始下一个：用普通的循环或 map，不要同时用多个线程或任务。")
        #expect(starts == [0, 1, 2, 3], "lineUp() should call every factory once, in the order they were registered ([0, 1, 2, 3]), but the factories were called in the order \(starts). [zh-Hans] lineUp() 应该按注册的顺序（[0, 1, 2, 3]）把每个工厂各调用一次，但工厂被调用的顺序是 \(starts)。")
        #expect(badges == ["Kit car by Ada", "Kit car by Ben", "Kit car by Cy", "Kit car by Dee"], "lineUp() should give the cars in the order of their factories, not \(badges). [zh-Hans] lineUp() 应该按工厂的顺序给出赛车，而不是 \(badges)。")
    }

    @Test("grids of any size call their factories one after another, in order (16 seeded grids, from no car to 5,000)")
    func everyGridSizeInOrder() {
        var generator = SeededGenerator(state: 0x04_6A1D)
        let sizes = [64, 65, 0, 1, 1_000, 5_000] + (0..<10).map { _ in Int.random(in: 1...2_000, using: &generator) }
        for (round, size) in sizes.enumerated() {
            let watch = LineUpWatch()
            let grid = StartingGrid(factories: (0..<size).map { watch.factory($0, builder: "Builder \($0)") })
            let badges = grid.lineUp().map(\.badge)
            let starts = watch.starts, overlaps = watch.overlaps
            guard overlaps == 0, starts == Array(0..<size), badges == (0..<size).map({ "Kit car by Builder \($0)" }) else {
                Issue.record("A grid of \(size) factories (seed 0x46A1D, grid \(round)): the factories started in the order \(starts.prefix(20))\(starts.count > 20 ? "..." : ""), \(overlaps) of them while another was running, and lineUp() gave \(badges.count) cars. However many factories a grid has, lineUp() calls each once, one after another, in the order given, and gives the cars in that order. [zh-Hans] 一个有 \(size) 个工厂的发车区（种子 0x46A1D，第 \(round) 个）：工厂启动的顺序是 \(starts.prefix(20))\(starts.count > 20 ? "..." : "")，其中 \(overlaps) 个是在另一个还在运行时启动的，lineUp() 给出了 \(badges.count) 辆车。不管发车区有多少个工厂，lineUp() 都按给定的顺序一个接一个地把每个工厂调用一次，并按这个顺序给出赛车。")
                return
            }
        }
    }

    @Test("a grid takes what each factory hands over, as it is: cars of any values, and the same car handed out again (200 seeded grids)")
    func gridTakesWhatItIsHanded() {
        // The model: lineUp() gives, in order, exactly the object each factory returned at that call (no copy, no
        // check, no car dropped for being there already), and each car's badge reads the value it was built with.
        var generator = SeededGenerator(state: 0x04_7A4E)
        func anyValue() -> Int {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: return [0, 1, -1, 10, 11, 12, 100, Int.max, Int.min].randomElement(using: &generator)!
            case 1: return Int.random(in: -1_000...1_000, using: &generator)
            case 2: return Int.random(in: Int.min...Int.max, using: &generator)
            default: return Int.random(in: 150...400, using: &generator)
            }
        }
        for round in 0..<200 {
            let regular = KitCar(builder: "Regular \(round)")
            var entries: [(factory: () -> any Car, expected: String)] = []
            var handed: [AnyObject] = []
            var described: [String] = []
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    let speed = anyValue()
                    entries.append(({ FastCar(topSpeed: speed) }, "Fast car, \(speed) km/h"))
                    described.append("FastCar(topSpeed: \(speed))")
                case 1:
                    let plushiness = anyValue()
                    entries.append(({ ComfortCar(leatherPlushiness: plushiness) }, "Comfort car, plushiness \(plushiness)"))
                    described.append("ComfortCar(leatherPlushiness: \(plushiness))")
                case 2:
                    entries.append(({ regular }, regular.badge))
                    described.append("the same KitCar again")
                default:
                    let builder = "Builder \(entries.count)"
                    entries.append(({ KitCar(builder: builder) }, "Kit car by \(builder)"))
                    described.append("a new KitCar")
                }
            }
            let grid = StartingGrid(factories: entries.map { entry in { () -> any Car in
                let car = entry.factory()
                handed.append(car as AnyObject)
                return car
            } })
            let lined = grid.lineUp()
            let same = lined.count == handed.count && zip(lined, handed).allSatisfy { ($0 as AnyObject) === $1 }
            let badges = lined.map(\.badge), expected = entries.map(\.expected)
            guard same, badges == expected else {
                Issue.record("Grid \(round) (seed 0x47A4E), factories handing over \(described.joined(separator: ", ")): lineUp() should give the \(entries.count) car\(entries.count == 1 ? "" : "s") the factories handed over, in order, with the badges \(expected); it gave \(lined.count) car\(lined.count == 1 ? "" : "s")\(same ? "" : " (not the very objects handed over)") with the badges \(badges). Take what each factory hands over as it is: keep every value a car is built with (no clamping, no default), and no check for a car already in the line-up. [zh-Hans] 第 \(round) 个发车区（种子 0x47A4E），工厂依次交出 \(described.joined(separator: "、"))：lineUp() 应该按顺序给出工厂交出的这 \(entries.count) 辆车，徽章是 \(expected)；它给出了 \(lined.count) 辆车\(same ? "" : "（不是工厂交出的那些对象）")，徽章是 \(badges)。按工厂交出的样子接收：保留造车时给的每一个值（不截断，不用默认值），也不检查某辆车是否已经在队列里。")
                return
            }
        }
    }

    @Test("a line-up asked for while the grid is lining up (from inside a factory) calls every factory too")
    func nestedLineUpCallsEveryFactory() {
        // The grid has no state of its own to guard: lineUp() calls the factories it was handed, whenever it is called.
        final class Box { var grid: StartingGrid?; var nested: [String]? }
        let box = Box()
        var calls = 0
        let grid = StartingGrid(factories: [
            { () -> any Car in
                calls += 1
                if calls == 1, let grid = box.grid { box.nested = grid.lineUp().map(\.badge) }
                return KitCar(builder: "Ada")
            },
            { KitCar(builder: "Ben") },
        ])
        box.grid = grid
        let outer = grid.lineUp().map(\.badge)
        #expect(box.nested == ["Kit car by Ada", "Kit car by Ben"] && outer == ["Kit car by Ada", "Kit car by Ben"], "The first factory asked the grid for a line-up while the grid was lining up: that line-up should give [\"Kit car by Ada\", \"Kit car by Ben\"] like any other, and so should the outer one; they gave \(box.nested.map { "\($0)" } ?? "nothing") and \(outer). lineUp() calls every factory once, in order, each time it is called: no flag that skips a line-up, no shared list being filled. [zh-Hans] 第一个工厂在发车区排车的过程中又向发车区要了一次排车：这次排车应该和其他任何一次一样给出 [\"Kit car by Ada\", \"Kit car by Ben\"]，外层那次也一样；它们给出的是 \(box.nested.map { "\($0)" } ?? "空") 和 \(outer)。每次调用 lineUp() 都按顺序把每个工厂调用一次：不要用标志跳过某次排车，也不要往一个共享的列表里填车。")
    }

    @Test("two grids line up their own cars")
    func twoGridsLineUpTheirOwnCars() {
        // Both grids exist before either lines up: factories kept in a static
        // (shared by every grid) would show up here.
        let fast = StartingGrid(factories: [{ FastCar(topSpeed: 320) }])
        let comfort = StartingGrid(factories: [{ ComfortCar(leatherPlushiness: 11) }])
        let fastBadges = fast.lineUp().map(\.badge)
        let comfortBadges = comfort.lineUp().map(\.badge)
        #expect(fastBadges == ["Fast car, 320 km/h"], "The first grid was given one FastCar factory, so it should line up [\"Fast car, 320 km/h\"], not \(fastBadges). Keep each grid's factories in an instance property, not in a static one. [zh-Hans] 第一个发车区拿到的是一个 FastCar 工厂，所以应该排出 [\"Fast car, 320 km/h\"]，而不是 \(fastBadges)。把每个发车区的工厂保存在实例属性中，不要放在静态属性里。")
        #expect(comfortBadges == ["Comfort car, plushiness 11"], "The second grid was given one ComfortCar factory, so it should line up [\"Comfort car, plushiness 11\"], not \(comfortBadges). Keep each grid's factories in an instance property, not in a static one. [zh-Hans] 第二个发车区拿到的是一个 ComfortCar 工厂，所以应该排出 [\"Comfort car, plushiness 11\"]，而不是 \(comfortBadges)。把每个发车区的工厂保存在实例属性中，不要放在静态属性里。")
    }

    @Test("any kind of car can join the grid, and each line-up builds fresh cars")
    func anyCarFreshEachTime() {
        var calls = 0
        let grid = StartingGrid(factories: [
            { calls += 1; return KitCar(builder: "Ada") },
            { FastCar(topSpeed: 300) },
        ])
        #expect(calls == 0, "Creating the grid should not build any car yet; the factories run in lineUp(). They ran \(calls) time\(calls == 1 ? "" : "s"). [zh-Hans] 创建发车区时还不应该造任何赛车；工厂在 lineUp() 中运行。它们运行了 \(calls) 次。")
        let first = grid.lineUp()
        let second = grid.lineUp()
        #expect(calls == 2, "Two line-ups should call the kit car's factory twice, but it was called \(calls) time\(calls == 1 ? "" : "s"). Call every factory in each lineUp(). [zh-Hans] 排两次车应该调用套件车（kit car）的工厂两次，但实际调用了 \(calls) 次。每次 lineUp() 都调用每个工厂。")
        #expect(first.map(\.badge) == ["Kit car by Ada", "Fast car, 300 km/h"], "The grid should line up the kit car and the fast car in order, not \(first.map(\.badge)). [zh-Hans] 发车区应该按顺序排出套件车和快车，而不是 \(first.map(\.badge))。")
        let fresh = first.count == 2 && second.count == 2 && first[0] !== second[0] && first[1] !== second[1]
        #expect(fresh, "Each lineUp() should build new cars (checked with !==), not hand out the same ones again. [zh-Hans] 每次 lineUp() 都应该造出新的赛车（用 !== 检查），而不是再次交出同样的那些。")
    }
}

/// A car the lesson has never seen, with an initializer of its own.
final class KitCar: Car {
    let builder: String

    init(builder: String) {
        self.builder = builder
    }

    var badge: String { "Kit car by \(builder)" }
}

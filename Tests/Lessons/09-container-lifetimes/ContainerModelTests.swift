import Testing
@testable import ContainerLifetimes

// Seeded random sequences of children, registrations, resolves, holding and letting go, each
// checked against a small model of what the lesson text promises (not against any solution):
// - a type nobody registered, in the container asked or any parent above it, throws;
// - a child looks a registration up in its parents when resolving (it copies nothing), and its
//   own registration of a type hides the parent's;
// - a factory gets the container it was asked through, so what it resolves comes from there;
// - `.transient` builds every time; `.shared` builds once per registration; `.weak` hands out the
//   instance while someone holds it and builds a new one after; an instance is kept by the
//   container that holds the registration;
// - registering a type again replaces its factory and forgets an instance already built, and a factory
//   that throws builds nothing while what it resolved first stays as built (lesson 8's promises, still kept).
// A failing sequence is printed shortened, with its seed.

/// Every instance carries the number of the factory call that built it.
class Numbered: @unchecked Sendable {
    let number: Int
    required init(number: Int) { self.number = number }
}
// Two types with the same name in different places: the container's key is the type, not its name.
enum FrontAxle { final class Part: Numbered, @unchecked Sendable {} }
enum RearAxle { final class Part: Numbered, @unchecked Sendable {} }
/// What a failing `Assembly` factory throws.
struct PartsShortage: Error {}
/// Built from a `FrontAxle.Part` its factory resolves through the container it is handed.
final class Assembly: @unchecked Sendable {
    let number: Int
    let inner: Int
    init(number: Int, inner: Int) { self.number = number; self.inner = inner }
}

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

enum LifetimeStep: CustomStringConvertible {
    case child(of: Int)
    /// `fails`: an `Assembly` factory that resolves its part and then throws on its first `fails` calls.
    case register(kind: Int, lifetime: Int, in: Int, fails: Int)
    case resolve(kind: Int, from: Int, hold: Bool)
    case letGo

    static let names = ["FrontAxle.Part", "RearAxle.Part", "Assembly"]
    static let lifetimes = [".transient", ".shared", ".weak"]

    var description: String {
        switch self {
        case .child(let parent): return "containers.append(Container(parent: containers[\(parent)]))"
        case .register(let kind, let lifetime, let container, let fails):
            return "containers[\(container)].register(\(Self.names[kind]).self, lifetime: \(Self.lifetimes[lifetime]))"
                + (kind == 2 ? " { c in Assembly(inner: try c.resolve(FrontAxle.Part.self)) }" : "")
                + (kind == 2 && fails > 0 ? " whose factory throws after resolving its part, on its first \(fails) call\(fails == 1 ? "" : "s")" : "")
        case .resolve(let kind, let container, let hold):
            return "\(hold ? "held.append(" : "_ = ")try containers[\(container)].resolve(\(Self.names[kind]).self)\(hold ? ")" : "")"
        case .letGo: return "held.removeAll()"
        }
    }
}

/// Runs steps on real containers and on the model; returns the first difference, or nil.
func firstDifference(_ steps: [LifetimeStep]) -> String? {
    final class Builds: @unchecked Sendable { var count = 0 }
    let builds = Builds()
    var containers = [Container()]
    var held: [AnyObject] = []

    // The model.
    var parents: [Int?] = [nil]
    var registrations: [[Int: Int]] = [[:]]   // container -> kind -> lifetime
    var kept: [[Int: Int]] = [[:]]            // container -> kind -> number (shared or weak)
    var failing: [[Int: Int]] = [[:]]         // container -> kind -> failures to come
    var heldNumbers: Set<Int> = []
    var expectedBuilds = 0

    func modelResolve(_ kind: Int, from asked: Int) -> Int? {
        var holder: Int? = asked
        while let current = holder, registrations[current][kind] == nil { holder = parents[current] }
        guard let holder, let lifetime = registrations[holder][kind] else { return nil }
        if lifetime == 1, let number = kept[holder][kind] { return number }
        if lifetime == 2, let number = kept[holder][kind], heldNumbers.contains(number) { return number }
        if kind == 2 {
            guard modelResolve(0, from: asked) != nil else { return nil }
            // It threw after its part was resolved: nothing of its own is built, and the part stays as built.
            if failing[holder][kind, default: 0] > 0 {
                failing[holder][kind]! -= 1
                return nil
            }
        }
        expectedBuilds += 1
        if lifetime != 0 { kept[holder][kind] = expectedBuilds }
        return expectedBuilds
    }

    func realResolve(_ kind: Int, from container: Container, hold: Bool) -> Int? {
        let object: AnyObject?
        let number: Int?
        switch kind {
        case 0:
            let part = try? container.resolve(FrontAxle.Part.self)
            (object, number) = (part, part?.number)
        case 1:
            let part = try? container.resolve(RearAxle.Part.self)
            (object, number) = (part, part?.number)
        default:
            let assembly = try? container.resolve(Assembly.self)
            (object, number) = (assembly, assembly?.number)
        }
        if hold, let object { held.append(object) }
        return number
    }

    for (index, step) in steps.enumerated() {
        switch step {
        case .child(let parent):
            containers.append(Container(parent: containers[parent]))
            parents.append(parent)
            registrations.append([:])
            kept.append([:])
            failing.append([:])
        case .register(let kind, let lifetime, let target, let fails):
            let life: Lifetime = [.transient, .shared, .weak][lifetime]
            final class Failures: @unchecked Sendable { var left: Int; init(_ left: Int) { self.left = left } }
            let failures = Failures(fails)
            switch kind {
            case 0: containers[target].register(FrontAxle.Part.self, lifetime: life) { _ in builds.count += 1; return FrontAxle.Part(number: builds.count) }
            case 1: containers[target].register(RearAxle.Part.self, lifetime: life) { _ in builds.count += 1; return RearAxle.Part(number: builds.count) }
            default:
                containers[target].register(Assembly.self, lifetime: life) { c in
                    let inner = try c.resolve(FrontAxle.Part.self)
                    if failures.left > 0 { failures.left -= 1; throw PartsShortage() }
                    builds.count += 1
                    return Assembly(number: builds.count, inner: inner.number)
                }
            }
            registrations[target][kind] = lifetime
            kept[target][kind] = nil
            failing[target][kind] = kind == 2 ? fails : 0
        case .resolve(let kind, let from, let hold):
            let got = realResolve(kind, from: containers[from], hold: hold)
            let expected = modelResolve(kind, from: from)
            if hold, let expected { heldNumbers.insert(expected) }
            if got != expected {
                return "step \(index + 1), \(step): expected \(expected.map { "instance #\($0)" } ?? "an error"), got \(got.map { "instance #\($0)" } ?? "an error") (instances are numbered in the order the factories built them)"
            }
        case .letGo:
            held.removeAll()
            heldNumbers.removeAll()
        }
        if builds.count != expectedBuilds {
            return "after step \(index + 1), \(step): the factories ran \(builds.count) time\(builds.count == 1 ? "" : "s"), the text promises \(expectedBuilds)"
        }
    }
    return nil
}

func randomSteps(seed: UInt64, count: Int) -> [LifetimeStep] {
    var generator = SeededGenerator(state: seed)
    var containers = 1
    var steps: [LifetimeStep] = []
    for _ in 0..<count {
        let roll = Int.random(in: 0..<10, using: &generator)
        let kind = Int.random(in: 0..<3, using: &generator)
        let container = Int.random(in: 0..<containers, using: &generator)
        switch roll {
        case 0 where containers < 5:
            // Often a child of the youngest, so that chains of three and four generations are common.
            steps.append(.child(of: Bool.random(using: &generator) ? containers - 1 : container))
            containers += 1
        case 0, 1, 2:
            steps.append(.register(kind: kind, lifetime: Int.random(in: 0..<3, using: &generator), in: container,
                                   fails: kind == 2 && Int.random(in: 0..<3, using: &generator) == 0 ? Int.random(in: 1...2, using: &generator) : 0))
        case 3:
            steps.append(.letGo)
        default:
            steps.append(.resolve(kind: kind, from: container, hold: Bool.random(using: &generator)))
        }
    }
    return steps
}

/// The failing sequence with every step removed that is not needed to fail (children stay: later
/// steps name containers by their place).
func shortened(_ steps: [LifetimeStep]) -> [LifetimeStep] {
    var steps = steps
    var index = 0
    while index < steps.count {
        if case .child = steps[index] { index += 1; continue }
        var candidate = steps
        candidate.remove(at: index)
        if firstDifference(candidate) != nil { steps = candidate } else { index += 1 }
    }
    return steps
}

@Suite("Container lifetimes: random sequences against the text's promises", .serialized)
struct ContainerLifetimeModelTests {
    @Test("1500 seeded sequences of children, grandchildren, registrations and resolves behave as the text promises")
    func sequencesFollowTheModel() {
        for seed in UInt64(1)...1500 {
            let steps = randomSteps(seed: seed, count: 30)
            guard firstDifference(steps) != nil else { continue }
            let short = shortened(steps)
            let difference = firstDifference(short) ?? ""
            Issue.record("""
                A sequence of calls (seed \(seed)) does not behave as the lesson promises. Shortest failing sequence, starting from `var containers = [Container()]; var held: [AnyObject] = []`:
                  \(short.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n  "))
                \(difference). Remember: a child looks its parent's registrations up when resolving (it copies nothing) and its own registration hides the parent's; a factory gets the container it was asked through; .shared builds once per registration and .weak hands out its instance while someone holds it, both kept by the container that holds the registration; registering again forgets an instance already built; a factory that throws builds nothing, and what it resolved before it threw stays as built; the key is the type itself, so two types with the same name are two keys.
                [zh-Hans] 一串调用（种子 \(seed)）的行为与本课的承诺不符，最短的失败序列如上：\(difference)。记住：子容器在解析时查找父容器的注册（不复制任何东西），它自己的注册会遮住父容器的；工厂拿到的是被询问的那个容器；.shared 每个注册只创建一次，.weak 在有人持有时交出同一个实例，二者都保存在持有该注册的容器里；再次注册会忘掉已经创建的实例；抛出错误的工厂什么也没创建，而它在抛出错误之前解析到的东西照样保留；键是类型本身，所以两个同名的类型是两个不同的键。
                """)
            return
        }
    }
}

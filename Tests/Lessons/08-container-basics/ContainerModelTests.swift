import Testing
@testable import ContainerBasics

// Seeded random sequences of register and resolve, each checked against a small model of what
// the lesson text promises (not against any solution):
// - resolving a type nobody registered throws;
// - `.transient` builds a new instance on every resolve;
// - `.shared` builds one on the first resolve and hands that one out after;
// - registering a type again replaces its factory and forgets an instance already built;
// - a factory that throws builds nothing: resolve throws, and the next resolve runs the factory again; what its
//   factory resolved before it threw (a shared part, built and kept) stays kept;
// - the key is the type itself: two types that share a name (`FrontAxle.Part`, `RearAxle.Part`) are two.
// A failing sequence is printed shortened, with its seed, so it can be replayed by hand.

/// Every instance carries the number of the factory call that built it.
class Numbered {
    let number: Int
    required init(number: Int) { self.number = number }
}
final class ModelTyre: Numbered {}
/// A factory's own failures to come: it throws on its first `left` calls.
final class Failures {
    var left: Int
    init(_ left: Int) { self.left = left }
}
struct PitLaneClosed: Error {}
// Two types with the same name in different places: the container's key is the type, not its name.
enum FrontAxle { final class Part: Numbered {} }
enum RearAxle { final class Part: Numbered {} }

/// A small, seeded generator (SplitMix64): the same seed gives the same sequence everywhere.
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

enum ContainerStep: CustomStringConvertible {
    /// `needs`: the factory resolves that kind first (a car's factory resolves its engine), then builds or throws.
    case register(kind: Int, shared: Bool, fails: Int, needs: Int?)
    case resolve(kind: Int)

    static let names = ["ModelTyre", "FrontAxle.Part", "RearAxle.Part"]

    var description: String {
        switch self {
        case .register(let kind, let shared, let fails, let needs):
            let first = needs.map { " that resolves \(Self.names[$0]).self first" } ?? ""
            return "register(\(Self.names[kind]).self\(shared ? ", lifetime: .shared" : ""))\(fails > 0 ? " with a factory\(first) and then throws on its first \(fails) call\(fails == 1 ? "" : "s")" : first.isEmpty ? "" : " with a factory\(first)")"
        case .resolve(let kind): return "resolve(\(Self.names[kind]).self)"
        }
    }
}

/// Runs steps on a real container and on the model; returns the first difference, or nil.
func firstDifference(_ steps: [ContainerStep]) -> String? {
    let container = Container()
    var built = 0
    func make(_ kind: Int) -> Numbered {
        built += 1
        return [ModelTyre.self, FrontAxle.Part.self, RearAxle.Part.self][kind].init(number: built)
    }
    // The model: which kinds are registered (and how), which shared instance each holds.
    var registered: [Int: Bool] = [:]
    var kept: [Int: Int] = [:]
    var failing: [Int: Int] = [:]
    var needed: [Int: Int] = [:]
    var expectedBuilt = 0
    /// What the text promises a resolve gives: the kept instance, or what the factory needs first and then a new one
    /// (nil: an error). A factory that throws builds nothing, and what it resolved first keeps what it built.
    func promised(_ kind: Int) -> Int? {
        guard let shared = registered[kind] else { return nil }
        if shared, let instance = kept[kind] { return instance }
        if let needs = needed[kind], promised(needs) == nil { return nil }
        if failing[kind, default: 0] > 0 {
            failing[kind]! -= 1
            return nil
        }
        expectedBuilt += 1
        if shared { kept[kind] = expectedBuilt }
        return expectedBuilt
    }
    func resolved(_ kind: Int) throws -> Numbered {
        switch kind {
        case 0: return try container.resolve(ModelTyre.self)
        case 1: return try container.resolve(FrontAxle.Part.self)
        default: return try container.resolve(RearAxle.Part.self)
        }
    }
    for (index, step) in steps.enumerated() {
        switch step {
        case .register(let kind, let shared, let fails, let needs):
            let failures = Failures(fails)
            func attempt() throws {
                if let needs { _ = try resolved(needs) }
                if failures.left > 0 { failures.left -= 1; throw PitLaneClosed() }
            }
            switch kind {
            case 0: container.register(ModelTyre.self, lifetime: shared ? .shared : .transient) { try attempt(); return make(0) as! ModelTyre }
            case 1: container.register(FrontAxle.Part.self, lifetime: shared ? .shared : .transient) { try attempt(); return make(1) as! FrontAxle.Part }
            default: container.register(RearAxle.Part.self, lifetime: shared ? .shared : .transient) { try attempt(); return make(2) as! RearAxle.Part }
            }
            registered[kind] = shared
            kept[kind] = nil
            failing[kind] = fails
            needed[kind] = needs
        case .resolve(let kind):
            let got = (try? resolved(kind))?.number
            let expected = promised(kind)
            if got != expected {
                return "step \(index + 1), \(step): expected \(expected.map { "instance #\($0)" } ?? "an error"), got \(got.map { "instance #\($0)" } ?? "an error") (instances are numbered in the order the factories built them)"
            }
        }
        if built != expectedBuilt {
            return "after step \(index + 1), \(step): the factories ran \(built) time\(built == 1 ? "" : "s"), the text promises \(expectedBuilt)"
        }
    }
    return nil
}

func randomSteps(seed: UInt64, count: Int) -> [ContainerStep] {
    var generator = SeededGenerator(state: seed)
    return (0..<count).map { _ in
        let kind = Int.random(in: 0..<3, using: &generator)
        return Int.random(in: 0..<3, using: &generator) == 0
            ? .register(kind: kind, shared: Bool.random(using: &generator),
                        fails: Int.random(in: 0..<4, using: &generator) == 0 ? Int.random(in: 1...2, using: &generator) : 0,
                        // Only a kind listed before it, so no factory needs itself, however far round.
                        needs: kind > 0 && Int.random(in: 0..<3, using: &generator) == 0 ? Int.random(in: 0..<kind, using: &generator) : nil)
            : .resolve(kind: kind)
    }
}

/// The failing sequence with every step removed that is not needed to fail.
func shortened(_ steps: [ContainerStep]) -> [ContainerStep] {
    var steps = steps
    var index = 0
    while index < steps.count {
        var candidate = steps
        candidate.remove(at: index)
        if firstDifference(candidate) != nil { steps = candidate } else { index += 1 }
    }
    return steps
}

@Suite("Container basics: random sequences against the text's promises", .serialized)
struct ContainerModelTests {
    @Test("300 seeded sequences of register and resolve behave as the text promises")
    func sequencesFollowTheModel() {
        for seed in UInt64(1)...300 {
            let steps = randomSteps(seed: seed, count: 24)
            guard firstDifference(steps) != nil else { continue }
            let short = shortened(steps)
            let difference = firstDifference(short) ?? ""
            Issue.record("""
                A sequence of calls (seed \(seed)) does not behave as the lesson promises. Shortest failing sequence on a new Container():
                  \(short.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n  "))
                \(difference). Remember: a .transient resolve builds a new instance every time; a .shared one builds once, on the first resolve, and hands out that one; registering a type again replaces its factory and forgets an instance already built; a factory that throws builds nothing, so nothing is kept and the next resolve runs it again (what it resolved before it threw stays as built: a shared part it resolved is kept); a type nobody registered throws; the key is the type itself (ObjectIdentifier(type)), so two types with the same name are two keys.
                [zh-Hans] 一串调用（种子 \(seed)）的行为与本课的承诺不符。在新的 Container() 上最短的失败序列如上：\(difference)。记住：.transient 每次解析都创建新实例；.shared 只在第一次解析时创建一次，之后都交出这一个；再次注册同一类型会替换它的工厂，并忘掉已经创建的实例；抛出错误的工厂什么也没创建，所以什么也不保存，下一次解析会再运行它（它在抛出错误之前解析到的东西照样保留：它解析到的共享部件会被保存）；没有注册的类型要抛出错误；键是类型本身（ObjectIdentifier(type)），所以两个同名的类型是两个不同的键。
                """)
            return
        }
    }
}

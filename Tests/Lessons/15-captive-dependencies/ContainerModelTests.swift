import Testing
@testable import CaptiveDependencies

// Seeded random sequences of registrations (with lifetimes and declared dependencies), scopes begun
// and ended, resolves and verify() calls on two containers, each checked against a small model of
// what the lesson text promises (not against any solution):
// - `.transient` builds on every resolve; `.shared` builds once per registration and container;
//   `.scoped` builds once per scope, and with no scope open, resolving it throws and builds nothing;
// - `beginScope()` starts a new scope (the open one, if any, ends); `endScope()` ends it;
// - a factory resolves its dependencies through the container it runs in, in order, so a `.shared`
//   instance keeps what it was built with (resolve does not prevent a captive: verify() reports it);
// - registering a type again replaces it and forgets its shared and scoped instances (lesson 08);
// - verify() builds nothing, and throws a LifetimeMismatch exactly when a `.shared` registration
//   holds a `.scoped` one (through any declared dependencies): the holder it names is `.shared`, the
//   captive `.scoped`, and the holder reaches the captive;
// - two containers share nothing.
// A failing sequence is printed shortened, with its seed.

/// Every instance carries the number of the factory call that built it, and the numbers of what its
/// factory resolved.
class Numbered {
    let number: Int
    let inner: [Int]
    required init(number: Int, inner: [Int]) {
        self.number = number
        self.inner = inner
    }
}

final class Gearbox: Numbered {}
final class Brakes: Numbered {}
final class Wing: Numbered {}
/// Two types of one name in two places: `String(describing:)` gives "Tyres" for both, and they are two types all the same.
enum Pit { final class Tyres: Numbered {} }
enum Garage { final class Tyres: Numbered {} }

enum Kinds {
    /// The names `String(describing:)` gives (what `LifetimeMismatch` holds).
    static let names = ["Gearbox", "Brakes", "Wing", "Tyres", "Tyres"]
    /// The names a replayed sequence spells.
    static let shown = ["Gearbox", "Brakes", "Wing", "Pit.Tyres", "Garage.Tyres"]
    static let types: [Numbered.Type] = [Gearbox.self, Brakes.self, Wing.self, Pit.Tyres.self, Garage.Tyres.self]
    static let lifetimes = [".transient", ".scoped", ".shared"]

    static func resolve(_ kind: Int, from container: Container) throws -> Numbered {
        switch kind {
        case 0: try container.resolve(Gearbox.self)
        case 1: try container.resolve(Brakes.self)
        case 2: try container.resolve(Wing.self)
        case 3: try container.resolve(Pit.Tyres.self)
        default: try container.resolve(Garage.Tyres.self)
        }
    }

    static func register(_ kind: Int, lifetime: Int, dependencies: [Int], in container: Container, builds: Builds) {
        let life: Lifetime = [.transient, .scoped, .shared][lifetime]
        let declared: [Any.Type] = dependencies.map { types[$0] }
        func add<Service: Numbered>(_ type: Service.Type) {
            container.register(type, lifetime: life, dependencies: declared) { c in
                let inner = try dependencies.map { try resolve($0, from: c).number }
                return Service(number: builds.next(), inner: inner)
            }
        }
        switch kind {
        case 0: add(Gearbox.self)
        case 1: add(Brakes.self)
        case 2: add(Wing.self)
        case 3: add(Pit.Tyres.self)
        default: add(Garage.Tyres.self)
        }
    }
}

enum ScopeStep: CustomStringConvertible {
    case register(container: Int, kind: Int, lifetime: Int, dependencies: [Int])
    case beginScope(container: Int)
    case endScope(container: Int)
    case resolve(container: Int, kind: Int)
    case verify(container: Int)

    var description: String {
        switch self {
        case let .register(container, kind, lifetime, dependencies):
            let declared = dependencies.isEmpty ? "" : ", dependencies: [\(dependencies.map { "\(Kinds.shown[$0]).self" }.joined(separator: ", "))]"
            let body = dependencies.isEmpty ? "" : " resolving \(dependencies.map { Kinds.shown[$0] }.joined(separator: ", ")) in it"
            return "containers[\(container)].register(\(Kinds.shown[kind]).self, lifetime: \(Kinds.lifetimes[lifetime])\(declared)) { ... }\(body)"
        case let .beginScope(container): return "containers[\(container)].beginScope()"
        case let .endScope(container): return "containers[\(container)].endScope()"
        case let .resolve(container, kind): return "try containers[\(container)].resolve(\(Kinds.shown[kind]).self)"
        case let .verify(container): return "try containers[\(container)].verify()"
        }
    }
}

/// One container as the text describes it.
struct ModelContainer {
    struct Built { let number: Int; let inner: [Int] }
    var registrations: [Int: (lifetime: Int, dependencies: [Int])] = [:]
    var shared: [Int: Built] = [:]
    /// The open scope's instances; nil while no scope is open.
    var scoped: [Int: Built]?

    /// Every kind `kind` holds directly or through `.transient` ones: a `.shared` (or `.scoped`) dependency in between is
    /// a holder of its own, checked on its own.
    func reached(from kind: Int) -> Set<Int> {
        var seen: Set<Int> = []
        var stack = registrations[kind]?.dependencies ?? []
        while let next = stack.popLast() {
            guard let registration = registrations[next], seen.insert(next).inserted else { continue }
            if registration.lifetime == 0 { stack += registration.dependencies }
        }
        return seen
    }

    /// The pairs verify() may report: a `.shared` holder and a `.scoped` kind it holds.
    var captives: [(holder: String, captive: String)] {
        registrations.keys.sorted().filter { registrations[$0]?.lifetime == 2 }.flatMap { holder in
            reached(from: holder).sorted().filter { registrations[$0]?.lifetime == 1 }.map { (Kinds.names[holder], Kinds.names[$0]) }
        }
    }
}

/// Runs steps on real containers and on the model; returns the first difference, or nil.
func firstDifference(_ steps: [ScopeStep]) -> String? {
    let builds = Builds()
    let containers = [Container(), Container()]
    var models = [ModelContainer(), ModelContainer()]
    var expectedBuilds = 0

    func modelResolve(_ kind: Int, in index: Int) -> ModelContainer.Built? {
        guard let registration = models[index].registrations[kind] else { return nil }
        if registration.lifetime == 2, let built = models[index].shared[kind] { return built }
        if registration.lifetime == 1 {
            guard let scope = models[index].scoped else { return nil }
            if let built = scope[kind] { return built }
        }
        var inner: [Int] = []
        for dependency in registration.dependencies {
            guard let built = modelResolve(dependency, in: index) else { return nil }
            inner.append(built.number)
        }
        expectedBuilds += 1
        let built = ModelContainer.Built(number: expectedBuilds, inner: inner)
        if registration.lifetime == 2 { models[index].shared[kind] = built }
        if registration.lifetime == 1 { models[index].scoped?[kind] = built }
        return built
    }

    func shown(_ built: (number: Int, inner: [Int])?) -> String {
        guard let built else { return "an error" }
        return "instance #\(built.number)" + (built.inner.isEmpty ? "" : " holding \(built.inner.map { "#\($0)" }.joined(separator: ", "))")
    }

    for (index, step) in steps.enumerated() {
        switch step {
        case let .register(container, kind, lifetime, dependencies):
            Kinds.register(kind, lifetime: lifetime, dependencies: dependencies, in: containers[container], builds: builds)
            models[container].registrations[kind] = (lifetime, dependencies)
            models[container].shared[kind] = nil
            models[container].scoped?[kind] = nil
        case let .beginScope(container):
            containers[container].beginScope()
            models[container].scoped = [:]
        case let .endScope(container):
            containers[container].endScope()
            models[container].scoped = nil
        case let .resolve(container, kind):
            let got = (try? Kinds.resolve(kind, from: containers[container])).map { (number: $0.number, inner: $0.inner) }
            let expected = modelResolve(kind, in: container).map { (number: $0.number, inner: $0.inner) }
            if got?.number != expected?.number || got?.inner != expected?.inner {
                return "step \(index + 1), \(step): expected \(shown(expected)), got \(shown(got)) (instances are numbered in the order the factories built them)"
            }
        case let .verify(container):
            let verdict = Verdict(of: containers[container])
            let captives = models[container].captives
            switch verdict {
            case .clean where !captives.isEmpty:
                return "step \(index + 1), \(step): expected a LifetimeMismatch (for example holder \(captives[0].holder), captive \(captives[0].captive)), but verify() did not throw"
            case let .mismatch(holder, captive, _) where !captives.contains(where: { $0.holder == holder && $0.captive == captive }):
                let allowed = captives.isEmpty ? "no mismatch at all" : captives.map { "\($0.holder) holding \($0.captive)" }.joined(separator: ", or ")
                return "step \(index + 1), \(step): verify() reported holder \(holder), captive \(captive); expected \(allowed)"
            case let .otherError(text):
                return "step \(index + 1), \(step): verify() threw \(text), not a LifetimeMismatch"
            default:
                break
            }
        }
        if builds.count != expectedBuilds {
            return "after step \(index + 1), \(step): the factories ran \(times(builds.count)), the text promises \(expectedBuilds)"
        }
    }
    return nil
}

func randomDependencies(of kind: Int, using generator: inout SeededGenerator) -> [Int] {
    let later = Array((kind + 1)..<Kinds.names.count)
    guard !later.isEmpty else { return [] }
    let count = Int.random(in: 0...min(2, later.count), using: &generator)
    return Array(later.shuffled(using: &generator).prefix(count))
}

func randomScopeSteps(seed: UInt64, count: Int) -> [ScopeStep] {
    var generator = SeededGenerator(state: seed)
    var steps: [ScopeStep] = []
    // Some sequences play with every kind, others with one or two: then the same type is registered again and again,
    // under every lifetime in turn, inside and outside scopes.
    let kinds = Int.random(in: 0..<3, using: &generator) == 0 ? Int.random(in: 1...2, using: &generator) : Kinds.names.count
    for _ in 0..<count {
        let container = Int.random(in: 0..<10, using: &generator) < 8 ? 0 : 1
        let kind = Int.random(in: 0..<kinds, using: &generator)
        switch Int.random(in: 0..<20, using: &generator) {
        case 0..<5:
            steps.append(.register(container: container, kind: kind, lifetime: Int.random(in: 0..<3, using: &generator), dependencies: randomDependencies(of: kind, using: &generator)))
        case 5..<7: steps.append(.beginScope(container: container))
        case 7: steps.append(.endScope(container: container))
        case 8: steps.append(.verify(container: container))
        default: steps.append(.resolve(container: container, kind: kind))
        }
    }
    return steps
}

func randomGraph(seed: UInt64) -> [ScopeStep] {
    var generator = SeededGenerator(state: seed &* 7_919)
    var steps: [ScopeStep] = []
    for kind in Array(0..<Kinds.names.count).shuffled(using: &generator) where Int.random(in: 0..<6, using: &generator) > 0 {
        steps.append(.register(container: 0, kind: kind, lifetime: Int.random(in: 0..<3, using: &generator), dependencies: randomDependencies(of: kind, using: &generator)))
    }
    steps.append(.verify(container: 0))
    return steps
}

/// The failing sequence with every step removed that is not needed to fail.
func shortened(_ steps: [ScopeStep]) -> [ScopeStep] {
    var steps = steps
    var index = 0
    while index < steps.count {
        var candidate = steps
        candidate.remove(at: index)
        if firstDifference(candidate) != nil { steps = candidate } else { index += 1 }
    }
    return steps
}

/// What a failing sequence says, in English and in Chinese: the sequence shortened, its seed, the difference.
func report(seed: UInt64, _ steps: [ScopeStep]) -> (english: String, chinese: String) {
    let short = shortened(steps)
    let difference = firstDifference(short) ?? ""
    let listed = short.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n  ")
    let english = """
        A sequence of calls (seed \(seed)) does not behave as the lesson promises. Shortest failing sequence, starting from `let containers = [Container(), Container()]`:
          \(listed)
        \(difference). Remember: .transient builds on every resolve; .shared once per registration; .scoped once per scope, and with no scope open resolving it throws and builds nothing; beginScope() starts a new scope (the open one ends) and endScope() ends it; a factory resolves what it needs through its container, and a .shared instance keeps what it was built with; registering again forgets the built instances; verify() builds nothing and throws a LifetimeMismatch exactly when a .shared registration holds a .scoped one through its declared dependencies, directly or through .transient ones (a .shared one in between is a holder of its own); two containers share nothing.
        """
    let chinese = """
        一串调用（种子 \(seed)）的行为与本课的承诺不符，最短的失败序列如上：\(difference)。记住：.transient 每次解析都创建；.shared 每个注册只创建一次；.scoped 每个作用域创建一次，没有打开的作用域时解析它会抛出错误，而且不创建；beginScope() 开始一个新的作用域（打开着的那个随之结束），endScope() 结束它；工厂通过它的容器解析它需要的东西，.shared 实例一直留着创建时拿到的东西；再次注册会忘掉已经创建的实例；verify() 不创建任何东西，当且仅当某个 .shared 注册通过声明的依赖持有 .scoped 注册时抛出 LifetimeMismatch；两个容器之间什么也不共享。
        """
    return (english, chinese)
}

@Suite("Scopes and verify(): random sequences against the text's promises", .serialized)
struct ContainerModelTests {
    @Test("400 seeded sequences of registrations (the same type again under every lifetime too, two types of one name), scopes, resolves and verify() calls behave as the text promises")
    func sequencesFollowTheModel() {
        for seed in UInt64(1)...400 {
            let steps = randomScopeSteps(seed: seed, count: 40)
            guard firstDifference(steps) != nil else { continue }
            let (english, chinese) = report(seed: seed, steps)
            Issue.record("\(english) [zh-Hans] 随机序列未通过：\(chinese)")
            return
        }
    }

    @Test("verify() reports a captive exactly when there is one, over 500 seeded registration graphs")
    func verifyFollowsTheModel() {
        for seed in UInt64(1)...500 {
            let steps = randomGraph(seed: seed)
            guard firstDifference(steps) != nil else { continue }
            let (english, chinese) = report(seed: seed, steps)
            Issue.record("\(english) [zh-Hans] 随机序列未通过：\(chinese)")
            return
        }
    }
}

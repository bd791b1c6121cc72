import Foundation
import Testing
import KataCore

/// The rules judged on the program the compiler reads (`ProgramReader` + `MeaningJudge`), with the
/// real compiler: each family of wrong code in several spellings, and correct code in several shapes.
@Suite("Rules that read the program as the compiler does")
struct MeaningJudgeTests {
    static let toolchain: Toolchain? = try? ToolchainLocator(fileSystem: LocalFileSystem(),
                                                             environment: ProcessInfo.processInfo.environment).locate()

    /// Compiles `files` as module `M` and judges `rules` on it.
    static func judge(_ files: [String: String], _ rules: [LessonRule]) throws -> [RuleFinding] {
        let toolchain = try #require(toolchain, "no Swift compiler found")
        let folder = NSTemporaryDirectory() + "kata-meaning-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var inputs: [(path: String, shown: String, text: String)] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            try text.write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
            inputs.append((path: "\(folder)/\(name)", shown: name, text: text))
        }
        let environment = ["PATH": "/usr/bin:/bin", "HOME": folder, "TMPDIR": folder]
        let reader = ProgramReader(swiftc: toolchain.swiftc, processRunner: PosixProcessRunner(groups: ProcessGroupRegistry()), environment: environment)
        guard let program = reader.read(module: "M", files: inputs) else {
            Issue.record("the compiler gave no reading of \(files.keys.sorted()) (does the code compile in Swift 6?)")
            return []
        }
        return MeaningJudge(rules: rules).findings(in: program)
    }

    static func rule(_ id: String, _ kind: LessonRule.Kind, _ configure: (inout LessonRule) -> Void) -> LessonRule {
        var rule = LessonRule(id: id, kind: kind, fix: LocalizedText(english: "fix it", chinese: "改掉"))
        configure(&rule)
        return rule
    }

    static let engine = """
        public protocol Engine: AnyObject { var horsepower: Int { get } }
        public final class V8Engine: Engine {
            nonisolated(unsafe) public static let shared = V8Engine()
            public let horsepower = 500
            public init() {}
        }
        public protocol Buildable { init() }
        extension V8Engine: Buildable {}
        """

    static func car(_ extra: String) -> String {
        """
        public final class RaceCar {
            let engine: any Engine
            public init(engine: any Engine) { self.engine = engine }
            \(extra)
        }
        """
    }

    static let noShared = rule("no-shared", .forbiddenReference) { $0.names = ["V8Engine.shared"] }
    static let buildsNoEngine = rule("builds-no-engine", .noConstruction) { $0.inTypes = ["RaceCar"]; $0.of = ["Engine"] }

    // MARK: family 1: the forbidden declaration under another spelling

    @Test("a singleton is found however it is spelled", arguments: [
        ("plain", "public convenience init() { self.init(engine: V8Engine.shared) }", ""),
        ("key path", "public convenience init() { self.init(engine: V8Engine.self[keyPath: \\V8Engine.Type.shared]) }", ""),
        ("metatype value", "public convenience init() { let t: V8Engine.Type = V8Engine.self; self.init(engine: t.shared) }", ""),
        ("type(of:)", "public convenience init(like other: V8Engine) { self.init(engine: type(of: other).shared) }", ""),
        ("typealias", "public convenience init() { self.init(engine: Motor.shared) }", "typealias Motor = V8Engine"),
        ("helper on the singleton's type", "public convenience init() { self.init(engine: V8Engine.spare()) }",
         "extension V8Engine { static func spare() -> V8Engine { shared } }"),
        ("default argument through a helper", "public convenience init(other: any Engine = stock()) { self.init(engine: other) }",
         "public func stock() -> any Engine { V8Engine.shared }"),
        ("inside a defer block", "public func warmUp() { defer { _ = V8Engine.shared.horsepower } }", ""),
        ("a protocol of the learner's that the singleton's type adopts", "public convenience init() { self.init(engine: Self.stock(V8Engine.self)) }\n static func stock<T: Stocked>(_ type: T.Type) -> V8Engine { T.shared }",
         "public protocol Stocked { static var shared: V8Engine { get } }\nextension V8Engine: Stocked {}"),
    ])
    func singletonSpellings(_ name: String, _ member: String, _ extra: String) throws {
        let findings = try Self.judge(["Engine.swift": Self.engine, "RaceCar.swift": Self.car(member), "Extra.swift": extra], [Self.noShared])
        #expect(findings.contains { $0.rule == "no-shared" && $0.file == "RaceCar.swift" }, "\(name): \(findings.map(\.location))")
    }

    @Test("the system clock and the random source are found through any of their APIs", arguments: [
        ("Date()", "Date()"), ("Date.now", "Date.now"),
        ("reference date", "Date(timeIntervalSinceReferenceDate: Date.timeIntervalSinceReferenceDate)"),
        ("since now", "Date(timeIntervalSinceNow: 0)"),
        ("random int", "Date(timeIntervalSince1970: Double(Int.random(in: 0..<9)))"),
        ("random element", "Date(timeIntervalSince1970: [1.0, 2.0].randomElement()!)"),
        ("shuffled", "Date(timeIntervalSince1970: [1.0, 2.0].shuffled()[0])"),
    ])
    func systemServices(_ name: String, _ expression: String) throws {
        let rules = [Self.rule("no-system", .forbiddenReference) { $0.names = ["Date()", "Int.random"]; $0.exceptIn = ["SystemClock"] }]
        let code = """
            import Foundation
            public struct SystemClock { public func now() -> Date { Date() } }
            public struct Logger { public func stamp() -> Date { \(expression) } }
            """
        let findings = try Self.judge(["Logger.swift": code], rules)
        #expect(findings.map(\.line) == [3], "\(name): \(findings.map { "\($0.location) \($0.message)" })")
    }

    @Test("a per-thread store is found however it is reached", arguments: [
        ("the thread dictionary", "Thread.current.threadDictionary[\"stack\"] as? [String] ?? []"),
        ("a helper that returns the thread", "here().threadDictionary[\"stack\"] as? [String] ?? []"),
        ("the thread's name as a key", "[Thread.current.name ?? \"\"]"),
    ])
    func perThreadStores(_ name: String, _ expression: String) throws {
        let rules = [Self.rule("no-per-thread", .forbiddenReference) { $0.names = ["Thread.current"] }]
        let code = """
            import Foundation
            func here() -> Thread { .current }
            public final class Container { public func stack() -> [String] { \(expression) } }
            """
        let findings = try Self.judge(["Container.swift": code], rules)
        #expect(findings.contains { $0.line == 3 }, "\(name): \(findings.map { "\($0.location) \($0.message)" })")
    }

    @Test("a value built from what the object was handed is no system call")
    func injectedRandomIsFine() throws {
        let rules = [Self.rule("no-system", .forbiddenReference) { $0.names = ["Date()", "Int.random"] }]
        let code = """
            import Foundation
            public struct Logger<G: RandomNumberGenerator> {
                var generator: G
                public mutating func pick() -> Int { Int.random(in: 0..<9, using: &generator) }
                public func epoch() -> Date { Date(timeIntervalSince1970: 0) }
            }
            """
        #expect(try Self.judge(["Logger.swift": code], rules).isEmpty)
    }

    // MARK: family 2: a collaborator built one or more calls away

    @Test("an engine built near the car is found", arguments: [
        ("default argument", "public convenience init(spare: Int) { self.init(engine: V8Engine()) }", ""),
        ("helper function", "public convenience init(spare: Int) { self.init(engine: freshEngine()) }", "func freshEngine() -> any Engine { V8Engine() }"),
        ("protocol extension static as a generic default",
         "public convenience init<E: Engine>(stock: E = .stock) { self.init(engine: stock) }",
         "extension Engine where Self == V8Engine { public static var stock: V8Engine { V8Engine() } }"),
        (".init through a metatype", "public convenience init(spare: Int) { let kind = V8Engine.self; self.init(engine: kind.init()) }", ""),
        ("a protocol's init through an existential metatype",
         "public convenience init(kinds: [any Buildable.Type]) { self.init(engine: kinds.map { $0.init() }.first as! any Engine) }", ""),
        ("default argument with .init", "public convenience init(make: () -> V8Engine = V8Engine.init) { self.init(engine: make()) }", ""),
    ])
    func builtNearby(_ name: String, _ member: String, _ extra: String) throws {
        let findings = try Self.judge(["Engine.swift": Self.engine, "RaceCar.swift": Self.car(member), "Extra.swift": extra], [Self.buildsNoEngine])
        #expect(findings.contains { $0.rule == "builds-no-engine" }, "\(name): \(findings.map(\.location))")
    }

    @Test("correct cars in other shapes break no rule", arguments: [
        ("a class", Self.car("public func hp() -> Int { engine.horsepower }"), ""),
        ("a struct", "public struct RaceCar { let engine: any Engine; public init(engine: any Engine) { self.engine = engine } }", ""),
        ("generic", "public struct RaceCar<E: Engine> { let engine: E; public init(engine: E) { self.engine = engine } }", ""),
        ("a factory closure", "public final class RaceCar { let make: () -> any Engine; public init(make: @escaping () -> any Engine) { self.make = make } }", ""),
        ("an extension in another file", Self.car(""), "extension RaceCar { public var power: Int { engine.horsepower * 2 } }"),
    ])
    func correctShapes(_ name: String, _ car: String, _ extra: String) throws {
        let findings = try Self.judge(["Engine.swift": Self.engine, "RaceCar.swift": car, "Extra.swift": extra],
                                      [Self.noShared, Self.buildsNoEngine,
                                       Self.rule("keeps", .keptInLet) { $0.inTypes = ["RaceCar"] },
                                       Self.rule("no-default", .noDefaultArgument) { $0.inTypes = ["RaceCar"] },
                                       Self.rule("state", .noStaticState) { $0.inTypes = ["*"]; $0.exceptIn = ["V8Engine"] }])
        #expect(findings.isEmpty, "\(name): \(findings.map { "\($0.location) [\($0.rule)] \($0.message)" })")
    }

    @Test("a fresh default is allowed where the lesson allows it")
    func allowedDefault() throws {
        var rule = Self.buildsNoEngine
        rule.allow = [.defaultArgument]
        let member = "public convenience init(spare: any Engine = V8Engine()) { self.init(engine: spare) }"
        #expect(try Self.judge(["Engine.swift": Self.engine, "RaceCar.swift": Self.car(member)], [rule]).isEmpty)
    }

    @Test("with factory_closure, a part is built only by the factory a container runs, whatever shape the factory has")
    func factoryClosures() throws {
        var rule = Self.rule("in-factories", .noConstruction) { $0.inTypes = ["Garage"]; $0.of = ["Engine"] }
        rule.allow = [.factoryClosure]
        let box = "public final class Box { var make: (() -> any Engine)?; public init() {}; public func register(_ make: @escaping () -> any Engine) { self.make = make } }"
        func judge(_ garage: String) throws -> [RuleFinding] {
            try Self.judge(["Engine.swift": Self.engine, "Box.swift": box, "Garage.swift": garage], [rule])
        }
        #expect(try judge("public enum Garage { public static func make() -> Box { let box = Box(); box.register { V8Engine() }; return box } }").isEmpty)
        #expect(try judge("public enum Garage { static func engine() -> any Engine { V8Engine() }\n public static func make() -> Box { let box = Box(); box.register(engine); return box } }").isEmpty)
        #expect(try judge("public enum Garage { public static func make() -> Box { let box = Box(); box.register(V8Engine.init); return box } }").isEmpty)
        let eager = try judge("public enum Garage { public static func make() -> Box { let box = Box(); let engine = V8Engine(); box.register { engine }; return box } }")
        #expect(eager.count == 1, "an engine built before the factory is registered: \(eager.map(\.location))")
        // A local function is a function like any other: handed on, it is the factory; called at once, it builds now.
        #expect(try judge("public enum Garage { public static func make() -> Box { let box = Box(); func engine() -> any Engine { V8Engine() }\n box.register(engine); return box } }").isEmpty)
        let calledLocal = try judge("public enum Garage { public static func make() -> Box { let box = Box(); func engine() -> any Engine { V8Engine() }\n let built = engine(); box.register { built }; return box } }")
        #expect(!calledLocal.isEmpty, "a local function called before registering builds the engine eagerly: \(calledLocal.map(\.location))")
        // A recipe the factory calls (only from inside the escaping closure) builds when the factory runs; called at
        // registration time too, it builds now.
        #expect(try judge("public enum Garage { static func engine() -> any Engine { V8Engine() }\n public static func make() -> Box { let box = Box(); box.register { engine() }; return box } }").isEmpty)
        let recipeCalledNow = try judge("public enum Garage { static func engine() -> any Engine { V8Engine() }\n public static func make() -> Box { let box = Box(); let spare = engine(); box.register { engine() }; _ = spare; return box } }")
        #expect(!recipeCalledNow.isEmpty, "the recipe also called at once builds an engine now: \(recipeCalledNow.map(\.location))")
    }

    @Test("with once_stored, reading the one instance a stored static or global let holds builds nothing; building another, however it is spelled, does")
    func onceStoredInstances() throws {
        var rule = Self.rule("one-store", .noConstruction) { $0.inTypes = ["*"]; $0.of = ["Store"]; $0.exceptIn = ["Store.swift"] }
        rule.allow = [.onceStored]
        let store = """
            public final class Store {
                nonisolated(unsafe) private static let instance = Store()
                public static var standard: Store { instance }
                public init() {}
            }
            """
        func judge(_ app: String) throws -> [RuleFinding] {
            try Self.judge(["Store.swift": store, "App.swift": app], [rule])
        }
        #expect(try judge("public enum App { public static func live() -> Store { Store.standard } }").isEmpty)
        #expect(try judge("nonisolated(unsafe) let theStore = Store.standard\npublic enum App { public static func live() -> Store { theStore } }").isEmpty)
        let spellings = [
            "public enum App { public static func live() -> Store { Store() } }",
            "public enum App { public static func live() -> Store { Store.init() } }",
            "public enum App { public static func live() -> Store { let kind: Store.Type = Store.self; return kind.init() } }",
            "extension Store { nonisolated(unsafe) static let spare = Store() }\npublic enum App { public static func live() -> Store { .spare } }",
            "public enum App { static func fresh() -> Store { Store() }\n public static func live() -> Store { fresh() } }",
        ]
        for app in spellings {
            #expect(try !judge(app).isEmpty, "a second store built: \(app)")
        }
    }

    @Test("a stored property marked nonisolated(unsafe) is found whatever modifiers surround it, in an actor too", arguments: [
        "public final class Log: @unchecked Sendable { nonisolated(unsafe) var count = 0 }",
        "public actor Log { nonisolated(unsafe) public private(set) var count = 0 }",
        "public actor Log { public nonisolated(unsafe) var count: Int = 0; public init() {} }",
    ])
    func uncheckedStateInAnySpelling(_ code: String) throws {
        let rule = Self.rule("unguarded", .noUncheckedState) { $0.inTypes = ["*"] }
        let found = try Self.judge(["Log.swift": code], [rule])
        #expect(found.count == 1, "\(code): \(found.map(\.location))")
        #expect(try Self.judge(["Log.swift": "public actor Log { var count = 0; nonisolated(unsafe) static let name = \"log\" }"], [rule]).isEmpty)
    }

    @Test("a collaborator handed with every call is found kept however it is kept", arguments: [
        "public final class Track { weak var last: (any Watch)? }",
        "public final class Track { var history: [any Watch] = [] }",
        "public final class Track { private(set) var current: Optional<any Watch> = nil }",
        "public final class Track { unowned(safe) var watch: any Watch; init(w: any Watch) { watch = w } }",
    ])
    func perCallCollaboratorsAreNotStored(_ track: String) throws {
        let rule = Self.rule("per-call", .notStored) { $0.inTypes = ["Track"]; $0.of = ["Watch"] }
        let watch = "public protocol Watch: AnyObject { func stop() -> Int }"
        #expect(try Self.judge(["Watch.swift": watch, "Track.swift": track], [rule]).count == 1, "\(track)")
        let honest = "public final class Track { public func lap(using watch: any Watch) -> Int { let time = watch.stop(); return time } }"
        #expect(try Self.judge(["Watch.swift": watch, "Track.swift": honest], [rule]).isEmpty)
    }

    // MARK: family 3: the container reaching code outside the root

    static let containerCode = """
        public protocol DetailFactory: AnyObject { func makeDetail() -> Detail }
        public final class Detail { public init() {} }
        public final class Tyres { public init() {} }
        public final class Container: DetailFactory {
            public init() {}
            public func makeDetail() -> Detail { Detail() }
            public func tyres() -> Tyres { Tyres() }
            public func resolve(_ type: Any.Type) -> Any { type == Tyres.self ? tyres() : makeDetail() }
        """

    @Test("the container is found however it is handed over", arguments: [
        ("as Any", "public func makeScreen() -> Screen { Screen(source: self) }",
         "public final class Screen { let source: Any; public init(source: Any) { self.source = source } }"),
        ("a resolver closure", "public func makeScreen() -> Screen { Screen(resolve: { self.resolve($0) }) }",
         "public final class Screen { let resolve: (Any.Type) -> Any; public init(resolve: @escaping (Any.Type) -> Any) { self.resolve = resolve } }"),
        ("a downcast back to the container", "public func makeScreen() -> Screen { Screen(factory: self) }",
         "public final class Screen { let factory: any DetailFactory; public init(factory: any DetailFactory) { self.factory = factory }\n public func tyres() -> Tyres? { (factory as? Container)?.tyres() } }"),
        ("a protocol that hands out several parts", "public func makeScreen() -> Screen { Screen(parts: self) }",
         "public protocol Parts { func makeDetail() -> Detail; func tyres() -> Tyres }\nextension Container: Parts {}\npublic final class Screen { let parts: any Parts; public init(parts: any Parts) { self.parts = parts } }"),
        ("a metatype of the container", "public func makeScreen() -> Screen { Screen(kind: Container.self) }",
         "public final class Screen { let kind: Container.Type; public init(kind: Container.Type) { self.kind = kind } }"),
    ])
    func containerSpellings(_ name: String, _ member: String, _ extra: String) throws {
        let rules = [Self.rule("root-only", .containerOnlyIn) { $0.container = ["Container"]; $0.exceptIn = ["Container"] }]
        let findings = try Self.judge(["Container.swift": Self.containerCode + "\n" + member + "\n}", "Screen.swift": extra], rules)
        #expect(!findings.isEmpty, "\(name)")
    }

    @Test("a closure that looks a part up in the container, handed from the root to another type, is the container reaching it", arguments: [
        ("a trailing closure to an initializer", "public func makeScreen() -> Screen { Screen { self.resolve(Tyres.self) as! Tyres } }",
         "public final class Screen { let tyres: () -> Tyres; public init(tyres: @escaping () -> Tyres) { self.tyres = tyres } }"),
        ("a weak capture of a local container, to a method", "public static func wire(_ screen: Screen) { let container = Container(); screen.use { [weak container] in container?.resolve(Tyres.self) as? Tyres } }",
         "public final class Screen { var tyres: (() -> Tyres?)?; public init() {}; public func use(_ make: @escaping () -> Tyres?) { tyres = make } }"),
        ("a labelled argument, converted to an optional", "public func makeScreen() -> Screen { Screen(later: { [unowned self] in self.resolve(Detail.self) as! Detail }) }",
         "public final class Screen { let later: (() -> Detail)?; public init(later: (() -> Detail)?) { self.later = later } }"),
    ])
    func resolvingClosures(_ name: String, _ member: String, _ extra: String) throws {
        let rules = [Self.rule("root-only", .containerOnlyIn) { $0.container = ["Container"]; $0.exceptIn = ["Container"] }]
        let findings = try Self.judge(["Container.swift": Self.containerCode + "\n" + member + "\n}", "Screen.swift": extra], rules)
        #expect(findings.contains { $0.message.contains("A closure that captures the container") }, "\(name): \(findings.map { "\($0.location) \($0.message)" })")
    }

    @Test("a forbidden name in a place the compiler's reading shows only to the sweep (an enum case's default argument, a wrapper's argument) is found; a wrapper's key path is not a use")
    func sweptPlaces() throws {
        let rules = [Self.rule("no-shared", .forbiddenReference) { $0.names = ["V8Engine.shared"] }]
        let enumDefault = Self.engine + "\npublic enum Spare { case engine(any Engine = V8Engine.shared) }\n"
        #expect(try Self.judge(["Car.swift": enumDefault], rules).contains { $0.rule == "no-shared" })
        let wrapper = Self.engine + """

            @propertyWrapper public struct Fitted { public var wrappedValue: Int
                public init(wrappedValue: Int, _ power: Int) { self.wrappedValue = wrappedValue } }
            public struct Garage { @Fitted(V8Engine.shared.horsepower) public var power = 0 }
            """
        #expect(try Self.judge(["Car.swift": wrapper], rules).contains { $0.rule == "no-shared" })
        let keyPath = Self.engine + """

            @propertyWrapper public struct Read<Value> { public let path: KeyPath<V8Engine, Value>
                public var wrappedValue: Value { fatalError() }
                public init(_ path: KeyPath<V8Engine, Value>) { self.path = path } }
            public struct Garage { @Read(\\.horsepower) public var power: Int }
            """
        #expect(try Self.judge(["Car.swift": keyPath], [Self.rule("no-v8", .forbiddenReference) { $0.names = ["V8Engine.horsepower"] }]).isEmpty)
    }

    @Test("a root that hands out a one-method factory, or the parts themselves, or runs its own closure through the standard library, breaks no rule")
    func containerCorrect() throws {
        let rules = [Self.rule("root-only", .containerOnlyIn) { $0.container = ["Container"]; $0.exceptIn = ["Container"] }]
        let member = "public func makeScreen() -> Screen { Screen(factory: self, tyres: tyres(), make: { self.makeDetail() }) }"
        let screen = "public final class Screen { let factory: any DetailFactory; let tyres: Tyres; let make: () -> Detail\n public init(factory: any DetailFactory, tyres: Tyres, make: @escaping () -> Detail) { self.factory = factory; self.tyres = tyres; self.make = make } }"
        let findings = try Self.judge(["Container.swift": Self.containerCode + "\n" + member + "\n}", "Screen.swift": screen], rules)
        #expect(findings.isEmpty, "\(findings.map { "\($0.location) \($0.message)" })")
        // A closure of the container's own that cannot outlive the call, run by the standard library, hands nothing out.
        let listing = "var kinds: [Int: Any.Type] = [:]\n public func known(_ keys: [Int]) -> [Any.Type] { keys.compactMap { self.kinds[$0] } }"
        let inside = try Self.judge(["Container.swift": Self.containerCode + "\n" + listing + "\n}", "Screen.swift": screen], rules)
        #expect(inside.isEmpty, "\(inside.map { "\($0.location) \($0.message)" })")
    }

    @Test("a free function only the root runs is the root's own helper; the same function run from a screen is the screen reaching the container")
    func rootHelpers() throws {
        let rules = [Self.rule("root-only", .containerOnlyIn) { $0.container = ["Container"]; $0.exceptIn = ["Container", "makeApp"] }]
        let screen = "public final class Screen { let tyres: Tyres; public init(tyres: Tyres) { self.tyres = tyres } }"
        let app = """
            private func wired(from container: Container) -> Screen { Screen(tyres: container.tyres()) }
            private func fresh() -> Container { Container() }
            public func makeApp() throws -> Screen { try Optional(wired(from: fresh())) ?? wired(from: Container()) }
            """
        let right = try Self.judge(["Container.swift": Self.containerCode + "\n}", "Screen.swift": screen, "App.swift": app], rules)
        #expect(right.isEmpty, "\(right.map { "\($0.location) \($0.message)" })")
        let reaching = app + "\nextension Screen { public static func again() -> Screen { wired(from: Container()) } }"
        let wrong = try Self.judge(["Container.swift": Self.containerCode + "\n}", "Screen.swift": screen, "App.swift": reaching], rules)
        #expect(!wrong.isEmpty, "a helper the screen also runs is not the root's")
    }

    @Test("in every lesson, a type handed a bag of `Any` that casts a collaborator back out of it is a locator, however the bag is spelled", arguments: [
        ("a stored Any", "public var context: Any?\n public func radio() -> (any Engine)? { context as? any Engine }"),
        ("an initializer's dictionary behind a type alias", "public convenience init(room: Room) { self.init(engine: (room[\"engine\"] as? any Engine) ?? Spare()) }"),
        ("a resolver function", "public func use(_ resolve: (Any.Type) -> Any) -> Int { (resolve(Engine.self) as! any Engine).horsepower }"),
        ("a bag of any Sendable", "public convenience init(parts: [ObjectIdentifier: any Sendable]) { self.init(engine: (parts[ObjectIdentifier(Spare.self)] as? any Engine) ?? Spare()) }"),
    ])
    func bagLookups(_ name: String, _ member: String) throws {
        let code = Self.engine + "\npublic typealias Room = [String: Any]\npublic final class Spare: Engine { public let horsepower = 1; public init() {} }\n"
            + Self.car(member).replacingOccurrences(of: "let engine: any Engine", with: "let engine: any Engine\n")
        let findings = try Self.judge(["Car.swift": code], [])
        #expect(findings.contains { $0.rule == "no-lookup-in-a-bag" }, "\(name): \(findings.map { "\($0.location) \($0.message)" })")
        // The container a lesson teaches keeps factories as Any and casts them back: that is its job.
        let container = """
            public final class Box { private var makers: [ObjectIdentifier: Any] = [:]
                public init() {}
                public func register(_ make: @escaping () -> any Engine) { makers[ObjectIdentifier((any Engine).self)] = make }
                public func engine() -> (any Engine)? { (makers[ObjectIdentifier((any Engine).self)] as? () -> any Engine)?() }
            }
            """
        let rules = [Self.rule("root-only", .containerOnlyIn) { $0.container = ["Box"]; $0.exceptIn = ["Box"] }]
        let allowed = try Self.judge(["Car.swift": Self.engine, "Box.swift": container], rules)
        #expect(!allowed.contains { $0.rule == "no-lookup-in-a-bag" }, "\(allowed.map { "\($0.location) \($0.message)" })")
    }

    @Test("in every lesson, a type that takes a locator behind a protocol of its own is a locator, however it takes it", arguments: [
        ("an initializer", "public convenience init(depot: any Depot) { self.init(engine: depot.part(Spare.self) as! any Engine) }"),
        ("a method", "public func refit(from depot: some Depot) -> Int { (depot.part(Spare.self) as! any Engine).horsepower }"),
        ("a stored property", "public var depot: (any Depot)?"),
    ])
    func locatorBehindAProtocol(_ name: String, _ member: String) throws {
        let code = Self.engine + "\npublic protocol Depot { func part(_ kind: Any.Type) -> Any }\npublic final class Spare: Engine { public let horsepower = 1; public init() {} }\n"
            + "public struct TeamDepot: Depot { public init() {}; public func part(_ kind: Any.Type) -> Any { Spare() } }\n" + Self.car(member)
        let findings = try Self.judge(["Car.swift": code], [])
        #expect(findings.contains { $0.rule == "no-lookup-in-a-bag" && $0.message.contains("Depot") }, "\(name): \(findings.map { "\($0.location) \($0.message)" })")
    }

    @Test("a type told to work through the protocol it is handed asks nothing of what a value really is, whatever the cast's target", arguments: [
        ("as? a protocol of the standard library", "if let described = component as? any CustomStringConvertible { log.append(described.description) }"),
        ("is a protocol of the standard library", "if component is any Hashable { log.append(\"hashable\") }"),
        ("as? a type of the module", "if let car = component as? Car { log.append(car.name) }"),
    ])
    func castsOfHandedValues(_ name: String, _ body: String) throws {
        let code = """
            public protocol Component: AnyObject { func plug() }
            public final class Car: Component { public let name = "car"; public init() {}; public func plug() {} }
            public final class Assembler {
                public private(set) var log: [String] = []
                public init() {}
                public func wire(_ component: any Component) { \(body); component.plug() }
            }
            """
        let rules = [Self.rule("never-casts", .noDowncast) { $0.inTypes = ["Assembler"] }]
        let findings = try Self.judge(["Assembler.swift": code], rules)
        #expect(findings.contains { $0.rule == "never-casts" }, "\(name): \(findings.map { "\($0.location) \($0.message)" })")
        let plain = try Self.judge(["Assembler.swift": code.replacingOccurrences(of: body, with: "log.append(String(log.count) as String)")], rules)
        #expect(!plain.contains { $0.rule == "never-casts" }, "a coercion of the type's own value is no check of a component: \(plain.map(\.message))")
    }

    // MARK: family 4: shared mutable state under an allowed name

    @Test("state shared through a static or a global is found", arguments: [
        ("nonisolated(unsafe) static var", "enum Keys { nonisolated(unsafe) static var liveValue: any Engine = V8Engine() }"),
        ("a swappable proxy in a static let", "final class Proxy: @unchecked Sendable { var current: any Engine = V8Engine() }\nenum Keys { static let liveValue = Proxy() }"),
        ("static setter", "enum Crew { nonisolated(unsafe) static var instance: V8Engine? = nil\n static func setShared(_ e: V8Engine) { instance = e } }"),
        ("a global closure", "let makeEngine: @Sendable () -> any Engine = { V8Engine() }"),
        ("a global let holding an object", "nonisolated(unsafe) let paddock = V8Engine()"),
    ])
    func sharedState(_ name: String, _ code: String) throws {
        let rules = [Self.rule("state", .noStaticState) { $0.inTypes = ["*"]; $0.exceptIn = ["V8Engine"] }]
        let findings = try Self.judge(["Engine.swift": Self.engine, "State.swift": code], rules)
        #expect(findings.contains { $0.file == "State.swift" }, "\(name): \(findings.map(\.location))")
    }

    @Test("a task-local that holds a collaborator is ambient state; one that describes the work is not", arguments: [
        ("an existential", "@TaskLocal static var engine: (any Engine & Sendable)?"),
        ("a class", "@TaskLocal static var log: Log?"),
        ("a closure", "@TaskLocal static var makeEngine: (@Sendable () -> Int)?"),
    ])
    func ambientCollaborators(_ name: String, _ declaration: String) throws {
        let rules = [Self.rule("state", .noStaticState) { $0.inTypes = ["*"]; $0.exceptIn = ["V8Engine", "Session.id"] }]
        let code = "enum Session {\n    @TaskLocal static var id: String?\n    \(declaration)\n}\nfinal class Log: Sendable {}\n"
        let findings = try Self.judge(["Engine.swift": Self.engine, "Session.swift": code], rules)
        #expect(findings.map(\.line) == [3], "\(name): \(findings.map { "\($0.location) \($0.message)" })")
    }

    @Test("a private constant read only by a declaration the lesson allows is that declaration; read from anywhere else it is shared state")
    func constantBehindAnAllowedOne() throws {
        let rules = [Self.rule("state", .noStaticState) { $0.inTypes = ["*"]; $0.exceptIn = ["EngineKey.liveValue", "V8Engine"] }]
        let allowed = "enum EngineKey { static var liveValue: any Engine { live }\n nonisolated(unsafe) private static let live = V8Engine() }"
        let findings = try Self.judge(["Engine.swift": Self.engine, "Keys.swift": allowed], rules)
        #expect(findings.isEmpty, "\(findings.map { "\($0.location) \($0.message)" })")
        let leaked = allowed + "\npublic final class Car { let engine: any Engine; public init() { engine = EngineKey.live } }"
        let shared = try Self.judge(["Engine.swift": Self.engine, "Keys.swift": leaked.replacingOccurrences(of: "private static let live", with: "static let live")], rules)
        #expect(shared.contains { $0.message.contains("EngineKey.live") }, "read by a car too: \(shared.map { "\($0.location) \($0.message)" })")
    }

    @Test("a name the lesson allows as a constant is still shared state as a stored static var; a task-local of that name is not")
    func allowedNameSwappable() throws {
        let rules = [Self.rule("state", .noStaticState) { $0.inTypes = ["*"]; $0.exceptIn = ["EngineKey.liveValue", "Values.current", "V8Engine"] }]
        let swappable = "enum EngineKey { nonisolated(unsafe) static var liveValue: any Engine = V8Engine() }\nstruct Values { @TaskLocal static var current: Int = 0 }\n"
        let findings = try Self.judge(["Engine.swift": Self.engine, "Keys.swift": swappable], rules)
        #expect(findings.count == 1 && findings.first?.message.contains("static var") == true, "\(findings.map { "\($0.location) \($0.message)" })")
        let constant = swappable.replacingOccurrences(of: "nonisolated(unsafe) static var liveValue", with: "nonisolated(unsafe) static let liveValue")
        #expect(try Self.judge(["Engine.swift": Self.engine, "Keys.swift": constant], rules).isEmpty)
    }

    @Test("constants that share nothing are fine")
    func valuesAreFine() throws {
        let rules = [Self.rule("state", .noStaticState) { $0.inTypes = ["*"]; $0.exceptIn = ["V8Engine"] }]
        let code = """
            struct Preset { let horsepower: Int; let name: String }
            enum Defaults {
                static let horsepower = 500
                static let names = ["a", "b"]
                static let preset = Preset(horsepower: 1, name: "x")
                @TaskLocal static var session: String? = nil
            }
            let laps: [Int: String] = [1: "one"]
            """
        let findings = try Self.judge(["Engine.swift": Self.engine, "State.swift": code], rules)
        #expect(findings.isEmpty, "\(findings.map { "\($0.location) \($0.message)" })")
    }

    // MARK: family 5: what the text forbids that is not a name

    @Test("a collaborator not kept in a strong let is found", arguments: [
        ("var", "public final class RaceCar { var engine: any Engine; public init(engine: any Engine) { self.engine = engine } }"),
        ("weak", "public final class RaceCar { weak var engine: (any Engine)?; public init(engine: any Engine) { self.engine = engine } }"),
        ("unowned", "public final class RaceCar { unowned let engine: any Engine; public init(engine: any Engine) { self.engine = engine } }"),
        ("lazy", "public final class RaceCar { let make: () -> any Engine; lazy var engine = make(); public init(make: @escaping () -> any Engine) { self.make = make } }"),
    ])
    func notKeptInLet(_ name: String, _ car: String) throws {
        let findings = try Self.judge(["Engine.swift": Self.engine, "RaceCar.swift": car], [Self.rule("keeps", .keptInLet) { $0.inTypes = ["RaceCar"] }])
        #expect(findings.contains { $0.rule == "keeps" }, "\(name)")
    }

    @Test("a var of values (a private struct nested in the type included) is no collaborator kept; a private lazy var is one only its type sets, where the rule allows it")
    func valuesInVars() throws {
        let screen = """
            public final class RaceCar {
                private struct State { var laps: [Int] = []; var note: String? }
                private var state = State()
                private var count = 0
                let engine: any Engine
                public init(engine: any Engine) { self.engine = engine }
            }
            """
        #expect(try Self.judge(["Engine.swift": Self.engine, "RaceCar.swift": screen], [Self.rule("keeps", .keptInLet) { $0.inTypes = ["RaceCar"] }]).isEmpty)
        let root = "public final class Root { private lazy var engine: any Engine = Spare(); public lazy var spare: any Engine = Spare(); public init() {} }\nfinal class Spare: Engine { var horsepower: Int { 1 } }"
        let allowing = try Self.judge(["Engine.swift": Self.engine, "Root.swift": root], [Self.rule("keeps", .keptInLet) { $0.inTypes = ["Root"]; $0.allow = [.privateSetter] }])
        #expect(allowing.count == 1 && allowing.first?.message.contains("Root.spare") == true, "\(allowing.map(\.message))")
    }

    @Test("collaborators handed over or kept as Any are a locator by another name", arguments: [
        ("a bag keyed by type", "public final class RaceCar { private let parts: [ObjectIdentifier: Any]\n public init(engine: any Engine) { parts = [ObjectIdentifier(Engine.self): engine] } }"),
        ("an initializer taking a bag by name", "public final class RaceCar { let engine: any Engine\n public init(engine: any Engine) { self.engine = engine }\n public convenience init(services: [String: Any]) { self.init(engine: services[\"engine\"] as! any Engine) } }"),
        ("a resolver function", "public final class RaceCar { let resolve: (Any.Type) -> Any\n public init(resolve: @escaping (Any.Type) -> Any) { self.resolve = resolve } }"),
        ("AnyObject", "public final class RaceCar { let engine: AnyObject\n public init(engine: AnyObject) { self.engine = engine } }"),
    ])
    func erasedCollaborators(_ name: String, _ car: String) throws {
        let findings = try Self.judge(["Engine.swift": Self.engine, "RaceCar.swift": car], [Self.rule("keeps", .keptInLet) { $0.inTypes = ["RaceCar"] }])
        #expect(findings.contains { $0.rule == "keeps" && $0.message.contains("Any") }, "\(name): \(findings.map(\.message))")
    }

    @Test("code under #if DEBUG is read as a debug build compiles it")
    func debugBranches() throws {
        let rules = [Self.rule("silent", .nullObject) { $0.inTypes = ["Quiet"] }]
        let quiet = "public protocol Announcer { func announce(_ text: String) }\npublic struct Quiet: Announcer {\n public init() {}\n public func announce(_ text: String) {\n #if DEBUG\n debugPrint(text)\n #endif\n }\n}\n"
        #expect(try Self.judge(["Quiet.swift": quiet], rules).count == 1)
    }

    @Test("a null object that inherits a default which does something, from a protocol it adopts, does something; one that writes its own empty member does not")
    func inheritedDefaults() throws {
        let rules = [Self.rule("silent", .nullObject) { $0.inTypes = ["Quiet"] }]
        let loud = "public protocol Announcer { func announce(_ text: String) }\nextension Announcer { public func announce(_ text: String) { print(text) } }\npublic struct Quiet: Announcer { public init() {} }\n"
        #expect(try Self.judge(["Quiet.swift": loud], rules).count == 1, "the default prints for the null object too")
        let deeper = "public protocol Speaker { func announce(_ text: String) }\nextension Speaker { public func announce(_ text: String) { print(text) } }\npublic protocol Announcer: Speaker {}\npublic struct Quiet: Announcer { public init() {} }\n"
        #expect(try Self.judge(["Quiet.swift": deeper], rules).count == 1, "through a protocol the adopted one refines")
        let quiet = "public protocol Announcer { func announce(_ text: String) }\nextension Announcer { public func announce(_ text: String) { print(text) } }\npublic struct Quiet: Announcer { public init() {}\n public func announce(_ text: String) {} }\n"
        #expect(try Self.judge(["Quiet.swift": quiet], rules).isEmpty, "its own empty member is what runs")
    }

    @Test("unowned(unsafe) and raw pointers are found in every lesson, whatever its rules")
    func unsafeReferences() throws {
        let car = """
            public final class RaceCar {
                unowned(unsafe) let engine: V8Engine
                public init(engine: V8Engine) { self.engine = engine }
                public func raw() -> UnsafeMutableRawPointer { Unmanaged.passUnretained(engine).toOpaque() }
            }
            """
        let findings = try Self.judge(["Engine.swift": Self.engine, "RaceCar.swift": car], [])
        #expect(Set(findings.map(\.line)).isSuperset(of: [2, 4]), "\(findings.map(\.location))")
        #expect(findings.allSatisfy { $0.rule == "no-unsafe-references" })
        // In a capture list and in a local, where the compiler's JSON carries no ownership: one finding each.
        let captured = """
            public final class Garage {
                let engine: V8Engine
                public init(engine: V8Engine) { self.engine = engine }
                public func starter() -> () -> Void { { [unowned(unsafe) self] in _ = self.engine } }
                public func lookUp() -> V8Engine {
                    unowned(unsafe) let kept = engine
                    return kept
                }
                public func safe() -> () -> Void { { [unowned self] in _ = self.engine } }
            }
            """
        let more = try Self.judge(["Engine.swift": Self.engine, "Garage.swift": captured], [])
        #expect(more.map(\.line).sorted() == [4, 6], "\(more.map(\.location))")
        #expect(more.allSatisfy { $0.rule == "no-unsafe-references" && $0.file == "Garage.swift" })
    }

    @Test("a protocol widened beyond what the lesson asks is found, even behind a default implementation")
    func widenedProtocol() throws {
        let rules = [Self.rule("narrow", .protocolRequirements) { $0.names = ["PitRadio.send(_:)"] }]
        let narrow = "public protocol PitRadio { func send(_ message: String) -> Bool }\nextension PitRadio { func twice(_ m: String) -> Bool { send(m) && send(m) } }"
        #expect(try Self.judge(["PitRadio.swift": narrow], rules).isEmpty)
        let wide = "public protocol PitRadio { func send(_ message: String) -> Bool; var isPoweredOn: Bool { get } }\nextension PitRadio { public var isPoweredOn: Bool { true } }"
        #expect(try Self.judge(["PitRadio.swift": wide], rules).map(\.line) == [1])
        let relabelled = "public protocol PitRadio { func send(message: String) -> Bool }"
        #expect(try Self.judge(["PitRadio.swift": relabelled], rules).count == 1)
    }

    @Test("a default for a requirement the lesson asks for is found, in any extension of the protocol; a helper beside the requirement is not", arguments: [
        "extension PitRadio {\n    public func send(_ message: String) -> Bool { false }\n}",
        "extension PitRadio where Self: AnyObject {\n    func send(_ text: String) -> Bool { print(text); return true }\n}",
    ])
    func defaultForRequirement(_ extensionText: String) throws {
        let rules = [Self.rule("narrow", .protocolRequirements) { $0.names = ["PitRadio.send(_:)"] }]
        let source = "public protocol PitRadio { func send(_ message: String) -> Bool }\n" + extensionText
        let found = try Self.judge(["PitRadio.swift": source], rules)
        #expect(found.map(\.line) == [3])
        #expect(found.first?.message.contains("forgets `send(_:)`") == true)
        let helper = "public protocol PitRadio { func send(_ message: String) -> Bool }\nextension PitRadio { func send(_ message: String, times: Int) -> Bool { (0..<times).allSatisfy { _ in send(message) } } }"
        #expect(try Self.judge(["PitRadio.swift": helper], rules).isEmpty)
    }

    @Test("a container that looks parts up, handed over behind a one-method protocol it conforms to, is still the container")
    func containerBehindASmallProtocol() throws {
        let rules = [Self.rule("edge", .containerOnlyIn) { $0.container = ["Container"]; $0.exceptIn = ["Container", "Race"]; $0.exceptIsRoot = false }]
        let container = """
            public final class Container {
                private var made: [ObjectIdentifier: () -> Any] = [:]
                public init() {}
                public func register<T>(_ type: T.Type, _ make: @escaping () -> T) { made[ObjectIdentifier(type)] = make }
                public func resolve<T>(_ type: T.Type) -> T { made[ObjectIdentifier(type)]!() as! T }
            }
            public final class Driver { public init() {} }
            """
        let source = "public protocol DriverSource { func driverInCar() -> Driver }\nextension Container: DriverSource { public func driverInCar() -> Driver { resolve(Driver.self) } }"
        let recorder = "public final class Recorder { let drivers: any DriverSource; public init(drivers: any DriverSource) { self.drivers = drivers } }"
        let handed = "public final class Race { let recorder: Recorder; public init(c: Container) { recorder = Recorder(drivers: c) } }"
        #expect(try Self.judge(["Container.swift": container, "Source.swift": source, "Recorder.swift": recorder, "Race.swift": handed], rules).map(\.file) == ["Race.swift"])
        // A factory closure the root writes hands over no container.
        let factory = "public final class Recorder { let driver: () -> Driver; public init(driver: @escaping () -> Driver) { self.driver = driver } }"
        let wired = "public final class Race { let recorder: Recorder; public init(c: Container) { recorder = Recorder(driver: { c.resolve(Driver.self) }) } }"
        #expect(try Self.judge(["Container.swift": container, "Recorder.swift": factory, "Race.swift": wired], rules).isEmpty)
    }

    @Test("@unchecked Sendable on a holder of a class that is not Sendable is found, in the declaration or an extension; a lock beside it, or a Sendable class, is fine")
    func uncheckedHolderOfAClass() throws {
        let rules = [Self.rule("unchecked", .noUncheckedState) { $0.inTypes = ["*"] }]
        let crew = "public final class Crew { public var sets = 4; public init() {} }"
        let viaExtension = "public final class Engineer { let crew: Crew; public init(crew: Crew) { self.crew = crew } }\nextension Engineer: @unchecked Sendable {}"
        #expect(try Self.judge(["Crew.swift": crew, "Engineer.swift": viaExtension], rules).map(\.file) == ["Engineer.swift"])
        let inline = "public final class Engineer: @unchecked Sendable { let crew: Crew; public init(crew: Crew) { self.crew = crew } }"
        #expect(try Self.judge(["Crew.swift": crew, "Engineer.swift": inline], rules).count == 1)
        let locked = "import Foundation\npublic final class Engineer: @unchecked Sendable { let crew: Crew; let lock = NSLock(); public init(crew: Crew) { self.crew = crew } }"
        #expect(try Self.judge(["Crew.swift": crew, "Engineer.swift": locked], rules).isEmpty)
        let sendableCrew = "public final class Crew: Sendable { public let sets = 4; public init() {} }"
        #expect(try Self.judge(["Crew.swift": sendableCrew, "Engineer.swift": inline], rules).isEmpty)
    }

    @Test("a root that may not act as a factory is found handing itself out behind a one-method protocol")
    func rootBehindAProtocol() throws {
        let source = "public protocol RadioSource: AnyObject { var current: Int { get } }\npublic final class Relay { weak var source: (any RadioSource)?; public init() {} }"
        let root = "public final class Team: RadioSource { public let current = 1; public let relay = Relay(); public init() { relay.source = self } }"
        let strict = [Self.rule("root", .containerOnlyIn) { $0.container = ["Team"]; $0.exceptIn = ["Team"]; $0.rootAsFactory = false }]
        #expect(try Self.judge(["Source.swift": source, "Team.swift": root], strict).map(\.file) == ["Team.swift"])
        let lenient = [Self.rule("root", .containerOnlyIn) { $0.container = ["Team"]; $0.exceptIn = ["Team"] }]
        #expect(try Self.judge(["Source.swift": source, "Team.swift": root], lenient).isEmpty, "by default a root may hand itself out as a one-method factory")
    }

    @Test("a class or struct offers only the calls the lesson names; private helpers and the implicit initializer are its own")
    func concreteTypeOffersItsOneCall() throws {
        let rules = [Self.rule("one-call", .protocolRequirements) { $0.names = ["Briefing.init(radio:)", "Briefing.tell(_:)"] }]
        let right = "public protocol Radio { func send(_ m: String) }\npublic final class Briefing { private let radio: any Radio; public init(radio: any Radio) { self.radio = radio }\n public func tell(_ m: String) { radio.send(stamped(m)) }\n private func stamped(_ m: String) -> String { m } }"
        #expect(try Self.judge(["Briefing.swift": right], rules).isEmpty)
        let widened = right + "\nextension Briefing { public func box(lap: Int) { tell(\"Lap \\(lap): box\") } }"
        #expect(try Self.judge(["Briefing.swift": widened], rules).map(\.line) == [5])
        let structRight = "public protocol Radio { func send(_ m: String) }\npublic struct Briefing { let radio: any Radio\n public func tell(_ m: String) { radio.send(m) } }"
        #expect(try Self.judge(["Briefing.swift": structRight], rules).isEmpty, "a stored property the module keeps to itself is what the type holds, not a call it offers")
        let exposed = "public protocol Radio { func send(_ m: String) }\npublic struct Briefing { public var source: (() -> any Radio)?\n public func tell(_ m: String) { source?().send(m) } }"
        #expect(try Self.judge(["Briefing.swift": exposed], rules).map(\.line) == [2], "a public stored property is one more way in")
    }

    @Test("a default value on an initializer is found; one on a method is not the rule's business")
    func defaults() throws {
        let rules = [Self.rule("no-default", .noDefaultArgument) { $0.inTypes = ["FastCar"] }]
        let wrong = "public struct FastCar { let topSpeed: Int; public init(topSpeed: Int = 200) { self.topSpeed = topSpeed } }"
        #expect(try Self.judge(["FastCar.swift": wrong], rules).count == 1)
        let right = "public struct FastCar { let topSpeed: Int; public init(topSpeed: Int) { self.topSpeed = topSpeed }\n public func lap(boost: Int = 0) -> Int { topSpeed + boost } }"
        #expect(try Self.judge(["FastCar.swift": right], rules).isEmpty)
        // A kept initializer that fills in the value is the default under another spelling, in a class or a struct,
        // in an extension too; one that passes on what it is handed (a rename) invents nothing.
        let kept = "public final class FastCar { let topSpeed: Int; public init(topSpeed: Int) { self.topSpeed = topSpeed }\n public convenience init() { self.init(topSpeed: 210) } }"
        #expect(try Self.judge(["FastCar.swift": kept], rules).map(\.line) == [2])
        let elsewhere = "public struct FastCar { let topSpeed: Int; public init(topSpeed: Int) { self.topSpeed = topSpeed } }\nextension FastCar { public init() { self = .init(topSpeed: 180) } }"
        #expect(try Self.judge(["FastCar.swift": elsewhere], rules).count == 1)
        let renamed = "public struct FastCar { let topSpeed: Int; public init(topSpeed: Int) { self.topSpeed = topSpeed }\n public init(kmh: Int) { self.init(topSpeed: kmh) } }"
        #expect(try Self.judge(["FastCar.swift": renamed], rules).isEmpty)
        let optional = "public final class FastCar { let topSpeed: Int; public init(topSpeed: Int) { self.topSpeed = topSpeed }\n public convenience init(published: Int?) { self.init(topSpeed: published ?? 200) } }"
        #expect(try Self.judge(["FastCar.swift": optional], rules).map(\.line) == [2], "an optional value leaves room for nil, which the initializer fills in")
    }

    @Test("a global read inside a closure the root hands on is read outside the root")
    func closureFromTheRoot() throws {
        let rules = [Self.rule("settings", .forbiddenReference) { $0.names = ["Settings.standard"]; $0.exceptIn = ["Root", "Settings"] }]
        let settings = "public final class Settings: @unchecked Sendable { public static let standard = Settings(); public var userName = \"me\" }"
        let sender = "public final class Sender { let author: () -> String; public init(author: @escaping () -> String) { self.author = author } }"
        let later = "public struct Root { public func makeSender() -> Sender { Sender(author: { Settings.standard.userName }) } }"
        #expect(try Self.judge(["Settings.swift": settings, "Sender.swift": sender, "Root.swift": later], rules).map(\.file) == ["Root.swift"])
        let once = "public struct Root { public func makeSender() -> Sender { let name = Settings.standard.userName; return Sender(author: { name }) } }"
        #expect(try Self.judge(["Settings.swift": settings, "Sender.swift": sender, "Root.swift": once], rules).isEmpty)
    }

    static func store(_ body: String, lock: String = "NSLock()") -> String {
        """
        import Foundation
        import Dispatch
        public final class LapStore: @unchecked Sendable {
            private let lock = \(lock)
            private var laps: [Int] = []
            private var best: Int?
            public init() {}
        \(body)
        }
        """
    }

    @Test("a lock skipped on one path is found, however the lock is taken elsewhere", arguments: [
        ("a getter that skips it", "public func add(_ lap: Int) { lock.withLock { laps.append(lap) } }\n public var count: Int { laps.count }"),
        ("lock and unlock, then a read after the unlock",
         "public func add(_ lap: Int) {\n lock.lock()\n laps.append(lap)\n lock.unlock()\n if laps.count > 10 { print(\"many\") }\n }"),
        ("a quick check outside it first (double-checked)",
         "public func bestLap() -> Int? { if let best { return best }\n return lock.withLock { best = laps.min(); return best } }"),
        ("a helper called from one unlocked place",
         "public func add(_ lap: Int) { lock.withLock { insert(lap) } }\n public func reset() { insert(0) }\n private func insert(_ lap: Int) { laps.append(lap) }"),
    ])
    func skippedLock(_ shape: (String, String)) throws {
        let rules = [Self.rule("locked", .lockHeld) { $0.inTypes = ["*"] }]
        let findings = try Self.judge(["LapStore.swift": Self.store(shape.1)], rules)
        #expect(findings.count == 1, "\(shape.0): \(findings.map(\.message))")
        #expect(findings.first?.message.contains("without holding `lock`") == true, "\(findings.map(\.message))")
    }

    @Test("a lock held for every access passes in any of its shapes", arguments: [
        "public func add(_ lap: Int) { lock.withLock { laps.append(lap) } }\n public var count: Int { lock.withLock { laps.count } }",
        "public func add(_ lap: Int) {\n lock.lock()\n defer { lock.unlock() }\n laps.append(lap)\n best = min(best ?? lap, lap)\n }\n public var count: Int { lock.lock(); defer { lock.unlock() }; return laps.count }",
        "public func add(_ lap: Int) {\n lock.lock()\n laps.append(lap)\n lock.unlock()\n }",
        "public func add(_ lap: Int) { lock.withLock { insert(lap) } }\n private func insert(_ lap: Int) { laps.append(lap); best = laps.min() }",
        "public func add(_ lap: Int) {\n lock.lock()\n let fast = lap < 80_000\n let slow = lap > 100_000\n _ = (fast, slow)\n defer { lock.unlock() }\n laps.append(lap)\n }",
        "private func locked<T>(_ body: () throws -> T) rethrows -> T { lock.lock(); defer { lock.unlock() }; return try body() }\n public func add(_ lap: Int) { locked { laps.append(lap) } }\n public var count: Int { locked { laps.count } }",
        "public func add(_ lap: Int) { lock.withLock { laps.append(lap) } }\n public var count: Int { lock.withLock { laps.count } }\n public var described: String { \"\\(best ?? 0)\" }",
    ])
    func heldLock(_ body: String) throws {
        let rules = [Self.rule("locked", .lockHeld) { $0.inTypes = ["*"] }]
        #expect(try Self.judge(["LapStore.swift": Self.store(body)], rules).isEmpty)
        let queue = "public func add(_ lap: Int) { lock.sync { laps.append(lap) } }\n public var count: Int { lock.sync { laps.count } }"
        #expect(try Self.judge(["LapStore.swift": Self.store(queue, lock: "DispatchQueue(label: \"laps\")")], rules).isEmpty)
        let unguarded = "public func add(_ lap: Int) { laps.append(lap) }"
        #expect(try Self.judge(["LapStore.swift": Self.store(unguarded)], rules).isEmpty,
                "state no method touches under the lock is not the lock's: the rule about a lock beside @unchecked Sendable is another")
    }

    @Test("a call through a protocol is injection, even when a forbidden type answers it; a forbidden member answering it is not")
    func protocolCalls() throws {
        let car = Self.car("public var power: Int { engine.horsepower }")
        let forbidType = Self.rule("no-v8", .forbiddenReference) { $0.names = ["V8Engine"]; $0.exceptIn = ["V8Engine"] }
        #expect(try Self.judge(["Engine.swift": Self.engine, "RaceCar.swift": car], [forbidType]).isEmpty,
                "engine.horsepower goes through the Engine protocol: the car does not name V8Engine")
        let forbidMember = Self.rule("no-hp", .forbiddenReference) { $0.names = ["V8Engine.horsepower"] }
        #expect(try Self.judge(["Engine.swift": Self.engine, "RaceCar.swift": car], [forbidMember]).map(\.file) == ["RaceCar.swift"],
                "a forbidden member reached through a protocol its type answers is reached all the same")
    }

    @Test("a static requirement answered by the singleton's type builds what that answer builds")
    func staticWitnessBuilds() throws {
        let car = Self.car("public convenience init() { self.init(engine: Self.stock(V8Engine.self)) }\n static func stock<T: Stocked>(_ type: T.Type) -> V8Engine { T.shared }")
        let extra = "public protocol Stocked { static var shared: V8Engine { get } }\nextension V8Engine: Stocked {}"
        let findings = try Self.judge(["Engine.swift": Self.engine, "RaceCar.swift": car, "Extra.swift": extra], [Self.buildsNoEngine, Self.noShared])
        #expect(Set(findings.map(\.rule)) == ["builds-no-engine", "no-shared"], "\(findings.map { "\($0.location) [\($0.rule)]" })")
    }

    // MARK: no_reach_through

    static let parts = """
        public protocol Tyres: AnyObject { func fit() }
        public protocol Fuel: AnyObject { func pump(litres: Int) }
        public struct Reading { public let litres: Int; public init(litres: Int) { self.litres = litres } }
        public protocol Gauge: AnyObject { var reading: Reading { get } }
        public final class PitStops {
            let tyres: any Tyres
            let fuel: any Fuel
            public init(tyres: any Tyres, fuel: any Fuel) { self.tyres = tyres; self.fuel = fuel }
            public func serve(litres: Int) { fuel.pump(litres: litres); tyres.fit() }
        }
        """

    static let usesItsServices = rule("services", .noReachThrough) { $0.inTypes = ["Planner"] }

    @Test("a planner that asks its services, or reads a value out of what it is handed, reaches through nothing", arguments: [
        "let pitStops: PitStops\n let gauge: any Gauge\n public init(pitStops: PitStops, gauge: any Gauge) { self.pitStops = pitStops; self.gauge = gauge }\n public func lap() { pitStops.serve(litres: 100 - gauge.reading.litres) }",
        "private let pitStops: PitStops\n public init(pitStops: PitStops) { self.pitStops = pitStops }\n public func lap(_ reading: Reading) { self.pitStops.serve(litres: reading.litres) }",
    ])
    func asksItsServices(_ body: String) throws {
        let planner = "public final class Planner {\n \(body)\n}"
        #expect(try Self.judge(["Parts.swift": Self.parts, "Planner.swift": planner], [Self.usesItsServices]).isEmpty)
    }

    @Test("a planner that takes a part out of what it is handed reaches through it, whatever carries the part", arguments: [
        ("a service it reaches into", "let pitStops: PitStops\n public init(pitStops: PitStops) { self.pitStops = pitStops }\n public func lap() { pitStops.fuel.pump(litres: 10); pitStops.tyres.fit() }", ""),
        ("a bag of parts", "let parts: Parts\n public init(parts: Parts) { self.parts = parts }\n public func lap() { parts.fuel.pump(litres: 10) }",
         "public struct Parts { let tyres: any Tyres; let fuel: any Fuel }"),
        ("a bag of services, read once in init", "let pitStops: PitStops\n public init(services: Services) { pitStops = services.pitStops }\n public func lap() { pitStops.serve(litres: 10) }",
         "public struct Services { let pitStops: PitStops; let gauge: any Gauge }"),
        ("a bag nested in the planner", "let parts: Parts\n init(parts: Parts) { self.parts = parts }\n public func lap() { parts.tyres.fit() }\n struct Parts { let tyres: any Tyres }", ""),
        ("a protocol that hands out the parts", "let parts: any PartsSource\n public init(parts: any PartsSource) { self.parts = parts }\n public func lap() { parts.fuel.pump(litres: 10) }",
         "public protocol PartsSource { var fuel: any Fuel { get } }"),
    ])
    func reachesThrough(_ name: String, _ body: String, _ extra: String) throws {
        let planner = "public final class Planner {\n \(body)\n}"
        let findings = try Self.judge(["Parts.swift": Self.parts, "Planner.swift": planner, "Extra.swift": extra], [Self.usesItsServices])
        #expect(findings.contains { $0.rule == "services" && $0.file == "Planner.swift" }, "\(name): \(findings.map(\.location))")
    }

    @Test("kept_in_let with of: a let holding a box whose var of that type others set is the var one step away; a box of data, or a private var, is not")
    func varThroughABox() throws {
        let rule = Self.rule("lets", .keptInLet) { $0.inTypes = ["Recorder"]; $0.of = ["Driver"] }
        let common = """
            public final class Driver { public let name: String; public init(name: String) { self.name = name } }
            public final class Sheet { private(set) var laps: [Int] = []; func file(_ lap: Int) { laps.append(lap) } }
            """
        let seat = "public final class Seat { public var driver: Driver?; public init() {} }\npublic final class Recorder { let seat: Seat; let sheet: Sheet; public init(seat: Seat, sheet: Sheet) { self.seat = seat; self.sheet = sheet } }\n"
        let found = try Self.judge(["Common.swift": common, "Recorder.swift": seat], [rule])
        #expect(found.map(\.location) == ["Recorder.swift:2"], "\(found.map(\.location))")
        let sealed = "public final class Seat { private var driver: Driver?; public init() {} }\npublic final class Recorder { let seat: Seat; let sheet: Sheet; public init(seat: Seat, sheet: Sheet) { self.seat = seat; self.sheet = sheet } }\n"
        #expect(try Self.judge(["Common.swift": common, "Recorder.swift": sealed], [rule]).isEmpty)
    }

    @Test("no_default_argument with of: an overload that fills in a value of that type for the fuller one is a default under another spelling")
    func overloadFillsIn() throws {
        let rule = Self.rule("reporter", .noDefaultArgument) { $0.inTypes = ["*"]; $0.of = ["Reporter"] }
        let code = """
            public protocol Reporter { func report(_ text: String) }
            public struct Quiet: Reporter { public init() {}; public func report(_ text: String) {} }
            public struct App {
                let reporter: any Reporter
                public static func test(reporter: any Reporter, speed: Int) -> App { App(reporter: reporter) }
                public static func test(speed: Int) -> App { test(reporter: Quiet(), speed: speed) }
                public static func live(reporter: any Reporter) -> App { test(reporter: reporter, speed: 1) }
            }
            """
        let found = try Self.judge(["App.swift": code], [rule])
        #expect(found.map(\.line) == [6], "only the overload that takes no reporter: \(found.map(\.location))")
    }

    @Test("with every type in the rule, a bag read by a helper type or a free function is read there; the root may read what it keeps")
    func reachesThroughAnywhere() throws {
        let everywhere = Self.rule("services", .noReachThrough) { $0.inTypes = ["*"]; $0.exceptIn = ["Root"] }
        let code = """
            public struct Parts { let tyres: any Tyres; let fuel: any Fuel }
            public final class Planner {
                let parts: Parts
                public init(parts: Parts) { self.parts = parts }
                public func lap() { refuel(parts); StopRunner(parts: parts).run() }
            }
            func refuel(_ parts: Parts) { parts.fuel.pump(litres: 10) }
            struct StopRunner { let parts: Parts; func run() { parts.tyres.fit() } }
            public final class Root {
                let parts: Parts
                public init(parts: Parts) { self.parts = parts }
                public func planner() -> Planner { _ = parts.tyres; return Planner(parts: parts) }
            }
            """
        let findings = try Self.judge(["Parts.swift": Self.parts, "Planner.swift": code], [everywhere])
        #expect(findings.map(\.line).sorted() == [7, 8], "the free function and the helper type, not the planner that only hands the bag on nor the root: \(findings.map(\.location))")
        let correct = "public final class Planner {\n let pitStops: PitStops\n public init(pitStops: PitStops) { self.pitStops = pitStops }\n public func lap() { pitStops.serve(litres: 10) }\n}"
        #expect(try Self.judge(["Parts.swift": Self.parts, "Planner.swift": correct], [everywhere]).isEmpty, "a service reads only its own parts")
    }

    static let registry = """
        public final class Box {
            var factories: [ObjectIdentifier: (Box) throws -> Any] = [:]
            public init() {}
            public func register<T>(_ type: T.Type, dependencies: [Any.Type] = [], factory: @escaping (Box) throws -> T) {
                factories[ObjectIdentifier(type)] = factory
            }
            public func resolve<T>(_ type: T.Type) throws -> T { try factories[ObjectIdentifier(type)]!(self) as! T }
        }
        public final class Roster { public init() {} }
        public final class Pit { public init() {} }
        public final class Driver { public init(roster: Roster) {} }
        public final class Recorder { public init(driver: @escaping () throws -> Driver, pit: Pit) {} }
        public func driver(from box: Box) throws -> Driver { Driver(roster: try box.resolve(Roster.self)) }
        """
    static let declaresItsResolves = rule("declares", .declaresWhatItResolves) { $0.inTypes = ["*"] }

    @Test("a registration that leaves out what its factory resolves while it builds is found, however the factory reaches it", arguments: [
        ("in the factory's own code", "box.register(Driver.self) { b in Driver(roster: try b.resolve(Roster.self)) }"),
        ("one type declared of two", "box.register(Recorder.self, dependencies: [Pit.self]) { b in _ = try b.resolve(Roster.self); return Recorder(driver: { try b.resolve(Driver.self) }, pit: try b.resolve(Pit.self)) }"),
        ("through a function of the module", "box.register(Driver.self, dependencies: []) { b in try driver(from: b) }"),
        ("the factory is a function of the module", "box.register(Driver.self, factory: driver(from:))"),
        ("in a closure run at once", "box.register(Driver.self) { b in Driver(roster: try [0].map { _ in try b.resolve(Roster.self) }[0]) }"),
    ])
    func undeclaredResolutions(_ name: String, _ registration: String) throws {
        let found = try Self.judge(["Box.swift": Self.registry, "Race.swift": "public func wire(_ box: Box) { \(registration) }"], [Self.declaresItsResolves])
        #expect(found.map(\.rule) == ["declares"], "\(name): \(found)")
    }

    @Test("a registration that declares what its factory resolves, or resolves it only later, breaks no rule", arguments: [
        ("declared", "box.register(Driver.self, dependencies: [Roster.self]) { b in Driver(roster: try b.resolve(Roster.self)) }"),
        ("resolved later, by a closure the built object keeps", "box.register(Recorder.self, dependencies: [Pit.self]) { b in Recorder(driver: { try b.resolve(Driver.self) }, pit: try b.resolve(Pit.self)) }"),
        ("declared, through a function of the module", "box.register(Driver.self, dependencies: [Roster.self], factory: driver(from:))"),
        ("resolving nothing", "let roster = Roster(); box.register(Roster.self) { _ in roster }"),
    ])
    func declaredResolutions(_ name: String, _ registration: String) throws {
        let found = try Self.judge(["Box.swift": Self.registry, "Race.swift": "public func wire(_ box: Box) { \(registration) }"], [Self.declaresItsResolves])
        #expect(found.isEmpty, "\(name): \(found)")
    }

    @Test("the type behind a protocol read from the value's default description is found through any API that writes it, and a member's value is not", arguments: [
        ("interpolation", "public func kind() -> Bool { \"\\(engine)\".hasSuffix(\"V8Engine\") }", true),
        ("String(describing:)", "public func kind() -> Bool { String(describing: engine).contains(\"V8\") }", true),
        ("print into a string", "public func kind() -> Bool { var seen = \"\"; print(engine, terminator: \"\", to: &seen); return seen.contains(\"V8\") }", true),
        ("debugPrint into a string, among other values", "public func kind() -> Bool { var seen = \"\"; debugPrint(1, engine, to: &seen); return seen.contains(\"V8\") }", true),
        ("dump into a string", "public func kind() -> Bool { var seen = \"\"; dump(engine, to: &seen); return seen.contains(\"V8\") }", true),
        ("a member's value printed into a string", "public func kind() -> Bool { var seen = \"\"; print(engine.horsepower, to: &seen); return seen.hasPrefix(\"5\") }", false),
        ("the value handed on as Any to a function that describes it", "public func kind() -> Bool { logLine(engine).hasSuffix(\"V8Engine\") }\nfunc logLine(_ value: Any) -> String { \"\\(value)\" }", true),
        ("the value erased to Any, then described", "public func kind() -> Bool { String(describing: engine as Any).contains(\"V8\") }", true),
        ("a value of the car's own described as Any", "public func kind() -> Bool { logLine(engine.horsepower).hasPrefix(\"5\") }\nfunc logLine(_ value: Any) -> String { \"\\(value)\" }", false),
    ])
    func describedTypes(_ name: String, _ member: String, _ found: Bool) throws {
        let findings = try Self.judge(["Engine.swift": Self.engine, "RaceCar.swift": Self.car(member)], [])
        #expect(findings.contains { $0.rule == "works-through-the-protocol" } == found, "\(name): \(findings.map { "\($0.location) [\($0.rule)]" })")
    }

    @Test("a web of types that each hold two of the next is read in time proportional to its size, whether classes or structs", .timeLimit(.minutes(1)))
    func webOfTypesIsReadOnce() throws {
        let depth = 40
        let classes = (0..<depth).map { "final class Panel\($0) { let left: Panel\($0 + 1)? = nil; let right: Panel\($0 + 1)? = nil }" }.joined(separator: "\n")
            + "\nfinal class Panel\(depth) { var note = 0 }\n"
        let structs = (0..<depth).map { "struct Slot\($0) { let left: Slot\($0 + 1)? = nil; let right: Slot\($0 + 1)? = nil }" }.joined(separator: "\n")
            + "\nstruct Slot\(depth) { let size = 1 }\n"
        let remembers = Self.rule("remembers-nothing", .keptInLet) { $0.inTypes = ["RaceCar"]; $0.values = true }
        let noStatic = Self.rule("no-static-state", .noStaticState) { $0.inTypes = ["RaceCar"] }
        let car = Self.car("private let board: Panel0? = nil\n static let slots = Slot0()")
        let findings = try Self.judge(["Engine.swift": Self.engine, "RaceCar.swift": car, "Board.swift": classes + structs], [remembers, noStatic])
        // The last panel keeps a `var`: the car remembers it through the web. The slots hold values only.
        #expect(findings.map(\.rule).contains("remembers-nothing"), "\(findings.map { "\($0.location) [\($0.rule)]" })")
        #expect(!findings.contains { $0.rule == "no-static-state" }, "\(findings.map { "\($0.location) [\($0.rule)]" })")
    }

    @Test("two private types of one name in two files are judged as strictly as either: a counter kept in one of them is found whichever the grader meets first")
    func privateTypesOfOneName() throws {
        let remembers = Self.rule("remembers-nothing", .keptInLet) { $0.inTypes = ["RaceCar"]; $0.values = true }
        let car = Self.car("private let gauge = Gauge()\n public func start() { gauge.starts += 1 }") + "\nprivate final class Gauge { var starts = 0 }\n"
        let findings = try Self.judge(["Engine.swift": Self.engine, "RaceCar.swift": car, "A.swift": "private struct Gauge { let size = 1 }\n"], [remembers])
        #expect(findings.contains { $0.rule == "remembers-nothing" }, "\(findings.map { "\($0.location) [\($0.rule)]" })")
    }
}


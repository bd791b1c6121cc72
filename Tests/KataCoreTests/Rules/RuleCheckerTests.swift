import Foundation
import Testing
@testable import KataCore

/// The second judge reads the code as written: these tests hold it to what a
/// learner can write, including what must not fool it.
@Suite("Lesson rules")
struct RuleCheckerTests {
    let fix = LocalizedText(english: "Hand it in.", chinese: "从外部交给它。")

    func rule(_ kind: LessonRule.Kind, id: String = "r", _ configure: (inout LessonRule) -> Void) -> LessonRule {
        var rule = LessonRule(id: id, kind: kind, fix: fix)
        configure(&rule)
        return rule
    }

    func findings(_ rules: [LessonRule], _ files: [String: String]) -> [RuleFinding] {
        RuleChecker(rules: rules).findings(in: SourceModel.read(files.sorted { $0.key < $1.key }.map { (name: $0.key, text: $0.value) }))
    }

    var noShared: LessonRule {
        rule(.forbiddenReference, id: "no-shared-engine") { $0.names = ["V8Engine.shared"]; $0.exceptIn = ["V8Engine"] }
    }

    let engine = """
        public final class V8Engine: Engine {
            public static var shared: V8Engine { instance }
            static let instance = V8Engine()
            public static func warmed() -> V8Engine { V8Engine.shared }
        }
        """

    @Test("a singleton kept on a path no test runs is found: default argument, convenience init, overload, static value")
    func singletonOnUntestedPaths() {
        let car = """
            public final class RaceCar {
                let engine: any Engine
                public init(engine: any Engine = V8Engine.shared) { self.engine = engine }
                public convenience init() { self.init(engine: V8Engine.shared) }
                public func start(with engine: V8Engine = .shared) -> String { "" }
                static let spare: any Engine = V8Engine
                    .shared
            }
            """
        let found = findings([noShared], ["RaceCar.swift": car, "V8Engine.swift": engine])
        #expect(found.map(\.line) == [3, 4, 5, 6])
        #expect(found.allSatisfy { $0.file == "RaceCar.swift" && $0.rule == "no-shared-engine" })
        #expect(found[0].message.contains("default argument of `RaceCar.init`"))
        #expect(found[0].message.contains("Fix: Hand it in."))
        #expect(found[0].messages.chinese.contains("改法：从外部交给它。"))
        #expect(found[2].message.contains("`.shared` (that is `V8Engine.shared`)"))
    }

    @Test("comments, strings and names that only look alike are not findings; interpolations and #if branches are")
    func notFooled() {
        let car = """
            public final class RaceCar {
                // V8Engine.shared was used here once
                /* V8Engine.shared */
                let note = "V8Engine.shared is gone"
                let raw = #"V8Engine.shared"#
                let shared = 3
                func use(_ other: Spare) -> Int { other.shared + shared + Spare.shared.count }
                func log() -> String { "\\(V8Engine.shared.horsepower)" }
                #if DEBUG
                static var debugEngine: any Engine { V8Engine.shared }
                #else
                static var debugEngine: any Engine { V8Engine() }
                #endif
            }
            public struct Spare { static let shared: [Int] = []; let shared2 = 0 }
            """
        let found = findings([noShared], ["RaceCar.swift": car, "V8Engine.swift": engine])
        #expect(found.map(\.line) == [8, 10])
    }

    @Test("a typealias does not hide the singleton; the singleton's own type may use it")
    func aliases() {
        let car = """
            typealias Motor = V8Engine
            public final class RaceCar {
                let engine = Motor.shared
            }
            """
        #expect(findings([noShared], ["RaceCar.swift": car, "V8Engine.swift": engine]).map(\.line) == [3])
        #expect(findings([noShared], ["V8Engine.swift": engine]).isEmpty)
    }

    @Test("Self.shared, a bare shared and V8Engine.self.shared in an extension of the singleton's type are found")
    func selfAndBareNames() {
        let helper = """
            extension V8Engine {
                public static func makeCar() -> RaceCar { RaceCar(engine: Self.shared) }
                public static func makeOther() -> RaceCar { RaceCar(engine: shared) }
                public static func third() -> RaceCar { RaceCar(engine: V8Engine.self.shared) }
            }
            """
        let rule = rule(.forbiddenReference) { $0.names = ["V8Engine.shared"]; $0.exceptIn = ["V8Engine.swift"] }
        #expect(findings([rule], ["V8Engine.swift": engine, "V8Engine+Car.swift": helper]).map(\.line) == [2, 3, 4])
    }

    @Test("an implicit .shared takes its type from a local annotation, a computed property or a function's result")
    func implicitMemberContexts() {
        let code = """
            public final class Pit { public static let shared = Pit() }
            extension RaceTrack {
                func c() { let w: V8Engine = .shared; _ = w }
                var b: V8Engine { .shared }
                func d() -> V8Engine { return .shared }
                func e() -> Pit { .shared }
            }
            """
        #expect(findings([noShared], ["V8Engine.swift": engine, "X.swift": code]).map(\.line) == [3, 4, 5])
    }

    @Test("a type named only in a cast, an annotation or a generic argument is found by its name")
    func typeMentions() {
        let code = """
            final class RadioAssembler {
                func wire(_ component: any RadioInjectable) {
                    if let engineer = component as? RaceEngineer { engineer.inject() }
                    else if component is RaceEngineer { }
                    let crew = [RaceEngineer]()
                    _ = crew
                }
                // RaceEngineer in a comment
            }
            """
        let rule = rule(.forbiddenReference) { $0.names = ["RaceEngineer"]; $0.exceptIn = ["RaceEngineer"] }
        #expect(findings([rule], ["A.swift": code]).map(\.line) == [3, 4, 5])
    }

    @Test("a static constant of a struct is a value, not shared state; `Type.member()` excuses a method, not a stored static")
    func valuesAndStoredExceptions() {
        let values = """
            public struct DependencyValues { static let live = DependencyValues(); static let empty = [String]() }
            public final class Store { static let shared = Store() }
            """
        let state = rule(.noStaticState) { $0.inTypes = ["*"] }
        #expect(findings([state], ["V.swift": values]).map(\.line) == [2])
        let logger = """
            final class LapLogger {
                static func live() -> LapLogger { LapLogger(store: TeamDefaults.standard) }
                static let live2 = LapLogger(store: TeamDefaults.standard)
            }
            """
        let forbidden = rule(.forbiddenReference) { $0.names = ["TeamDefaults.standard"]; $0.exceptIn = ["LapLogger.live()", "LapLogger.live2()"] }
        #expect(findings([forbidden], ["L.swift": logger]).map(\.line) == [3], "`Type.member()` excuses the method, not a stored static")
        var byName = forbidden
        byName.exceptIn = ["LapLogger.live", "LapLogger.live2"]
        #expect(findings([byName], ["L.swift": logger]).isEmpty, "`Type.member` excuses the member of that name, stored or not")
    }

    @Test("except_in takes a type, one member of a type, or a file")
    func exceptions() {
        let logger = """
            struct LapLogger {
                init(store: Store) {}
                static func live() -> LapLogger { LapLogger(store: TeamDefaults.standard) }
                static func legacy() -> LapLogger { LapLogger(store: TeamDefaults.standard) }
            }
            """
        var rule = rule(.forbiddenReference) { $0.names = ["TeamDefaults.standard"]; $0.exceptIn = ["LapLogger.live"] }
        #expect(findings([rule], ["LapLogger.swift": logger]).map(\.line) == [4])
        rule.exceptIn = ["LapLogger.swift"]
        #expect(findings([rule], ["LapLogger.swift": logger]).isEmpty)
    }

    @Test("a finding in JSON: file, line, rule, message (and message_zh), the same under kata's snake-case keys")
    func findingJSON() throws {
        let finding = RuleFinding(file: "RaceCar.swift", line: 3, rule: "no-shared-engine", messages: LocalizedText(english: "E", chinese: "中"))
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(finding), as: UTF8.self)
        #expect(json == #"{"file":"RaceCar.swift","line":3,"message":"E","message_zh":"中","rule":"no-shared-engine"}"#)
        #expect(try JSONDecoder().decode(RuleFinding.self, from: Data(json.utf8)) == finding)
    }

    @Test("an implicit .shared whose context is another type is not the singleton")
    func implicitMemberOfAnotherType() {
        let car = """
            public final class Pit { public static let shared = Pit() }
            public final class RaceCar {
                init(pit: Pit = .shared) {}
            }
            """
        #expect(findings([noShared], ["RaceCar.swift": car, "V8Engine.swift": engine]).isEmpty)
    }

    @Test("system singletons: constructions without arguments and members")
    func systemSingletons() {
        let rule = rule(.forbiddenReference) { $0.names = ["Date()", "Date.now", "FileManager.default", "arc4random"] }
        let logger = """
            import Foundation
            struct LapLogger {
                var clock: () -> Date = { Date() }
                let epoch = Date(timeIntervalSince1970: 0)
                func store(_ files: FileManager = .default) {}
                func stamp() -> Date { Date.now }
                func roll() -> UInt32 { arc4random() }
                func label(_ date: Date) -> String { date.description }
            }
            """
        #expect(findings([rule], ["LapLogger.swift": logger]).map(\.line) == [3, 5, 6, 7])
    }

    @Test("no_construction: building a collaborator inside is found; a fresh default or a convenience init may be allowed")
    func constructions() {
        let screen = """
            final class MessageListScreen {
                let loader: MessageLoader
                init(sender: MessageSender, loader: MessageLoader = MessageLoader(network: NetworkManager())) {
                    self.loader = MessageLoader(network: sender.network)
                }
                convenience init() { self.init(sender: MessageSender(), loader: .init(network: NetworkManager())) }
            }
            struct Row { let loader: MessageLoader; init() { loader = MessageLoader(network: NetworkManager()) } }
            """
        var strict = rule(.noConstruction) { $0.inTypes = ["MessageListScreen"]; $0.of = ["MessageLoader", "MessageSender"] }
        #expect(findings([strict], ["S.swift": screen]).map(\.line) == [3, 4, 6])
        strict.allow = [.defaultArgument, .convenienceInit]
        #expect(findings([strict], ["S.swift": screen]).map(\.line) == [4])
    }

    @Test("no_static_state: static vars, static objects and globals beside the type; task-locals, literals and computed values are not state")
    func staticState() {
        let container = """
            nonisolated(unsafe) var resolving: [String] = []
            public final class Container {
                nonisolated(unsafe) static var cache: [String: Any] = [:]
                static let stack = Stack()
                static let limit = 64
                static let worn = (driver: "HAM", wear: 74)
                static var description: String { "container" }
                @TaskLocal static var current: Container?
                private var instances: [String: Any] = [:]
                final class Stack {}
            }
            """
        let other = "var elsewhere = 0\nstruct Helper { static var count = 0 }"
        let rule = rule(.noStaticState) { $0.inTypes = ["Container"] }
        // A tuple of literals (its labels included) is a plain value, like a number.
        #expect(findings([rule], ["Container.swift": container, "Other.swift": other]).map(\.line) == [1, 3, 4])
        let every = self.rule(.noStaticState) { $0.inTypes = ["*"] }
        #expect(findings([every], ["Container.swift": container, "Other.swift": other]).map { "\($0.file):\($0.line)" }
            == ["Container.swift:1", "Container.swift:3", "Container.swift:4", "Other.swift:1", "Other.swift:2"])
    }

    @Test("actor: a class marked @unchecked Sendable is not an actor")
    func actors() {
        let rule = rule(.actor) { $0.types = ["LapLog"] }
        let unchecked = "final class LapLog: @unchecked Sendable, TelemetryStore {\n var laps: [Int] = []\n}"
        let found = findings([rule], ["LapLog.swift": unchecked])
        #expect(found.map(\.line) == [1])
        #expect(found.first?.message.contains("@unchecked Sendable") == true)
        #expect(findings([rule], ["LapLog.swift": "public actor LapLog: TelemetryStore { var laps: [Int] = [] }"]).isEmpty)
        #expect(findings([rule], ["Other.swift": "struct X {}"]).first?.message.contains("no type named `LapLog`") == true)
    }

    @Test("container_only_in: only the composition root is handed the container")
    func containerHandedIn() {
        let code = """
            final class Container { func resolve<T>() -> T { fatalError() } }
            final class Garage {
                let container: Container
                init(container: Container) { self.container = container }
            }
            final class AppRoot { let container = Container(); func build(_ c: Container) {} }
            """
        let rule = rule(.containerOnlyIn) { $0.container = ["Container"]; $0.exceptIn = ["AppRoot"] }
        #expect(findings([rule], ["App.swift": code]).map(\.line) == [3, 4])
    }

    @Test("no_construction: a protocol in `of` stands for every conformer of the learner's, direct, by extension or through another protocol")
    func conformersCount() {
        let code = """
            protocol AppClock { func now() -> Int }
            protocol PreciseClock: AppClock {}
            struct SystemClock: AppClock { func now() -> Int { 1 } }
            struct WallClock { func now() -> Int { 2 } }
            extension WallClock: AppClock {}
            final class AtomicClock: PreciseClock { func now() -> Int { 3 } }
            struct Label { let text: String }
            final class Sender {
                init(clock: any AppClock = WallClock(), label: Label = Label(text: "x")) {}
                func backup() -> any AppClock { AtomicClock() }
            }
            """
        let rule = rule(.noConstruction) { $0.inTypes = ["Sender"]; $0.of = ["AppClock"] }
        let found = findings([rule], ["App.swift": code])
        #expect(found.map(\.line) == [9, 10], "\(found)")
        #expect(found.first?.message.contains("WallClock") == true)
    }

    @Test("no_unchecked_state: `@unchecked Sendable` with a bare `var` is found; with a lock, only `let`s, or excepted, it is not")
    func uncheckedState() {
        let code = """
            import Foundation
            final class Engineer: @unchecked Sendable {
                private let store: Int
                private var best: [Int: Int] = [:]
                init(store: Int) { self.store = store }
            }
            final class Locked: @unchecked Sendable {
                private let lock = NSLock()
                private var best: [Int: Int] = [:]
            }
            final class Frozen: @unchecked Sendable { let value: Int = 1 }
            final class Log: @unchecked Sendable { var laps: [Int] = [] }
            final class Plain { var count = 0 }
            """
        let unchecked = rule(.noUncheckedState) { $0.inTypes = ["*"]; $0.exceptIn = ["Log"] }
        let found = findings([unchecked], ["App.swift": code])
        #expect(found.map(\.line) == [4], "\(found)")
        #expect(found.first?.message.contains("`var best`") == true)
        // `nonisolated(unsafe)` on a stored instance property silences the same check, in a struct or an actor.
        let silenced = """
            final class Board { var laps: [Int] = [] }
            struct Engineer: Sendable {
                nonisolated(unsafe) let board: Board
            }
            actor Log {
                nonisolated(unsafe) var stored: [Int] = []
                nonisolated(unsafe) static var shared: [Int] = []
            }
            """
        #expect(findings([rule(.noUncheckedState) { $0.inTypes = ["*"] }], ["App.swift": silenced]).map(\.line) == [3, 6])
    }

    @Test("`static nonisolated(unsafe) var` is static whichever order the modifiers come in")
    func modifierOrder() {
        let code = """
            final class Car {
                static nonisolated(unsafe) var override: Int? = nil
                nonisolated(unsafe) static var other: Int? = nil
            }
            """
        let found = findings([rule(.noStaticState) { $0.inTypes = ["*"] }], ["Car.swift": code])
        #expect(found.map(\.line) == [2, 3], "\(found)")
    }

    @Test("no_construction: one step away counts too: a static member that hands out a new one, or a function of the module that returns one")
    func buildersOneStepAway() {
        let code = """
            protocol AppClock { func now() -> Int }
            struct SystemClock: AppClock {
                func now() -> Int { 1 }
                static var live: SystemClock { SystemClock() }
                static let shared = SystemClock()
                static func fresh() -> Self { Self() }
            }
            func makeClock() -> any AppClock { SystemClock() }
            func describe(_ clock: any AppClock) -> String { "clock" }
            final class Sender {
                init(clock: any AppClock = SystemClock.live) {}
                func backup(_ clock: SystemClock = .fresh()) {}
                func other() -> any AppClock { makeClock() }
                func name(of clock: any AppClock) -> String { describe(clock) }
            }
            """
        let found = findings([rule(.noConstruction) { $0.inTypes = ["Sender"]; $0.of = ["AppClock"] }], ["App.swift": code])
        #expect(found.map(\.line) == [11, 12, 13], "\(found)")
        #expect(found.first?.message.contains("through `SystemClock.live`") == true)
    }

    @Test("container_only_in: a locator of the learner's own, under any name, is a container too; a factory or a parameter object is not")
    func locatorUnderItsOwnName() {
        let code = """
            protocol Resolving: AnyObject {
                func resolve<Service>(_ type: Service.Type) -> Service
            }
            final class Parts: Resolving {
                func resolve<Service>(_ type: Service.Type) -> Service { fatalError() }
                func lookUp<T>(_ key: String) throws -> T? { nil }
            }
            final class Car {
                let parts: any Resolving
                init(parts: any Resolving) { self.parts = parts }
            }
            final class Garage { init(bag: Parts) {} }
            struct Wheels { let count: Int }
            final class Shop {
                init(wheels: Wheels, makeEngine: @escaping () -> Engine) {}
                func echo<T>(_ value: T) -> T { value }
            }
            final class Engine {}
            final class AppRoot { let parts = Parts(); func build(_ p: any Resolving) {} }
            """
        let rule = rule(.containerOnlyIn) { $0.container = ["Container"]; $0.exceptIn = ["AppRoot"] }
        let found = findings([rule], ["App.swift": code])
        #expect(found.map(\.line) == [9, 10, 12], "\(found)")
        #expect(found.first?.message.contains("service locator under another name") == true)
    }

    @Test("container_only_in: a protocol the container conforms to that hands out several parts is the container too; a one-method factory is not")
    func containerUnderAProtocol() {
        let code = """
            protocol Parts { func makeEngine() -> Int; var clock: Int { get } }
            protocol ScreenFactory { func makeScreen() -> Int }
            final class Container: ScreenFactory { func makeScreen() -> Int { 1 } }
            extension Container: Parts { func makeEngine() -> Int { 2 }; var clock: Int { 3 } }
            final class Car { init(parts: any Parts) {} }
            final class Garage { init(factory: any ScreenFactory) {} }
            """
        let rule = rule(.containerOnlyIn) { $0.container = ["Container"] }
        let found = findings([rule], ["App.swift": code])
        #expect(found.map(\.line) == [5], "\(found)")
        #expect(found.first?.message.contains("a protocol the container itself conforms to") == true)
    }

    @Test("lesson.json: rules need format_version 2, version 1 stays readable, and every problem is named")
    func metadata() throws {
        func json(_ version: Int, _ extra: String) -> Data {
            Data("""
                {"format_version": \(version), "module": "M", "title": {"en": "T", "zh-Hans": "T"},
                 "summary": {"en": "S", "zh-Hans": "S"}, "hints": [] \(extra)}
                """.utf8)
        }
        let version1 = try LessonMetadata.parse(json(1, ""))
        #expect(version1.rules.isEmpty && version1.allowedImports == ["Foundation", "Dispatch"])
        let rules = #", "rules": [{"id": "no-shared", "kind": "forbidden_reference", "names": ["A.shared"], "fix": {"en": "x", "zh-Hans": "y"}, "points": 2}], "imports": ["Foundation"]"#
        let version2 = try LessonMetadata.parse(json(2, rules))
        #expect(version2.rules.map(\.id) == ["no-shared"] && version2.rules[0].points == 2 && version2.allowedImports == ["Foundation"])
        #expect(try LessonMetadata.parse(version2.encoded()) == version2)
        #expect(throws: MetadataError.self) { try LessonMetadata.parse(json(1, rules)) }
        let bad = #", "rules": [{"id": "Bad Id", "kind": "forbid", "fix": {"en": "x"}}]"#
        do {
            _ = try LessonMetadata.parse(json(2, bad))
            Issue.record("a broken rule was accepted")
        } catch let error as MetadataError {
            #expect(error.problems.contains { $0.contains("kebab-case") })
            #expect(error.problems.contains { $0.contains("must be one of forbidden_reference") })
            #expect(error.problems.contains { $0.contains("both texts") })
        }
    }
}

import Foundation
import Testing
@testable import KataCore

@Suite("Line diff")
struct LineDiffTests {
    /// The old text is what is kept and removed; the new text is what is kept and added.
    func sides(_ lines: [LineDiff.Line]) -> ([String], [String]) {
        var old: [String] = [], new: [String] = []
        for line in lines {
            switch line {
            case .same(let text): old.append(text); new.append(text)
            case .removed(let text): old.append(text)
            case .added(let text): new.append(text)
            }
        }
        return (old, new)
    }

    @Test("a diff rebuilds both texts, for many random pairs")
    func rebuildsBothSides() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let a = (0..<Int.random(in: 0...12, using: &generator)).map { _ in ["a", "b", "c", "d"].randomElement(using: &generator)! }
            let b = (0..<Int.random(in: 0...12, using: &generator)).map { _ in ["a", "b", "c", "d"].randomElement(using: &generator)! }
            let (old, new) = sides(LineDiff.diff(a, b))
            #expect(old == a && new == b, "diff of \(a) and \(b) does not rebuild them")
        }
    }

    @Test("the diff is shortest: one changed line is one removal and one addition")
    func shortest() {
        let lines = LineDiff.diff(["a", "b", "c", "d"], ["a", "x", "c", "d"])
        #expect(lines == [.same("a"), .removed("b"), .added("x"), .same("c"), .same("d")])
    }

    @Test("unified output has hunk headers with line numbers and three lines of context")
    func unified() {
        let old = (1...10).map { "line \($0)" }
        var new = old
        new[6] = "changed"
        let text = LineDiff.unified(old: "a/F.swift", new: "b/F.swift", LineDiff.diff(old, new), style: Style(enabled: false))
        #expect(text.contains("--- a/F.swift\n+++ b/F.swift\n@@ -4,7 +4,7 @@\n line 4\n"))
        #expect(text.contains("-line 7\n+changed\n line 8\n line 9\n line 10\n"))
        #expect(!text.contains("line 3"))
        #expect(LineDiff.unified(old: "a", new: "b", LineDiff.diff(old, old), style: Style(enabled: false)).isEmpty)
    }

    @Test("a new file is diffed against /dev/null")
    func newFile() {
        let text = LineDiff.modules(old: [:], new: ["New.swift": "let x = 1\n"], oldLabel: "a", newLabel: "b", style: Style(enabled: false))
        #expect(text == "--- /dev/null\n+++ b/New.swift\n@@ -0,0 +1,1 @@\n+let x = 1\n")
    }
}

@Suite("Swift lexer")
struct SwiftLexerTests {
    @Test("comments and string text are skipped; code inside interpolation is kept")
    func skipsCommentsAndStrings() {
        let source = #"""
            // V8Engine.shared in a comment
            /* nested /* V8Engine.shared */ still comment */
            let a = "V8Engine.shared \(Clock.shared.now) done"
            let b = #"raw V8Engine.shared \(x)"#
            let c = """
                V8Engine.shared
                """
            let d = Engine.shared
            """#
        let names = SwiftLexer.tokens(of: source).filter(\.isIdentifier).map(\.text)
        #expect(names.filter { $0 == "V8Engine" }.isEmpty)
        #expect(names.contains("Clock"))
        #expect(names.contains("Engine"))
        let lines = LineIndex(source)
        let engine = SwiftLexer.tokens(of: source).first { $0.text == "Engine" }!
        #expect(lines.line(of: engine.offset) == 8)
    }
}

@Suite("Dependency analysis")
struct DependencyAnalysisTests {
    let starter = """
        public protocol Engine: AnyObject { func ignite() -> Bool }
        public final class V8Engine: Engine {
            public static let shared = V8Engine()
            public func ignite() -> Bool { true }
        }
        public final class RaceCar {
            private let engine: V8Engine
            public init() {
                // not V8Engine.shared here
                engine = V8Engine
                    .shared
            }
        }
        """

    @Test("when the compiler gives no syntax dump, kata says so and the token reader still finds the singleton")
    func fallsBack() throws {
        let fileSystem = InMemoryFileSystem(["/code/RaceCar.swift": starter])
        let runner = ScriptedProcessRunner { _ in ProcessResult(termination: .exited(1), output: "error: unknown argument: '-dump-ast-format'") }
        let analysis = try CodeAnalyzer(fileSystem: fileSystem, processRunner: runner, swiftc: "/old/swiftc", environment: [:])
            .analyze(folder: "/code")
        #expect(analysis.reader == CodeAnalyzer.tokenReaderName)
        #expect(analysis.notes.contains { $0.contains("no JSON syntax dump") })
        #expect(analysis.hiddenDependencies.map(\.target) == ["V8Engine.shared"])
        #expect(analysis.hiddenDependencies.first?.line == 10)
        #expect(analysis.hiddenDependencies.first?.site == "RaceCar.init")
        #expect(runner.commands.first?.contains("/old/swiftc") == true)
    }

    @Test("a dump in a format kata does not know falls back too")
    func changedFormat() throws {
        let fileSystem = InMemoryFileSystem(["/code/RaceCar.swift": starter])
        let runner = ScriptedProcessRunner { request in
            // The dump goes to the file named in KATA_DUMP_FILE.
            if let file = request.environment["KATA_DUMP_FILE"] {
                try? fileSystem.writeText(#"{"_kind":"source_file","filename":"/code/RaceCar.swift","items":"#, to: file)
            }
            return ProcessResult(termination: .exited(0), output: "")
        }
        let analysis = try CodeAnalyzer(fileSystem: fileSystem, processRunner: runner, swiftc: "/new/swiftc", environment: [:])
            .analyze(folder: "/code")
        #expect(analysis.reader == CodeAnalyzer.tokenReaderName)
        #expect(analysis.hiddenDependencies.count == 1)
    }

    @Test("a default argument, a construction and the composition root are told apart")
    func kinds() throws {
        let code = starter + """

            public final class Garage {
                private let car: RaceCar
                public init(car: RaceCar = RaceCar()) { self.car = car }
                func spare() -> any Engine { V8Engine() }
            }
            public enum CompositionRoot {
                static func make() -> Garage { Garage(car: RaceCar()) }
            }
            """
        let fileSystem = InMemoryFileSystem(["/code/All.swift": code])
        let analysis = try CodeAnalyzer(fileSystem: fileSystem, processRunner: ScriptedProcessRunner(), swiftc: nil, environment: [:])
            .analyze(folder: "/code")
        let found = analysis.hiddenDependencies.map { "\($0.kind.rawValue) \($0.target) \($0.context.rawValue) \($0.line)" }
        // `= RaceCar()` builds a fresh one where a caller passes none: that is the injection point, not a hidden dependency.
        #expect(found == [
            "singleton V8Engine.shared body 10",
            "construction V8Engine() body 17",
        ])
        #expect(analysis.compositionRoot.map(\.target) == ["Garage()", "RaceCar()"])
        #expect(analysis.edges.contains(DependencyEdge(from: "Garage", to: "RaceCar", kind: .isHanded, via: "init(car:)")))
        #expect(analysis.edges.contains(DependencyEdge(from: "V8Engine", to: "Engine", kind: .conformsTo, via: "declaration")))
    }

    @Test("an adapter of the code's own protocol may call the system it wraps; a plain type may not")
    func adapters() throws {
        let code = """
            import Foundation
            protocol Clock { func now() -> Date }
            struct SystemClock: Clock {
                func now() -> Date { Date() }
            }
            struct Stamp {
                func now() -> Date { Date() }
            }
            """
        let analysis = try CodeAnalyzer(fileSystem: InMemoryFileSystem(["/code/Clock.swift": code]), processRunner: ScriptedProcessRunner(),
                                        swiftc: nil, environment: [:]).analyze(folder: "/code")
        #expect(analysis.adapters.map(\.site) == ["SystemClock.now"])
        #expect(analysis.hiddenDependencies.map(\.site) == ["Stamp.now"])
        #expect(analysis.edges.contains(DependencyEdge(from: "SystemClock", to: "Date()", kind: .wraps, via: "Date()")))
        #expect(analysis.edges.contains(DependencyEdge(from: "Stamp", to: "Date()", kind: .reachesFor, via: "Date()")))
    }

    @Test("a service locator's static method is global state; four constructions on one line are one finding")
    func locatorAndRepeats() throws {
        let code = """
            protocol Spinning { func spin() }; final class Wheel: Spinning { func spin() {} }
            enum Locator {
                nonisolated(unsafe) static var factories: [String: () -> Any] = [:]
                static func resolve<T>(_ type: T.Type) -> T { factories["\\(type)"]!() as! T }
                static func describe() -> String { "locator" }
            }
            enum Labels {
                static func name() -> String { "car" }
            }
            final class Car {
                let wheels = [Wheel(), Wheel(), Wheel(), Wheel()]
                func radio() -> Int { Locator.resolve(Int.self) }
                func label() -> String { Labels.name() }
            }
            """
        let analysis = try CodeAnalyzer(fileSystem: InMemoryFileSystem(["/code/Car.swift": code]), processRunner: ScriptedProcessRunner(),
                                        swiftc: nil, environment: [:]).analyze(folder: "/code")
        let found = analysis.hiddenDependencies.map { "\($0.kind.rawValue) \($0.target) \($0.line)" }
        #expect(found == ["construction Wheel() 11", "global state Locator.resolve 12"])
    }

    @Test("Mermaid and DOT escape quotes and draw every edge kind")
    func exports() {
        let analysis = DependencyAnalysis(
            types: [TypeSummary(name: "RaceCar", kind: .class, file: "R.swift", line: 1, inherits: [])],
            edges: [DependencyEdge(from: "RaceCar", to: "V8Engine", kind: .reachesFor, via: "V8Engine.shared"),
                    DependencyEdge(from: "RaceCar", to: "Engine", kind: .isHanded, via: "init(engine:)")],
            hiddenDependencies: [], compositionRoot: [], adapters: [], reader: "token reader", notes: [])
        let renderer = GraphRenderer(style: Style(enabled: false), words: Words(language: .english))
        let panels = [GraphPanel(title: "Before \"a\"", analysis: analysis), GraphPanel(title: "After", analysis: analysis)]
        let mermaid = renderer.mermaid(panels)
        #expect(mermaid.hasPrefix("flowchart LR\n"))
        #expect(mermaid.contains("subgraph p0_panel[\"Before #quot;a#quot;\"]"))
        #expect(mermaid.contains("p1_RaceCar -.->|\"reaches for: V8Engine.shared\"| p1_V8Engine"))
        #expect(mermaid.contains("p0_RaceCar ==>|\"is handed: init(engine:)\"| p0_Engine"))
        let dot = renderer.dot(panels)
        #expect(dot.contains("label=\"Before \\\"a\\\"\";"))
        #expect(dot.contains("\"p0:RaceCar\" -> \"p0:V8Engine\" [label=\"reaches for: V8Engine.shared\", style=dashed, color=red];"))
        #expect(dot.hasSuffix("}\n"))
    }
}

@Suite("kata refactor, in process")
struct RefactorCommandTests {
    func course() -> FakeKata {
        var kata = FakeKata()
        let fs = kata.fileSystem
        fs.add("/course/Lessons/01-car/lesson.json", lessonJSON(module: "Car"))
        fs.add("/course/Lessons/01-car/Sources/Car.swift", "final class Car {\n    let engine = Engine.shared\n}\n")
        fs.add("/course/Tests/Lessons/01-car/CarTests.swift", "import Testing\n")
        fs.add("/course/Solutions/01-car/Steps/1-default/Car.swift", "final class Car {\n    let engine: Engine\n    init(engine: Engine = .shared) { self.engine = engine }\n}\n")
        fs.add("/course/Solutions/01-car/Sources/Car.swift", "final class Car {\n    let engine: Engine\n    init(engine: Engine) { self.engine = engine }\n}\n")
        fs.add("/course/Solutions/01-car/steps.json", """
            {"format_version": 1, "steps": [
              {"folder": "Steps/1-default", "title": {"en": "Add a default", "zh-Hans": "加默认值"}, "explanation": {"en": "Explain one.", "zh-Hans": "解释一。"}},
              {"folder": "Sources", "title": {"en": "Remove the default", "zh-Hans": "去掉默认值"}, "explanation": {"en": "Explain two.", "zh-Hans": "解释二。"}}
            ]}
            """)
        kata.console = RecordingConsole()
        try? kata.context().progressStore.update { $0["01-car"].passedAt = Date(timeIntervalSince1970: 100) }
        return kata
    }

    @Test("before the lesson passes the steps stay closed like the solution; --force opens them and progress records it; the graph is open")
    func beforePassing() throws {
        let kata = course()
        try kata.context().progressStore.update { $0["01-car"].passedAt = nil }
        #expect(kata.run("refactor", "01", "--no-tests") == 1)
        #expect(kata.console.errors.contains("opens once the lesson passes"))
        #expect(kata.console.errors.contains("kata refactor 01-car --force"))
        #expect(!kata.console.output.contains("init(engine: Engine)"), "no line of the solution is shown")
        #expect(kata.context().loadProgress()["01-car"].solutionSeen == false)
        #expect(kata.run("refactor", "01", "--no-tests", "--force") == 0)
        #expect(kata.console.output.contains("+    init(engine: Engine) { self.engine = engine }"))
        #expect(kata.context().loadProgress()["01-car"].solutionSeen == true)
        #expect(kata.console.errors.contains("noted in progress"))
    }

    @Test("piped, every step is printed with its diff against the one before")
    func allAtOnce() {
        let kata = course()
        #expect(kata.run("refactor", "01", "--no-tests") == 0)
        let output = kata.console.output
        #expect(output.contains("Step 1 of 2: Add a default"))
        #expect(output.contains("Step 2 of 2: Remove the default"))
        #expect(output.contains("--- starter/Car.swift\n+++ step-1/Car.swift"))
        #expect(output.contains("-    let engine = Engine.shared\n+    let engine: Engine\n"))
        #expect(output.contains("-    init(engine: Engine = .shared) { self.engine = engine }\n+    init(engine: Engine) { self.engine = engine }"))
        #expect(output.range(of: "Step 1 of 2")!.lowerBound < output.range(of: "Step 2 of 2")!.lowerBound)
    }

    @Test("in a terminal it pages: Enter goes on, b goes back (its Enter is not a next), Enter on the last step ends")
    func pages() {
        var kata = course()
        kata.console = RecordingConsole(interactive: true, width: 80, keys: ["\n", "b", "\n", "\n", "\n", "\n"])
        #expect(kata.run("refactor", "01", "--no-tests", "--lang", "en") == 0)
        let output = kata.console.output
        let order = ["The starter", "Step 1 of 2", "The starter", "Step 1 of 2", "Step 2 of 2"]
        var cursor = output.startIndex
        for title in order {
            let found = output.range(of: title, range: cursor..<output.endIndex)
            #expect(found != nil, "expected \(title) next in the pager's output")
            if let found { cursor = found.upperBound }
        }
        #expect(output.range(of: "Step", range: cursor..<output.endIndex) == nil, "Enter on the last step ends the walk")
    }

    @Test("an edited starter: the walk begins at the starter git has, and says so")
    func pristineStarter() {
        var kata = course()
        kata.fileSystem.add("/toolchain/bin/git", "")
        kata.fileSystem.add("/course/.git/HEAD", "ref: refs/heads/main\n")
        kata.fileSystem.add("/course/Lessons/01-car/Sources/Car.swift", "final class Car { /* my edit */ }\n")
        kata.processRunner = ScriptedProcessRunner { request in
            let last = request.arguments.last ?? ""
            if request.arguments.contains("ls-tree") { return ProcessResult(termination: .exited(0), output: "Lessons/01-car/Sources/Car.swift\n") }
            if last == "HEAD:./Lessons/01-car/Sources/Car.swift" {
                return ProcessResult(termination: .exited(0), output: "final class Car {\n    let engine = Engine.shared\n}\n")
            }
            return ProcessResult(termination: .exited(128), output: "")
        }
        #expect(kata.run("refactor", "01", "--no-tests") == 0)
        #expect(kata.console.errors.contains("starts from the starter as the course shipped it"))
        #expect(kata.console.output.contains("-    let engine = Engine.shared\n+    let engine: Engine\n"))
        #expect(!kata.console.output.contains("my edit"))
        #expect(kata.fileSystem.text("/course/.kata/starters/01-car/Sources/Car.swift")?.contains("Engine.shared") == true)
        #expect(kata.fileSystem.text("/course/Lessons/01-car/Sources/Car.swift") == "final class Car { /* my edit */ }\n", "the learner's code is untouched")
    }

    @Test("q quits at once")
    func quits() {
        var kata = course()
        kata.console = RecordingConsole(interactive: true, width: 80, keys: ["q", "\n"])
        #expect(kata.run("refactor", "01", "--no-tests") == 0)
        #expect(!kata.console.output.contains("Step 1 of 2"))
    }

    @Test("Chinese explanations with --lang zh-Hans")
    func chinese() {
        let kata = course()
        #expect(kata.run("refactor", "01", "--no-tests", "--lang", "zh-Hans") == 0)
        #expect(kata.console.output.contains("第 1/2 步：加默认值"))
        #expect(kata.console.output.contains("解释二。"))
    }

    @Test("a lesson without steps.json says what is missing")
    func noSteps() throws {
        let kata = course()
        try kata.fileSystem.remove("/course/Solutions/01-car/steps.json")
        #expect(kata.run("refactor", "01") == 1)
        #expect(kata.console.errors.contains("no refactoring steps yet (Solutions/01-car/steps.json)"))
    }

    @Test("a broken steps.json lists every problem")
    func brokenSteps() {
        let kata = course()
        kata.fileSystem.add("/course/Solutions/01-car/steps.json", #"{"format_version": 1, "steps": [{"folder": "Steps/none", "title": {"en": "T"}}]}"#)
        #expect(kata.run("refactor", "01", "--no-tests") == 1)
        let errors = kata.console.errors
        #expect(errors.contains("the folder Solutions/01-car/Steps/none does not exist"))
        #expect(errors.contains("has no Simplified Chinese \"title\""))
        #expect(errors.contains("has no English \"explanation\""))
        #expect(errors.contains("the last step's folder must be \"Sources\""))
    }
}

@Suite("hidden-dependencies.json")
struct KnownHiddenDependenciesTests {
    func dependency(_ line: Int, _ target: String) -> HiddenDependency {
        HiddenDependency(kind: .singleton, file: "Car.swift", line: line, owner: "Car", member: "init", context: .body,
                         target: target, suggestion: LocalizedText(english: "", chinese: ""))
    }

    @Test("missing, doubled and unexpected findings are each named")
    func differences() {
        let expected = [KnownHiddenDependencies.Entry(file: "Car.swift", line: 3, kind: "singleton", target: "Engine.shared"),
                        KnownHiddenDependencies.Entry(file: "Car.swift", line: 9, kind: "singleton", target: "Radio.shared")]
        let found = [dependency(3, "Engine.shared"), dependency(3, "Engine.shared"), dependency(5, "Clock.shared")]
        #expect(KnownHiddenDependencies.differences(expected: expected, found: found) == [
            "found 2 times: Car.swift:3 singleton Engine.shared",
            "not found: Car.swift:9 singleton Radio.shared",
            "not expected: Car.swift:5 singleton Clock.shared",
        ])
        #expect(KnownHiddenDependencies.differences(expected: Array(expected.prefix(1)), found: [dependency(3, "Engine.shared")]).isEmpty)
    }

    @Test("a file with a wrong kind says which kinds exist")
    func wrongKind() throws {
        let fs = InMemoryFileSystem(["/course/Solutions/01-car/hidden-dependencies.json": #"{"starter": [{"file": "Car.swift", "line": 1, "kind": "global", "target": "X"}]}"#])
        let metadata = try LessonMetadata.parse(Data(lessonJSON(module: "Car").utf8))
        let lesson = Lesson(id: "01-car", number: 1, slug: "car", metadata: metadata, root: "/course")
        #expect(throws: MetadataError.self) { try KnownHiddenDependencies.load(lesson, fileSystem: fs) }
        do { _ = try KnownHiddenDependencies.load(lesson, fileSystem: fs) } catch let error as MetadataError {
            #expect(error.problems.first?.contains("kinds are singleton, global state, construction") == true)
        }
    }
}

@Suite("kata graph, in process")
struct GraphCommandTests {
    func project() -> FakeKata {
        var kata = FakeKata()
        kata.workingDirectory = "/project"
        kata.fileSystem.add("/project/Sources/App/Feed.swift", """
            import Foundation
            final class Feed {
                // UserDefaults.standard is only mentioned here
                func load() -> Date { Date() }
            }
            """)
        return kata
    }

    @Test("works on any folder outside a course, and exits 1 when something is hidden")
    func anyFolder() {
        let kata = project()
        #expect(kata.run("graph", "Sources") == 1)
        let output = kata.console.output
        #expect(output.contains("App/Feed.swift:4  Feed.load  global state: Date()"))
        #expect(output.contains("Inject the clock"))
        #expect(!output.contains("UserDefaults"))
        #expect(kata.console.errors.isEmpty)
        #expect(kata.fileSystem.kind(of: "/project/.kata") == nil, "no .kata folder in the learner's own project")
    }

    @Test("the suggestion is in Chinese with --lang zh-Hans")
    func chinese() {
        let kata = project()
        kata.run("graph", "Sources", "--lang", "zh-Hans")
        #expect(kata.console.output.contains("注入时钟"))
        #expect(kata.console.output.contains("全局状态"))
    }

    @Test("a folder that does not exist, or a wrong format, is a usage error")
    func usage() {
        let kata = project()
        #expect(kata.run("graph", "Nowhere") == 2)
        #expect(kata.console.errors.contains("Nowhere is neither a folder nor a lesson"))
        #expect(kata.run("graph", "Sources", "--format", "svg") == 2)
        #expect(kata.console.errors.contains("--format takes terminal, mermaid, dot or json, not \"svg\""))
    }

    @Test("--root names a composition root: what it builds is not hidden")
    func roots() {
        let kata = project()
        kata.fileSystem.add("/project/Sources/App/Wiring.swift", "enum Wiring {\n    static func feed() -> Feed { Feed() }\n}\n")
        kata.fileSystem.add("/project/Sources/App/Feed.swift", "protocol Loading { func load() }\nfinal class Feed: Loading {\n    func load() {}\n}\nfinal class Screen {\n    let feed = Feed()\n}\n")
        #expect(kata.run("graph", "Sources", "--format", "json") == 1)
        #expect(kata.console.output.contains("\"target\" : \"Feed()\""))
        let rooted = project()
        rooted.fileSystem.add("/project/Sources/App/Wiring.swift", "enum Wiring {\n    static func feed() -> Feed { Feed() }\n}\n")
        rooted.fileSystem.add("/project/Sources/App/Feed.swift", "protocol Loading { func load() }\nfinal class Feed: Loading {\n    func load() {}\n}\nfinal class Screen {\n    init() {}\n}\n")
        #expect(rooted.run("graph", "Sources", "--root", "Wiring") == 0)
        #expect(rooted.console.output.contains("No hidden dependencies"))
        #expect(rooted.console.output.contains("Wiring.feed  Feed()"))
    }
}

import Foundation
import Testing
@testable import KataCore

/// A compiler stand-in: dumps the files named on its command line, each as a minimal
/// `source_file` object with one class, except what the test makes it do instead.
struct FakeDump {
    /// Files after which the driver stops (as swiftc does after a parse error).
    var stopsAfter: Set<String> = []
    /// Files whose dump comes out with two closers in the wrong order.
    var swapped: Set<String> = []

    func object(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent.replacingOccurrences(of: ".swift", with: "")
        let members = swapped.contains(path)
            ? #"[{"_kind":"type_array","element_type":{"_kind":"type_ident"]}"#  // `]}` where `}]` is due
            : "[]"
        return #"{"_kind":"source_file","filename":"\#(path)","items":[{"_kind":"class_decl","range":{"start":0,"end":10},"name":{"_kind":"decl_name","base_name":{"_kind":"base_name","name":"\#(name)"}},"members":[],"params":\#(members)}]}"#
    }

    func runner(_ fileSystem: InMemoryFileSystem) -> ScriptedProcessRunner {
        ScriptedProcessRunner { request in
            let paths = Array(request.arguments.dropFirst(3))
            var text = ""
            for path in paths {
                text += object(path) + "\n"
                if stopsAfter.contains(path) { text += "\(path):1:1: error: expected declaration\n"; break }
            }
            if let file = request.environment["KATA_DUMP_FILE"] { try? fileSystem.writeText(text, to: file) }
            return ProcessResult(termination: .exited(0), output: "")
        }
    }
}

@Suite("The compiler's reader on many files")
struct SyntaxDumpBatchTests {
    func analyze(_ files: [String: String], dump: FakeDump) throws -> (DependencyAnalysis, ScriptedProcessRunner) {
        let fileSystem = InMemoryFileSystem(files)
        let runner = dump.runner(fileSystem)
        let analysis = try CodeAnalyzer(fileSystem: fileSystem, processRunner: runner, swiftc: "/toolchain/swiftc", environment: ["TMPDIR": "/tmp"])
            .analyze(folder: "/code")
        return (analysis, runner)
    }

    @Test("files with the same name go to different compiler runs")
    func sameNames() {
        let batches = SyntaxDumpReader.batches(["/a/Package.swift", "/b/Package.swift", "/a/X.swift", "/c/Package.swift"], sizes: [:], maxBytes: 1000, maxFiles: 10)
        #expect(batches.count == 3)
        for batch in batches {
            let names = batch.map { ($0 as NSString).lastPathComponent }
            #expect(Set(names).count == names.count, "\(batch)")
        }
        #expect(batches.flatMap { $0 }.sorted() == ["/a/Package.swift", "/a/X.swift", "/b/Package.swift", "/c/Package.swift"])
    }

    @Test("batches stay under their size, so memory follows the largest file")
    func sizes() {
        let paths = (0..<10).map { "/s/F\($0).swift" }
        let batches = SyntaxDumpReader.batches(paths, sizes: Dictionary(uniqueKeysWithValues: paths.map { ($0, 300) }), maxBytes: 1000, maxFiles: 64)
        #expect(batches.allSatisfy { $0.count <= 4 })
        #expect(batches.flatMap { $0 } == paths)
    }

    @Test("a file the compiler stops on does not send the files after it to the fallback")
    func resumesAfterStop() throws {
        var files: [String: String] = [:]
        for name in ["A", "B", "C", "D", "E"] { files["/code/\(name).swift"] = "final class \(name) {}\n" }
        let (analysis, runner) = try analyze(files, dump: FakeDump(stopsAfter: ["/code/B.swift"]))
        #expect(analysis.reader == CodeAnalyzer.dumpReaderName)
        #expect(analysis.filesByTokenReader == 0, "\(analysis.notes)")
        #expect(analysis.types.map(\.name).sorted() == ["A", "B", "C", "D", "E"])
        #expect(runner.commands.count == 2)
    }

    @Test("a dump with closers in the wrong order is repaired, and the other files are unharmed")
    func repairsSwappedClosers() throws {
        var files: [String: String] = [:]
        for name in ["A", "B", "C"] { files["/code/\(name).swift"] = "final class \(name) {}\n" }
        let (analysis, _) = try analyze(files, dump: FakeDump(swapped: ["/code/A.swift"]))
        #expect(analysis.filesByTokenReader == 0, "\(analysis.notes)")
        #expect(analysis.types.map(\.name).sorted() == ["A", "B", "C"])
    }

    @Test("a dump that cannot be read names the file and the reason, and only that file goes to the token reader")
    func brokenFileAlone() throws {
        let fileSystem = InMemoryFileSystem(["/code/A.swift": "final class A {}\n", "/code/B.swift": "final class B {}\n"])
        let runner = ScriptedProcessRunner { request in
            let paths = Array(request.arguments.dropFirst(3))
            let text = paths.map { path in
                path.hasSuffix("A.swift") ? #"{"_kind":"source_file","filename":"/code/A.swift","items":[{"":}]}"# : FakeDump().object(path)
            }.joined(separator: "\n")
            if let file = request.environment["KATA_DUMP_FILE"] { try? fileSystem.writeText(text, to: file) }
            return ProcessResult(termination: .exited(0), output: "")
        }
        let analysis = try CodeAnalyzer(fileSystem: fileSystem, processRunner: runner, swiftc: "/toolchain/swiftc", environment: ["TMPDIR": "/tmp"])
            .analyze(folder: "/code")
        #expect(analysis.reader == CodeAnalyzer.dumpReaderName)
        #expect(analysis.filesByTokenReader == 1)
        #expect(analysis.notes.contains { $0.contains("A.swift (the compiler's syntax dump of it is not valid JSON)") }, "\(analysis.notes)")
        #expect(analysis.types.map(\.name).sorted() == ["A", "B"], "the token reader still reads A")
    }
}

@Suite("Both readers agree")
struct ReaderAgreementTests {
    /// The token reader's findings, for code both readers are held to in the integration tests.
    func found(_ code: String, file: String = "Code.swift") throws -> [String] {
        let analysis = try CodeAnalyzer(fileSystem: InMemoryFileSystem(["/code/\(file)": code]), processRunner: ScriptedProcessRunner(),
                                        swiftc: nil, environment: [:]).analyze(folder: "/code")
        return analysis.hiddenDependencies.map { "\($0.line) \($0.kind.rawValue) \($0.target)" }
    }

    @Test("a prefix operator and a defer block hide nothing")
    func prefixAndDefer() throws {
        let code = """
            final class Log { static let shared = Log(); var lines: [String] = []; func flush() {} }
            final class Job {
                func run() -> Bool {
                    defer { Log.shared.flush() }
                    return !Log.shared.lines.isEmpty
                }
            }
            """
        #expect(try found(code) == ["4 singleton Log.shared", "5 singleton Log.shared"])
    }

    @Test("a local variable with a global's name is not the global")
    func shadowing() throws {
        let code = """
            var total = 0
            final class Counter {
                func add() { total += 1 }
                func local() { var total = 2; total += 1; _ = total }
                func parameter(total: Int) -> Int { total + 1 }
            }
            """
        #expect(try found(code) == ["3 global state total"])
    }

    @Test("a global closure is not the composition root; main.swift's top-level code is")
    func globalClosure() throws {
        let code = "import Foundation\nlet fetch = { URLSession.shared }\n"
        #expect(try found(code) == ["2 singleton URLSession.shared"])
        #expect(try found(code, file: "main.swift") == [])
    }

    @Test("a default argument naming a singleton is a finding; a fresh value is not")
    func defaults() throws {
        let code = """
            protocol Store: AnyObject { func save() }
            final class DiskStore: Store { static let shared = DiskStore(); func save() {} }
            final class Model {
                init(store: any Store = DiskStore.shared) {}
                init(other: DiskStore = .shared) {}
                init(fresh: any Store = DiskStore()) {}
            }
            """
        #expect(try found(code) == ["4 singleton DiskStore.shared", "5 singleton DiskStore.shared"])
    }

    @Test("values are not collaborators: data, errors, a struct that conforms to a protocol of the code")
    func values() throws {
        let code = """
            protocol Pricing { func price() -> Int }
            struct Flat: Pricing { func price() -> Int { 1 } }
            struct Item: Codable { var name: String }
            final class Box { let size = 1 }
            enum Failure: Error { case broken }
            final class Cart {
                func make() -> Int { _ = Item(name: ""); _ = Box(); _ = Failure.broken; return Flat().price() }
            }
            """
        #expect(try found(code) == [])
    }

    @Test("a closure property's default, a generator handed in, #if DEBUG code and test values are not findings")
    func injectionPoints() throws {
        let code = """
            import Foundation
            final class Clock {
                var now: () -> Date = { Date() }
                func roll(using generator: inout some RandomNumberGenerator) -> Int { Int.random(in: 1...6, using: &generator) }
                func roll() -> Int { Int.random(in: 1...6) }
                static let mock = Clock(now: { Date() })
                init(now: @escaping () -> Date = { Date() }) { self.now = now }
            }
            #if DEBUG
            let previewClock = Clock(now: { Date() })
            #endif
            """
        #expect(try found(code) == ["5 global state Int.random"])
    }

    @Test("live implementations of a dependency library are the edge; a view's animation clock is not logic")
    func liveAndViews() throws {
        let live = "import Foundation\nenum APIClientLive {\n    static func fetch() { _ = URLSession.shared }\n}\n"
        #expect(try found(live, file: "LiveKey.swift") == [])
        #expect(try found(live, file: "Fetch.swift") == ["3 singleton URLSession.shared"])
        let view = "import SwiftUI\nstruct Badge: View {\n    var body: some View { Text(\"\\(Date())\").id(UUID()) }\n}\n"
        #expect(try found(view) == [])
    }

    @Test("time and identity in a view, or in a type nested in one, drive its animation; the screen is still a finding there")
    func screenInViews() throws {
        let code = """
            import SwiftUI
            struct Board: View {
                enum Cell { case empty; var id: UUID { UUID() } }
                var body: some View { Text("x").frame(width: UIScreen.main.bounds.width) }
            }
            final class LayoutEngine {
                func columns() -> Int { UIScreen.main.bounds.width > 500 ? 3 : 2 }
            }
            """
        #expect(try found(code) == ["4 singleton UIScreen.main", "7 singleton UIScreen.main"])
    }

    @Test("reading a resource of the program's own bundle is not a hidden dependency; reading any other file is")
    func bundleResources() throws {
        let code = """
            import Foundation
            let template = try! String(
                contentsOf: Bundle.module.url(forResource: "index", withExtension: "html")!, encoding: .utf8)
            final class Importer {
                func load(_ url: URL) -> Data? { try? Data(contentsOf: url) }
            }
            """
        #expect(try found(code) == ["5 global state Data(contentsOf:)"])
    }

    @Test("a static getter that builds its own type is a live implementation (the edge); a stored instance that reads the clock is a finding")
    func ownInstances() throws {
        let code = """
            import Foundation
            struct Client {
                var fetch: (URL) async throws -> Data
                var startedAt: Date
                static var live: Self {
                    Self(fetch: { url in try await URLSession.shared.data(from: url).0 }, startedAt: Date.now)
                }
                static let offline = Self(fetch: { _ in Data() }, startedAt: Date())
                func age() -> TimeInterval { Date().timeIntervalSince(startedAt) }
            }
            """
        #expect(try found(code) == ["8 global state Date()", "9 global state Date()"])
    }

    @Test("a command-line tool's command (ParsableCommand, or a Command with execute()) is its composition root")
    func commandsAreRoots() throws {
        let code = """
            import Foundation
            final class Generator { func run() { _ = FileManager.default } }
            struct Generate: ParsableCommand {
                func run() throws { Generator().run(); _ = ProcessInfo.processInfo.environment }
            }
            protocol Command { func execute() throws }
            class ToolCommand: Command { let shortDescription = "Builds it"; func execute() throws {} }
            final class Build: ToolCommand { override func execute() throws { Generator().run() } }
            final class Undo: Command { func execute() throws { Generator().run() } }
            final class Worker { func work() { Generator().run() } }
            """
        #expect(try found(code) == ["2 singleton FileManager.default", "9 construction Generator()", "10 construction Generator()"])
    }

    @Test("an adapter is the member that implements a protocol's requirement by calling the system, whatever the type is called")
    func adapters() throws {
        let code = """
            import Foundation
            protocol Syncing { func sync() }
            final class SettingsStore: Syncing { func sync() {}; func load() { _ = UserDefaults.standard } }
            final class Transfer: Syncing { func sync() { _ = URLSession.shared } }
            """
        #expect(try found(code) == ["3 singleton UserDefaults.standard"])
    }
}

@Suite("Graphs that scale")
struct GraphScaleTests {
    /// A code base of `count` services, each handed three others and reaching for a singleton.
    func large(_ count: Int) -> DependencyAnalysis {
        var types: [TypeSummary] = []
        var edges: [DependencyEdge] = []
        var hidden: [HiddenDependency] = []
        for index in 0..<count {
            let name = "Service\(index)"
            types.append(TypeSummary(name: name, kind: .class, file: "Sources/M\(index % 4)/\(name).swift", line: 1, inherits: [], module: "M\(index % 4)"))
            for other in 1...3 {
                let to = "Service\((index + other) % count)"
                edges.append(DependencyEdge(from: name, to: to, kind: .isHanded, via: "init(a:)", fromModule: "M\(index % 4)", toModule: "M\((index + other) % count % 4)"))
                edges.append(DependencyEdge(from: name, to: to, kind: .isHanded, via: "init(b:)", fromModule: "M\(index % 4)", toModule: "M\((index + other) % count % 4)"))
            }
            edges.append(DependencyEdge(from: name, to: "Store.shared", kind: .reachesFor, via: "Store.shared", fromModule: "M\(index % 4)"))
            hidden.append(HiddenDependency(kind: .singleton, file: "Sources/M\(index % 4)/\(name).swift", line: 3, owner: name, member: "run",
                                           context: .body, target: "Store.shared", suggestion: LocalizedText(english: "Hand it in.", chinese: "传进来。")))
        }
        return DependencyAnalysis(types: types, edges: edges, hiddenDependencies: hidden, compositionRoot: [], adapters: [], reader: "token reader", notes: [])
    }

    @Test("Mermaid stays within its default limits and says what it left out")
    func mermaidLimits() {
        let renderer = GraphRenderer(style: Style(enabled: false), words: Words(language: .english))
        let text = renderer.mermaid([GraphPanel(title: "", analysis: large(400))])
        let edges = text.split(separator: "\n").filter { !$0.hasPrefix("%%") && ($0.contains("-->") || $0.contains("-.->") || $0.contains("==>") || $0.contains("-.-")) }
        #expect(text.utf8.count <= 50_000)
        #expect(edges.count <= 500)
        #expect(text.contains("%% left out"), "\(text.prefix(500))")
        #expect(text.contains("reaches for: Store.shared"), "hidden edges are kept first")
    }

    @Test("Mermaid gives every node its own id, even names that differ only in characters an id cannot hold")
    func mermaidDistinctIDs() {
        let renderer = GraphRenderer(style: Style(enabled: false), words: Words(language: .english))
        let edges = ["==", "<", "Shop_Cache", "Shop.Cache"].map {
            DependencyEdge(from: $0, to: "Clock.now", kind: .reachesFor, via: "Clock.now", fromModule: "M")
        }
        let analysis = DependencyAnalysis(types: [], edges: edges, hiddenDependencies: [], compositionRoot: [], adapters: [], reader: "token reader", notes: [])
        let text = renderer.mermaid([GraphPanel(title: "", analysis: analysis)])
        let sources = text.split(separator: "\n").filter { $0.contains("-.->") }.map { String($0.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") }
        #expect(sources.count == 4 && Set(sources).count == 4, "four functions, four nodes: \(text)")
    }

    @Test("the edges Mermaid cannot hold are listed after the diagram and returned in full")
    func mermaidListsWhatItLeavesOut() {
        let renderer = GraphRenderer(style: Style(enabled: false), words: Words(language: .english))
        let analysis = large(400)
        let (text, notDrawn) = renderer.mermaidWithLeftOut([GraphPanel(title: "", analysis: analysis)])
        let drawn = text.split(separator: "\n").filter { !$0.hasPrefix("%%") && ($0.contains("-->") || $0.contains("-.->") || $0.contains("==>") || $0.contains("-.-")) }
        #expect(text.utf8.count <= 50_000)
        #expect(!notDrawn.isEmpty)
        #expect(drawn.count + notDrawn.count == renderer.drawing(analysis).edges.count, "every edge is drawn or listed")
        #expect(text.contains("%% not drawn (\(notDrawn.count) edges; --focus TYPE or --format dot draws them):"))
        let diagramEnd = text.range(of: "classDef global")!.lowerBound
        let listStart = text.range(of: "%% not drawn (")!.lowerBound
        #expect(diagramEnd < listStart, "the list comes after the diagram")
        #expect(text.contains("%%   " + notDrawn[0]))
    }

    @Test("--focus narrows the terminal's summary, findings and footer to the focused type: what is in it or reaches for it; --depth widens the findings with the drawing")
    func focusedSummary() {
        var renderer = GraphRenderer(style: Style(enabled: false), words: Words(language: .english))
        renderer.options = GraphOptions(focus: "Service5", depth: 1)
        var analysis = large(60)
        // Two neighbours reach for Service5 itself; a place of the composition root builds it, another builds Service30.
        analysis.hiddenDependencies.append(HiddenDependency(kind: .singleton, file: "Sources/M2/Service6.swift", line: 9, owner: "Service6", member: "run",
                                                            context: .body, target: "Service5.shared", suggestion: LocalizedText(english: "Hand it in.", chinese: "传进来。")))
        analysis.compositionRoot = [
            HiddenDependency(kind: .construction, file: "Sources/App.swift", line: 2, owner: "App", member: "init", context: .body, target: "Service5()",
                             suggestion: LocalizedText(english: "", chinese: "")),
            HiddenDependency(kind: .construction, file: "Sources/App.swift", line: 3, owner: "App", member: "init", context: .body, target: "Service30()",
                             suggestion: LocalizedText(english: "", chinese: "")),
        ]
        let text = renderer.terminal(GraphPanel(title: "", analysis: analysis))
        #expect(text.contains("focused on Service5: 2 of 61 hidden dependencies are in it or reach for it"), "\(text)")
        let summary = text.split(separator: "\n").first { $0.hasPrefix("Summary") }.map(String.init) ?? ""
        let drawn = renderer.drawing(analysis).nodes.count
        #expect(summary.hasSuffix(" types, 2 hidden dependencies (2 singleton), 1 in the composition root, 0 in adapters") && !summary.contains("60 types"),
                "the summary counts what is about the focus, not the whole code base beside it (\(drawn) nodes drawn): \(summary)")
        #expect(text.contains("    1 places (--details lists them)"), "the footer counts the focused root places too: \(text)")
        #expect(!text.contains("Service20.swift") && !text.contains("Service4.swift"), "\(text)")
        renderer.options = GraphOptions(focus: "Service5", depth: 2)
        let wider = renderer.terminal(GraphPanel(title: "", analysis: analysis))
        #expect(wider.contains("focused on Service5: 8 of 61 hidden dependencies are in it (or fewer than 2 steps from it) or reach for it"), "\(wider)")
    }

    @Test("is handed edges are folded into one per pair of types; nodes are clustered by module")
    func folded() {
        let renderer = GraphRenderer(style: Style(enabled: false), words: Words(language: .english))
        let dot = renderer.dot([GraphPanel(title: "", analysis: large(8))])
        #expect(dot.contains("\"M0.Service0\" -> \"M1.Service1\" [label=\"is handed: 2 parameters and properties\""))
        #expect(!dot.contains("init(b:)"))
        #expect(dot.contains("subgraph \"cluster_M2\""))
        #expect(dot.contains("newrank=true;"), "Graphviz 2.42 stops with trouble in init_rank on clustered graphs without it")
    }

    @Test("the terminal gives a summary and the first findings; --details lists them all")
    func terminalSummary() {
        let analysis = large(60)
        var renderer = GraphRenderer(style: Style(enabled: false), words: Words(language: .english))
        let short = renderer.terminal(GraphPanel(title: "", analysis: analysis))
        #expect(short.contains("60 types, 60 hidden dependencies (60 singleton)"))
        #expect(short.contains("top files: "))
        #expect(short.contains("... and 35 more: add --details"))
        #expect(!short.contains("══is handed══▶"))
        renderer.options.details = true
        let long = renderer.terminal(GraphPanel(title: "", analysis: analysis))
        #expect(!long.contains("more: add --details"))
        #expect(long.contains("══is handed══▶ Service1"))
    }

    @Test("--focus keeps a type and its neighbours")
    func focus() {
        var renderer = GraphRenderer(style: Style(enabled: false), words: Words(language: .english))
        renderer.options = GraphOptions(focus: "Service5", depth: 1)
        let mermaid = renderer.mermaid([GraphPanel(title: "", analysis: large(40))])
        #expect(mermaid.contains("M1_Service5"))
        #expect(mermaid.contains("M2_Service6"))
        #expect(mermaid.contains("M0_Service4"), "who hands Service5 in counts too")
        #expect(!mermaid.contains("Service20"))
    }
}

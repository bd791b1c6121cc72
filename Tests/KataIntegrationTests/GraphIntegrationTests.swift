import Foundation
import Testing
import KataCore

/// `kata graph` on code shaped like real code bases, with the real compiler and without it.
@Suite("kata graph on real-shaped code", .serialized)
struct GraphIntegrationTests {
    static let reviewer = KataBinary.packageRoot + "/Tests/Fixtures/Graph/Reviewer"

    static func analyzer(compiler: Bool, includeTests: Bool = false) throws -> CodeAnalyzer {
        let environment = ProcessInfo.processInfo.environment
        var swiftc: String?
        if compiler {
            let onPath: String? = (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
                .first { FileManager.default.isExecutableFile(atPath: $0) }
            let found: String = try #require(onPath, "swiftc on PATH")
            swiftc = found
        }
        var temporary = environment
        temporary["TMPDIR"] = NSTemporaryDirectory()
        var analyzer = CodeAnalyzer(fileSystem: LocalFileSystem(), processRunner: PosixProcessRunner(groups: ProcessGroupRegistry()),
                                    swiftc: swiftc, environment: temporary)
        analyzer.includeTests = includeTests
        return analyzer
    }

    static func found(_ analysis: DependencyAnalysis) -> [String] {
        analysis.hiddenDependencies.map { "\($0.file):\($0.line) \($0.kind.rawValue) \($0.target)" }.sorted()
    }

    @Test("both readers find exactly what a reviewer marks: services, system calls, defaults that name a singleton; not values, fresh defaults, shadowed locals, roots or adapters")
    func reviewerFindings() throws {
        let expected = try RefactorIntegrationTests.markedDependencies(in: Self.reviewer)
        #expect(expected.count >= 14)
        let exact = try Self.analyzer(compiler: true).analyze(folder: Self.reviewer)
        #expect(exact.reader == CodeAnalyzer.dumpReaderName, "\(exact.notes)")
        #expect(Self.found(exact) == expected)
        let simple = try Self.analyzer(compiler: false).analyze(folder: Self.reviewer)
        #expect(Self.found(simple) == expected)
        for analysis in [exact, simple] {
            #expect(analysis.adapters.map(\.site) == ["SystemClock.now"])
            #expect(analysis.compositionRoot.map(\.target).sorted() == ["APIClient()", "URLSession.shared"], "*.liveValue is a composition root")
            #expect(analysis.notes.contains { $0.contains("left out 2 files of test, preview, mock, benchmark or documentation code") })
        }
    }

    @Test("a file the compiler cannot parse and two files of the same name stay on the compiler's reader")
    func robustDump() throws {
        let analysis = try Self.analyzer(compiler: true).analyze(folder: Self.reviewer)
        #expect(analysis.filesRead == 8)
        #expect(analysis.filesByTokenReader == 0, "\(analysis.notes)")
        #expect(!analysis.notes.contains { $0.contains("Swift 6.2") })
        let caches = analysis.types.filter { $0.name == "Cache" }.map(\.module).sorted()
        #expect(caches == ["Billing", "Shop"], "types of the same name in two modules are two types")
    }

    @Test("--include-tests reads test and mock code too")
    func includeTests() throws {
        let analysis = try Self.analyzer(compiler: true, includeTests: true).analyze(folder: Self.reviewer)
        #expect(analysis.filesRead == 10)
        let sites = Set(analysis.hiddenDependencies.map(\.site))
        #expect(sites.contains("MockStore.save"))
        #expect(sites.contains("CheckoutTests.testPay"))
    }

    @Test("the DOT graph keeps same-named types of two modules apart, in one cluster per module")
    func clusters() {
        let run = KataBinary.run(["graph", Self.reviewer, "--format", "dot"], in: KataBinary.packageRoot)
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("subgraph \"cluster_Billing\""))
        #expect(run.output.contains("\"Billing.Cache\" [label=\"class Cache\"]"))
        #expect(run.output.contains("\"Shop.Cache\" [label=\"class Cache\"]"))
        #expect(run.output.contains("\"Shop.Warmer\" -> \"Shop.Cache\""))
    }

    @Test("the terminal shows a summary first; --focus draws one type's neighbourhood")
    func summaryAndFocus() {
        let run = KataBinary.run(["graph", Self.reviewer], in: KataBinary.packageRoot)
        let summary = run.output.range(of: "Summary")
        let first = run.output.range(of: "hidden dependencies:")
        #expect(summary != nil && first != nil && summary!.lowerBound < first!.lowerBound, "\(run.output)")
        #expect(run.output.contains("23 hidden dependencies (6 singleton, 10 global state, 7 construction)"), "\(run.output)")
        let focused = KataBinary.run(["graph", Self.reviewer, "--format", "mermaid", "--focus", "Warmer"], in: KataBinary.packageRoot)
        #expect(focused.output.contains("Shop_Warmer"))
        #expect(focused.output.contains("Shop_Cache"))
        #expect(!focused.output.contains("Checkout"), "\(focused.output)")
        #expect(focused.output.contains("%% focused on Warmer"))
        let misspelt = KataBinary.run(["graph", Self.reviewer, "--focus", "Wramer"], in: KataBinary.packageRoot)
        #expect(misspelt.status == 2 && misspelt.output.contains("Did you mean Warmer"), "a misspelt --focus is a usage error with the closest name, not the whole graph: \(misspelt.output)")
    }

    /// A package of three modules written to a temporary folder.
    static func package(_ files: [String: String]) throws -> String {
        let root = NSTemporaryDirectory() + "graph-modules-\(UUID().uuidString)"
        for (path, text) in files {
            let full = "\(root)/\(path)"
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test("a symbolic link to Swift code is never followed, and the notes say it was left out")
    func linksAreNamed() throws {
        let root = try Self.package(["Sources/Lib/Clock.swift": "import Foundation\nfinal class Stamp { func now() -> Date { Date() } }\n"])
        let outside = try Self.package(["Elsewhere.swift": "final class Far { func now() -> Double { Double.random(in: 0...1) } }\n"])
        defer { try? FileManager.default.removeItem(atPath: root); try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createSymbolicLink(atPath: root + "/Sources/Lib/Linked.swift", withDestinationPath: outside + "/Elsewhere.swift")
        let analysis = try Self.analyzer(compiler: false).analyze(folder: root)
        #expect(analysis.filesRead == 1)
        #expect(!analysis.hiddenDependencies.contains { $0.file.contains("Linked") })
        #expect(analysis.notes.contains { $0.contains("left out 1 symbolic link to Swift code (Sources/Lib/Linked.swift)") }, "\(analysis.notes)")
    }

    @Test("a name is a global only where the code declares one and the reader's module sees it; a singleton's own accessor is its definition; a static subscript the code writes is shared state; a module that imports a test framework is test support")
    func modulesAndScopes() throws {
        let root = try Self.package([
            // An example program: its top-level code builds and uses a channel inside a closure (a local of that code).
            "Sources/Tester/main.swift": """
                import Lib
                func measure(_ body: () -> Int) { print(body()) }
                measure {
                    let channel = EmbeddedChannel()
                    channel.write("x")
                    return channel.count
                }
                """,
            "Sources/Lib/Handler.swift": """
                import Foundation
                public final class EmbeddedChannel {
                    public var count = 0
                    public init() {}
                    public func write(_ s: String) { count += 1; print(s) }
                }
                public final class Handler {
                    public init() {}
                    public func handle(_ each: ((EmbeddedChannel, Int)) -> Void) {}
                    public func go() {
                        handle { (channel, result) in channel.write("again \\(result)") }
                    }
                }
                public final class FileSystem {
                    public static var shared: FileSystem { globalFileSystem }
                    var opened: [String] = []
                    init(root: String) { _ = FileManager.default.fileExists(atPath: root) }
                    public func open(_ path: String) { opened.append(path) }
                }
                private let globalFileSystem: FileSystem = FileSystem(root: "/")
                public final class Reader {
                    public init() {}
                    public func read() { FileSystem.shared.open("x") } // the use
                }
                """,
            // A library's settings behind a static subscript: written here, so a store everyone shares; a table only read is not.
            "Sources/Lib/Prefs.swift": """
                final class Formatter {
                    func title(_ s: String) -> String { Defaults[.showSymbols] ? "* " + s : s }
                    func code(_ n: Int) -> Int { Lookup[n] }
                }
                final class Pane {
                    func toggle() { Defaults[.paste] = !Defaults[.paste] }
                }
                """,
            "Sources/LibCheckers/Verifier.swift": "import XCTest\nimport Lib\npublic enum Verifier { public static func verify() { _ = Date() } }\n",
            "Sources/LibCheckers/More.swift": "import Foundation\npublic func stamp() -> Date { Date() }\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        for compiler in [true, false] {
            let analysis = try Self.analyzer(compiler: compiler).analyze(folder: root)
            #expect(Self.found(analysis) == ["Sources/Lib/Handler.swift:17 singleton FileManager.default", "Sources/Lib/Handler.swift:23 singleton FileSystem.shared",
                                             "Sources/Lib/Prefs.swift:2 global state Defaults[...]", "Sources/Lib/Prefs.swift:6 global state Defaults[...]"],
                    "compiler: \(compiler), \(analysis.notes)")
            #expect(analysis.notes.contains { $0.contains("left out 2 files of test support: the module LibCheckers imports XCTest or Testing") }, "\(analysis.notes)")
        }
        let everything = try Self.analyzer(compiler: true, includeTests: true)
        let all = try everything.analyze(folder: root)
        #expect(Self.found(all).contains("Sources/LibCheckers/More.swift:2 global state Date()"), "--include-tests reads test support")
    }
}

import Foundation
import Testing
@testable import KataCore

@Suite("SwiftcLessonBuilder")
struct BuilderTests {
    /// A compiler that writes its outputs into the fake file system;
    /// the module's interface is made from the sources' `public` lines only.
    static func compiler(_ fileSystem: InMemoryFileSystem, failing: String? = nil) -> ScriptedProcessRunner {
        ScriptedProcessRunner { request in
            let arguments = request.arguments
            // Only whether the module compiles (`-emit-module` alone) writes no `-o`.
            let output = arguments.firstIndex(of: "-o").map { arguments[$0 + 1] }
            let sources = arguments.filter { $0.hasSuffix(".swift") }
            let texts = sources.compactMap { fileSystem.text($0) }
            if let failing, texts.contains(where: { $0.contains(failing) }) {
                return ProcessResult(termination: .exited(1), output: "\(sources[0]):2:5: error: cannot find 'oops' in scope\n    oops\n    ^~~~\n")
            }
            if let index = arguments.firstIndex(of: "-emit-module-path") {
                let interface = texts.flatMap { $0.split(separator: "\n").filter { $0.contains("public") } }.joined(separator: "\n")
                fileSystem.add(arguments[index + 1], interface)
            }
            if let output { fileSystem.add(output, "binary") }
            return ProcessResult(termination: .exited(0), output: "")
        }
    }

    func builder(_ fileSystem: InMemoryFileSystem, _ runner: ScriptedProcessRunner) -> SwiftcLessonBuilder {
        SwiftcLessonBuilder(
            toolchain: Toolchain(swiftc: "/toolchain/bin/swiftc", identity: "test"),
            fileSystem: fileSystem, processRunner: runner, displayRoot: "/course", environment: [:])
    }

    let input = BuildInput(module: "Cars", sourceFiles: ["/course/Lessons/01-x/Sources/Car.swift"],
                           testFiles: ["/course/Tests/Lessons/01-x/CarTests.swift"], buildDirectory: "/course/.kata/build/01-x/learner")

    @Test("nothing changed: nothing is compiled again")
    func cached() {
        let fileSystem = InMemoryFileSystem([
            "/course/Lessons/01-x/Sources/Car.swift": "public struct Car {\n  func speed() -> Int { 1 }\n}",
            "/course/Tests/Lessons/01-x/CarTests.swift": "import Testing",
        ])
        let runner = Self.compiler(fileSystem)
        let builder = builder(fileSystem, runner)
        #expect(builder.build(input) == .ready(executable: "/course/.kata/build/01-x/learner/CarsTests", rebuiltModule: true, rebuiltTests: true))
        #expect(runner.requests.count == 2)
        #expect(builder.build(input) == .ready(executable: "/course/.kata/build/01-x/learner/CarsTests", rebuiltModule: false, rebuiltTests: false))
        #expect(runner.requests.count == 2)
    }

    @Test("the module alone: one compile that generates no code and links nothing, and no test is compiled; asked for the tests later, the library is built and they are")
    func moduleOnly() {
        let fileSystem = InMemoryFileSystem([
            "/course/Lessons/01-x/Sources/Car.swift": "public struct Car {}",
            "/course/Tests/Lessons/01-x/CarTests.swift": "import Testing",
        ])
        let runner = Self.compiler(fileSystem)
        let builder = builder(fileSystem, runner)
        var alone = input
        alone.moduleOnly = true
        guard case .ready(_, let rebuiltModule, let rebuiltTests) = builder.build(alone) else {
            Issue.record("the module compiles, so the build is ready")
            return
        }
        #expect(rebuiltModule && !rebuiltTests)
        #expect(runner.requests.count == 1)
        #expect(runner.requests.allSatisfy { !$0.arguments.contains("/course/Tests/Lessons/01-x/CarTests.swift") })
        #expect(runner.requests.allSatisfy { $0.arguments.contains("-emit-module") && !$0.arguments.contains("-emit-library") })
        #expect(builder.build(input) == .ready(executable: "/course/.kata/build/01-x/learner/CarsTests", rebuiltModule: true, rebuiltTests: true))
        #expect(runner.requests.count == 3)
    }

    @Test("with a shared budget, each compile gets what is left of it when it starts: the library's and the test program's together stay within it")
    func budgetSharedByTheCompiles() {
        let fileSystem = InMemoryFileSystem([
            "/course/Lessons/01-x/Sources/Car.swift": "public struct Car {}",
            "/course/Tests/Lessons/01-x/CarTests.swift": "import Testing",
        ])
        let runner = Self.compiler(fileSystem)
        var fenced = builder(fileSystem, runner)
        let left = Counter()
        // 100 s left at the first compile, 40 s at the second (the first took 60).
        fenced.timeLeft = { [100.0, 40.0][min(left.next(), 1)] }
        _ = fenced.build(input)
        #expect(runner.requests.map(\.timeout) == [100, 40], "\(runner.requests.map(\.timeout))")
    }

    @Test("a module cache, when given, is handed to both compiles, so a class's builds share the toolchain's built modules")
    func moduleCache() {
        let fileSystem = InMemoryFileSystem([
            "/course/Lessons/01-x/Sources/Car.swift": "public struct Car {}",
            "/course/Tests/Lessons/01-x/CarTests.swift": "import Testing",
        ])
        let runner = Self.compiler(fileSystem)
        var shared = builder(fileSystem, runner)
        shared.moduleCache = "/scratch/module-cache"
        _ = shared.build(input)
        #expect(runner.requests.count == 2)
        #expect(runner.requests.allSatisfy { request in
            request.arguments.firstIndex(of: "-module-cache-path").map { request.arguments[$0 + 1] } == "/scratch/module-cache"
        })
        var elsewhere = input
        elsewhere.buildDirectory = "/course/.kata/build/01-x/other"
        _ = builder(fileSystem, runner).build(elsewhere)
        #expect(runner.requests.count == 4)
        #expect(runner.requests.dropFirst(2).allSatisfy { !$0.arguments.contains("-module-cache-path") })
    }

    @Test("an edit inside a body rebuilds the module and reuses the tests")
    func bodyEdit() {
        let fileSystem = InMemoryFileSystem([
            "/course/Lessons/01-x/Sources/Car.swift": "public struct Car {\n  func speed() -> Int { 1 }\n}",
            "/course/Tests/Lessons/01-x/CarTests.swift": "import Testing",
        ])
        let runner = Self.compiler(fileSystem)
        let builder = builder(fileSystem, runner)
        _ = builder.build(input)
        // Same size, same timestamp: only the content tells.
        fileSystem.add("/course/Lessons/01-x/Sources/Car.swift", "public struct Car {\n  func speed() -> Int { 2 }\n}")
        #expect(builder.build(input) == .ready(executable: "/course/.kata/build/01-x/learner/CarsTests", rebuiltModule: true, rebuiltTests: false))
        #expect(runner.requests.count == 3)
    }

    @Test("an interface change or a test change rebuilds the tests")
    func interfaceEdit() {
        let fileSystem = InMemoryFileSystem([
            "/course/Lessons/01-x/Sources/Car.swift": "public struct Car {}",
            "/course/Tests/Lessons/01-x/CarTests.swift": "import Testing",
        ])
        let runner = Self.compiler(fileSystem)
        let builder = builder(fileSystem, runner)
        _ = builder.build(input)
        fileSystem.add("/course/Lessons/01-x/Sources/Car.swift", "public struct Car { public init(engine: Int) {} }")
        #expect(builder.build(input) == .ready(executable: "/course/.kata/build/01-x/learner/CarsTests", rebuiltModule: true, rebuiltTests: true))
        fileSystem.add("/course/Tests/Lessons/01-x/CarTests.swift", "import Testing // more")
        #expect(builder.build(input) == .ready(executable: "/course/.kata/build/01-x/learner/CarsTests", rebuiltModule: false, rebuiltTests: true))
    }

    @Test("a compile error is reported against the learner's file, and the next build tries again")
    func compileError() {
        let fileSystem = InMemoryFileSystem([
            "/course/Lessons/01-x/Sources/Car.swift": "public struct Car {}\n    oops",
            "/course/Tests/Lessons/01-x/CarTests.swift": "import Testing",
        ])
        let runner = Self.compiler(fileSystem, failing: "oops")
        let builder = builder(fileSystem, runner)
        guard case .moduleFailed(let diagnostics, _) = builder.build(input) else {
            Issue.record("expected a module compile error")
            return
        }
        #expect(diagnostics == [Diagnostic(file: "Lessons/01-x/Sources/Car.swift", line: 2, column: 5, severity: "error",
                                           message: "cannot find 'oops' in scope", excerpt: "    oops\n    ^~~~")])
        _ = builder.build(input)
        #expect(runner.requests.count == 2)
    }
}

@Suite("DiagnosticParser")
struct DiagnosticParserTests {
    @Test("each error once, notes dropped, paths made relative")
    func dedupes() {
        let output = """
            /course/Lessons/01-x/Sources/Car.swift:3:9: error: cannot find 'engine' in scope
                    engine.start()
                    ^~~~~~
            /course/Lessons/01-x/Sources/Car.swift:1:1: note: did you mean 'Engine'?
            /course/Lessons/01-x/Sources/Car.swift:3:9: error: cannot find 'engine' in scope
                    engine.start()
                    ^~~~~~
            error: emit-module command failed with exit code 1 (use -v to see invocation)
            """
        let diagnostics = DiagnosticParser.parse(output, root: "/course")
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].file == "Lessons/01-x/Sources/Car.swift")
        #expect(diagnostics[0].line == 3)
        #expect(diagnostics[0].excerpt == "        engine.start()\n        ^~~~~~")
        #expect(DiagnosticParser.generalErrors(output).isEmpty)
    }

    @Test("a message without a file is kept as a general error")
    func general() {
        #expect(DiagnosticParser.generalErrors("error: no such module 'Testing'\n") == ["error: no such module 'Testing'"])
    }
}

@Suite("FallbackLessonBuilder")
struct FallbackBuilderTests {
    struct Answer: LessonBuilding {
        let outcome: BuildOutcome
        let calls: Counter
        func build(_ input: BuildInput) -> BuildOutcome {
            _ = calls.next()
            return outcome
        }
    }

    let input = BuildInput(module: "M", sourceFiles: [], testFiles: [], buildDirectory: "/b")

    @Test("a toolchain that cannot find Swift Testing falls back to SwiftPM, and says so")
    func fallsBack() {
        let notices = RecordingConsole()
        let fallbackCalls = Counter()
        let missing = Diagnostic(file: "Tests/Lessons/01-x/T.swift", line: 1, column: 8, severity: "error", message: "no such module 'Testing'")
        let builder = FallbackLessonBuilder(
            primary: Answer(outcome: .testsFailed([missing], output: ""), calls: Counter()),
            fallback: Answer(outcome: .ready(executable: "/b/run", rebuiltModule: true, rebuiltTests: true), calls: fallbackCalls),
            notice: { notices.writeError($0) })
        #expect(builder.build(input) == .ready(executable: "/b/run", rebuiltModule: true, rebuiltTests: true))
        #expect(fallbackCalls.next() == 1)
        #expect(notices.errors.contains("building with SwiftPM instead"))
    }

    @Test("tests that do not compile against the learner's code are a verdict, not a reason to fall back")
    func keepsRealErrors() {
        let fallbackCalls = Counter()
        let red = BuildOutcome.testsFailed([Diagnostic(file: "T.swift", line: 3, column: 1, severity: "error", message: "extra argument 'engine' in call")], output: "")
        let builder = FallbackLessonBuilder(
            primary: Answer(outcome: red, calls: Counter()),
            fallback: Answer(outcome: .ready(executable: "/b/run", rebuiltModule: true, rebuiltTests: true), calls: fallbackCalls),
            notice: { _ in })
        #expect(builder.build(input) == red)
        #expect(fallbackCalls.next() == 0)
    }
}

import Foundation
import Testing
@testable import KataCore

@Suite("Editor files: compilation databases for sourcekit-lsp")
struct EditorFilesTests {
    func lesson(_ id: String, module: String, hidden: [String] = []) -> Lesson {
        Lesson(id: id, number: Int(id.prefix(2)) ?? 0, slug: String(id.dropFirst(3)),
               metadata: LessonMetadata(module: module, title: LocalizedText(english: "T", chinese: "T"),
                                        summary: LocalizedText(english: "S", chinese: "S"), hints: [], hiddenTests: hidden),
               root: "/course")
    }

    func course(_ fileSystem: InMemoryFileSystem, hidden: [String] = []) -> Course {
        Course(root: "/course", lessons: [lesson("01-cars", module: "Cars", hidden: hidden)])
    }

    func json(_ text: String?) throws -> [[String: Any]] {
        let data = Data(try #require(text, "no database written").utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    func fakeCourse() -> InMemoryFileSystem {
        InMemoryFileSystem([
            "/course/Lessons/01-cars/lesson.json": "{}",
            "/course/Lessons/01-cars/Sources/Car.swift": "public struct Car {}",
            "/course/Lessons/01-cars/Sources/Parts/Engine.swift": "protocol Engine {}",
            "/course/Tests/Lessons/01-cars/CarTests.swift": "import Testing",
            "/course/Tests/Lessons/01-cars/SecretTests.swift": "import Testing",
            "/course/Solutions/01-cars/Sources/Car.swift": "public struct Car {}",
        ])
    }

    @Test("each lesson source is compiled as the lesson's module, with every path relative to the database")
    func lessonSources() throws {
        let fileSystem = fakeCourse()
        EditorFiles(fileSystem: fileSystem).refresh(course(fileSystem))
        let entries = try json(fileSystem.text("/course/Lessons/01-cars/compile_commands.json"))
        #expect(entries.map { $0["file"] as? String } == ["Sources/Car.swift", "Sources/Parts/Engine.swift"])
        for entry in entries {
            #expect(entry["directory"] as? String == ".")
            let arguments = try #require(entry["arguments"] as? [String])
            #expect(arguments.first == "swiftc")
            #expect(arguments.contains("-parse-as-library"))
            #expect(arguments[try #require(arguments.firstIndex(of: "-module-name")) + 1] == "Cars")
            #expect(arguments.suffix(2) == ["Sources/Car.swift", "Sources/Parts/Engine.swift"])
            #expect(!arguments.contains { $0.hasPrefix("/") }, "an absolute path ties the file to one machine: \(arguments)")
        }
        let solution = try json(fileSystem.text("/course/Solutions/01-cars/compile_commands.json"))
        #expect(solution.map { $0["file"] as? String } == ["Sources/Car.swift"])
    }

    @Test("a test file is compiled with its lesson's sources and Swift Testing's flags; hidden tests are left out")
    func lessonTests() throws {
        let fileSystem = fakeCourse()
        EditorFiles(fileSystem: fileSystem, testingFlags: ["-F", "/Xcode/Frameworks"])
            .refresh(course(fileSystem, hidden: ["SecretTests.swift"]))
        let entries = try json(fileSystem.text("/course/Tests/Lessons/compile_commands.json"))
        #expect(entries.map { $0["file"] as? String } == ["01-cars/CarTests.swift"])
        let arguments = try #require(entries.first?["arguments"] as? [String])
        #expect(arguments.contains("-F") && arguments.contains("/Xcode/Frameworks"))
        #expect(arguments.contains("../../Lessons/01-cars/Sources/Car.swift"))
        #expect(arguments.contains("../../Lessons/01-cars/Sources/Parts/Engine.swift"))
        #expect(arguments.last == "01-cars/CarTests.swift")
        #expect(!arguments.contains { $0.contains("SecretTests") }, "a handout lacks hidden tests: \(arguments)")
        // The sources' own database never carries the tests' flags.
        let sources = try json(fileSystem.text("/course/Lessons/01-cars/compile_commands.json"))
        let sourceArguments = try #require(sources.first?["arguments"] as? [String])
        #expect(sourceArguments.contains("/Xcode/Frameworks") == false)
    }

    @Test("a refresh writes only what changed, and picks up a file the learner added")
    func refresh() throws {
        let fileSystem = fakeCourse()
        let files = EditorFiles(fileSystem: fileSystem)
        #expect(files.refresh(course(fileSystem)).written.count == 3)
        #expect(files.refresh(course(fileSystem)).written.isEmpty)
        fileSystem.add("/course/Lessons/01-cars/Sources/Wheel.swift", "struct Wheel {}")
        let second = files.refresh(course(fileSystem)).written
        #expect(second.sorted() == ["/course/Lessons/01-cars/compile_commands.json", "/course/Tests/Lessons/compile_commands.json"])
        let entries = try json(fileSystem.text("/course/Lessons/01-cars/compile_commands.json"))
        #expect(entries.map { $0["file"] as? String }.contains("Sources/Wheel.swift"))
    }

    @Test("odd file names stay valid JSON")
    func quoting() throws {
        #expect(EditorFiles.quoted("a \"b\" \\ c\n") == #""a \"b\" \\ c\n""#)
        let text = EditorFiles.render([EditorFiles.Entry(file: "Sources/Ünïcode \"x\".swift", arguments: ["swiftc", "Sources/Ünïcode \"x\".swift"])])
        let entries = try json(text)
        #expect(entries.first?["file"] as? String == "Sources/Ünïcode \"x\".swift")
    }
}

@Suite("Swift Testing on macOS: flags derived the way SwiftPM derives them")
struct SwiftTestingFlagsTests {
    static let developer = "/Applications/Xcode.app/Contents/Developer"
    static let xcodeCompiler = "\(developer)/Toolchains/XcodeDefault.xctoolchain/usr/bin/swiftc"
    static let platform = "\(developer)/Platforms/MacOSX.platform"

    /// Xcode as installed: the compiler in the default toolchain, Testing.framework in the platform's developer folder.
    func xcode() -> InMemoryFileSystem {
        InMemoryFileSystem([
            Self.xcodeCompiler: "binary",
            "\(Self.platform)/Developer/Library/Frameworks/Testing.framework/Testing": "binary",
            "\(Self.platform)/Developer/Library/Frameworks/XCTest.framework/XCTest": "binary",
            "\(Self.platform)/Developer/usr/lib/libXCTestSwiftSupport.dylib": "binary",
            "\(Self.developer)/Toolchains/XcodeDefault.xctoolchain/usr/lib/swift/host/plugins/testing/libTestingMacros.dylib": "binary",
        ])
    }

    @Test("Xcode: the platform's frameworks folder, the macros' plugin folder and run paths")
    func xcodeLayout() {
        let flags = SwiftTestingFlags.macOS(compiler: Self.xcodeCompiler, platform: Self.platform, fileSystem: xcode())
        let frameworks = "\(Self.platform)/Developer/Library/Frameworks"
        let plugins = "\(Self.developer)/Toolchains/XcodeDefault.xctoolchain/usr/lib/swift/host/plugins/testing"
        #expect(flags.problem == nil)
        #expect(flags.compile == ["-F", frameworks, "-I", "\(Self.platform)/Developer/usr/lib", "-plugin-path", plugins])
        #expect(flags.link.contains(frameworks))
        #expect(flags.link.joined(separator: " ").contains("-Xlinker -rpath -Xlinker \(frameworks)"))
        #expect(flags.link.joined(separator: " ").contains("-L \(Self.platform)/Developer/usr/lib"))
    }

    @Test("a swift.org toolchain: its own lib/swift/macosx/testing, as a module and a library")
    func swiftOrgLayout() {
        let compiler = "/Library/Developer/Toolchains/swift-6.3.1-RELEASE.xctoolchain/usr/bin/swiftc"
        let testing = "/Library/Developer/Toolchains/swift-6.3.1-RELEASE.xctoolchain/usr/lib/swift/macosx/testing"
        let fileSystem = InMemoryFileSystem([compiler: "binary", "\(testing)/Testing.swiftmodule/arm64.swiftinterface": "module"])
        let flags = SwiftTestingFlags.macOS(compiler: compiler, platform: nil, fileSystem: fileSystem)
        #expect(flags.problem == nil)
        #expect(flags.compile == ["-I", testing])
        #expect(flags.link.joined(separator: " ") == "-L \(testing) -Xlinker -rpath -Xlinker \(testing)")
    }

    @Test("the Command Line Tools: Library/Developer/Frameworks beside usr/")
    func commandLineTools() {
        let compiler = "/Library/Developer/CommandLineTools/usr/bin/swiftc"
        let frameworks = "/Library/Developer/CommandLineTools/Library/Developer/Frameworks"
        let fileSystem = InMemoryFileSystem([compiler: "binary", "\(frameworks)/Testing.framework/Testing": "binary"])
        let flags = SwiftTestingFlags.macOS(compiler: compiler, platform: nil, fileSystem: fileSystem)
        #expect(flags.problem == nil)
        #expect(flags.compile == ["-F", frameworks])
    }

    @Test("nowhere to be found: a problem naming every place looked in, and no flags")
    func notFound() throws {
        let compiler = "/opt/odd/usr/bin/swiftc"
        let flags = SwiftTestingFlags.macOS(compiler: compiler, platform: nil, fileSystem: InMemoryFileSystem([compiler: "binary"]))
        let problem = try #require(flags.problem)
        #expect(problem.contains("/opt/odd/Library/Developer/Frameworks/Testing.framework"))
        #expect(problem.contains("/opt/odd/usr/lib/swift/macosx/testing"))
        #expect(flags.compile.isEmpty && flags.link.isEmpty)
    }

    @Test("the locator finds the platform folder from the compiler's own path, from DEVELOPER_DIR, or from xcrun")
    func locator() throws {
        let fileSystem = xcode()
        // A compiler inside Xcode, first on PATH.
        let direct = try ToolchainLocator(fileSystem: fileSystem, environment: ["PATH": "\(Self.developer)/Toolchains/XcodeDefault.xctoolchain/usr/bin"],
                                          testingOutsideToolchain: true).locate()
        #expect(direct.testing.compile.contains("\(Self.platform)/Developer/Library/Frameworks"))

        // /usr/bin/swiftc is a shim: xcrun says which compiler and platform are selected.
        fileSystem.add("/usr/bin/swiftc", "shim")
        fileSystem.add("/usr/bin/xcrun", "xcrun")
        let runner = ScriptedProcessRunner { request in
            if request.arguments == ["--find", "swiftc"] { return ProcessResult(termination: .exited(0), output: Self.xcodeCompiler + "\n") }
            if request.arguments.contains("--show-sdk-platform-path") { return ProcessResult(termination: .exited(0), output: Self.platform + "\n") }
            return ProcessResult(termination: .exited(1), output: "")
        }
        let shimmed = try ToolchainLocator(fileSystem: fileSystem, environment: ["PATH": "/usr/bin"], processRunner: runner,
                                           testingOutsideToolchain: true).locate()
        #expect(shimmed.swiftc == "/usr/bin/swiftc")
        #expect(shimmed.testing.compile.contains("-plugin-path"))
        #expect(shimmed.testing.compile.contains("\(Self.platform)/Developer/Library/Frameworks"))
        #expect(runner.commands.first == ["/usr/bin/xcrun", "--find", "swiftc"])

        // Linux: the compiler finds Swift Testing itself; nothing is looked up.
        let linux = try ToolchainLocator(fileSystem: fileSystem, environment: ["PATH": "/usr/bin"], processRunner: runner,
                                         testingOutsideToolchain: false).locate()
        #expect(linux.testing == .builtIn)
    }

    @Test("the direct builder compiles and links the tests with the derived flags")
    func builderUsesFlags() throws {
        let fileSystem = InMemoryFileSystem([
            "/course/Lessons/01-x/Sources/Car.swift": "public struct Car {}",
            "/course/Tests/Lessons/01-x/CarTests.swift": "import Testing",
        ])
        let runner = BuilderTests.compiler(fileSystem)
        let flags = SwiftTestingFlags.macOS(compiler: Self.xcodeCompiler, platform: Self.platform, fileSystem: xcode())
        let builder = SwiftcLessonBuilder(toolchain: Toolchain(swiftc: "/toolchain/bin/swiftc", identity: "test", testing: flags),
                                          fileSystem: fileSystem, processRunner: runner, displayRoot: "/course", environment: [:])
        _ = builder.build(BuildInput(module: "Cars", sourceFiles: ["/course/Lessons/01-x/Sources/Car.swift"],
                                     testFiles: ["/course/Tests/Lessons/01-x/CarTests.swift"], buildDirectory: "/course/.kata/build/01-x/learner"))
        let testsCompile = try #require(runner.commands.last)
        #expect(testsCompile.contains("-plugin-path"))
        let joined = testsCompile.joined(separator: " ")
        #expect(joined.contains("-F \(Self.platform)/Developer/Library/Frameworks"))
        #expect(joined.contains("-Xlinker -rpath -Xlinker \(Self.platform)/Developer/Library/Frameworks"))
        // The module itself does not need Swift Testing.
        #expect(!(runner.commands.first ?? []).contains("-plugin-path"))
    }

    @Test("no Swift Testing for the compiler: SwiftPM builds, and the learner is told so")
    func fallsBackToSwiftPM() {
        struct Named: LessonBuilding {
            var name: String
            func build(_ input: BuildInput) -> BuildOutcome { .ready(executable: name, rebuiltModule: false, rebuiltTests: false) }
        }
        let notices = RecordingConsole()
        let input = BuildInput(module: "M", sourceFiles: [], testFiles: [], buildDirectory: "/b")
        let missing = Toolchain(swiftc: "/x/usr/bin/swiftc", identity: "x",
                                testing: SwiftTestingFlags(compile: [], link: [], found: [], problem: "Swift Testing was not found for /x/usr/bin/swiftc"))
        let chosen = missing.builder(direct: Named(name: "swiftc"), swiftPM: Named(name: "swiftpm"), preferSwiftPM: false,
                                     notice: { notices.writeError($0) })
        #expect(chosen.build(input) == .ready(executable: "swiftpm", rebuiltModule: false, rebuiltTests: false))
        #expect(notices.errors.contains("Swift Testing was not found for /x/usr/bin/swiftc; building with SwiftPM instead"))

        let found = Toolchain(swiftc: "/x/usr/bin/swiftc", identity: "x")
        let direct = found.builder(direct: Named(name: "swiftc"), swiftPM: Named(name: "swiftpm"), preferSwiftPM: false, notice: { _ in })
        #expect(direct.build(input) == .ready(executable: "swiftc", rebuiltModule: false, rebuiltTests: false))
    }

    @Test("SwiftPM's build is started through the launcher, as the compiler is: its compilers end with kata")
    func swiftPMBuildIsLaunched() {
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("/course/Package.swift", "// swift-tools-version: 6.0\n")
        let runner = ScriptedProcessRunner { _ in ProcessResult(termination: .exited(1), output: "") }
        var builder = SwiftPMLessonBuilder(swift: "/x/usr/bin/swift", fileSystem: fileSystem, processRunner: runner,
                                           packageRoot: "/course", environment: [:])
        builder.launcher = ["/usr/bin/setpriv", "--pdeathsig", "KILL", "--"]
        _ = builder.build(BuildInput(module: "M", sourceFiles: ["/course/Lessons/01-x/Sources/A.swift"], testFiles: [], buildDirectory: "/course/.kata/build/01-x"))
        let command = runner.commands.first ?? []
        #expect(command.starts(with: ["/usr/bin/setpriv", "--pdeathsig", "KILL", "--", "/x/usr/bin/swift", "build"]))
    }
}

@Suite("Editor files stay current while watch mode runs")
struct EditorRefreshingBuilderTests {
    struct Recording: LessonBuilding {
        func build(_ input: BuildInput) -> BuildOutcome { .ready(executable: "tests", rebuiltModule: false, rebuiltTests: false) }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    @Test("a build of a lesson whose files the database does not list refreshes the editor files; others do not")
    func refreshesOnNewFile() throws {
        let fileSystem = InMemoryFileSystem([
            "/course/Lessons/01-cars/Sources/Car.swift": "public struct Car {}",
            "/course/Tests/Lessons/01-cars/CarTests.swift": "import Testing",
        ])
        let lesson = Lesson(id: "01-cars", number: 1, slug: "cars",
                            metadata: LessonMetadata(module: "Cars", title: LocalizedText(english: "T", chinese: "T"),
                                                     summary: LocalizedText(english: "S", chinese: "S"), hints: []),
                            root: "/course")
        let files = EditorFiles(fileSystem: fileSystem)
        files.refresh(Course(root: "/course", lessons: [lesson]))
        let refreshes = Counter()
        let builder = EditorRefreshingBuilder(inner: Recording(), fileSystem: fileSystem, refresh: { refreshes.add() })
        let tests = ["/course/Tests/Lessons/01-cars/CarTests.swift"]

        _ = builder.build(BuildInput(module: "Cars", sourceFiles: ["/course/Lessons/01-cars/Sources/Car.swift"], testFiles: tests, buildDirectory: "/b"))
        #expect(refreshes.count == 0, "the database already lists Car.swift")

        fileSystem.add("/course/Lessons/01-cars/Sources/Wheel.swift", "struct Wheel {}")
        _ = builder.build(BuildInput(module: "Cars", sourceFiles: ["/course/Lessons/01-cars/Sources/Car.swift", "/course/Lessons/01-cars/Sources/Wheel.swift"],
                                     testFiles: tests, buildDirectory: "/b"))
        #expect(refreshes.count == 1, "Wheel.swift is new to the database")

        // The reference solution and a student's submission have no database of their own to keep.
        _ = builder.build(BuildInput(module: "Cars", sourceFiles: ["/course/Solutions/01-cars/Sources/Car.swift", "/course/Solutions/01-cars/Sources/Extra.swift"],
                                     testFiles: tests, buildDirectory: "/c"))
        #expect(refreshes.count == 1)
    }
}

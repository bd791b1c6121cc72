import Foundation

/// Everything a command may use, handed to it (never reached for).
/// `Kata.live(...)` builds the real one; tests build one from fakes.
public struct KataContext: Sendable {
    public var fileSystem: any FileSystem
    public var processRunner: any ProcessRunning
    public var clock: any Clock
    public var console: any Console
    public var environment: [String: String]
    /// The folder holding `Lessons/`, `Tests/` and `Solutions/`.
    public var courseRoot: String
    public var language: Language
    public var style: Style
    /// Seconds a single test may run during a check.
    public var perTestTimeout: Double
    /// Build with SwiftPM instead of driving swiftc (`--builder swiftpm`, `KATA_BUILDER=swiftpm`).
    public var useSwiftPM: Bool
    /// Where kata was started; relative paths on the command line are read from here.
    public var workingDirectory: String = ""
    /// Course folders whose lessons join this course (`KATA_EXTRA_COURSE`).
    public var extraCourseRoots: [String] = []
    /// Keep the editors' compilation databases current (the real program; never with fakes).
    public var refreshesEditorFiles = false
    /// Raw key mode for watch mode (`NoTerminal` in tests and pipes).
    public var terminal: any TerminalModes

    public init(
        fileSystem: any FileSystem,
        processRunner: any ProcessRunning,
        clock: any Clock,
        console: any Console,
        environment: [String: String],
        courseRoot: String,
        language: Language,
        style: Style,
        perTestTimeout: Double = 10,
        useSwiftPM: Bool = false,
        terminal: any TerminalModes = NoTerminal()
    ) {
        self.fileSystem = fileSystem
        self.processRunner = processRunner
        self.clock = clock
        self.console = console
        self.environment = environment
        self.courseRoot = courseRoot
        self.language = language
        self.style = style
        self.perTestTimeout = perTestTimeout
        self.useSwiftPM = useSwiftPM || environment["KATA_BUILDER"] == "swiftpm"
        self.terminal = terminal
    }

    public var words: Words { Words(language: language) }
    public var stateFolder: String { "\(courseRoot)/.kata" }
    public var buildRoot: String { "\(stateFolder)/build" }

    public func loadCourse() throws -> Course {
        let loader = CourseLoader(fileSystem: fileSystem)
        return ExtraCourses.merge(try loader.load(root: courseRoot), try extraCourseRoots.map { try loader.load(root: $0) })
    }

    public var progressStore: ProgressStore {
        ProgressStore(fileSystem: fileSystem, clock: clock, courseRoot: courseRoot)
    }

    /// Progress, telling the learner once when a bad file was set aside.
    public func loadProgress() -> Progress {
        let (progress, warning) = progressStore.load()
        if let warning { console.writeError("kata: \(warning)\n") }
        return progress
    }

    /// The environment of every child process: a private TMPDIR, so the
    /// compiler's temporary folders never litter the learner's /tmp.
    public var childEnvironment: [String: String] {
        var child: [String: String] = [:]
        for key in ["PATH", "HOME", "USER", "LANG", "LC_ALL", "SDKROOT", "DEVELOPER_DIR"] {
            if let value = environment[key] { child[key] = value }
        }
        child["TMPDIR"] = "\(stateFolder)/tmp"
        return child
    }

    public func makeChecker() throws -> LessonChecker {
        let toolchain = try ToolchainLocator(fileSystem: fileSystem, environment: environment, processRunner: processRunner).locate()
        try? fileSystem.createDirectory("\(stateFolder)/tmp")
        let direct = SwiftcLessonBuilder(
            toolchain: toolchain, fileSystem: fileSystem, processRunner: processRunner,
            displayRoot: courseRoot, environment: childEnvironment
        )
        let swiftPM = SwiftPMLessonBuilder(
            swift: (toolchain.swiftc as NSString).deletingLastPathComponent + "/swift",
            fileSystem: fileSystem, processRunner: processRunner,
            packageRoot: courseRoot, environment: childEnvironment
        )
        let console = self.console
        var builder = toolchain.builder(direct: direct, swiftPM: swiftPM, preferSwiftPM: useSwiftPM,
                                        notice: { console.writeError("kata: \($0)\n") })
        if refreshesEditorFiles {
            let context = self
            builder = EditorRefreshingBuilder(inner: builder, fileSystem: fileSystem, refresh: { EditorSupport.refresh(context) })
        }
        var checker = LessonChecker(
            builder: builder,
            testRunner: TestRunner(processRunner: processRunner, fileSystem: fileSystem, clock: clock),
            fileSystem: fileSystem, clock: clock, buildRoot: buildRoot,
            environment: childEnvironment, perTestTimeout: perTestTimeout
        )
        // Only Benchmarks/check-latency.sh turns the rules off, to measure what they cost.
        checker.checksRules = environment["KATA_RULES"] != "off"
        return checker
    }

    /// The lesson a learner named, or a usage error with a "did you mean".
    public func lesson(named name: String, in course: Course) throws -> Lesson {
        if let lesson = course.lesson(named: name) { return lesson }
        if let broken = course.brokenLesson(named: name) {
            throw KataError.failure("lesson \(broken.id) cannot be used until its metadata is fixed:\n" + broken.problems.map { "  - \($0)" }.joined(separator: "\n"))
        }
        var message = "there is no lesson \"\(name)\""
        let close = course.suggestions(for: name)
        message += close.isEmpty ? "." : ". Did you mean \(close.joined(separator: " or "))?"
        message += " Run `kata list` to see every lesson."
        throw KataError.usage(message)
    }

    /// Writes a JSON value the way every `--json` output does: sorted keys, one object.
    public func writeJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let data = try encoder.encode(value)
        console.write(String(decoding: data, as: UTF8.self) + "\n")
    }
}

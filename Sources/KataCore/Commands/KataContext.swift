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
    /// Judge the rules on the program the compiler reads (`swiftc -dump-ast`) as well: the real program;
    /// never with a fake process runner, whose compiler knows only the build.
    public var readsPrograms = false
    /// Children die with kata however it ends (`ProcessTether`): the real program; never with a fake process runner.
    public var tethersChildren = false
    /// Working folders to remove if kata is stopped before the command ends (see `WorkFolderRegistry`).
    public var workFolders = WorkFolderRegistry()
    /// Raw key mode for watch mode (`NoTerminal` in tests and pipes).
    public var terminal: any TerminalModes
    /// How the learner calls kata here: every command shown is written this way.
    public var kataCommand: KataCommand = .installed
    /// The running kata program (for `kata install`), when known.
    public var executablePath: String?
    /// The course as read at the start of this run, handed to the first `loadCourse()` (then read afresh:
    /// watch mode sees a lesson an author edits while it runs).
    public var preloadedCourse: PreloadedCourse?

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

    public var words: Words { Words(language: language, kata: kataCommand.prefix, workingDirectory: workingDirectory.isEmpty ? nil : workingDirectory) }
    /// Where kata keeps progress, starters, backups and builds: `.kata` in the
    /// course, or `KATA_STATE_DIR` (a checkout kata may not write into).
    public var stateFolder: String {
        if let folder = environment[KataContext.stateFolderKey], !folder.isEmpty {
            return folder.hasPrefix("/") ? folder : ((workingDirectory.isEmpty ? courseRoot : workingDirectory) + "/" + folder)
        }
        return "\(courseRoot)/.kata"
    }
    public static let stateFolderKey = "KATA_STATE_DIR"

    public var buildRoot: String { "\(stateFolder)/build" }

    /// When the state folder cannot be written (a read-only checkout), kata
    /// keeps its state in a temporary folder instead, and says so and how to
    /// keep it: the returned warning. nil when all is well.
    public mutating func moveStateIfUnwritable() -> String? {
        let words = self.words
        if canWrite(stateFolder) { return nil }
        let wanted = stateFolder
        if let named = environment[Self.stateFolderKey], !named.isEmpty {
            return words.say(
                "cannot write to \(wanted) (KATA_STATE_DIR): progress and builds cannot be saved. Point KATA_STATE_DIR at a folder you can write.",
                "无法写入 \(wanted)（KATA_STATE_DIR）：进度和构建都无法保存。请把 KATA_STATE_DIR 指向一个你能写入的文件夹。")
        }
        let key = SHA256.hex(Data(courseRoot.utf8)).prefix(12)
        let temporary = (NSTemporaryDirectory() as NSString).appendingPathComponent("kata-state-\(key)")
        environment[Self.stateFolderKey] = temporary
        guard canWrite(temporary) else {
            environment[Self.stateFolderKey] = nil
            return words.say(
                "cannot write to \(wanted) nor to \(temporary): checks cannot build. Set KATA_STATE_DIR to a folder you can write, like: export KATA_STATE_DIR=$HOME/.kata-state",
                "无法写入 \(wanted)，也无法写入 \(temporary)：无法构建。请把 KATA_STATE_DIR 设为你能写入的文件夹，例如：export KATA_STATE_DIR=$HOME/.kata-state")
        }
        return words.say(
            "cannot write to \(wanted) (is the course folder read-only?). For now kata keeps your progress and builds in \(temporary), which the system may clear. To keep them, choose a folder you can write: export KATA_STATE_DIR=$HOME/.kata-state",
            "无法写入 \(wanted)（课程文件夹是只读的吗？）。kata 暂时把进度和构建放在 \(temporary)，系统可能会清理它。要长期保存，请选一个你能写入的文件夹：export KATA_STATE_DIR=$HOME/.kata-state")
    }

    private func canWrite(_ folder: String) -> Bool {
        let probe = "\(folder)/.write-test-\(getpid())"
        do {
            try fileSystem.createDirectory(folder)
            try fileSystem.writeAtomically(Data(), to: probe)
            try? fileSystem.remove(probe)
            return true
        } catch {
            return false
        }
    }

    public func loadCourse() throws -> Course {
        if let course = preloadedCourse?.take() { return course }
        let loader = CourseLoader(fileSystem: fileSystem)
        let course = ExtraCourses.merge(try loader.load(root: courseRoot), try extraCourseRoots.map { try loader.load(root: $0) })
        migrateState(to: course)
        return course
    }

    /// Lessons renumbered since the last run: the learner's progress, starter copies and backups follow each by its slug.
    private func migrateState(to course: Course) {
        let migration = CourseMigration(fileSystem: fileSystem, clock: clock, stateFolder: stateFolder)
        do {
            let outcome = try migration.migrate(to: course)
            for line in outcome.moved {
                console.writeError("kata: " + words.say("the course renumbered a lesson (\(line)): your progress, starter copy and backups moved with it.",
                                                         "课程给一课换了编号（\(line)）：你的进度、初始代码副本和备份都随它移过去了。") + "\n")
            }
            for line in outcome.kept {
                console.writeError("kata: " + words.say("the course renumbered a lesson (\(line)), but the new number already has progress, a starter copy or backups; the old ones stay in \(stateFolder) under the old number.",
                                                         "课程给一课换了编号（\(line)），但新编号下已经有进度、初始代码副本或备份；旧的留在 \(stateFolder) 中原来的编号下。") + "\n")
            }
        } catch {
            console.writeError("kata: " + words.say("the course renumbered a lesson, and moving your progress with it failed: \(error). Nothing was removed; it stays in \(stateFolder).",
                                                     "课程给一课换了编号，随之移动你的进度时失败了：\(error)。没有删除任何东西；它们留在 \(stateFolder) 中。") + "\n")
        }
    }

    public var progressStore: ProgressStore {
        var store = ProgressStore(fileSystem: fileSystem, clock: clock, stateFolder: stateFolder)
        store.words = words
        return store
    }

    /// Progress, telling the learner once when a bad file was set aside.
    public func loadProgress() -> Progress {
        let (progress, warning) = progressStore.load()
        if let warning {
            console.writeError("kata: \(warning)\n")
        }
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
        return FarTimeZone.applied(to: child)
    }

    /// The lesson contract's judge (`kata verify`, and `kata export` before it hands a lesson out),
    /// judging each lesson's pristine starter, not the working files.
    public func makeVerifier(jobs: Int) throws -> CourseVerifier {
        var verifier = CourseVerifier(checker: try makeChecker(), fileSystem: fileSystem, jobs: jobs)
        verifier.codeAnalyzer = makeCodeAnalyzer()
        let store = StarterStore(context: self)
        let progress = loadProgress()
        verifier.starters = { store.published($0, progress: progress) }
        return verifier
    }

    public func makeChecker() throws -> LessonChecker {
        let toolchain = try ToolchainLocator(fileSystem: fileSystem, environment: environment, processRunner: processRunner).locate()
        try? fileSystem.createDirectory("\(stateFolder)/tmp")
        let tether = tethersChildren
            ? ProcessTether.remembered(in: "\(stateFolder)/tether", processRunner: processRunner, fileSystem: fileSystem) : .none
        var direct = SwiftcLessonBuilder(
            toolchain: toolchain, fileSystem: fileSystem, processRunner: processRunner,
            displayRoot: courseRoot, environment: childEnvironment
        )
        direct.launcher = tether.compile
        var swiftPM = SwiftPMLessonBuilder(
            swift: (toolchain.swiftc as NSString).deletingLastPathComponent + "/swift",
            fileSystem: fileSystem, processRunner: processRunner,
            packageRoot: courseRoot, environment: childEnvironment
        )
        // The parent-death signal only: `swift build` does not run in a user namespace of its own.
        swiftPM.launcher = tether.program
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
        checker.launcher = tether.program
        // Only Benchmarks/check-latency.sh turns the rules off, to measure what they cost.
        checker.checksRules = environment["KATA_RULES"] != "off"
        let starters = StarterStore(context: self)
        let progress = loadProgress()
        let fileSystem = self.fileSystem
        // The starter as handed out, read once per lesson for both uses below: it does not change while kata runs (watch
        // mode checks at every save), and reading it from git starts a few processes.
        struct HandedOut: Sendable { let texts: [String: String]? }
        let handedOut = OnceCache<HandedOut>()
        @Sendable func starter(_ lesson: Lesson) -> [String: String]? {
            handedOut.value(for: lesson.id) { HandedOut(texts: starters.handedOut(lesson, progress: progress)?.texts) }?.texts
        }
        checker.statedNumbers = { lesson in
            // What the learner was given states its numbers: the texts, and the starter as it was handed out (the
            // working files only when no pristine copy is known).
            UnstatedNumbers.stated(in: UnstatedNumbers.lessonTexts(lesson, fileSystem: fileSystem)
                + (starter(lesson).map { Array($0.values) } ?? UnstatedNumbers.sourceTexts(lesson, fileSystem: fileSystem)))
        }
        checker.givenFiles = { lesson in
            // The files the starter as handed out marks as given; none known without a pristine starter.
            starter(lesson)?.filter { LessonFiles.isFixed($0.key, text: $0.value) } ?? [:]
        }
        // Only Benchmarks/check-latency.sh turns the sanitizers off, to measure what they cost.
        checker.sanitizes = environment["KATA_SANITIZERS"] != "off"
        if readsPrograms && environment["KATA_MEANING"] != "off" {
            var reader = ProgramReader(swiftc: toolchain.swiftc, processRunner: processRunner, environment: childEnvironment)
            reader.launcher = tether.compile
            #if os(Linux)
            // On Linux the frontend's own defaults are the driver's (no SDK to find): started directly, it saves the
            // driver's start-up at every check. Elsewhere the driver finds the SDK.
            let frontend = (toolchain.swiftc as NSString).deletingLastPathComponent + "/swift-frontend"
            if toolchain.swiftc.hasSuffix("/swiftc"), fileSystem.exists(frontend) { reader.frontend = frontend }
            #endif
            checker.programReader = reader
        }
        return checker
    }

    /// The lesson a learner named, or a usage error with a "did you mean".
    public func lesson(named name: String, in course: Course) throws -> Lesson {
        if let lesson = course.lesson(named: name) { return lesson }
        if let broken = course.brokenLesson(named: name) {
            throw KataError.failure(words.say("lesson \(broken.id) cannot be used until its metadata is fixed:\n", "\(broken.id) 的元数据有误，修好之前无法使用：\n") + broken.problems.map { "  - \($0)" }.joined(separator: "\n"))
        }
        let close = course.suggestions(for: name)
        throw KataError.usage(words.say(
            "there is no lesson \"\(name)\"." + (close.isEmpty ? "" : " Did you mean \(close.joined(separator: " or "))?") + " Run `kata list` to see every lesson.",
            "没有“\(name)”这一课。" + (close.isEmpty ? "" : "你是想找 \(close.joined(separator: " 或 ")) 吗？") + "运行 `kata list` 查看所有课。"))
    }

    /// Writes a JSON value the way every `--json` output does: sorted keys, one object.
    public func writeJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.keyEncodingStrategy = .custom { path in JSONKey(Self.snakeCase(path.last?.stringValue ?? "")) }
        let data = try encoder.encode(value)
        console.write(String(decoding: data, as: UTF8.self) + "\n")
    }

    /// `durationMs` → `duration_ms`, `sourceURL` → `source_url`, as Foundation's snake case does; a key that
    /// is not an identifier (a language tag such as `zh-Hans`) is kept as it is.
    static func snakeCase(_ key: String) -> String {
        guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return key }
        let characters = Array(key)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) { result += "_" }
            }
            result += character.lowercased()
        }
        return result
    }
}

/// A coding key made from a string.
struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

/// A course read once, given to whoever asks first.
public final class PreloadedCourse: @unchecked Sendable {
    private let lock = NSLock()
    private var course: Course?

    public init(_ course: Course) { self.course = course }

    /// The course, the first time; nil after.
    public func take() -> Course? {
        lock.lock()
        defer { lock.unlock() }
        let taken = course
        course = nil
        return taken
    }
}


import Foundation

/// The composition root: the one place that builds the real file system,
/// process runner, clock and console, and hands them to the commands.
public enum Kata {
    public static let version = "0.1.0"

    /// Runs `kata` with real parts; returns the exit status.
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        let groups = ProcessGroupRegistry()
        let workFolders = WorkFolderRegistry()
        installInterruptHandler(killing: groups, removing: workFolders)
        let console = StandardConsole()
        let executable = Bundle.main.executablePath ?? CommandLine.arguments.first
        let status = run(
            arguments: arguments,
            environment: environment,
            workingDirectory: FileManager.default.currentDirectoryPath,
            fileSystem: LocalFileSystem(),
            processRunner: PosixProcessRunner(groups: groups),
            clock: SystemClock(),
            console: console,
            terminal: PosixTerminalModes(),
            kataCommand: KataCommand.detect(executablePath: executable, environment: environment),
            executablePath: executable,
            refreshEditorFiles: true,
            readsPrograms: true,
            tethersChildren: true,
            workFolders: workFolders
        )
        // A command that ended because Ctrl-C stopped its children leaves as interrupted, whichever thread gets there first.
        return interrupted.value.map { 128 + $0 } ?? status
    }

    /// The signal that interrupted kata, set before its children are stopped.
    private static let interrupted = InterruptFlag()

    /// Runs `kata` with the parts it is given: the tests' way in.
    public static func run(
        arguments: [String],
        environment: [String: String],
        workingDirectory: String,
        fileSystem: any FileSystem,
        processRunner: any ProcessRunning,
        clock: any Clock,
        console rawConsole: any Console,
        terminal: any TerminalModes = NoTerminal(),
        kataCommand: KataCommand? = nil,
        executablePath: String? = nil,
        refreshEditorFiles: Bool = false,
        readsPrograms: Bool = false,
        tethersChildren: Bool = false,
        workFolders: WorkFolderRegistry = WorkFolderRegistry()
    ) -> Int32 {
        let commands = CommandSpec.all
        let kataCommand = kataCommand ?? KataCommand.detect(executablePath: nil, environment: environment)
        // Errors and help: commands in the form that works here, wrapped to the window.
        var console: any Console = LearnerConsole(base: rawConsole, command: kataCommand, wrapWidth: rawConsole.width)
        var language = Language.choose(flag: nil, environment: environment) ?? .english
        do {
            // The language is known before the arguments are parsed, so their errors speak it too.
            if let index = arguments.firstIndex(of: "--lang"), index + 1 < arguments.count, let chosen = Language(code: arguments[index + 1]) {
                language = chosen
            } else if let inline = arguments.first(where: { $0.hasPrefix("--lang=") }), let chosen = Language(code: String(inline.dropFirst(7))) {
                language = chosen
            }
            var invocation = try Invocation.parse(arguments, commands: commands, words: Words(language: language, kata: kataCommand.prefix))
            var languageFlag = invocation.option("--lang")
            if let flag = languageFlag, Language(code: flag) == nil {
                languageFlag = nil
                throw KataError.usage("--lang takes en or zh-Hans, not \"\(flag)\" (--lang 只能是 en 或 zh-Hans)")
            }
            language = languageFlag.flatMap { Language(code: $0) } ?? language
            let colors = !invocation.has("--no-color") && environment["NO_COLOR"].map(\.isEmpty) ?? true
                && console.isInteractive && environment["TERM"] != "dumb"
            let style = Style(enabled: colors)

            if invocation.has("--version") {
                console.write("kata \(version)\n")
                return 0
            }
            let words = Words(language: language, kata: kataCommand.prefix)
            if invocation.command == "help" || (invocation.has("--help") && invocation.command == nil) {
                console.write(Help.overview(commands: commands, words: words))
                return 0
            }
            // No command: watch mode for a person at a terminal, the status for a pipe.
            let name = invocation.command ?? (console.isInteractive && !invocation.has("--json") ? "watch" : "list")
            guard let command = commands.first(where: { $0.name == name }) else {
                let close = Suggestions.closest(to: name, among: commands.map(\.name), limit: 1).first
                throw KataError.usage(words.say(
                    "unknown command \"\(name)\"." + (close.map { " Did you mean `kata \($0)`?" } ?? "") + " See kata --help.",
                    "没有“\(name)”这个命令。" + (close.map { "你是想用 `kata \($0)` 吗？" } ?? "") + "请看 kata --help。"))
            }
            if invocation.has("--help") {
                console.write(Help.command(command, words: words))
                return 0
            }
            // Machine output and the watch screen are written as they are.
            let plainConsole = invocation.has("--json") || (name == "watch" && rawConsole.isInteractive)
                || (name == "refactor" && invocation.option("--format") != nil && invocation.option("--format") != "terminal")
                || (name == "graph" && invocation.option("--format") != nil && invocation.option("--format") != "terminal")
            if plainConsole { console = rawConsole }
            let root: String
            do {
                root = try CourseLocator.locate(
                    flag: invocation.option("--course"), environment: environment,
                    workingDirectory: workingDirectory, fileSystem: fileSystem, words: words)
            } catch where !command.needsCourse && invocation.option("--course") == nil {
                root = workingDirectory
            }
            var context = KataContext(
                fileSystem: fileSystem, processRunner: processRunner, clock: clock, console: console,
                environment: environment, courseRoot: root, language: language, style: style, terminal: terminal)
            context.workingDirectory = workingDirectory
            context.kataCommand = kataCommand
            context.executablePath = executablePath
            if command.needsCourse, let warning = context.moveStateIfUnwritable() {
                context.console.writeError("kata: " + warning + "\n")
            }
            // Run from inside a lesson's folder, a command that takes a lesson takes that one.
            if Self.lessonCommands.contains(name), invocation.positional.isEmpty, !invocation.has("--all"), !invocation.has("--restore"),
               let here = LessonHere.id(workingDirectory: workingDirectory, courseRoot: root) {
                invocation.positional = [here]
            }
            context.extraCourseRoots = try ExtraCourses.locate(
                environment: environment, workingDirectory: workingDirectory, courseRoot: root, fileSystem: fileSystem)
            // Only where a learner or an author edits lessons: grading and verifying leave the course as it is.
            context.readsPrograms = readsPrograms
            context.tethersChildren = tethersChildren
            context.workFolders = workFolders
            // The editor files are written beside the command (a check's build does not read them), and are complete
            // before kata returns.
            let editorFiles = DispatchGroup()
            defer { editorFiles.wait() }
            if refreshEditorFiles && command.needsCourse && !["grade", "verify", "export", "graph"].contains(command.name) {
                context.refreshesEditorFiles = true
                if let course = try? context.loadCourse() {
                    let refreshing = context
                    DispatchQueue.global().async(group: editorFiles) { EditorSupport.refresh(refreshing, course: course) }
                    context.preloadedCourse = PreloadedCourse(course)
                }
            }
            return try command.run(invocation, context)
        } catch let error as KataError {
            let errors = LearnerConsole(base: rawConsole, command: kataCommand, wrapWidth: rawConsole.width)
            errors.writeError("kata: \(error.description)\n")
            return error.exitCode
        } catch {
            let errors = LearnerConsole(base: rawConsole, command: kataCommand, wrapWidth: rawConsole.width)
            errors.writeError("kata: \(KataErrorText.describe(error, words: Words(language: language, kata: kataCommand.prefix)))\n")
            return 1
        }
    }

    /// Commands that take the lesson whose folder kata was started in when none is named.
    static let lessonCommands: Set<String> = ["check", "hint", "watch", "show", "diff", "solution", "refactor"]

    /// Ctrl-C (and a closed terminal, SIGHUP): kill every child process group,
    /// then leave with status 128 + the signal (130 for Ctrl-C).
    private static func installInterruptHandler(killing groups: ProcessGroupRegistry, removing workFolders: WorkFolderRegistry) {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                interrupted.set(signalNumber)
                groups.killAll()
                workFolders.removeAll()
                Terminal.restore()
                exit(128 + signalNumber)
            }
            source.resume()
            interruptSources.append(source)
        }
    }

    nonisolated(unsafe) private static var interruptSources: [any DispatchSourceSignal] = []
}

/// Finds the course folder: `--course`, then `KATA_COURSE`, then the nearest
/// folder at or above the working directory that holds `Lessons/`.
public enum CourseLocator {
    /// Set by the launcher `kata install` writes: the course to use when kata is
    /// started outside any course folder.
    public static let defaultCourseKey = "KATA_DEFAULT_COURSE"

    public static func locate(flag: String?, environment: [String: String], workingDirectory: String, fileSystem: any FileSystem, words: Words = Words(language: .english)) throws -> String {
        func absolute(_ path: String) -> String {
            let joined = path.hasPrefix("/") ? path : workingDirectory + "/" + path
            return (joined as NSString).standardizingPath
        }
        if let explicit = flag ?? environment["KATA_COURSE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let path = absolute(explicit)
            guard fileSystem.isDirectory(path + "/Lessons") else {
                throw KataError.usage(words.say("\(explicit) is not a course folder: it has no Lessons/ folder", "\(explicit) 不是课程文件夹：里面没有 Lessons/ 文件夹"))
            }
            return path
        }
        var folder = (workingDirectory as NSString).standardizingPath
        while true {
            if fileSystem.isDirectory(folder + "/Lessons") { return folder }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        if let fallback = environment[defaultCourseKey], !fallback.isEmpty, fileSystem.isDirectory(fallback + "/Lessons") {
            return (fallback as NSString).standardizingPath
        }
        throw KataError.usage(words.say("no course here: run kata inside the DI Kata folder (the one with Lessons/), or name one with --course PATH", "这里没有课程：请在 DI Kata 文件夹（含 Lessons/ 的那个）中运行 kata，或用 --course 路径 指定一个"))
    }
}

/// Terminal modes kata may change (raw keys in watch mode), put back on exit.
public enum Terminal {
    nonisolated(unsafe) static var savedAttributes: termios?

    public static func restore() {
        guard var saved = savedAttributes else { return }
        tcsetattr(0, TCSANOW, &saved)
    }
}


/// The lesson whose folder kata was started in: `Lessons/<id>/...`,
/// `Tests/Lessons/<id>/...` or `Solutions/<id>/...` of the course.
public enum LessonHere {
    public static func id(workingDirectory: String, courseRoot: String) -> String? {
        let here = (workingDirectory as NSString).standardizingPath
        let root = (courseRoot as NSString).standardizingPath
        guard here.hasPrefix(root + "/") else { return nil }
        let parts = here.dropFirst(root.count + 1).split(separator: "/").map(String.init)
        switch parts.first {
        case "Lessons", "Solutions": return parts.count >= 2 ? parts[1] : nil
        case "Tests": return parts.count >= 3 && parts[1] == "Lessons" ? parts[2] : nil
        default: return nil
        }
    }
}

/// Errors from below the commands (a file that cannot be written), in words a learner can act on.
enum KataErrorText {
    static func describe(_ error: any Error, words: Words) -> String {
        if let error = error as? FileSystemError { return words.say("\(error.path) \(error.reason)", "\(error.path)：\(error.reason)") }
        return "\(error)"
    }
}

/// Which signal interrupted kata, if any: read by the main thread, set by the signal handler.
final class InterruptFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var signal: Int32?
    var value: Int32? { lock.withLock { signal } }
    func set(_ value: Int32) { lock.withLock { if signal == nil { signal = value } } }
}

import Foundation

/// The composition root: the one place that builds the real file system,
/// process runner, clock and console, and hands them to the commands.
public enum Kata {
    public static let version = "0.1.0"

    /// Runs `kata` with real parts; returns the exit status.
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        let groups = ProcessGroupRegistry()
        installInterruptHandler(killing: groups)
        let console = StandardConsole()
        return run(
            arguments: arguments,
            environment: environment,
            workingDirectory: FileManager.default.currentDirectoryPath,
            fileSystem: LocalFileSystem(),
            processRunner: PosixProcessRunner(groups: groups),
            clock: SystemClock(),
            console: console,
            terminal: PosixTerminalModes(),
            refreshEditorFiles: true
        )
    }

    /// Runs `kata` with the parts it is given: the tests' way in.
    public static func run(
        arguments: [String],
        environment: [String: String],
        workingDirectory: String,
        fileSystem: any FileSystem,
        processRunner: any ProcessRunning,
        clock: any Clock,
        console: any Console,
        terminal: any TerminalModes = NoTerminal(),
        refreshEditorFiles: Bool = false
    ) -> Int32 {
        let commands = CommandSpec.all
        do {
            let invocation = try Invocation.parse(arguments, commands: commands)
            var languageFlag = invocation.option("--lang")
            if let flag = languageFlag, Language(code: flag) == nil {
                languageFlag = nil
                throw KataError.usage("--lang takes en or zh-Hans, not \"\(flag)\"")
            }
            let language = Language.choose(flag: languageFlag, environment: environment) ?? .english
            let colors = !invocation.has("--no-color") && environment["NO_COLOR"].map(\.isEmpty) ?? true
                && console.isInteractive && environment["TERM"] != "dumb"
            let style = Style(enabled: colors)

            if invocation.has("--version") {
                console.write("kata \(version)\n")
                return 0
            }
            if invocation.command == "help" || (invocation.has("--help") && invocation.command == nil) {
                console.write(Help.overview(commands: commands, words: Words(language: language)))
                return 0
            }
            // No command: watch mode for a person at a terminal, the status for a pipe.
            let name = invocation.command ?? (console.isInteractive && !invocation.has("--json") ? "watch" : "list")
            guard let command = commands.first(where: { $0.name == name }) else {
                var message = "unknown command \"\(name)\""
                if let close = Suggestions.closest(to: name, among: commands.map(\.name), limit: 1).first {
                    message += ". Did you mean `kata \(close)`?"
                }
                throw KataError.usage(message + " See kata --help.")
            }
            if invocation.has("--help") {
                console.write(Help.command(command, words: Words(language: language)))
                return 0
            }
            let root: String
            do {
                root = try CourseLocator.locate(
                    flag: invocation.option("--course"), environment: environment,
                    workingDirectory: workingDirectory, fileSystem: fileSystem)
            } catch where !command.needsCourse && invocation.option("--course") == nil {
                root = workingDirectory
            }
            var context = KataContext(
                fileSystem: fileSystem, processRunner: processRunner, clock: clock, console: console,
                environment: environment, courseRoot: root, language: language, style: style, terminal: terminal)
            context.workingDirectory = workingDirectory
            context.extraCourseRoots = try ExtraCourses.locate(
                environment: environment, workingDirectory: workingDirectory, courseRoot: root, fileSystem: fileSystem)
            if refreshEditorFiles && command.needsCourse {
                context.refreshesEditorFiles = true
                EditorSupport.refresh(context)
            }
            return try command.run(invocation, context)
        } catch let error as KataError {
            console.writeError("kata: \(error.description)\n")
            return error.exitCode
        } catch {
            console.writeError("kata: \(error)\n")
            return 1
        }
    }

    /// Ctrl-C: kill every child process group, then leave with status 130.
    private static func installInterruptHandler(killing groups: ProcessGroupRegistry) {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        for signalNumber in [SIGINT, SIGTERM] {
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                groups.killAll()
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
    public static func locate(flag: String?, environment: [String: String], workingDirectory: String, fileSystem: any FileSystem) throws -> String {
        func absolute(_ path: String) -> String {
            let joined = path.hasPrefix("/") ? path : workingDirectory + "/" + path
            return (joined as NSString).standardizingPath
        }
        if let explicit = flag ?? environment["KATA_COURSE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let path = absolute(explicit)
            guard fileSystem.isDirectory(path + "/Lessons") else {
                throw KataError.usage("\(explicit) is not a course folder: it has no Lessons/ folder")
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
        throw KataError.usage("no course here: run kata inside the DI Kata folder (the one with Lessons/), or name one with --course PATH")
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

import Foundation

/// Compilation databases (`compile_commands.json`) that let an editor's Swift
/// language server (sourcekit-lsp: VS Code, Neovim, Sublime, Emacs...)
/// understand lesson files with no setting: type errors and completion.
///
/// Lesson files belong to no target of the package until `KATA_LESSON` picks
/// one, so the server started at the course folder finds no build settings for
/// them. For a file that no workspace claims, sourcekit-lsp looks in the folders
/// above it for a `compile_commands.json` and opens a workspace there. So:
///
///     Lessons/01-x/compile_commands.json     each source, compiled as the lesson's module
///     Solutions/01-x/compile_commands.json   the same for the reference solution
///     Tests/Lessons/compile_commands.json    each visible test file, with its lesson's sources
///
/// Every path is relative to the database's folder (`"directory": "."`), so the
/// files are the same on every machine and a fresh clone works before kata ever ran.
/// A test file is compiled together with its lesson's sources as one module:
/// the editor then needs no built module of the lesson. Its `@testable import`
/// of that same module would warn, so warnings are left out for test files.
public struct EditorFiles: Sendable {
    public static let databaseName = "compile_commands.json"

    public let fileSystem: any FileSystem
    /// Flags the tests need to find Swift Testing (absolute paths; empty where the compiler finds it itself).
    public let testingFlags: [String]

    public init(fileSystem: any FileSystem, testingFlags: [String] = []) {
        self.fileSystem = fileSystem
        self.testingFlags = testingFlags
    }

    /// Every database of the course, by absolute path, with the text it should hold.
    public func databases(for course: Course) -> [(path: String, text: String)] {
        var result: [(path: String, text: String)] = []
        var testEntries: [String: [Entry]] = [:]
        for lesson in course.lessons {
            let sources = swiftFiles(lesson.sources)
            if !sources.isEmpty {
                result.append(("\(lesson.folder)/\(Self.databaseName)", Self.render(entries(
                    files: sources.map { "Sources/\($0)" }, module: lesson.module, extra: []))))
            }
            let solution = swiftFiles(lesson.solutionSources)
            if !solution.isEmpty {
                result.append(("\(lesson.solutionFolder)/\(Self.databaseName)", Self.render(entries(
                    files: solution.map { "Sources/\($0)" }, module: lesson.module, extra: []))))
            }
            // Hidden tests are graded, not handed out: as in the package manifest, left out.
            let hidden = Set(lesson.metadata.hiddenTests)
            let tests = swiftFiles(lesson.tests).filter { !hidden.contains($0) }
            guard !sources.isEmpty, !tests.isEmpty else { continue }
            let arguments = Self.compiler + ["-module-name", lesson.module] + Self.languageFlags + ["-suppress-warnings"]
                + testingFlags + sources.map { "../../Lessons/\(lesson.id)/Sources/\($0)" } + tests.map { "\(lesson.id)/\($0)" }
            testEntries[lesson.root, default: []] += tests.map { Entry(file: "\(lesson.id)/\($0)", arguments: arguments) }
        }
        for (root, entries) in testEntries.sorted(by: { $0.key < $1.key }) {
            result.append(("\(root)/Tests/Lessons/\(Self.databaseName)", Self.render(entries)))
        }
        return result
    }

    /// Writes the databases whose text changed; returns what was written and what could not be.
    @discardableResult
    public func refresh(_ course: Course) -> (written: [String], failed: [String]) {
        var written: [String] = []
        var failed: [String] = []
        for (path, text) in databases(for: course) {
            if (try? fileSystem.readText(path)) == text { continue }
            do {
                try fileSystem.writeText(text, to: path)
                written.append(path)
            } catch {
                failed.append(path)
            }
        }
        return (written, failed)
    }

    /// Whether the database of the lesson folder holding these sources (`…/Lessons/NN-slug/Sources/…`)
    /// lists other files than these; false for sources elsewhere (a solution, a submission).
    public func isStale(module: String, sourceFiles: [String]) -> Bool {
        guard let first = sourceFiles.first else { return false }
        let parts = first.split(separator: "/", omittingEmptySubsequences: false)
        guard let index = parts.indices.last(where: { $0 + 2 < parts.count && parts[$0] == "Lessons" && parts[$0 + 2] == "Sources" }) else { return false }
        let folder = parts[...(index + 1)].joined(separator: "/")
        let prefix = folder + "/"
        guard sourceFiles.allSatisfy({ $0.hasPrefix(prefix) }) else { return false }
        let relative = sourceFiles.map { String($0.dropFirst(prefix.count)) }.sorted()
        let expected = Self.render(entries(files: relative, module: module, extra: []))
        return (try? fileSystem.readText("\(folder)/\(Self.databaseName)")) != expected
    }

    struct Entry: Equatable {
        var file: String
        var arguments: [String]
    }

    static let compiler = ["swiftc"]
    /// The language mode and the kind of module the runner builds lessons with.
    static let languageFlags = ["-swift-version", "6", "-parse-as-library", "-D", "DEBUG"]

    private func entries(files: [String], module: String, extra: [String]) -> [Entry] {
        let arguments = Self.compiler + ["-module-name", module] + Self.languageFlags + extra + files
        return files.map { Entry(file: $0, arguments: arguments) }
    }

    /// The folder's Swift files, relative and sorted (empty when it is missing).
    private func swiftFiles(_ folder: String) -> [String] {
        guard fileSystem.isDirectory(folder) else { return [] }
        return ((try? fileSystem.filesRecursively(folder, withExtension: "swift")) ?? []).sorted()
    }

    /// One entry a few lines long, so a changed file list reads well in a diff.
    static func render(_ entries: [Entry]) -> String {
        // The entries of one database share their arguments: each list is quoted once.
        var lastArguments: [String]? = nil
        var lastQuoted = ""
        let items = entries.map { entry in
            if entry.arguments != lastArguments {
                lastArguments = entry.arguments
                lastQuoted = entry.arguments.map(quoted).joined(separator: ", ")
            }
            return """
              {
                "directory": ".",
                "file": \(quoted(entry.file)),
                "arguments": [\(lastQuoted)]
              }
            """
        }
        return "[\n" + items.joined(separator: ",\n") + "\n]\n"
    }

    static func quoted(_ text: String) -> String {
        // Most arguments are plain paths and flags: nothing to escape, so no scalar-by-scalar copy.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
            return true
        }
        if plain == true {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// Keeps the course's editor files current on every run, quietly: a learner who
/// adds a file to a lesson gets it understood by the editor at the next `kata` command.
public enum EditorSupport {
    public static func refresh(_ context: KataContext) {
        guard let course = try? context.loadCourse() else { return }
        refresh(context, course: course)
    }

    /// The same, for a course the caller has loaded already (one reading of the lessons per run).
    public static func refresh(_ context: KataContext, course: Course) {
        let toolchain = try? ToolchainLocator(fileSystem: context.fileSystem, environment: context.environment,
                                              processRunner: context.processRunner).locate()
        let flags = toolchain.map { $0.testing.compile } ?? []
        EditorFiles(fileSystem: context.fileSystem, testingFlags: flags).refresh(course)
    }
}

/// Refreshes the editor files when the lesson being built has files its database does not
/// list (a learner added or removed a file while watch mode runs), then builds as before.
public struct EditorRefreshingBuilder: LessonBuilding {
    public let inner: any LessonBuilding
    public let fileSystem: any FileSystem
    private let refresh: @Sendable () -> Void

    public init(inner: any LessonBuilding, fileSystem: any FileSystem, refresh: @escaping @Sendable () -> Void) {
        self.inner = inner
        self.fileSystem = fileSystem
        self.refresh = refresh
    }

    public func sharingBuilds(in cache: String) -> any LessonBuilding {
        EditorRefreshingBuilder(inner: inner.sharingBuilds(in: cache), fileSystem: fileSystem, refresh: refresh)
    }

    public func build(_ input: BuildInput) -> BuildOutcome {
        if EditorFiles(fileSystem: fileSystem).isStale(module: input.module, sourceFiles: input.sourceFiles) {
            refresh()
        }
        return inner.build(input)
    }
}

import Foundation

/// Reads a folder (or a list) of Swift files and analyses their dependencies:
/// the compiler's syntax dump first, the token reader when the compiler
/// cannot give one (and for `#if` blocks, which the dump leaves out).
///
///     let analysis = try CodeAnalyzer(fileSystem: fs, processRunner: runner, swiftc: "/usr/bin/swiftc",
///                                     environment: env).analyze(folder: "Lessons/01-constructor-injection/Sources")
public struct CodeAnalyzer: Sendable {
    public let fileSystem: any FileSystem
    public let processRunner: any ProcessRunning
    /// nil when no compiler was found: the token reader does all the reading.
    public let swiftc: String?
    public let environment: [String: String]
    /// Composition roots the code names (besides `CompositionRoot`, `*Container`, `@main`, top-level code).
    public var compositionRoots: Set<String> = []

    public static let dumpReaderName = "swiftc syntax dump"
    public static let tokenReaderName = "token reader"

    public init(fileSystem: any FileSystem, processRunner: any ProcessRunning, swiftc: String?, environment: [String: String]) {
        self.fileSystem = fileSystem
        self.processRunner = processRunner
        self.swiftc = swiftc
        self.environment = environment
    }

    /// Every `.swift` file below `folder`; paths in the result are relative to `displayRoot` (default: the folder).
    public func analyze(folder: String, displayRoot: String? = nil) throws -> DependencyAnalysis {
        guard fileSystem.isDirectory(folder) else {
            throw KataError.usage("\(folder) is not a folder. Name a folder of Swift code, like: kata graph Sources")
        }
        let files = try fileSystem.filesRecursively(folder, withExtension: "swift")
            .filter { !$0.hasPrefix(".build/") && !$0.contains("/.build/") }
        guard !files.isEmpty else {
            throw KataError.failure("there are no .swift files in \(folder)")
        }
        let root = displayRoot ?? folder
        return try analyze(files: files.map { "\(folder)/\($0)" }, displayRoot: root)
    }

    public func analyze(files: [String], displayRoot: String) throws -> DependencyAnalysis {
        var texts: [String] = []
        for path in files {
            do { texts.append(try fileSystem.readText(path)) } catch {
                throw KataError.failure("cannot read \(path): \(error)")
            }
        }
        func shown(_ path: String) -> String { DiagnosticParser.relative(path, to: displayRoot) }
        var notes: [String] = []
        var model = CodeModel()
        var dumps: [String: [String: Any]]?
        if let swiftc {
            do {
                dumps = try SyntaxDumpReader(swiftc: swiftc, processRunner: processRunner, fileSystem: fileSystem, environment: environment).dumps(of: files)
            } catch {
                notes.append("\(error); kata read the code with its simpler token reader instead (it skips comments and strings, but knows less of Swift's grammar than the compiler)")
            }
        } else {
            notes.append("no Swift compiler found, so no syntax dump; kata read the code with its simpler token reader")
        }
        var readIfBlocks = false
        for (index, path) in files.enumerated() {
            let text = texts[index]
            if let dumps, let dump = dumps[path] {
                model.append(SyntaxDumpReader.model(dump: dump, file: shown(path), text: text))
                let blocks = SwiftLexer.conditionalBlocks(SwiftLexer.tokens(of: text))
                if !blocks.isEmpty {
                    readIfBlocks = true
                    model.append(TokenReader().read(file: shown(path), text: text, within: blocks))
                }
            } else {
                if dumps != nil { notes.append("the compiler gave no syntax dump of \(shown(path)); kata read it with its token reader") }
                model.append(TokenReader().read(file: shown(path), text: text))
            }
        }
        if readIfBlocks {
            notes.append("the compiler's parse dump leaves out #if blocks; kata read those with its token reader (every branch counts)")
        }
        return DependencyAnalyzer().analyze(model, reader: dumps == nil ? Self.tokenReaderName : Self.dumpReaderName, notes: notes, roots: compositionRoots)
    }
}

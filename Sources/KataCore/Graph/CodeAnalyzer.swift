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
    /// Types declared collaborators worth handing in (see `DependencyAnalyzer.analyze`).
    public var collaborators: Set<String> = []

    public static let dumpReaderName = "swiftc syntax dump"
    public static let tokenReaderName = "token reader"

    public init(fileSystem: any FileSystem, processRunner: any ProcessRunning, swiftc: String?, environment: [String: String]) {
        self.fileSystem = fileSystem
        self.processRunner = processRunner
        self.swiftc = swiftc
        self.environment = environment
    }

    /// Test, preview and mock code is left out unless this is set.
    public var includeTests = false
    /// Files whose header says a tool wrote them are left out unless this is set.
    public var includeGenerated = false
    /// Files larger than this are read by the token reader, not dumped: the compiler's JSON dump of a
    /// file is some sixteen times its size, and its decoded tree as much again (16 bytes a value): a file
    /// of 2 MB adds some 70 MB to kata's peak.
    public var largestDumpedFile = 2 * 1024 * 1024
    /// Files over this size are dumped after the others (see `analyze(files:displayRoot:)`).
    static let lateDumpedFile = 512 * 1024

    /// Every `.swift` file below `folder`; paths in the result are relative to `displayRoot` (default: the folder).
    public func analyze(folder: String, displayRoot: String? = nil) throws -> DependencyAnalysis {
        guard fileSystem.isDirectory(folder) else {
            throw KataError.usage("\(folder) is not a folder. Name a folder of Swift code, like: kata graph Sources")
        }
        var files = try fileSystem.filesRecursively(folder, withExtension: "swift")
            .filter { !$0.hasPrefix(".build/") && !$0.contains("/.build/") }
        guard !files.isEmpty else {
            throw KataError.failure("there are no .swift files in \(folder)")
        }
        var skipped = 0
        // A package manifest (`Package.swift`, `Package@swift-6.0.swift`) configures the build: its globals are how
        // SwiftPM reads it, not the code's design.
        let manifests = files.filter(Self.isPackageManifest)
        files = files.filter { !Self.isPackageManifest($0) }
        if !includeTests {
            let kept = files.filter { !Self.isTestOrPreviewPath($0) }
            skipped = files.count - kept.count
            files = kept
            guard !files.isEmpty else {
                throw KataError.failure("every .swift file in \(folder) is test, preview, mock, benchmark or package manifest code; add --include-tests to read them")
            }
        }
        guard !files.isEmpty else { throw KataError.failure("the only .swift files in \(folder) are package manifests (Package.swift)") }
        let root = displayRoot ?? folder
        var analysis = try analyze(files: files.map { "\(folder)/\($0)" }, displayRoot: root)
        if skipped > 0 {
            analysis.notes.append("left out \(skipped) file\(skipped == 1 ? "" : "s") of test, preview, mock, benchmark or documentation code (--include-tests reads them)")
        }
        // Links are never followed (a link may lead out of the folder, or around in a loop): say so, rather than
        // leave the reader wondering where a file went.
        let links = ((try? fileSystem.linksRecursively(folder, withExtension: "swift")) ?? []).filter { !$0.contains(".build/") }
        if !links.isEmpty {
            analysis.notes.append("left out \(links.count) symbolic link\(links.count == 1 ? "" : "s") to Swift code (\(links.prefix(2).joined(separator: ", "))\(links.count > 2 ? ", ..." : "")): kata reads the files in the folder, never follows a link; name the folder the link points to to read it")
        }
        if !manifests.isEmpty {
            analysis.notes.append("left out \(manifests.count) package manifest\(manifests.count == 1 ? "" : "s") (\(manifests.prefix(2).joined(separator: ", "))\(manifests.count > 2 ? ", ..." : "")): build configuration, not the code's design")
        }
        return analysis
    }

    /// A file that imports XCTest or Swift Testing (`import XCTest`, `@testable import Testing`, `import class XCTest.XCTestCase`),
    /// as the compiler reads it: an import written in a string, a comment or a block under `#if false` imports nothing.
    /// A quick look, line by line over the bytes, for a line that starts like an import of XCTest or Testing
    /// (`import XCTest`, `@testable import Testing`, `import struct XCTest.XCTestCase`): most files have none, and
    /// skip the lexer. A line that looks so is read again by the lexer, which knows comments, strings and `#if false`.
    static func mayImportATestFramework(_ text: String) -> Bool {
        func isWordByte(_ byte: UInt8) -> Bool { byte == 95 || (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte >= 128 }
        func words(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] { line.split(whereSeparator: { $0 == 32 || $0 == 9 || $0 == 13 }) }
        let frameworks: [[UInt8]] = [Array("XCTest".utf8), Array("Testing".utf8)]
        let importWord = Array("import".utf8)
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 10 { end += 1 }
            var line = words(bytes[start..<end])[...]
            start = end + 1
            while let first = line.first, first.first == 64 { line = line.dropFirst() }  // attributes
            guard let first = line.first, first.elementsEqual(importWord) else { continue }
            line = line.dropFirst()
            for word in line.prefix(2) {
                // `XCTest`, `Testing`, `XCTest.XCTestCase`: the module is the word's first part.
                let module = word.prefix { isWordByte($0) }
                if frameworks.contains(where: { module.elementsEqual($0) }) { return true }
            }
        }
        return false
    }

    public static func importsATestFramework(_ text: String) -> Bool {
        guard mayImportATestFramework(text) else { return false }
        let tokens = SwiftLexer.tokens(of: text)
        // Each open `#if`: whether its branch being read is one the compiler never compiles.
        var branches: [Bool] = []
        var k = 0
        while k < tokens.count {
            let token = tokens[k]
            if token.kind == .directive {
                let condition = k + 1 < tokens.count ? tokens[k + 1].text : ""
                switch token.text {
                case "#if": branches.append(condition == "false" || condition == "0")
                case "#elseif": if !branches.isEmpty { branches[branches.count - 1] = condition == "false" || condition == "0" }
                case "#else": if !branches.isEmpty { branches[branches.count - 1] = false }
                case "#endif": _ = branches.popLast()
                default: break
                }
            } else if token.isIdentifier, token.text == "import", !branches.contains(true) {
                var next = k + 1
                if next < tokens.count, ["class", "struct", "enum", "protocol", "func", "var", "let", "typealias"].contains(tokens[next].text) { next += 1 }
                if next < tokens.count, tokens[next].isIdentifier, tokens[next].text == "XCTest" || tokens[next].text == "Testing" { return true }
            }
            k += 1
        }
        return false
    }

    /// `Package.swift` or `Package@swift-6.0.swift`, at any depth.
    public static func isPackageManifest(_ path: String) -> Bool {
        let file = (path.split(separator: "/").last.map(String.init) ?? path).lowercased()
        return file == "package.swift" || file.hasPrefix("package@swift") && file.hasSuffix(".swift")
    }

    /// `Tests/`, `FooTests.swift`, `Mocks/`, `Previews/`, `Fixtures/`: code that builds fakes on purpose;
    /// `Benchmarks/`: code that builds what it measures, on purpose.
    /// A documentation catalog's code (`Foo.docc/`, SwiftPM's `Snippets/`, a `Foo.playground`) shows a reader the API in a
    /// few lines, not the app's design.
    public static func isTestOrPreviewPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map { $0.lowercased() }
        for folder in parts.dropLast() {
            if folder.hasSuffix(".docc") || folder == "snippets" || folder.hasSuffix(".playground") { return true }
            if folder == "benchmarks" || folder == "benchmark" || folder.hasSuffix("benchmarks") { return true }
            if folder == "tests" || folder == "test" || folder.hasSuffix("tests") || folder.hasSuffix("testing") || folder.hasSuffix("testsupport")
                || folder == "mocks" || folder == "mock" || folder.hasSuffix("mocks") || folder == "fakes" || folder == "stubs"
                || folder.contains("preview") || folder == "fixtures" || folder.hasSuffix("uitests") || folder == "testhelpers" { return true }
        }
        let file = parts.last.map { String($0.dropLast(6)) } ?? ""
        return file.hasSuffix("tests") || file.hasSuffix("test") || file.hasSuffix("spec") || file.hasSuffix("mock") || file.hasSuffix("mocks")
            || file.hasPrefix("mock") || file.hasSuffix("preview") || file.hasSuffix("previews") || file.hasSuffix("fake") || file.hasSuffix("fakes")
            || file.hasSuffix("stub") || file.hasSuffix("stubs") || file.hasSuffix("testhelpers") || file == "linuxmain"
    }

    public func analyze(files: [String], displayRoot: String) throws -> DependencyAnalysis {
        func shown(_ path: String) -> String { DiagnosticParser.relative(path, to: displayRoot) }
        var notes: [String] = []
        var model = CodeModel()
        var texts: [String: String] = [:]
        // Code a tool wrote says so in its header: left out, and counted. Each file is judged as it is read, so the
        // generated ones are never held all at once.
        var generated: [(path: String, marker: String)] = []
        var kept: [String] = []
        for path in files {
            let data: Data
            do { data = try fileSystem.read(path) } catch {
                throw KataError.failure("cannot read \(path): \(error)")
            }
            // The header is in the first bytes: a generated file is never decoded whole.
            if !includeGenerated, let marker = GeneratedCode.marker(in: String(decoding: data.prefix(64 * 1024), as: UTF8.self)) {
                generated.append((path, marker))
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw KataError.failure("cannot read \(path): it is not UTF-8 text")
            }
            texts[path] = text
            kept.append(path)
        }
        // A module under `Sources/` that imports a test framework is test support (assertions, test doubles, fixtures
        // other packages' tests use), whatever it is called: left out with the tests, and said so.
        var testSupport: [String: Int] = [:]
        if !includeTests {
            var modules: [String: String] = [:]
            for path in kept where path.contains("Sources/") {
                let module = moduleName(ofFile: path)
                if !module.isEmpty { modules[path] = module }
            }
            let importing = Set(kept.compactMap { path in
                modules[path].flatMap { texts[path].map(Self.importsATestFramework) == true ? $0 : nil }
            })
            if !importing.isEmpty {
                kept = kept.filter { path in
                    guard let module = modules[path], importing.contains(module) else { return true }
                    testSupport[module, default: 0] += 1
                    texts[path] = nil
                    return false
                }
            }
        }
        let files = kept
        let sizes = texts.mapValues { $0.utf8.count }
        func text(of path: String) throws -> String { texts[path] ?? "" }
        var readIfBlocks = false
        var dumped: Set<String> = []
        var failures: [(path: String, reason: String)] = []
        var readError: Error?
        var repairedFiles = 0
        var previewBlocks = 0
        let oversized = files.filter { (sizes[$0] ?? 0) > largestDumpedFile }
        if swiftc != nil && !oversized.isEmpty {
            notes.append("\(oversized.count) file\(oversized.count == 1 ? "" : "s") over \(largestDumpedFile / 1024) KB read with the token reader, to keep memory bounded: \(oversized.prefix(3).map { shown($0) }.joined(separator: ", "))\(oversized.count > 3 ? ", ..." : "")")
        }
        if let swiftc {
            do {
                let reader = SyntaxDumpReader(swiftc: swiftc, processRunner: processRunner, fileSystem: fileSystem, environment: environment)
                var dumpedFiles = oversized.isEmpty ? files : files.filter { (sizes[$0] ?? 0) <= largestDumpedFile }
                // Files over 512 KB, which only the token reader read before (after all the others), are dumped
                // last, each in a batch of its own: the models come in the order they came, and so do the findings.
                let late = dumpedFiles.filter { (sizes[$0] ?? 0) > Self.lateDumpedFile }
                if !late.isEmpty { dumpedFiles = dumpedFiles.filter { (sizes[$0] ?? 0) <= Self.lateDumpedFile } + late }
                failures = try reader.dumps(of: dumpedFiles, sizes: sizes) { path, dump, repaired in
                    guard readError == nil else { return }
                    do {
                        let source = try text(of: path)
                        let tokens = SwiftLexer.tokens(of: source)
                        var fileModel = SyntaxDumpReader.model(dump: dump, file: shown(path), text: source, tokens: tokens)
                        // The attributes written in the file (`@objc`): the analysis reads them as the token reader's.
                        if fileModel.attributes.isEmpty {
                            fileModel.attributes = TokenTools.fileFacts(tokens, file: shown(path), lines: LineIndex(source)).attributes
                        }
                        let blocks = SwiftLexer.conditionalBlocks(tokens)
                        if !blocks.isEmpty {
                            readIfBlocks = true
                            var blockModel = TokenReader().read(file: shown(path), text: source, tokens: tokens, within: blocks)
                            if !includeTests { Self.removeDebugCode(&blockModel, tokens: tokens, text: source) }
                            fileModel.append(blockModel)
                        }
                        if repaired {
                            // A repaired dump may have lost part of the file: the token reader's references fill the gaps
                            // (the analysis reports a place once, whoever found it).
                            let tokenModel = TokenReader().read(file: shown(path), text: source, tokens: tokens)
                            fileModel.references += tokenModel.references
                            fileModel.implicitMembers += tokenModel.implicitMembers
                            // And the declarations the repaired dump lost (a method's parameters decide findings too).
                            let declared = Set(fileModel.members.map { "\($0.owner ?? "")|\($0.name)|\($0.line)" })
                            fileModel.members += tokenModel.members.filter { !declared.contains("\($0.owner ?? "")|\($0.name)|\($0.line)") }
                            repairedFiles += 1
                        }
                        if !includeTests { previewBlocks += Self.removeDebugCode(&fileModel, tokens: tokens, text: source) }
                        model.append(Self.withoutShadowed(fileModel, text: source, tokens: tokens))
                        dumped.insert(path)
                    } catch { readError = error }
                }.failures
            } catch {
                notes.append("\(error); kata read the code with its simpler token reader instead (it skips comments and strings, but knows less of Swift's grammar than the compiler)")
            }
        } else {
            notes.append("no Swift compiler found, so no syntax dump; kata read the code with its simpler token reader")
        }
        if let readError { throw readError }
        for path in files where !dumped.contains(path) {
            let source = try text(of: path)
            let tokens = SwiftLexer.tokens(of: source)
            var fileModel = TokenReader().read(file: shown(path), text: source, tokens: tokens)
            if !includeTests { previewBlocks += Self.removeDebugCode(&fileModel, tokens: tokens, text: source) }
            model.append(Self.withoutShadowed(fileModel, text: source, tokens: tokens))
        }
        if !failures.isEmpty {
            let shownFailures = failures.prefix(5).map { "\(shown($0.path)) (\($0.reason))" }.joined(separator: "; ")
            notes.append("the compiler gave no usable syntax dump of \(failures.count) file\(failures.count == 1 ? "" : "s"): \(shownFailures)\(failures.count > 5 ? "; ..." : ""); kata read \(failures.count == 1 ? "it" : "them") with its token reader")
        }
        if repairedFiles > 0 {
            notes.append("the compiler's syntax dump of \(repairedFiles) file\(repairedFiles == 1 ? "" : "s") closed its brackets out of order; kata repaired \(repairedFiles == 1 ? "it" : "them") and checked \(repairedFiles == 1 ? "it" : "them") with its token reader too")
        }
        if readIfBlocks {
            notes.append("the compiler's parse dump leaves out #if blocks; kata read those with its token reader (every branch counts)")
        }
        if !testSupport.isEmpty {
            let count = testSupport.values.reduce(0, +)
            let names = testSupport.keys.sorted()
            notes.append("left out \(count) file\(count == 1 ? "" : "s") of test support: the module\(names.count == 1 ? "" : "s") \(names.prefix(5).joined(separator: ", "))\(names.count > 5 ? ", ..." : "") import\(names.count == 1 ? "s" : "") XCTest or Testing (--include-tests reads them)")
        }
        if previewBlocks > 0 {
            notes.append("left out \(previewBlocks) #Preview block\(previewBlocks == 1 ? "" : "s"): what an editor's canvas shows, built from fixtures like a test (--include-tests reads them)")
        }
        if !generated.isEmpty {
            let markers = Dictionary(generated.map { ($0.marker, 1) }, uniquingKeysWith: +).sorted { ($0.value, $1.key) > ($1.value, $0.key) }
                .prefix(3).map { "\"\($0.key)\"" }.joined(separator: ", ")
            notes.append("left out \(generated.count) generated file\(generated.count == 1 ? "" : "s") (a header says \(markers)): \(generated.prefix(3).map { shown($0.path) }.joined(separator: ", "))\(generated.count > 3 ? ", ..." : "")")
        }
        var analysis = DependencyAnalyzer().analyze(model, reader: dumped.isEmpty ? Self.tokenReaderName : Self.dumpReaderName, notes: notes, roots: compositionRoots,
                                                  collaborators: collaborators, includeTests: includeTests)
        analysis.filesGenerated = generated.count
        analysis.filesRead = files.count
        analysis.filesByTokenReader = files.count - dumped.count
        return analysis
    }

    /// The `#if DEBUG` branches (up to their `#else` or `#endif`): debug, preview and test code,
    /// left out unless tests are included.
    static func debugBlocks(_ tokens: [SwiftToken]) -> [ClosedRange<Int>] {
        var blocks: [ClosedRange<Int>] = []
        var depth = 0
        var start: Int?
        var startDepth = 0
        for (index, token) in tokens.enumerated() where token.kind == .directive {
            if token.text == "#if" {
                depth += 1
                if start == nil, index + 1 < tokens.count, tokens[index + 1].text == "DEBUG" { start = token.offset; startDepth = depth }
            } else if token.text == "#else" || token.text == "#elseif" {
                if let begin = start, depth == startDepth { blocks.append(begin...token.offset); start = nil }
            } else if token.text == "#endif", depth > 0 {
                if let begin = start, depth == startDepth { blocks.append(begin...token.offset); start = nil }
                depth -= 1
            }
        }
        return blocks
    }

    /// The `#Preview { ... }` blocks (SwiftUI's preview macro, with or without a name or traits): code that builds what
    /// an editor's canvas shows, out of fixtures, as a test does.
    static func previewBlocks(_ tokens: [SwiftToken]) -> [ClosedRange<Int>] {
        var blocks: [ClosedRange<Int>] = []
        func closing(_ open: Int, _ opener: String, _ closer: String) -> Int? {
            var depth = 0
            var k = open
            while k < tokens.count {
                if tokens[k].is(opener) { depth += 1 } else if tokens[k].is(closer) { depth -= 1; if depth == 0 { return k } }
                k += 1
            }
            return nil
        }
        for (index, token) in tokens.enumerated() where token.kind == .directive && token.text == "#Preview" {
            var k = index + 1
            if k < tokens.count, tokens[k].is("(") {
                guard let end = closing(k, "(", ")") else { continue }
                k = end + 1
            }
            guard k < tokens.count, tokens[k].is("{"), let end = closing(k, "{", "}") else { continue }
            blocks.append(token.offset...tokens[end].offset)
        }
        return blocks
    }

    /// Leaves out the code of `#if DEBUG` branches and `#Preview` blocks; answers how many preview blocks there were.
    @discardableResult
    static func removeDebugCode(_ model: inout CodeModel, tokens: [SwiftToken], text: String) -> Int {
        let previews = previewBlocks(tokens)
        let debug = debugBlocks(tokens) + previews
        guard !debug.isEmpty else { return 0 }
        let lines = LineIndex(text)
        model.references.removeAll { reference in debug.contains { $0.contains(reference.offset) } }
        model.implicitMembers.removeAll { implicit in debug.contains { $0.contains(lines.offset(ofLine: implicit.line)) } }
        return previews.count
    }

    /// Drops references to a name the member around them declares itself (a parameter,
    /// a local `let`/`var`, a loop or closure variable): those are not the global of that name.
    static func withoutShadowed(_ model: CodeModel, text: String, tokens lexed: [SwiftToken]? = nil) -> CodeModel {
        let tokens = lexed ?? SwiftLexer.tokens(of: text)
        var model = model
        // `var now: () -> Date = { Date() }`: a closure property's default is its injection point.
        var closureDefaults: Set<String> = []
        for (index, token) in tokens.enumerated() where token.isIdentifier && (token.text == "var" || token.text == "let") {
            guard index + 2 < tokens.count, tokens[index + 1].isIdentifier, tokens[index + 2].is(":") else { continue }
            var k = index + 3, sawArrow = false, depth = 0
            while k < tokens.count, k < index + 60 {
                let t = tokens[k]
                if t.is("(") || t.is("[") || t.is("<") { depth += 1 } else if t.is(")") || t.is("]") || t.is(">") { depth -= 1 }
                if t.is("->") { sawArrow = true }
                if depth == 0 && (t.is("=") || t.is("{") || (t.newlineBefore && k > index + 3)) { break }
                k += 1
            }
            if sawArrow, k + 1 < tokens.count, tokens[k].is("="), tokens[k + 1].is("{") { closureDefaults.insert(tokens[index + 1].text) }
        }
        // The token at an offset (tokens are in order of their offsets): the last one there, as a map from offset to index had it.
        func tokenIndex(at offset: Int) -> Int? {
            var low = 0, high = tokens.count
            while low < high {
                let middle = (low + high) / 2
                if tokens[middle].offset <= offset { low = middle + 1 } else { high = middle }
            }
            return low > 0 && tokens[low - 1].offset == offset ? low - 1 : nil
        }
        model.references.removeAll { reference in
            if reference.context == .initialValue, let member = reference.member, closureDefaults.contains(member) { return true }
            // `Int.random(in: range, using: &generator)` takes its randomness from the caller.
            if case .member(_, let member) = reference.shape, member == "random" || member == "randomElement" || member == "shuffled",
               let start = tokenIndex(at: reference.offset) {
                var k = start
                while k < tokens.count, k < start + 6, !tokens[k].is("(") { k += 1 }
                if k < tokens.count, tokens[k].is("(") {
                    let close = TokenTools.matchingClose(tokens, k)
                    if tokens[k...close].contains(where: { $0.isIdentifier && $0.text == "using" }) { return true }
                }
            }
            return false
        }
        guard model.references.contains(where: { if case .name = $0.shape { return true } else { return false } }) else { return model }
        var locals: [String: [Int]] = [:]
        for (index, token) in tokens.enumerated() where token.isIdentifier {
            let previous = index > 0 ? tokens[index - 1] : nil
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            let declared = previous.map { $0.isIdentifier && ["let", "var", "for"].contains($0.text) } == true
                || next.map { $0.isIdentifier && $0.text == "in" } == true
                || (previous.map { $0.is("{") || $0.is(",") } == true && next.map { $0.is(",") } == true)
            if declared { locals[token.text, default: []].append(token.offset) }
        }
        let lines = LineIndex(text)
        var starts: [String: [Int]] = [:]  // "owner|member" -> line numbers
        var parameterNames: [String: Set<String>] = [:]
        for member in model.members {
            let key = "\(member.owner ?? "")|\(member.name)"
            starts[key, default: []].append(member.line)
            parameterNames[key, default: []].formUnion(member.parameters.map(\.name))
        }
        var result = model
        result.references = model.references.filter { reference in
            guard case .name(let name) = reference.shape, let member = reference.member else { return true }
            let key = "\(reference.owner ?? "")|\(member)"
            if parameterNames[key]?.contains(name) == true { return false }
            guard let declared = locals[name],
                  let startLine = starts[key]?.filter({ $0 <= reference.line }).max() else { return true }
            let start = lines.offset(ofLine: startLine)
            return !declared.contains { $0 >= start && $0 <= reference.offset }
        }
        return result
    }
}

import Foundation

/// One compiler message, tied to a file and line the learner can open.
public struct Diagnostic: Sendable, Equatable, Codable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int
    public var severity: String
    /// The severity of the one diagnostic a builder writes itself when its clock stopped the compiler: the parser
    /// reads only "error", "warning", "note" and "remark" from the compiler's output, so no output can claim it.
    public static let stoppedSeverity = "stopped"
    public var message: String
    /// The source line and the caret under it, as the compiler printed them.
    public var excerpt: String?
    /// The compiler's notes on this error ("'init(engine:)' declared here",
    /// "to match this opening '{'"), each with its own place.
    public var notes: [DiagnosticNote]

    public init(file: String, line: Int, column: Int, severity: String, message: String, excerpt: String? = nil, notes: [DiagnosticNote] = []) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.excerpt = excerpt
        self.notes = notes
    }

    /// Placed in a file of the lesson (compiled by a path relative to its folder), not in the toolchain's
    /// or a module cache's files (absolute paths): only such an error is the code's answer for sure.
    public var isInLessonFile: Bool { !file.isEmpty && !file.hasPrefix("/") && file.hasSuffix(".swift") }

    enum CodingKeys: String, CodingKey { case file, line, column, severity, message, excerpt, notes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        file = try container.decode(String.self, forKey: .file)
        line = try container.decode(Int.self, forKey: .line)
        column = try container.decode(Int.self, forKey: .column)
        severity = try container.decode(String.self, forKey: .severity)
        message = try container.decode(String.self, forKey: .message)
        excerpt = try container.decodeIfPresent(String.self, forKey: .excerpt)
        notes = try container.decodeIfPresent([DiagnosticNote].self, forKey: .notes) ?? []
    }
}

/// A compiler note that belongs to an error: where, and what it says.
public struct DiagnosticNote: Sendable, Equatable, Codable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }
}

/// Reads `-diagnostic-style=llvm` output: `path:line:col: error: message`
/// headers, each followed by the source line and a caret. Errors are kept once
/// each (the compiler can print one twice); paths under `root` become relative.
/// The notes printed after an error (up to the next error or warning) stay with it.
public enum DiagnosticParser {
    public static func parse(_ output: String, root: String, severities: Set<String> = ["error"]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var seen: Set<String> = []
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard let header = header(lines[index]), severities.contains(header.severity) else { continue }
            var excerptLines: [String] = []
            var next = index + 1
            while next < lines.count, excerptLines.count < 2, self.header(lines[next]) == nil,
                  !lines[next].hasPrefix("error:"), !lines[next].trimmingCharacters(in: .whitespaces).isEmpty {
                excerptLines.append(lines[next])
                next += 1
            }
            let file = relative(header.file, to: root)
            var notes: [DiagnosticNote] = []
            var cursor = next
            while cursor < lines.count {
                if let note = self.header(lines[cursor]) {
                    guard note.severity == "note" else { break }
                    let item = DiagnosticNote(file: relative(note.file, to: root), line: note.line, column: note.column, message: note.message)
                    if !notes.contains(item) { notes.append(item) }
                } else if lines[cursor].hasPrefix("error:") {
                    break
                }
                cursor += 1
            }
            let key = "\(file):\(header.line):\(header.column):\(header.message)"
            guard seen.insert(key).inserted else { continue }
            found.append(Diagnostic(
                file: file, line: header.line, column: header.column,
                severity: header.severity, message: header.message,
                excerpt: excerptLines.isEmpty ? nil : excerptLines.joined(separator: "\n"),
                notes: notes
            ))
        }
        return found
    }

    /// Messages with no file (a missing toolchain library, a bad flag).
    public static func generalErrors(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("error:") && !$0.contains("emit-module command failed") && !$0.contains("compile command failed")
        }.uniqued()
    }

    static func header(_ line: String) -> (file: String, line: Int, column: Int, severity: String, message: String)? {
        for severity in ["error", "warning", "note", "remark"] {
            guard let range = line.range(of: ": \(severity): ") else { continue }
            let location = line[..<range.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3,
                  let column = Int(location[location.count - 1]),
                  let number = Int(location[location.count - 2])
            else { continue }
            let file = location.dropLast(2).joined(separator: ":")
            return (file, number, column, severity, String(line[range.upperBound...]))
        }
        return nil
    }

    public static func relative(_ path: String, to root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

/// Errors that only follow from an earlier one. When a line like
/// `let car = RaceCar(engine: spy)` is rejected, every later line that uses
/// `car` can fail too ("generic parameter could not be inferred"), and those
/// errors go away with the first. Read from the compiler's own excerpts: an
/// error on a line that uses a name declared (`let`, `var`, `if let`, a tuple)
/// on an earlier rejected line of the same file follows from it.
///
///     let (shown, following) = KnockOnErrors.split(diagnostics)
public enum KnockOnErrors {
    public static func split(_ diagnostics: [Diagnostic]) -> (shown: [Diagnostic], following: [Diagnostic], names: [String]) {
        var declared: [String: [(line: Int, name: String)]] = [:]
        for diagnostic in diagnostics {
            guard let source = sourceLine(diagnostic) else { continue }
            for name in declaredNames(in: source) { declared[diagnostic.file, default: []].append((diagnostic.line, name)) }
        }
        var shown: [Diagnostic] = []
        var following: [Diagnostic] = []
        var names: [String] = []
        for diagnostic in diagnostics {
            let earlier = (declared[diagnostic.file] ?? []).filter { $0.line < diagnostic.line }
            if let source = sourceLine(diagnostic),
               let cause = earlier.first(where: { uses($0.name, in: source) }) {
                following.append(diagnostic)
                if !names.contains(cause.name) { names.append(cause.name) }
            } else {
                shown.append(diagnostic)
            }
        }
        return (shown, following, names)
    }

    /// The source line the compiler printed under the error.
    static func sourceLine(_ diagnostic: Diagnostic) -> String? {
        diagnostic.excerpt?.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
    }

    static func declaredNames(in source: String) -> [String] {
        let code = withoutStrings(source)
        var names: [String] = []
        let patterns = [#"\b(?:let|var)\s+([A-Za-z_][A-Za-z0-9_]*)"#, #"\b(?:let|var)\s*\(([^)]*)\)"#]
        for pattern in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            let range = NSRange(code.startIndex..., in: code)
            for match in regex.matches(in: code, range: range) {
                guard let group = Range(match.range(at: 1), in: code) else { continue }
                for part in code[group].split(separator: ",") {
                    let name = part.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "let ", with: "").replacingOccurrences(of: "var ", with: "")
                    if !name.isEmpty, name != "_", name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { names.append(name) }
                }
            }
        }
        return names
    }

    /// `name` used as a whole word in the code of the line or in a string's interpolation, not as a member (`.name`).
    static func uses(_ name: String, in source: String) -> Bool {
        let pattern = #"(?<![A-Za-z0-9_.])"# + NSRegularExpression.escapedPattern(for: name) + #"(?![A-Za-z0-9_])"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        let code = withoutStrings(source, keepingInterpolations: true)
        return regex.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
    }

    /// The line with the text of its string literals blanked (interpolations kept when asked).
    static func withoutStrings(_ source: String, keepingInterpolations: Bool = false) -> String {
        var result = ""
        var inString = false
        var depth = 0
        var previous: Character = " "
        for character in source {
            if inString && depth == 0 {
                if character == "\"" && previous != "\\" { inString = false; result.append(character) }
                else if character == "(" && previous == "\\" && keepingInterpolations { depth = 1; result.append(character) }
                else { result.append(" ") }
            } else if inString {
                if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
                result.append(depth == 0 ? " " : character)
            } else {
                if character == "\"" { inString = true }
                result.append(character)
            }
            previous = character
        }
        return result
    }
}

/// One compiler message, tied to a file and line the learner can open.
public struct Diagnostic: Sendable, Equatable, Codable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int
    public var severity: String
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

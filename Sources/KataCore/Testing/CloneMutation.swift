import Foundation

/// A mutant carried into the copies of the code it changes.
///
/// A learner's tests are asked whether they notice a small mistake in the real implementation. Tests that compare the
/// implementation with a copy of itself (renamed, in the learner's own files) notice every mistake without stating one
/// promise: the copy is a change detector, not a contract. So the mistake is made in every copy too, wherever the
/// learner's files hold the mutated line among the same neighbouring lines, token for token, whatever the names: a
/// copy then agrees with the mutant, and only tests that say what the code must do still notice it.
///
///     let changed = CloneMutation.apply(mutant, implementation: storeText, to: oracleText)   // nil: no copy in it
public enum CloneMutation {
    /// Lines of the implementation on each side of a mutated line that a copy must hold too (blank and comment lines
    /// not counted), and the fewest tokens the matched lines must hold between them: a few common lines
    /// (`}`, `return nil`) are no copy.
    static let neighbours = 3
    static let fewestLines = 5
    static let fewestTokens = 16

    /// `text` with the mutant's change made in each copy of its lines, or nil when `text` holds no copy.
    public static func apply(_ mutant: Mutant, implementation: String, to text: String) -> String? {
        let source = Lines(implementation)
        let target = Lines(text)
        guard !target.shapes.isEmpty else { return nil }
        var edits: [(line: Int, text: String)] = []
        for (index, lineNumber) in mutant.lines.enumerated() where index < mutant.original.count && index < mutant.mutated.count {
            guard let position = source.indexOfLine[lineNumber - 1] else { continue }
            let window = max(0, position - neighbours)...min(source.shapes.count - 1, position + neighbours)
            let shapes = Array(source.shapes[window])
            let offset = position - window.lowerBound
            guard shapes.count >= fewestLines, shapes.map(\.tokens.count).reduce(0, +) >= fewestTokens else { continue }
            let original = mutant.original[index]
            let mutated = mutant.mutated[index]
            var start = 0
            while start + shapes.count <= target.shapes.count {
                let candidate = target.shapes[start..<(start + shapes.count)]
                if zip(candidate, shapes).allSatisfy({ $0.normal == $1.normal }) {
                    let copy = target.shapes[start + offset]
                    if let changed = edit(copy.text, like: original, became: mutated) {
                        edits.append((copy.line, changed))
                    }
                }
                start += 1
            }
        }
        guard !edits.isEmpty else { return nil }
        var lines = text.components(separatedBy: "\n")
        for edit in edits where edit.line < lines.count { lines[edit.line] = edit.text }
        let result = lines.joined(separator: "\n")
        return result == text ? nil : result
    }

    /// The copy's line with the change `original` → `mutated` made to it: the tokens that changed are replaced, with
    /// the copy's names where the original's names were renamed. Nil when the copy's tokens do not line up.
    static func edit(_ copy: String, like original: String, became mutated: String) -> String? {
        let before = SwiftLexer.tokens(of: original)
        let after = SwiftLexer.tokens(of: mutated)
        let theirs = SwiftLexer.tokens(of: copy)
        guard before.count == theirs.count, zip(before, theirs).allSatisfy({ shape($0) == shape($1) }) else { return nil }
        var renamed: [String: String] = [:]
        for (mine, copied) in zip(before, theirs) where mine.kind == .identifier { renamed[mine.text] = copied.text }
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[prefix].text == after[prefix].text, before[prefix].kind == after[prefix].kind { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix, suffix < after.count - prefix,
              before[before.count - 1 - suffix].text == after[after.count - 1 - suffix].text { suffix += 1 }
        let mutatedBytes = Array(mutated.utf8)
        let copyBytes = Array(copy.utf8)
        func end(_ token: SwiftToken) -> Int { token.offset + token.text.utf8.count }
        // The changed stretch of each line: from the end of the last token kept in front (or the line's first token) to
        // the start of the first token kept behind (or the line's last token), spaces included as the mutant wrote them.
        let mutatedStart = prefix > 0 ? end(after[prefix - 1]) : (after.first?.offset ?? mutatedBytes.count)
        // (A string literal's token is its opening quote: its text lies between tokens, and is copied as it stands.)
        let mutatedEnd = suffix > 0 ? after[after.count - suffix].offset : max(mutatedStart, mutatedBytes.count)
        let start = prefix > 0 ? end(theirs[prefix - 1]) : (theirs.first?.offset ?? 0)
        let stop = suffix > 0 ? theirs[theirs.count - suffix].offset : max(start, copyBytes.count)
        guard mutatedStart <= mutatedEnd, mutatedEnd <= mutatedBytes.count, start <= stop, stop <= copyBytes.count else { return nil }
        // The new stretch, with each renamed name spelled as the copy spells it.
        var replacement = ""
        var cursor = mutatedStart
        for token in after[prefix..<(after.count - suffix)] {
            replacement += String(decoding: mutatedBytes[cursor..<token.offset], as: UTF8.self)
            replacement += token.kind == .identifier ? (renamed[token.text] ?? token.text) : token.text
            cursor = end(token)
        }
        replacement += String(decoding: mutatedBytes[min(cursor, mutatedEnd)..<mutatedEnd], as: UTF8.self)
        return String(decoding: copyBytes[..<start], as: UTF8.self) + replacement + String(decoding: copyBytes[stop...], as: UTF8.self)
    }

    /// A token as a copy may change it: a name stands for any name; keywords, operators, punctuation and literals stay.
    static func shape(_ token: SwiftToken) -> String {
        token.kind == .identifier && !keywords.contains(token.text) ? "§" : token.text
    }

    static let keywords: Set<String> = [
        "let", "var", "func", "init", "deinit", "return", "if", "else", "guard", "for", "in", "while", "repeat", "switch",
        "case", "default", "break", "continue", "throw", "throws", "try", "rethrows", "async", "await", "defer", "do",
        "catch", "self", "Self", "super", "nil", "true", "false", "is", "as", "where", "private", "fileprivate", "internal",
        "public", "open", "static", "final", "class", "struct", "enum", "protocol", "extension", "mutating", "inout",
        "some", "any", "weak", "unowned", "lazy", "override", "convenience", "required", "import", "typealias",
    ]

    /// A file's lines that hold code, each with its shape.
    struct Lines {
        struct Shape { var line: Int; var text: String; var normal: String; var tokens: [SwiftToken] }
        var shapes: [Shape] = []
        /// A line's index (0-based) to its place in `shapes`.
        var indexOfLine: [Int: Int] = [:]

        init(_ text: String) {
            for (line, content) in text.components(separatedBy: "\n").enumerated() {
                let tokens = SwiftLexer.tokens(of: content)
                guard !tokens.isEmpty else { continue }
                indexOfLine[line] = shapes.count
                shapes.append(Shape(line: line, text: content, normal: tokens.map(CloneMutation.shape).joined(separator: " "), tokens: tokens))
            }
        }
    }
}

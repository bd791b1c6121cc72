import Foundation

/// A mutant carried into the copies of the code it changes.
///
/// A learner's tests are asked whether they notice a small mistake in the real implementation. Tests that compare the
/// implementation with a copy of itself (renamed, in the learner's own files) notice every mistake without stating one
/// promise: the copy is a change detector, not a contract. So the mistake is made in every copy too, wherever the
/// learner's files hold the changed tokens among the same tokens around them, whatever the names and the layout (line
/// breaks, indentation, semicolons, comments): a copy then agrees with the mutant, and only tests that say what the
/// code must do still notice it. Files are read whole, as the compiler reads them: text inside a string literal or a
/// comment is no code and is never changed.
///
///     let changed = CloneMutation.apply(mutant, implementation: storeText, to: oracleText)   // nil: no copy in it
public enum CloneMutation {
    /// Tokens on each side of the change that a copy must hold too, and the fewest tokens the whole match must hold:
    /// a few common tokens (`return nil }`) are no copy.
    static let context = 16
    static let fewestTokens = 32

    /// `text` with the mutant's change made in each copy of the code it changes, or nil when `text` holds no copy.
    public static func apply(_ mutant: Mutant, implementation: String, to text: String) -> String? {
        apply(from: implementation, to: mutant.applied(to: implementation), in: text)
    }

    /// `text` with the change that turns `original` into `mutated` made in each copy of it; nil when there is none.
    public static func apply(from original: String, to mutated: String, in text: String) -> String? {
        let before = code(original)
        let after = code(mutated)
        let theirs = code(text)
        guard !theirs.isEmpty else { return nil }
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[prefix].text == after[prefix].text { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix, suffix < after.count - prefix,
              before[before.count - 1 - suffix].text == after[after.count - 1 - suffix].text { suffix += 1 }
        guard prefix < before.count || prefix < after.count else { return nil }
        // The pattern: the changed tokens of the original and `context` tokens on each side.
        var lower = max(0, prefix - context)
        var upper = min(before.count, before.count - suffix + context)
        // Near either end of the file, more of the other side: a short match is no evidence of a copy.
        while upper - lower < fewestTokens && (lower > 0 || upper < before.count) {
            if lower > 0 { lower -= 1 }
            if upper - lower < fewestTokens && upper < before.count { upper += 1 }
        }
        let pattern = Array(before[lower..<upper])
        guard pattern.count >= fewestTokens else { return nil }
        let shapes = pattern.map(shape)
        let theirShapes = theirs.map(shape)
        let originalBytes = Array(mutated.utf8)
        let copyBytes = Array(text.utf8)
        var edits: [(start: Int, stop: Int, text: String)] = []
        var start = 0
        while start + pattern.count <= theirs.count {
            guard theirShapes[start] == shapes[0], Array(theirShapes[start..<(start + pattern.count)]) == shapes,
                  let renamed = renaming(pattern, Array(theirs[start..<(start + pattern.count)])) else {
                start += 1
                continue
            }
            // Where the change goes in the copy: after the last token kept in front, before the first kept behind.
            let kept = prefix - lower
            let changed = before.count - suffix - prefix
            let from = kept > 0 ? end(theirs[start + kept - 1]) : theirs[start].offset
            let to = start + kept + changed < theirs.count ? theirs[start + kept + changed].offset : copyBytes.count
            // What goes there: the mutated text's stretch between the same two tokens, names spelled as the copy spells them.
            let mutatedFrom = prefix > 0 ? end(after[prefix - 1]) : (after.first?.offset ?? originalBytes.count)
            let mutatedTo = suffix > 0 ? after[after.count - suffix].offset : originalBytes.count
            guard from <= to, to <= copyBytes.count, mutatedFrom <= mutatedTo, mutatedTo <= originalBytes.count else { return nil }
            var replacement = ""
            var cursor = mutatedFrom
            for token in after[prefix..<(after.count - suffix)] where token.kind == .identifier {
                replacement += String(decoding: originalBytes[cursor..<token.offset], as: UTF8.self)
                replacement += renamed[token.text] ?? token.text
                cursor = end(token)
            }
            replacement += String(decoding: originalBytes[min(cursor, mutatedTo)..<mutatedTo], as: UTF8.self)
            edits.append((from, to, replacement))
            start += pattern.count
        }
        guard !edits.isEmpty else { return nil }
        var bytes = copyBytes
        for edit in edits.reversed() { bytes.replaceSubrange(edit.start..<edit.stop, with: Array(edit.text.utf8)) }
        let result = String(decoding: bytes, as: UTF8.self)
        return result == text ? nil : result
    }

    /// The file's code tokens as the compiler reads it (comments and the text of string literals are not tokens), without
    /// the semicolons that may end a statement or not.
    static func code(_ text: String) -> [SwiftToken] {
        SwiftLexer.tokens(of: text).filter { token in
            !(token.kind == .punctuation && token.text == ";") && !(token.kind == .identifier && unchanging.contains(token.text))
        }
    }

    /// Words a copy may add or drop without changing what the code does: access control and `final`.
    static let unchanging: Set<String> = ["public", "private", "fileprivate", "internal", "package", "open", "final"]

    static func end(_ token: SwiftToken) -> Int { token.offset + token.text.utf8.count }

    /// The copy's names for the original's, when one name is always copied as one name; nil when the copy's names do not
    /// follow the original's (two names made one, or one split in two).
    static func renaming(_ original: [SwiftToken], _ copy: [SwiftToken]) -> [String: String]? {
        var forward: [String: String] = [:], backward: [String: String] = [:]
        for (mine, theirs) in zip(original, copy) where mine.kind == .identifier && !keywords.contains(mine.text) {
            if let known = forward[mine.text], known != theirs.text { return nil }
            if let known = backward[theirs.text], known != mine.text { return nil }
            forward[mine.text] = theirs.text
            backward[theirs.text] = mine.text
        }
        return forward
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
}

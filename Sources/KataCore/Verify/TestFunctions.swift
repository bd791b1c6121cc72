import Foundation

/// The `@Test` functions of a Swift Testing file, read with kata's own lexer (comments and strings
/// never count), named as Swift Testing names them and as `test_points` and `nudges` key them.
///
///     TestFunctions.read("@Test(\"two cars\") func differentEnginesDifferentCars() { }")
///     // [TestFunctions.Function(name: "differentEnginesDifferentCars()", line: 1)]
public enum TestFunctions {
    public struct Function: Sendable, Equatable {
        /// `differentEnginesDifferentCars()`, or `retries(attempts:)` for a test with arguments.
        public var name: String
        public var line: Int
    }

    public static func read(_ text: String) -> [Function] {
        let tokens = SwiftLexer.tokens(of: text)
        let lines = LineIndex(text)
        var found: [Function] = []
        var index = 0
        while index + 1 < tokens.count {
            guard tokens[index].is("@"), tokens[index + 1].isIdentifier, tokens[index + 1].text == "Test" else {
                index += 1
                continue
            }
            var cursor = index + 2
            if cursor < tokens.count, tokens[cursor].is("(") { cursor = closing(tokens, from: cursor) + 1 }
            // Other attributes and modifiers may stand between `@Test(...)` and `func`.
            while cursor < tokens.count, !tokens[cursor].is("func"), !tokens[cursor].is("{"), !tokens[cursor].is("}") {
                if tokens[cursor].is("@"), cursor + 1 < tokens.count, tokens[cursor + 1].text == "Test" { break }
                cursor += tokens[cursor].is("(") ? closing(tokens, from: cursor) - cursor + 1 : 1
            }
            guard cursor + 1 < tokens.count, tokens[cursor].is("func"), tokens[cursor + 1].isIdentifier else {
                index = cursor
                continue
            }
            let name = tokens[cursor + 1].text
            var open = cursor + 2
            if open < tokens.count, tokens[open].is("<") {
                var depth = 0
                repeat {
                    if tokens[open].is("<") { depth += 1 } else if tokens[open].is(">") { depth -= 1 }
                    open += 1
                } while open < tokens.count && depth > 0
            }
            var labels: [String] = []
            if open < tokens.count, tokens[open].is("(") {
                let close = closing(tokens, from: open)
                var depth = 0
                var expectLabel = true
                for token in tokens[(open + 1)..<close] {
                    if token.is("(") || token.is("[") || token.is("<") { depth += 1 }
                    if token.is(")") || token.is("]") || token.is(">") { depth -= 1 }
                    if depth == 0 && token.is(",") { expectLabel = true; continue }
                    if expectLabel && depth == 0 && token.isIdentifier {
                        labels.append(token.text)
                        expectLabel = false
                    }
                }
                cursor = close
            }
            found.append(Function(name: "\(name)(\(labels.map { $0 + ":" }.joined()))", line: lines.line(of: tokens[index].offset)))
            index = cursor + 1
        }
        return found
    }

    /// The `@Test` functions of the files of `lesson` a learner runs (every test file but `hidden_tests`).
    public static func of(_ lesson: Lesson, fileSystem: any FileSystem) -> [Function] {
        let hidden = Set(lesson.metadata.hiddenTests)
        let files = ((try? fileSystem.filesRecursively(lesson.tests, withExtension: "swift")) ?? []).sorted()
        return files.filter { !hidden.contains($0) && !hidden.contains(($0 as NSString).lastPathComponent) }.flatMap { file in
            read((try? fileSystem.readText("\(lesson.tests)/\(file)")) ?? "")
        }
    }

    /// The index of the `)` that closes the `(` at `open` (or the last token).
    private static func closing(_ tokens: [SwiftToken], from open: Int) -> Int {
        var depth = 0
        var index = open
        while index < tokens.count {
            if tokens[index].is("(") { depth += 1 } else if tokens[index].is(")") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return tokens.count - 1
    }
}

/// A rule every lesson has without listing it, `no-unstated-numbers`: the learner's code holds no whole number of 100
/// or more that the lesson never states (in its README, its hints or its starter code). Such a number is a limit the
/// text does not promise: code that does one thing below it and another above (a log capped at 10,000 entries, work
/// run in parallel from 10,000 items up, the last 10,000 laps searched) passes every test smaller than the limit and
/// breaks the promise past it, wherever the tests stop.
public enum UnstatedNumbers {
    public static let ruleID = "no-unstated-numbers"
    /// Below this, a number is a small constant of the code's own (a factor, an index, a retry count the text gives).
    public static let smallest = 100

    /// What a lesson states besides its starter: its two READMEs and its `lesson.json` (the hints).
    public static func lessonTexts(_ lesson: Lesson, fileSystem: any FileSystem) -> [String] {
        ["README.md", "README.zh-Hans.md", "lesson.json"].compactMap { try? fileSystem.readText("\(lesson.folder)/\($0)") }
    }

    /// The lesson's working starter files, `Sources/` as it is now: the starter when no pristine copy is known.
    public static func sourceTexts(_ lesson: Lesson, fileSystem: any FileSystem) -> [String] {
        ((try? fileSystem.filesRecursively(lesson.sources, withExtension: "swift")) ?? []).compactMap { try? fileSystem.readText("\(lesson.sources)/\($0)") }
    }

    /// Every whole number written in `texts`: `10,000`, `10_000`, `10000` and `1e4` all state 10000.
    public static func stated(in texts: [String]) -> Set<Int> {
        var numbers: Set<Int> = []
        for text in texts {
            var digits = ""
            func flush() {
                if let value = Int(digits) { numbers.insert(value) }
                digits = ""
            }
            var previous: Character = " "
            for character in text {
                if character.isASCII && character.isNumber {
                    digits.append(character)
                } else if (character == "," || character == "_") && !digits.isEmpty && previous.isNumber {
                    // A thousands separator: the number goes on.
                } else {
                    flush()
                }
                previous = character
            }
            flush()
        }
        return numbers
    }

    /// The value of an integer literal as Swift writes it (`10_000`, `0x2710`, `0b1`, `0o7`); nil for anything else.
    static func value(of literal: String) -> Int? {
        let text = literal.replacingOccurrences(of: "_", with: "")
        if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0b") { return Int(text.dropFirst(2), radix: 2) }
        if text.hasPrefix("0o") { return Int(text.dropFirst(2), radix: 8) }
        if let value = Int(text) { return value }
        // `1e4`, `1.0e4`: a whole number written as a floating-point one.
        if let double = Double(text), double.rounded() == double, abs(double) < 1e18 { return Int(double) }
        return nil
    }

    /// Whether the code holds any number of `smallest` or more: without one, nothing can go unstated.
    public static func holdsCandidates(_ files: [(shown: String, text: String)]) -> Bool {
        files.contains { file in
            let tokens = SwiftLexer.tokens(of: file.text)
            return tokens.contains { $0.kind == .number && (value(of: $0.text) ?? 0) >= smallest }
                || constantExpressions(tokens).contains { $0.value >= smallest }
        }
    }

    /// The whole numbers the code computes from constants alone: `1 << 12`, `Int(UInt8.max) * 16`, `(64 + 1) * 63`.
    /// A number spelled as arithmetic on small literals (or on an integer type's `max`, `min` or `bitWidth`) is the
    /// same number: the code holds it as surely as if it wrote it out. Only a whole expression counts, one that no
    /// arithmetic operator joins to a value the code reads (`laps * 60` is not a constant; `laps > 1 << 12` holds one).
    /// The standard integer types' `max`, `min` and `bitWidth` (a `UInt64.max` past `Int.max` is read as `Int.max`).
    static let integerLimits: [String: (max: Int, min: Int, bitWidth: Int)] = [
        "Int": (Int.max, Int.min, 64), "Int8": (127, -128, 8), "Int16": (32767, -32768, 16),
        "Int32": (Int(Int32.max), Int(Int32.min), 32), "Int64": (Int.max, Int.min, 64), "UInt": (Int.max, 0, 64), "UInt8": (255, 0, 8),
        "UInt16": (65535, 0, 16), "UInt32": (Int(UInt32.max), 0, 32), "UInt64": (Int.max, 0, 64)]

    static func constantExpressions(_ tokens: [SwiftToken]) -> [(offset: Int, end: Int, value: Int)] {
        let integerTypes = Set(integerLimits.keys)
        let binary: Set<String> = ["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"]
        // Atoms: `<` `<` written together is one shift, as the compiler reads it.
        enum Atom { case number(Int), op(String), open, close, other }
        var atoms: [(atom: Atom, offset: Int, end: Int)] = []
        var k = 0
        while k < tokens.count {
            let token = tokens[k]
            let end = token.offset + token.text.utf8.count
            func joined(_ second: String) -> Bool { k + 1 < tokens.count && tokens[k + 1].text == second && tokens[k + 1].offset == end }
            if token.kind == .number {
                atoms.append((value(of: token.text).map { .number($0) } ?? .other, token.offset, end))
            } else if token.kind == .operator && (token.text == "<" || token.text == ">") && joined(token.text) {
                atoms.append((.op(token.text + token.text), token.offset, end + 1)); k += 1
            } else if token.kind == .operator && (token.text == "<" || token.text == ">") && joined("=") {
                atoms.append((.other, token.offset, end + 1)); k += 1
            } else if token.kind == .operator, binary.contains(token.text) {
                atoms.append((.op(token.text), token.offset, end))
            } else if token.isIdentifier, integerTypes.contains(token.text), k + 2 < tokens.count, tokens[k + 1].is("."),
                      ["max", "min", "bitWidth"].contains(tokens[k + 2].text), !(k + 3 < tokens.count && tokens[k + 3].is("(") && tokens[k + 3].offset == tokens[k + 2].offset + tokens[k + 2].text.utf8.count) {
                let name = tokens[k + 2].text
                let limit = integerLimits[token.text]!
                atoms.append((.number(name == "max" ? limit.max : name == "min" ? limit.min : limit.bitWidth), token.offset, tokens[k + 2].offset + tokens[k + 2].text.utf8.count))
                k += 2
            } else if token.isIdentifier, integerTypes.contains(token.text), k + 1 < tokens.count, tokens[k + 1].is("(") {
                atoms.append((.open, token.offset, tokens[k + 1].offset + 1)); k += 1   // `Int(...)`: a conversion, read as brackets
            } else if token.is("(") {
                // A call's bracket (`f(`, `x.y(`) opens no constant.
                let call = k > 0 && (tokens[k - 1].isIdentifier || tokens[k - 1].is(")") || tokens[k - 1].is("]")) && tokens[k - 1].offset + tokens[k - 1].text.utf8.count == token.offset
                atoms.append((call ? .other : .open, token.offset, end))
            } else if token.is(")") {
                atoms.append((.close, token.offset, end))
            } else {
                atoms.append((.other, token.offset, end))
            }
            k += 1
        }
        func isPart(_ atom: Atom) -> Bool { if case .other = atom { return false }; return true }
        func isOperator(_ index: Int) -> Bool {
            guard index >= 0 && index < atoms.count, case .op = atoms[index].atom else { return false }
            return true
        }
        // Runs of constants, operators and brackets, cut where a bracket closes what the run did not open (a call's).
        var segments: [ClosedRange<Int>] = []
        var index = 0
        while index < atoms.count {
            guard isPart(atoms[index].atom) else { index += 1; continue }
            var first = index
            var depth = 0
            while index < atoms.count && isPart(atoms[index].atom) {
                if case .open = atoms[index].atom { depth += 1 }
                if case .close = atoms[index].atom {
                    if depth == 0 {
                        if first < index { segments.append(first...(index - 1)) }
                        first = index + 1
                    } else { depth -= 1 }
                }
                index += 1
            }
            if first < index { segments.append(first...(index - 1)) }
        }
        let literalOffsets = Set(tokens.filter { $0.kind == .number }.map(\.offset))
        var found: [(offset: Int, end: Int, value: Int)] = []
        for segment in segments {
            // A whole expression only: an operator at either edge joins it to what the code reads.
            guard !isOperator(segment.lowerBound - 1), !isOperator(segment.upperBound + 1), !isOperator(segment.upperBound) else { continue }
            if case .op(let name) = atoms[segment.lowerBound].atom, name != "-" { continue }
            let slice = atoms[segment].map(\.atom)
            let operators = slice.filter { if case .op = $0 { return true }; return false }.count
            let operands = slice.filter { if case .number = $0 { return true }; return false }.count
            guard operators >= 1, operands >= 2 else { continue }
            // A literal of `smallest` or more is judged as it is written: arithmetic on it (`99 + 250`) is that number adjusted.
            let literals = atoms[segment].compactMap { item -> Int? in
                guard case .number(let value) = item.atom, literalOffsets.contains(item.offset) else { return nil }
                return value
            }
            guard literals.allSatisfy({ abs($0) < smallest }) else { continue }
            var folder = Folder(atoms: slice)
            guard let value = folder.expression(), folder.atEnd else { continue }
            found.append((atoms[segment.lowerBound].offset, atoms[segment.upperBound].end, value))
        }
        struct Folder {
            let atoms: [Atom]
            var index = 0
            var atEnd: Bool { index == atoms.count }
            init(atoms: [Atom]) { self.atoms = atoms }
            mutating func op(_ names: Set<String>) -> String? {
                guard index < atoms.count, case .op(let name) = atoms[index], names.contains(name) else { return nil }
                index += 1
                return name
            }
            mutating func expression() -> Int? {
                guard var value = term() else { return nil }
                while let name = op(["+", "-", "|", "^"]) {
                    guard let right = term() else { return nil }
                    switch name {
                    case "+": let (sum, overflow) = value.addingReportingOverflow(right); if overflow { return nil }; value = sum
                    case "-": let (difference, overflow) = value.subtractingReportingOverflow(right); if overflow { return nil }; value = difference
                    case "|": value |= right
                    default: value ^= right
                    }
                }
                return value
            }
            mutating func term() -> Int? {
                guard var value = shift() else { return nil }
                while let name = op(["*", "/", "%", "&"]) {
                    guard let right = shift() else { return nil }
                    switch name {
                    case "*": let (product, overflow) = value.multipliedReportingOverflow(by: right); if overflow { return nil }; value = product
                    case "/": guard right != 0 else { return nil }; value /= right
                    case "%": guard right != 0 else { return nil }; value %= right
                    default: value &= right
                    }
                }
                return value
            }
            mutating func shift() -> Int? {
                guard var value = unary() else { return nil }
                while let name = op(["<<", ">>"]) {
                    guard let right = unary(), (0..<63).contains(right) else { return nil }
                    if name == "<<" { guard value.leadingZeroBitCount > right else { return nil }; value <<= right } else { value >>= right }
                }
                return value
            }
            mutating func unary() -> Int? {
                if op(["-"]) != nil { return primary().map { -$0 } }
                return primary()
            }
            mutating func primary() -> Int? {
                guard index < atoms.count else { return nil }
                switch atoms[index] {
                case .number(let value): index += 1; return value
                case .open:
                    index += 1
                    guard let value = expression(), index < atoms.count, case .close = atoms[index] else { return nil }
                    index += 1
                    return value
                default: return nil
                }
            }
        }
        return found
    }

    /// Each number of `smallest` or more in the code (strings and comments are not code) that `stated` lacks.
    public static func findings(in files: [(shown: String, text: String)], stated: Set<Int>) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for file in files {
            let lines = LineIndex(file.text)
            var reported: Set<Int> = []
            let tokens = SwiftLexer.tokens(of: file.text)
            // A literal as written, and a number the code computes from constants alone (`1 << 12` holds 4096).
            let bytes = Array(file.text.utf8)
            let computed = constantExpressions(tokens).map { found -> (SwiftToken, String) in
                let written = String(decoding: bytes[found.offset..<min(found.end, bytes.count)], as: UTF8.self)
                return (SwiftToken(kind: .number, text: "\(found.value)", offset: found.offset, newlineBefore: false), "`\(written)` (\(found.value))")
            }
            for (token, shown) in tokens.filter({ $0.kind == .number }).map({ ($0, $0.text) }) + computed {
                guard let number = value(of: token.text), number >= smallest, !stated.contains(number) else { continue }
                let line = lines.line(of: token.offset)
                guard reported.insert(line).inserted else { continue }
                found.append(RuleFinding(file: file.shown, line: line, rule: ruleID, messages: LocalizedText(
                    english: "\(shown) is a number the lesson never states: a limit the text does not promise. Code that does one thing below it and another above it passes every test smaller than it and breaks the promise past it (a list capped at some size, work run another way from some size up). Fix: treat every size the same way; if you need a constant, it must come from the lesson's text.",
                    chinese: "\(shown) 是课文从未给出的数字：一个课文没有承诺的界限。在它以下做一件事、在它以上做另一件事的代码，能通过所有比它小的测试，却在超过它时违背承诺（列表限制在某个大小，从某个大小起换一种做法）。改法：对任何大小都一样处理；如果需要常数，它必须来自课文。")))
            }
        }
        return found
    }
}

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
            SwiftLexer.tokens(of: file.text).contains { $0.kind == .number && (value(of: $0.text) ?? 0) >= smallest }
        }
    }

    /// Each number of `smallest` or more in the code (strings and comments are not code) that `stated` lacks.
    public static func findings(in files: [(shown: String, text: String)], stated: Set<Int>) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for file in files {
            let lines = LineIndex(file.text)
            var reported: Set<Int> = []
            for token in SwiftLexer.tokens(of: file.text) where token.kind == .number {
                guard let number = value(of: token.text), number >= smallest, !stated.contains(number) else { continue }
                let line = lines.line(of: token.offset)
                guard reported.insert(line).inserted else { continue }
                found.append(RuleFinding(file: file.shown, line: line, rule: ruleID, messages: LocalizedText(
                    english: "\(token.text) is a number the lesson never states: a limit the text does not promise. Code that does one thing below it and another above it passes every test smaller than it and breaks the promise past it (a list capped at some size, work run another way from some size up). Fix: treat every size the same way; if you need a constant, it must come from the lesson's text.",
                    chinese: "\(token.text) 是课文从未给出的数字：一个课文没有承诺的界限。在它以下做一件事、在它以上做另一件事的代码，能通过所有比它小的测试，却在超过它时违背承诺（列表限制在某个大小，从某个大小起换一种做法）。改法：对任何大小都一样处理；如果需要常数，它必须来自课文。")))
            }
        }
        return found
    }
}

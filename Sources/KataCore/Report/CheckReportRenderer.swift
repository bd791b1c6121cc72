/// Draws a `CheckReport` for a person in a terminal.
public struct CheckReportRenderer: Sendable {
    public var style: Style
    public var words: Words
    /// Columns of the terminal: a source line under an error is cut around its
    /// caret to fit, so the caret stays under the place it points at.
    public var width: Int?

    public init(style: Style, words: Words, width: Int? = nil) {
        self.style = style
        self.words = words
        self.width = width
    }

    public func render(_ report: CheckReport, lesson: Lesson) -> String {
        var lines: [String] = []
        lines.append(style.bold("\(words.say("Lesson", "第")) \(lesson.shownNumber)\(words.say("", " 课")) · \(lesson.title(in: words.language))"))
        if !report.missingFiles.isEmpty {
            lines.append(style.yellow("! " + words.say(
                "These starter files are missing or empty: \(report.missingFiles.joined(separator: ", ")). To get the starter back (yours is backed up first): \(words.kata) reset \(lesson.id)",
                "这些初始文件不见了或是空的：\(report.missingFiles.joined(separator: "、"))。要找回初始代码（会先备份你的文件）：\(words.kata) reset \(lesson.id)")))
        }
        switch report.stage {
        case .module:
            lines.append(style.red("✘ " + words.say("Your code does not compile yet:", "你的代码还不能编译：")))
            lines += diagnosticLines(report.diagnostics, lesson: lesson)
            lines.append(words.say(
                "Fix the first error above and save; the rest often disappear with it.",
                "先修正上面的第一个错误并保存；其余错误常常会随之消失。"))
        case .tests:
            lines.append(style.yellow("✘ " + words.say(
                "Your code compiles, but the tests do not compile against it yet:",
                "你的代码可以编译，但测试还无法针对它编译：")))
            lines += diagnosticLines(report.diagnostics, lesson: lesson)
            lines.append(words.say(
                "The tests use the new shape of your types (read the lesson: \(words.kata) show \(lesson.id)). Change your code in \(shown(lesson.sources, in: lesson))/, not the tests.",
                "测试使用的是重构后类型的新形状（阅读课文：\(words.kata) show \(lesson.id)）。请修改 \(shown(lesson.sources, in: lesson))/ 中的代码，而不是测试。"))
        case .run:
            for test in report.tests { lines += testLines(test, lesson: lesson) }
            if report.tests.isEmpty {
                lines.append(style.red("✘ " + words.say("No test ran.", "没有运行任何测试。")))
                if !report.output.isEmpty { lines.append(indent(tail(report.output, lines: 8))) }
            }
            if let summary = summaryLine(report) { lines.append(summary) }
        }
        lines += findingLines(report, lesson: lesson)
        if report.status != .pass {
            lines.append(style.dim(words.say("Stuck? \(words.kata) hint \(lesson.id)", "卡住了？运行 \(words.kata) hint \(lesson.id)")))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The verdict in one line once the tests ran ("5 of 7 tests pass."), else nil.
    public func summaryLine(_ report: CheckReport) -> String? {
        guard report.stage == .run else { return nil }
        let passed = report.passedCount
        let total = report.tests.count
        if report.status == .pass {
            return style.green(total == 1
                ? words.say("The test passes.", "唯一的测试通过了。")
                : words.say("All \(total) tests pass.", "全部 \(total) 个测试通过。"))
        } else if total > 0 {
            return words.say("\(passed) of \(total) \(total == 1 ? "test passes" : "tests pass").", "\(total) 个测试中通过 \(passed) 个。")
        }
        return nil
    }

    /// The lesson's rules the code breaks, after the tests: file, line, rule, what to do.
    private func findingLines(_ report: CheckReport, lesson: Lesson) -> [String] {
        guard !report.findings.isEmpty else { return [] }
        var lines: [String] = []
        if report.failsOnlyByRules {
            lines.append(style.yellow("✘ " + words.say(
                "The tests pass, but the code still breaks the lesson's rules:",
                "测试都通过了，但代码仍违反本课的规则：")))
        } else {
            lines.append(style.yellow(words.say("The lesson's rules:", "本课的规则：")))
        }
        for finding in report.findings {
            let place = finding.file.isEmpty ? "" : shown(finding.file, in: lesson) + (finding.line > 0 ? ":\(finding.line)" : "") + " "
            lines.append("  " + style.red("✘") + " " + style.cyan(place) + style.dim("[\(finding.rule)]"))
            lines.append(indent(finding.message(in: words.language), by: 6))
        }
        return lines
    }

    /// Each distinct error once with its excerpt; the same message at more
    /// places is folded into one line listing them.
    private func diagnosticLines(_ diagnostics: [Diagnostic], lesson: Lesson) -> [String] {
        var lines: [String] = []
        var groups: [(message: String, items: [Diagnostic])] = []
        let (shown, following, causes) = KnockOnErrors.split(diagnostics)
        for diagnostic in shown {
            if let index = groups.firstIndex(where: { $0.message == diagnostic.message }) {
                groups[index].items.append(diagnostic)
            } else {
                groups.append((diagnostic.message, [diagnostic]))
            }
        }
        for group in groups.prefix(8) {
            let first = group.items[0]
            lines.append("  " + style.cyan(place(first, lesson: lesson)) + style.red("error: ") + first.message)
            if let excerpt = first.excerpt { lines.append(indent(fitted(excerpt, columns: width.map { $0 - 6 }), by: 6)) }
            for note in first.notes { lines.append(noteLine(note)) }
            let others = group.items.dropFirst()
            if !others.isEmpty {
                // Every other place, by line (with its file when it is another file).
                let places = others.map { $0.file == first.file || $0.file.isEmpty ? "\($0.line)" : "\(($0.file as NSString).lastPathComponent):\($0.line)" }
                lines.append(style.dim(words.say(
                    "      the same error also at line\(others.count > 1 ? "s" : "") \(words.list(places))",
                    "      同样的错误还出现在第 \(words.list(places)) 行")))
            }
        }
        if groups.count > 8 {
            let more = groups.count - 8
            lines.append(words.say("  … and \(more) more \(more == 1 ? "error" : "errors")", "  ……还有 \(more) 个错误"))
        }
        if !following.isEmpty {
            let names = causes.map { "`\($0)`" }
            let count = following.count
            lines.append(style.dim(words.say(
                "  (\(count) more \(count == 1 ? "error" : "errors") on lines that use \(words.list(names)), which \(causes.count == 1 ? "an error above already stops" : "errors above already stop"): \(count == 1 ? "it goes" : "they go") away with \(causes.count == 1 ? "it" : "them").)",
                "  （还有 \(count) 个错误出现在使用 \(words.list(names)) 的行上，而上面的错误已经让它们无法成立：修好上面的错误，这些也会消失。）")))
        }
        return lines
    }

    /// A source line and its caret line cut to `columns`, around the caret,
    /// with the same cut on both so the caret stays under its place.
    func fitted(_ excerpt: String, columns: Int?) -> String {
        guard let columns, columns >= 20 else { return excerpt }
        let rows = excerpt.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard rows.contains(where: { TerminalText.columns(String($0)) > columns }) else { return excerpt }
        let caretRow = rows.last { $0.contains("^") } ?? []
        let caret = caretRow.firstIndex(of: "^") ?? 0
        let room = columns - 2
        let start = max(0, min(caret - room / 3, (rows.map(\.count).max() ?? 0) - room))
        return rows.map { row -> String in
            guard row.count > room || start > 0 else { return String(row) }
            let from = min(start, row.count)
            let to = min(row.count, from + room)
            let marker: String = row.contains("^") || row.contains("~") ? " " : "…"
            return (start > 0 ? marker : "") + String(row[from..<to]) + (to < row.count ? "…" : "")
        }.joined(separator: "\n")
    }

    /// "note: 'init(engine:)' declared here (Sources/RaceCar.swift:12)", under its error.
    private func noteLine(_ note: DiagnosticNote) -> String {
        let at = note.file.isEmpty ? "" : " (\(note.file):\(note.line))"
        return "      " + style.cyan(words.say("note: ", "注：")) + note.message + style.dim(at)
    }

    private func place(_ diagnostic: Diagnostic, lesson: Lesson) -> String {
        diagnostic.file.isEmpty ? "" : "\(shown(diagnostic.file, in: lesson)):\(diagnostic.line):\(diagnostic.column): "
    }

    func shown(_ path: String, in lesson: Lesson) -> String { words.path(path, in: lesson) }

    private func testLines(_ test: TestVerdict, lesson: Lesson) -> [String] {
        switch test.status {
        case .pass:
            return ["  " + style.green("✔") + " " + test.name]
        case .fail, .error:
            var lines = ["  " + style.red("✘") + " " + test.name + (test.errorKind.map { style.yellow("  [\($0.rawValue)]") } ?? "")]
            let message = TestMessage.text(test.message, in: words.language)
            if !message.isEmpty { lines.append(indent(message, by: 6)) }
            if let raw = test.file, let line = test.line, !raw.isEmpty {
                let file = shown(raw, in: lesson)
                lines.append(style.dim(words.say("      at \(file):\(line)", "      位置：\(file):\(line)")))
            }
            return lines
        }
    }

    private func indent(_ text: String, by count: Int = 4) -> String {
        let pad = String(repeating: " ", count: count)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }.joined(separator: "\n")
    }

    private func tail(_ text: String, lines count: Int) -> String {
        text.split(separator: "\n").suffix(count).joined(separator: "\n")
    }
}

import Foundation

/// A test's explanation in the learner's language. Lesson tests may write
/// both: the English, then ` [zh-Hans] ` and the Chinese, on one line:
///
///     #expect(spy.ignitions == 1, "start() should ignite the engine once. [zh-Hans] start() 应该让引擎点火一次。")
///
/// An English reader sees the part before the marker, a Chinese reader the
/// part after it; lines without a marker are shown to both as they are.
public enum TestMessage {
    public static let marker = "[zh-Hans]"

    public static func text(_ message: String, in language: Language) -> String {
        var message = message
        if language == .simplifiedChinese {
            // Swift Testing's own words before the expression.
            message = message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.hasPrefix("Expectation failed: ") ? "预期不成立：" + line.dropFirst("Expectation failed: ".count) : String(line)
            }.joined(separator: "\n")
        }
        guard message.contains(marker) else { return message }
        return message.split(separator: "\n", omittingEmptySubsequences: false).map { raw -> String in
            let line = String(raw)
            guard let range = line.range(of: marker) else { return line }
            if language == .simplifiedChinese {
                // Keep what came before the English text on this line (an expectation's prefix has none).
                return String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
            }
            var english = String(line[..<range.lowerBound])
            while english.hasSuffix(" ") { english.removeLast() }
            return english
        }.joined(separator: "\n")
    }
}

/// Draws a `CheckReport` for a person in a terminal.
public struct CheckReportRenderer: Sendable {
    public var style: Style
    public var words: Words

    public init(style: Style, words: Words) {
        self.style = style
        self.words = words
    }

    public func render(_ report: CheckReport, lesson: Lesson) -> String {
        var lines: [String] = []
        lines.append(style.bold("\(words.say("Lesson", "第")) \(String(format: "%02d", lesson.number))\(words.say("", " 课")) · \(lesson.title(in: words.language))"))
        switch report.stage {
        case .module:
            lines.append(style.red("✘ " + words.say("Your code does not compile yet:", "你的代码还不能编译：")))
            lines += diagnosticLines(report.diagnostics)
            lines.append(words.say(
                "Fix the first error above and save; the rest often disappear with it.",
                "先修正上面的第一个错误并保存；其余错误常常会随之消失。"))
        case .tests:
            lines.append(style.yellow("✘ " + words.say(
                "Your code compiles, but the tests do not compile against it yet:",
                "你的代码可以编译，但测试还无法针对它编译：")))
            lines += diagnosticLines(report.diagnostics)
            lines.append(words.say(
                "The tests use the new shape of your types (read the lesson: kata show \(lesson.id)). Change your code in \(DiagnosticParser.relative(lesson.sources, to: lesson.root))/, not the tests.",
                "测试使用的是重构后类型的新形状（阅读课程：kata show \(lesson.id)）。请修改 \(DiagnosticParser.relative(lesson.sources, to: lesson.root))/ 中的代码，而不是测试。"))
        case .run:
            for test in report.tests { lines += testLines(test) }
            if report.tests.isEmpty {
                lines.append(style.red("✘ " + words.say("No test ran.", "没有运行任何测试。")))
                if !report.output.isEmpty { lines.append(indent(tail(report.output, lines: 8))) }
            }
            let passed = report.passedCount
            let total = report.tests.count
            if report.status == .pass {
                lines.append(style.green(words.say("All \(total) tests pass.", "全部 \(total) 个测试通过。")))
            } else if total > 0 {
                lines.append(words.say("\(passed) of \(total) tests pass.", "\(total) 个测试中通过 \(passed) 个。"))
            }
        }
        lines += findingLines(report)
        if report.status != .pass {
            lines.append(style.dim(words.say("Stuck? kata hint \(lesson.id)", "卡住了？运行 kata hint \(lesson.id)")))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lesson's rules the code breaks, after the tests: file, line, rule, what to do.
    private func findingLines(_ report: CheckReport) -> [String] {
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
            lines.append("  " + style.red("✘") + " " + style.cyan(finding.location.isEmpty ? "" : finding.location + " ") + style.dim("[\(finding.rule)]"))
            lines.append(indent(finding.message(in: words.language), by: 6))
        }
        return lines
    }

    /// Each distinct error once with its excerpt; the same message at more
    /// places is folded into one line listing them.
    private func diagnosticLines(_ diagnostics: [Diagnostic]) -> [String] {
        var lines: [String] = []
        var groups: [(message: String, items: [Diagnostic])] = []
        for diagnostic in diagnostics {
            if let index = groups.firstIndex(where: { $0.message == diagnostic.message }) {
                groups[index].items.append(diagnostic)
            } else {
                groups.append((diagnostic.message, [diagnostic]))
            }
        }
        for group in groups.prefix(8) {
            let first = group.items[0]
            lines.append("  " + style.cyan(place(first)) + style.red("error: ") + first.message)
            if let excerpt = first.excerpt { lines.append(indent(excerpt, by: 6)) }
            let others = group.items.dropFirst()
            if !others.isEmpty {
                let places = others.prefix(4).map { "\($0.line)" }.joined(separator: ", ")
                let more = others.count > 4 ? words.say(" and \(others.count - 4) more", " 等 \(others.count - 4) 处") : ""
                lines.append(style.dim(words.say(
                    "      the same error also at line\(others.count > 1 ? "s" : "") \(places)\(more)",
                    "      同样的错误还出现在第 \(places) 行\(more)")))
            }
        }
        if groups.count > 8 {
            lines.append(words.say("  … and \(groups.count - 8) more errors", "  ……还有 \(groups.count - 8) 个错误"))
        }
        return lines
    }

    private func place(_ diagnostic: Diagnostic) -> String {
        diagnostic.file.isEmpty ? "" : "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column): "
    }

    private func testLines(_ test: TestVerdict) -> [String] {
        switch test.status {
        case .pass:
            return ["  " + style.green("✔") + " " + test.name]
        case .fail, .error:
            var lines = ["  " + style.red("✘") + " " + test.name + (test.errorKind.map { style.yellow("  [\($0.rawValue)]") } ?? "")]
            if !test.message.isEmpty { lines.append(indent(test.message, by: 6)) }
            if let file = test.file, let line = test.line, !file.isEmpty {
                lines.append(style.dim("      at \(file):\(line)"))
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

extension CommandSpec {
    static let list = CommandSpec(
        name: "list",
        summary: LocalizedText(english: "Show every lesson with its status", chinese: "列出所有课及其状态"),
        usage: "kata list [--json]",
        help: """
            Lists the lessons in order, each with its status (not started, failing,
            passed) and marks the next one to work on.

            Example:
              kata list --json
            """,
        run: { invocation, context in
            let course = try context.loadCourse()
            let progress = context.loadProgress()
            StarterStore(context: context).rememberUnseen(course, progress: progress)
            if invocation.has("--json") {
                let rows = CourseStatus.rows(course: course, progress: progress)
                try context.writeJSON(CourseStatus.Listing(lessons: rows, next: CourseStatus.next(rows)))
            } else {
                let rows = CourseStatus.rows(course: course, progress: progress, language: context.language)
                context.console.write(CourseStatus.render(rows: rows, context: context))
            }
            return 0
        }
    )
}

/// The course at a glance: what `kata` and `kata list` print.
public enum CourseStatus {
    public struct Row: Sendable, Codable, Equatable {
        public var id: String
        public var title: String
        /// "passed", "failing", "not started", or "broken".
        public var status: String
        public var passedTests: Int?
        public var totalTests: Int?
    }

    public struct Listing: Sendable, Codable, Equatable {
        public var lessons: [Row]
        public var next: String?
    }

    public static func rows(course: Course, progress: Progress, language: Language = .english) -> [Row] {
        var rows = course.lessons.map { lesson -> Row in
            let entry = progress[lesson.id]
            let status: String
            switch entry.status {
            case nil: status = "not started"
            case .pass?: status = "passed"
            default: status = "failing"
            }
            return Row(id: lesson.id, title: lesson.title(in: language), status: status,
                       passedTests: entry.passedTests, totalTests: entry.totalTests)
        }
        rows += course.broken.map { Row(id: $0.id, title: $0.id, status: "broken") }
        return rows.sorted { $0.id < $1.id }
    }

    /// The first lesson not passed yet.
    public static func next(_ rows: [Row]) -> String? {
        rows.first { $0.status != "passed" && $0.status != "broken" }?.id
    }

    static func label(of row: Row, words: Words) -> String {
        switch row.status {
        case "passed": return words.say("passed", "已通过")
        case "failing": return words.say("failing", "未通过")
        case "broken": return words.say("broken metadata", "元数据有误")
        default: return words.say("not started", "未开始")
        }
    }

    /// The rows' titles are shown as given: build them in the learner's language.
    public static func render(rows: [Row], context: KataContext) -> String {
        let words = context.words
        let style = context.style
        let next = next(rows)
        let titleWidth = rows.map { TerminalText.columns($0.title) }.max() ?? 0
        // A narrow window gets the lesson's number instead of its folder name, so each row fits on a line.
        let idWidth = rows.map(\.id.count).max().map { max($0, 32) } ?? 32
        let labelWidth = rows.map { TerminalText.columns(label(of: $0, words: words)) }.max() ?? 0
        let fullWidth = 4 + idWidth + 1 + titleWidth + 2 + labelWidth + 10
        let short = context.console.width.map { $0 < fullWidth } ?? false
        var lines = [style.bold("DI Kata") + " — " + words.say("dependency injection, one refactoring at a time", "依赖注入，一次一个重构"), ""]
        for row in rows {
            let mark: String
            let label = label(of: row, words: words)
            switch row.status {
            case "passed": mark = style.green("✔")
            case "failing": mark = style.red("✘")
            case "broken": mark = style.yellow("!")
            default: mark = style.dim("·")
            }
            var counts = ""
            if let passed = row.passedTests, let total = row.totalTests, total > 0, row.status == "failing" {
                counts = " (\(passed)/\(total))"
            }
            let pointer = row.id == next ? style.cyan(" ← " + words.say("next", "下一课")) : ""
            if short {
                let number = String(row.id.prefix { $0.isNumber })
                lines.append("  \(mark) \(number.isEmpty ? row.id : number) \(row.title)  \(style.dim(label + counts))\(pointer)")
                continue
            }
            let title = TerminalText.padded(row.title, to: titleWidth)
            lines.append("  \(mark) \(row.id.padding(toLength: idWidth, withPad: " ", startingAt: 0)) \(title)  \(style.dim(label + counts))\(pointer)")
        }
        let done = rows.filter { $0.status == "passed" }.count
        lines.append("")
        lines.append(words.say("\(done) of \(words.count(rows.count, "lesson", "lessons", "课")) passed.", "已通过 \(done)/\(rows.count) 课。"))
        if let next {
            lines.append(words.say(
                "Next: kata show \(next)   then edit Lessons/\(next)/Sources and run: kata check \(next)",
                "下一步：kata show \(next)，然后编辑 Lessons/\(next)/Sources 并运行：kata check \(next)"))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

import Foundation

import Foundation

/// Draws one frame of watch mode: the lesson, the verdict, a panel, the keys.
/// Pure: the same state gives the same text, so tests read frames as a person would.
public struct WatchScreen: Sendable {
    public var style: Style
    public var words: Words
    public var width: Int?
    /// Rows of the window: a verdict too long for it is cut, so the lesson's
    /// title, the first errors and the keys all stay in sight.
    public var height: Int?

    public init(style: Style, words: Words, width: Int?, height: Int? = nil) {
        self.style = style
        self.words = words
        self.width = width
        self.height = height
    }

    /// Clears the screen and moves to its top-left corner.
    public static let clear = "\u{1B}[H\u{1B}[2J\u{1B}[3J"

    public func frame(lesson: Lesson, next: Lesson?, machine: WatchMachine, report: CheckReport?, panel: String) -> String {
        var lines: [String] = []
        let number = String(format: "%02d", lesson.number)
        lines.append(style.bold("DI Kata") + style.dim(" · " + words.say("watch mode", "观察模式")) + "  "
            + style.bold(words.say("Lesson \(number)", "第 \(number) 课") + " · " + lesson.title(in: words.language)))
        lines += wrap(lesson.metadata.summary.text(in: words.language))
        lines += wrap(words.say(
            "Edit Lessons/\(lesson.id)/Sources/ and save. The whole lesson: kata show \(lesson.id)",
            "编辑 Lessons/\(lesson.id)/Sources/ 并保存。完整课文：kata show \(lesson.id)")).map(style.dim)
        lines.append(rule)
        let header = lines
        lines = []

        if machine.checking {
            let again = machine.recheckPending
                ? words.say(" (and once more for your newest save)", "（之后还会为你最新的保存再检查一次）") : ""
            lines.append(style.cyan("⟳ " + words.say("Checking…", "正在检查……") + again))
            if report == nil {
                lines.append(style.dim(words.say(
                    "The first check of a lesson compiles everything and takes a few seconds; later ones are quick.",
                    "每课的第一次检查需要完整编译，要几秒钟；之后会很快。")))
            }
        }
        if let report {
            var verdict = CheckReportRenderer(style: style, words: words).render(report, lesson: lesson)
                .split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init)
            if verdict.last == "" { verdict.removeLast() }
            if report.status != .pass, let last = verdict.last, last.contains("kata hint") {
                verdict.removeLast()
                verdict.append(style.dim(words.say("Stuck? Press h for a hint.", "卡住了？按 h 查看提示。")))
            }
            lines += verdict.flatMap(wrapKeepingIndent)
            lines.append(style.dim(words.say(
                "Checked in \(seconds(report.durationMs)) s.", "检查用时 \(seconds(report.durationMs)) 秒。")))
        }
        var verdictLines = lines
        lines = []
        if machine.celebrating {
            lines.append("")
            lines.append(style.green(style.bold("🎉 " + words.say("Lesson \(number) passed. Well done!", "第 \(number) 课通过了，干得好！"))))
            lines.append("  d  " + words.say("see the refactoring you made", "查看你完成的重构"))
            lines.append("  s  " + words.say("compare with the reference solution", "与参考答案比较"))
            if let next {
                lines.append("  n  " + words.say("go on to lesson", "继续学习") + " " + next.id + " · " + next.title(in: words.language))
            } else {
                lines.append("     " + words.say("This was the last lesson.", "这是最后一课。"))
            }
        }
        if !panel.isEmpty {
            lines.append(rule)
            var panelLines = panel.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if panelLines.last == "" { panelLines.removeLast() }
            lines += panelLines.flatMap(wrapKeepingIndent)
        }
        lines.append(rule)
        lines += keyBar()
        if let height {
            // Rows the frame takes, counting lines the terminal wraps.
            let columns = max(20, width ?? 80)
            func rows(_ part: [String]) -> Int { part.reduce(0) { $0 + max(1, (displayWidth(plain($1)) + columns - 1) / columns) } }
            let excess = rows(header) + rows(verdictLines) + rows(lines) - (height - 1)
            if excess > 0 && verdictLines.count > 4 {
                var cut = 0
                while !verdictLines.isEmpty && verdictLines.count > 3 && cut < excess + 1 {
                    cut += rows([verdictLines.removeLast()])
                }
                verdictLines.append(style.dim(words.say(
                    "… more in a taller window, or run: kata check \(lesson.id)",
                    "……窗口更高时可看到更多，或运行：kata check \(lesson.id)")))
            }
        }
        return Self.clear + (header + verdictLines + lines).joined(separator: "\n") + "\n"
    }

    /// The text without color codes, to count columns.
    private func plain(_ text: String) -> String {
        guard text.contains("\u{1B}") else { return text }
        return text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    public var rule: String { style.dim(String(repeating: "─", count: max(10, min(width ?? 72, 72)))) }

    /// The keys, wrapped to the terminal's width.
    public func keyBar() -> [String] {
        let keys: [(String, String)] = [
            ("h", words.say("hint", "提示")), ("l", words.say("list", "课程列表")), ("r", words.say("check again", "重新检查")),
            ("s", words.say("solution", "答案")), ("d", words.say("refactoring", "重构")), ("n", words.say("next lesson", "下一课")),
            ("q", words.say("quit", "退出")),
        ]
        let limit = max(20, width ?? 80)
        var rows: [String] = []
        var row = ""
        var rowLength = 0
        for (key, label) in keys {
            let plainLength = key.count + 1 + displayWidth(label)
            let separator = rowLength == 0 ? 0 : 3
            if rowLength > 0 && rowLength + separator + plainLength > limit {
                rows.append(row)
                row = ""
                rowLength = 0
            }
            if rowLength > 0 { row += style.dim(" · "); rowLength += 3 }
            row += style.bold(key) + " " + label
            rowLength += plainLength
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }

    /// Wraps plain text at spaces to the terminal's width.
    public func wrap(_ text: String) -> [String] {
        let limit = max(20, width ?? 80)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty && displayWidth(line) + 1 + displayWidth(String(word)) > limit {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line)
        }
        return lines
    }

    /// Wraps a long line at spaces, keeping its indentation on every piece
    /// (a long colored line loses its color: reading beats painting).
    func wrapKeepingIndent(_ colored: String) -> [String] {
        let limit = max(20, width ?? 80)
        let line = plain(colored)
        guard displayWidth(line) > limit else { return [colored] }
        let indent = String(line.prefix { $0 == " " })
        guard indent.count < limit / 2 else { return [line] }
        let narrower = WatchScreen(style: style, words: words, width: limit - indent.count, height: nil)
        return narrower.wrap(String(line.dropFirst(indent.count))).map { indent + $0 }
    }

    /// Columns a string takes in a terminal.
    func displayWidth(_ text: String) -> Int { TerminalText.columns(text) }

    private func seconds(_ milliseconds: Int) -> String {
        String(format: "%.2f", Double(milliseconds) / 1000)
    }
}

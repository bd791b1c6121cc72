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
    /// What the lesson can offer: without a reference solution (a student
    /// handout), `s` and `d` are not offered.
    public var capabilities: Handout.Capabilities

    public init(style: Style, words: Words, width: Int?, height: Int? = nil,
                capabilities: Handout.Capabilities = Handout.Capabilities(isHandout: false, solution: true, refactoringSteps: true)) {
        self.style = style
        self.words = words
        self.width = width
        self.height = height
        self.capabilities = capabilities
    }

    /// Clears the screen and moves to its top-left corner.
    public static let clear = "\u{1B}[H\u{1B}[2J\u{1B}[3J"

    public func frame(lesson: Lesson, next: Lesson?, machine: WatchMachine, report: CheckReport?, panel: String) -> String {
        render(lesson: lesson, next: next, machine: machine, report: report, panel: panel).text
    }

    /// A drawn frame and how its panel was paged.
    public struct Layout: Sendable, Equatable {
        public var text: String
        /// The panel's first line shown, kept in range.
        public var scroll: Int
        /// Panel lines one page shows (all of them when the height is unknown).
        public var pageRows: Int
    }

    /// The frame, fitted to the window: the title and the verdict line stay in
    /// sight whatever is open; a panel gets the rows left and is paged from
    /// `machine.scroll`. A panel line containing `focus` (the list's chosen row)
    /// is always shown.
    public func render(lesson: Lesson, next: Lesson?, machine: WatchMachine, report: CheckReport?, panel: String,
                       focus: String? = nil, progress: String? = nil) -> Layout {
        let number = String(format: "%02d", lesson.number)
        let limit = max(20, width ?? 80)
        let brand = "DI Kata · " + words.say("watch mode", "监视模式")
        let title = words.say("Lesson \(number)", "第 \(number) 课") + " · " + lesson.title(in: words.language)
        var titleLines: [String]
        if displayWidth(brand + "  " + title) <= limit {
            titleLines = [style.bold("DI Kata") + style.dim(" · " + words.say("watch mode", "监视模式")) + "  " + style.bold(title)]
        } else {
            titleLines = [style.dim(brand)] + wrap(title).map(style.bold)
        }
        var details = wrap(lesson.metadata.summary.text(in: words.language))
        let sources = words.path(lesson.sources, in: lesson)
        details += wrap(words.say(
            "Edit \(sources)/ and save. The whole lesson: press t, or \(words.kata) show \(lesson.id)",
            "编辑 \(sources)/ 并保存。完整课文：按 t，或运行 \(words.kata) show \(lesson.id)")).map(style.dim)

        var verdictLines: [String] = []
        if machine.checking {
            let text = machine.restarted
                ? words.say("change seen: stopped the running check, checking again…", "发现改动：已停止正在进行的检查，重新检查……")
                : words.say("Checking…", "正在检查……")
            verdictLines += wrap("⟳ " + text).map(style.cyan)
            if let progress { verdictLines += wrapKeepingIndent(style.yellow("  " + progress)) }
            if report == nil && !machine.restarted {
                verdictLines += wrap(words.say(
                    "The first check of a lesson compiles everything and takes a few seconds; later ones are quick.",
                    "每课的第一次检查需要完整编译，要几秒钟；之后会很快。")).map(style.dim)
            }
        }
        if let report {
            let renderer = CheckReportRenderer(style: style, words: words, width: width)
            var verdict = renderer.render(report, lesson: lesson)
                .split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init)
            if verdict.last == "" { verdict.removeLast() }
            var stuck = false
            if report.status != .pass, let last = verdict.last, last.contains("kata hint") {
                verdict.removeLast()
                stuck = true
            }
            // The verdict itself ("1 of 2 tests pass.") comes first, so it stays
            // in sight when the rest is cut; the rules' findings stay after the tests.
            if let summary = renderer.summaryLine(report), let index = verdict.lastIndex(of: summary), index > 0 {
                verdict.remove(at: index)
                verdict.insert(style.bold(summary), at: 0)
            }
            if stuck { verdict.append(style.dim(words.say("Stuck? Press h for a hint.", "卡住了？按 h 查看提示。"))) }
            if machine.checking {
                // The verdict of the code before the change: kept in sight, but greyed, so it is not read as the new one.
                verdictLines += wrap(words.say("The verdict before your last change:", "上次改动之前的结论：")).map(style.dim)
                verdictLines += verdict.flatMap(wrapKeepingIndent).map { style.dim(plain($0)) }
            } else {
                verdictLines += verdict.flatMap(wrapKeepingIndent)
            }
            verdictLines += wrap(words.say(
                "Checked in \(seconds(report.durationMs)) s.", "检查用时 \(seconds(report.durationMs)) 秒。")).map(style.dim)
        }

        let panelOpen = !panel.isEmpty
        var celebration: [String] = []
        if machine.celebrating && !panelOpen {
            celebration.append("")
            celebration += wrap("🎉 " + words.say("Lesson \(number) passed. Well done!", "第 \(number) 课通过了，干得好！")).map { style.green(style.bold($0)) }
            var offers: [String] = []
            if capabilities.solution {
                offers += ["  d  " + words.say("see the refactoring you made", "查看你完成的重构"),
                           "  s  " + words.say("compare with the reference solution", "与参考答案比较")]
            }
            celebration += offers + [
                next.map { "  n  " + words.say("go on to lesson", "继续学习") + " " + $0.id + " · " + $0.title(in: words.language) }
                    ?? "     " + words.say("This was the last lesson.", "这是最后一课。"),
            ].flatMap(wrapKeepingIndent)
        }
        var panelLines: [String] = []
        if panelOpen {
            var raw = panel.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if raw.last == "" { raw.removeLast() }
            panelLines = raw.flatMap(wrapKeepingIndent)
        }
        let keys = keyBar(panel: panelOpen ? machine.panel : .none)

        guard let height else {
            var lines = titleLines + details + [rule] + verdictLines + celebration
            if panelOpen { lines += [rule] + panelLines }
            lines += [rule] + keys
            return Layout(text: Self.clear + lines.joined(separator: "\n") + "\n", scroll: 0, pageRows: max(1, panelLines.count))
        }

        // Rows the frame may take: one is left for the cursor, so nothing scrolls.
        let available = max(8, height - 1)
        var header = titleLines + details + [rule]
        if panelOpen || rows(header) > available / 3 { header = titleLines + [rule] }
        let fixed = rows(header) + 1 + rows(keys) + (panelOpen ? 1 : 0)
        var verdictBudget = available - fixed - rows(celebration)
        if panelOpen { verdictBudget = min(verdictBudget, max(2, available / 4)) }
        verdictLines = cut(verdictLines, toRows: max(2, verdictBudget), lesson: lesson, panelOpen: panelOpen)

        var lines = header + verdictLines + celebration
        var scroll = 0
        var page = 0
        if panelOpen {
            page = max(3, available - fixed - rows(verdictLines))
            let maxScroll = max(0, panelLines.count - page)
            scroll = min(max(0, machine.scroll), maxScroll)
            if let focus, let index = panelLines.firstIndex(where: { $0.contains(focus) }) {
                if index < scroll { scroll = index }
                if index >= scroll + page { scroll = index - page + 1 }
            }
            let shown = Array(panelLines[scroll..<min(panelLines.count, scroll + page)])
            if panelLines.count > page {
                let position = words.say(
                    "lines \(scroll + 1)–\(scroll + shown.count) of \(panelLines.count)",
                    "第 \(scroll + 1)–\(scroll + shown.count) 行，共 \(panelLines.count) 行")
                let dashes = max(3, min(limit, 72) - displayWidth(position) - 4)
                lines.append(style.dim("── " + position + " " + String(repeating: "─", count: dashes)))
            } else {
                lines.append(rule)
            }
            lines += shown
        }
        lines += [rule] + keys
        return Layout(text: Self.clear + lines.joined(separator: "\n") + "\n", scroll: scroll, pageRows: max(1, page))
    }

    /// The verdict cut to `budget` rows, its first line (the verdict itself) always kept.
    private func cut(_ verdict: [String], toRows budget: Int, lesson: Lesson, panelOpen: Bool) -> [String] {
        guard rows(verdict) > budget, verdict.count > 1 else { return verdict }
        let more = wrap(panelOpen
            ? words.say("… (Esc: the whole verdict)", "……（按 Esc 查看完整结果）")
            : words.say("… more in a taller window, or run: \(words.kata) check \(lesson.id)", "……窗口更高时可看到更多，或运行：\(words.kata) check \(lesson.id)")).map(style.dim)
        var kept = verdict
        while kept.count > 1 && rows(kept) + rows(more) > budget { kept.removeLast() }
        return kept + more
    }

    /// Rows lines take in the window, counting lines the terminal wraps.
    private func rows(_ part: [String]) -> Int {
        let columns = max(20, width ?? 80)
        return part.reduce(0) { $0 + max(1, (displayWidth(plain($1)) + columns - 1) / columns) }
    }

    /// The text without color codes, to count columns.
    private func plain(_ text: String) -> String {
        guard text.contains("\u{1B}") else { return text }
        return text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    public var rule: String { style.dim(String(repeating: "─", count: max(10, min(width ?? 72, 72)))) }

    /// The keys, wrapped to the terminal's width; with a panel open, how to
    /// page it and close it come first.
    public func keyBar(panel: WatchMachine.Panel = .none) -> [String] {
        var keys: [(String, String)] = []
        switch panel {
        case .none, .welcome, .confirmSkip, .lastLesson:
            keys = [("h", words.say("hint", "提示")), ("l", words.say("list", "课程列表")), ("t", words.say("lesson text", "课文")),
                    ("r", words.say("check again", "重新检查")), ("s", words.say("solution", "答案")),
                    ("d", words.say("refactoring", "重构")), ("n", words.say("next lesson", "下一课")), ("q", words.say("quit", "退出"))]
        case .list:
            keys = [("↑↓", words.say("or a number: choose", "或数字：选择")), ("Enter", words.say("open", "打开")),
                    ("Esc/q", words.say("close", "关闭"))]
        default:
            keys = [("↑↓ PgUp PgDn", words.say("space: scroll", "空格：滚动")), ("Esc/q", words.say("close", "关闭")),
                    ("h", words.say("hint", "提示")), ("l", words.say("list", "课程列表")), ("t", words.say("lesson text", "课文")),
                    ("s", words.say("solution", "答案")), ("d", words.say("refactoring", "重构"))]
        }
        if !capabilities.solution { keys.removeAll { $0.0 == "s" || $0.0 == "d" } }
        let limit = max(20, width ?? 80)
        var rows: [String] = []
        var row = ""
        var rowLength = 0
        for (key, label) in keys {
            let plainLength = displayWidth(key) + 1 + displayWidth(label)
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

    /// Wraps plain text to the terminal's width: at spaces, and between Chinese characters.
    public func wrap(_ text: String) -> [String] {
        TerminalText.wrappedLines(text, width: max(20, width ?? 80))
    }

    /// Wraps a long line at spaces, keeping its indentation on every piece
    /// (a long colored line loses its color: reading beats painting).
    func wrapKeepingIndent(_ colored: String) -> [String] {
        let limit = max(20, width ?? 80)
        let line = plain(colored)
        guard displayWidth(line) > limit else { return [colored] }
        let indent = String(line.prefix { $0 == " " })
        guard indent.count < limit / 2 else { return [line] }
        let narrower = WatchScreen(style: style, words: words, width: limit - indent.count, height: nil, capabilities: capabilities)
        return narrower.wrap(String(line.dropFirst(indent.count))).map { indent + $0 }
    }

    /// Columns a string takes in a terminal.
    func displayWidth(_ text: String) -> Int { TerminalText.columns(text) }

    private func seconds(_ milliseconds: Int) -> String {
        String(format: "%.2f", Double(milliseconds) / 1000)
    }
}

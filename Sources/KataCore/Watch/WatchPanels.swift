import Foundation

/// The texts of watch mode's larger panels: the course list, the lesson's
/// text, and the reference solution's changed files. The screen pages them.
public enum WatchPanels {
    /// Marks the list's chosen row; the screen keeps the line holding it in sight.
    public static let chosen = "▸"

    /// The course as a list to pick from: a progress bar, then one row per
    /// lesson with its number, its state and its title.
    public static func list(course: Course, current: Lesson, selection: Int, context: KataContext) -> String {
        let words = context.words
        let style = context.style
        let progress = context.loadProgress()
        let passed = course.lessons.filter { progress.hasPassed($0.id) }.count
        var lines = [progressBar(passed: passed, total: course.lessons.count, width: context.console.width, words: words, style: style), ""]
        for (index, lesson) in course.lessons.enumerated() {
            let entry = progress[lesson.id]
            let mark: String
            switch entry.status {
            case nil: mark = style.dim("·")
            case .pass?: mark = style.green("✔")
            default: mark = progress.hasPassed(lesson.id) ? style.green("✔") : style.red("✘")
            }
            let number = String(format: "%02d", lesson.number)
            let here = lesson.id == current.id ? style.dim(" ← " + words.say("open now", "当前")) : ""
            let pointer = index == selection ? style.cyan(chosen) : " "
            let title = lesson.title(in: context.language)
            let row = "\(pointer) \(mark) \(number)  " + (index == selection ? style.bold(title) : title) + here
            lines.append(row)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `█████░░░░░ 3 of 12 lessons passed`, as wide as the window allows.
    public static func progressBar(passed: Int, total: Int, width: Int?, words: Words, style: Style) -> String {
        let label = words.say(
            "\(passed) of \(total) \(total == 1 ? "lesson" : "lessons") passed",
            "已通过 \(passed)/\(total) 课")
        let room = max(10, min(30, (width ?? 80) - TerminalText.columns(label) - 3))
        let filled = total == 0 ? 0 : Int((Double(passed) / Double(total) * Double(room)).rounded())
        return style.green(String(repeating: "█", count: filled)) + style.dim(String(repeating: "░", count: room - filled)) + "  " + label
    }

    /// The lesson's README in the learner's language (English when that one is missing).
    public static func lessonText(_ lesson: Lesson, context: KataContext) -> String {
        let fileSystem = context.fileSystem
        let path = [lesson.readme(in: context.language), lesson.readme(in: .english)].first { fileSystem.isFile($0) }
        guard let path, let text = try? fileSystem.readText(path) else {
            return context.words.say(
                "This lesson has no README to show (Lessons/\(lesson.id)/README.md is missing).",
                "这一课没有可显示的 README（缺少 Lessons/\(lesson.id)/README.md）。")
        }
        return MarkdownTerminal(style: context.style, width: context.console.width).render(text)
    }

    /// The reference solution's files that differ from the starter, in full;
    /// the files it left as they were are only named.
    public static func changedSolution(_ lesson: Lesson, context: KataContext) -> String {
        let words = context.words
        let style = context.style
        let fileSystem = context.fileSystem
        let solution = RefactoringSteps.snapshot(lesson.solutionSources, fileSystem: fileSystem)
        guard !solution.isEmpty else {
            return words.say("This lesson ships no reference solution.", "这一课没有参考答案。")
        }
        let starter = StarterStore(context: context).remember(lesson, progress: context.loadProgress())?.texts ?? [:]
        let names = solution.keys.sorted()
        let changed = starter.isEmpty ? names : names.filter { solution[$0] != starter[$0] }
        let unchanged = names.filter { !changed.contains($0) }
        var text = style.bold(words.say("Reference solution of \(lesson.id)", "第 \(lesson.shownNumber) 课的参考答案")) + "\n"
        text += style.dim(words.say(
            "One good answer, not the only one: compare it with yours.",
            "这是一个好的答案，但不是唯一的答案：和你的代码比较一下。")) + "\n"
        if !starter.isEmpty {
            text += words.say(
                "The files it changed (\(changed.count) of \(names.count)):",
                "它改动的文件（\(names.count) 个中的 \(changed.count) 个）：") + "\n"
        }
        let width = min(context.console.width ?? 72, 72)
        for name in changed {
            let heading = "── Solutions/\(lesson.id)/Sources/\(name) "
            text += "\n" + style.cyan(heading + String(repeating: "─", count: max(3, width - TerminalText.columns(heading)))) + "\n"
            text += solution[name] ?? ""
            if !text.hasSuffix("\n") { text += "\n" }
        }
        let removed = starter.keys.filter { solution[$0] == nil }.sorted()
        if !removed.isEmpty {
            text += "\n" + words.say("Removed: ", "删除的文件：") + removed.joined(separator: ", ") + "\n"
        }
        if !unchanged.isEmpty {
            text += "\n" + style.dim(words.say("Not changed: ", "没有改动：") + unchanged.joined(separator: ", ")) + "\n"
        }
        return text
    }
}

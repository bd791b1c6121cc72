/// A lesson's hints, given one at a time and remembered in progress.
///
///     let shown = try Hints.reveal(lesson, context: context)   // 1 the first time, then 2, ...
///     console.write(Hints.render(lesson, upTo: shown, words: words, style: style))
public enum Hints {
    /// Shows one more hint than before (or all with `all`), records it, returns how many are shown now.
    public static func reveal(_ lesson: Lesson, all: Bool = false, context: KataContext) throws -> Int {
        let total = lesson.metadata.hints.count
        let before = context.loadProgress()[lesson.id].hintsShown
        let now = all ? total : min(before + 1, total)
        try record(now, of: lesson, context: context)
        return now
    }

    /// Remembers that hints 1...count were shown (never fewer than before).
    public static func record(_ count: Int, of lesson: Lesson, context: KataContext) throws {
        try context.progressStore.update { progress in
            var entry = progress[lesson.id]
            entry.hintsShown = max(entry.hintsShown, count)
            progress[lesson.id] = entry
        }
    }

    /// Hints 1...count, the newest last and marked; says when there are no more.
    public static func render(_ lesson: Lesson, upTo count: Int, words: Words, style: Style) -> String {
        let hints = lesson.metadata.hints
        guard !hints.isEmpty else {
            return words.say("This lesson has no hints. Read it again: \(words.kata) show \(lesson.id)",
                             "这一课没有提示。再读一遍课文：\(words.kata) show \(lesson.id)") + "\n"
        }
        let shown = max(1, min(count, hints.count))
        var lines: [String] = []
        for index in 1...shown {
            let label = words.say("Hint \(index) of \(hints.count)", "提示 \(index)/\(hints.count)")
            let colon = words.say(": ", "：")
            let text = MarkdownTerminal(style: index == shown ? style : Style(enabled: false), width: nil)
                .inline(hints[index - 1].text(in: words.language))
            lines.append(index == shown ? style.yellow(label + colon) + text : style.dim(label + colon + text))
        }
        if shown == hints.count {
            lines.append(style.dim(words.say(
                "That was the last hint. The solution opens once the lesson passes (\(words.kata) solution \(lesson.id)).",
                "这是最后一条提示。这一课通过后可以查看参考答案（\(words.kata) solution \(lesson.id)）。")))
        } else {
            lines.append(style.dim(words.say("Another hint: run it again (in watch mode: h).", "需要下一条提示：再运行一次（监视模式中按 h）。")))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

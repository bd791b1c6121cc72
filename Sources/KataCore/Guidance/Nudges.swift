/// The nudge for what fails now: the lesson's `nudges` entry for the first failing test (or, every
/// test passing, the first broken rule) of the last check, or, when the code does not compile, the
/// advice to fix the first compiler error. `kata hint` and watch mode's `h` show it before the graded
/// hints; it is not one of them and is not counted in `hints_shown`.
///
///     let failure = context.loadProgress()[lesson.id].firstFailure
///     console.write(Nudges.render(lesson, failure: failure, words: words, style: style) ?? "")
public enum Nudges {
    /// The nudge's label and text in the learner's language; nil when nothing failed or the lesson has no nudge for it.
    public static func nudge(_ lesson: Lesson, failure: Progress.FirstFailure?, words: Words) -> (label: String, text: String)? {
        guard let failure else { return nil }
        let label = { (what: String) in
            words.say("For what fails now — \(what): ", "针对现在未通过的地方——\(what)：")
        }
        let place = failure.name.isEmpty ? "" : words.say(" (\(failure.name))", "（\(failure.name)）")
        switch failure.kind {
        case .module:
            return (label(words.say("the code does not compile", "代码无法编译") + place), words.say(
                "fix the first compiler error before any other: the errors after it often follow from it. Save (or run \(words.kata) check \(lesson.id)) to see what is left.",
                "先修正编译器报告的第一个错误，再看其他的：后面的错误常常是它引起的。保存文件（或运行 \(words.kata) check \(lesson.id)）看看还剩下什么。"))
        case .tests:
            return (label(words.say("the tests do not compile against your code", "测试无法针对你的代码编译") + place), words.say(
                "fix the first compiler error: it names what the tests expect of your code (a type, an initializer, a method). The lesson text lists every name the tests rely on (\(words.kata) show \(lesson.id)).",
                "先修正编译器报告的第一个错误：它说出了测试对你的代码有什么期待（一个类型、一个初始化方法、一个方法）。课文列出了测试依赖的每个名字（\(words.kata) show \(lesson.id)）。"))
        case .test:
            guard let key = failure.key, let text = lesson.metadata.nudges[key] else { return nil }
            return (label(failure.name), text.text(in: words.language))
        case .rule:
            guard let key = failure.key, let text = lesson.metadata.nudges[key] else { return nil }
            return (label(words.say("rule \(failure.name)", "规则 \(failure.name)")), text.text(in: words.language))
        }
    }

    /// The nudge as one line of the hint panel (with a blank line after it), or nil.
    public static func render(_ lesson: Lesson, failure: Progress.FirstFailure?, words: Words, style: Style) -> String? {
        guard let nudge = nudge(lesson, failure: failure, words: words) else { return nil }
        return style.cyan(nudge.label) + MarkdownTerminal(style: style, width: nil).inline(nudge.text) + "\n\n"
    }

    /// What one press of `h` (or one `kata hint`) shows: the nudge for the last check's first failure, if
    /// any, then the graded hints 1...count as `Hints.render` gives them.
    public static func withHints(_ lesson: Lesson, upTo count: Int, failure: Progress.FirstFailure?, words: Words, style: Style) -> String {
        (render(lesson, failure: failure, words: words, style: style) ?? "") + Hints.render(lesson, upTo: count, words: words, style: style)
    }
}

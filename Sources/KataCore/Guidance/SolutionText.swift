/// The reference solution as the learner reads it: every file, with its path.
///
///     console.write(try SolutionText.render(lesson, fileSystem: fileSystem, words: words, style: style))
public enum SolutionText {
    public static func render(_ lesson: Lesson, fileSystem: any FileSystem, words: Words, style: Style, width: Int? = nil) throws -> String {
        let folder = lesson.solutionSources
        guard fileSystem.isDirectory(folder) else {
            throw KataError.failure(words.say(
                "lesson \(lesson.id) ships no reference solution (Solutions/\(lesson.id)/Sources is missing)",
                "第 \(lesson.shownNumber) 课没有参考答案（缺少 Solutions/\(lesson.id)/Sources）"))
        }
        var text = style.bold(words.say("Reference solution of \(lesson.id)", "第 \(lesson.shownNumber) 课的参考答案")) + "\n"
        text += style.dim(words.say(
            "One good answer, not the only one: compare it with yours.",
            "这是一个好的答案，但不是唯一的答案：和你的代码比较一下。")) + "\n"
        for name in try fileSystem.filesRecursively(folder, withExtension: "swift") {
            let heading = "── Solutions/\(lesson.id)/Sources/\(name) "
            let rule = String(repeating: "─", count: max(3, min(width ?? 72, 72) - heading.count))
            text += "\n" + style.cyan(heading + rule) + "\n"
            text += try fileSystem.readText("\(folder)/\(name)")
            if !text.hasSuffix("\n") { text += "\n" }
        }
        return text
    }
}

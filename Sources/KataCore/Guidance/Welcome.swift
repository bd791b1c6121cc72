/// The first-run welcome: the whole loop in five lines, pointing at a lesson.
public enum Welcome {
    public static func text(first lesson: Lesson, words: Words, style: Style) -> String {
        // As it opens from where the learner stands (`Sources/` inside the lesson's folder).
        let path = words.path(lesson.sources, in: lesson) + "/"
        let lines = [
            style.bold(words.say("Welcome to DI Kata! The loop, in five steps:", "欢迎来到 DI Kata！学习的循环只有五步：")),
            "  1. " + words.say("Read the lesson: press t (or run \(words.kata) show \(lesson.id)).", "阅读课文：按 t（或运行 \(words.kata) show \(lesson.id)）。"),
            "  2. " + words.say("Edit the code in \(path) in your editor.", "在编辑器里修改 \(path) 中的代码。"),
            "  3. " + words.say("Save the file: this window checks it by itself.", "保存文件：这个窗口会自动检查。"),
            "  4. " + words.say("See the verdict here: red tells you what to fix next, green means done.", "在这里查看结果：红色告诉你下一步要修什么，绿色表示完成。"),
            "  5. " + words.say("Stuck? Press h for a hint (one at a time).", "卡住了？按 h 查看提示（一次一条）。"),
            words.say("You start with lesson \(lesson.id) · \(lesson.title(in: words.language)).",
                      "从第 \(lesson.shownNumber) 课开始：\(lesson.title(in: words.language))。"),
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

extension CommandSpec {
    static let show = CommandSpec(
        name: "show",
        summary: LocalizedText(english: "Print a lesson's text", chinese: "显示一课的课文"),
        usage: "kata show <lesson> [--lang zh-Hans]",
        help: """
            Prints the lesson's README for the terminal: the problem, the idea,
            the steps, and the names the tests rely on.

            Example:
              kata show 01
              kata show constructor-injection --lang zh-Hans
            """,
        run: { invocation, context in
            guard let name = invocation.positional.first else {
                throw KataError.whichLesson("kata show 01", context.words)
            }
            let course = try context.loadCourse()
            let lesson = try context.lesson(named: name, in: course)
            let path = lesson.readme(in: context.language)
            let text = try context.fileSystem.readText(path)
            // The lesson text names both forms of every command itself: it is shown as written (wrapped, not rewritten).
            let console: any Console = (context.console as? LearnerConsole).map {
                LearnerConsole(base: $0.base, command: .installed, wrapWidth: $0.wrapWidth)
            } ?? context.console
            console.write(MarkdownTerminal(style: context.style, width: context.console.width).render(text))
            try? context.progressStore.update { $0.current = lesson.id }
            return 0
        }
    )
}

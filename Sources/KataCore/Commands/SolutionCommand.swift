extension CommandSpec {
    static let solution = CommandSpec(
        name: "solution",
        summary: LocalizedText(english: "Show a lesson's reference solution (after it passes)", chinese: "显示一课的参考答案（通过之后）"),
        usage: "kata solution <lesson> [--force]",
        help: """
            Prints the reference solution of a lesson you passed, to compare with
            yours. Before the lesson passes it refuses (exit status 1); --force shows
            it anyway and records in progress that you saw it early (solution_seen).

            Example:
              kata solution 01
              kata solution 01 --force
            """,
        flags: ["--force"],
        run: { invocation, context in
            try Handout.requireInstructorCopy(context, command: "solution")
            let course = try context.loadCourse()
            let lesson = try GuidanceCommandSupport.lesson(invocation, course: course, context: context, example: "kata solution 01")
            let words = context.words
            let progress = context.loadProgress()
            if !progress.hasPassed(lesson.id) {
                guard invocation.has("--force") else {
                    throw KataError.failure(words.say(
                        "the solution of \(lesson.id) opens once the lesson passes (kata check \(lesson.id)). Stuck? kata hint \(lesson.id). To look now anyway: kata solution \(lesson.id) --force (progress records it).",
                        "第 \(lesson.shownNumber) 课通过后才能查看答案（kata check \(lesson.id)）。卡住了？kata hint \(lesson.id)。如果现在就要看：kata solution \(lesson.id) --force（进度中会记录）。"))
                }
                let text = try SolutionText.render(lesson, fileSystem: context.fileSystem, words: words, style: context.style, width: context.console.width)
                try context.progressStore.update { progress in
                    var entry = progress[lesson.id]
                    entry.solutionSeen = true
                    progress[lesson.id] = entry
                }
                context.console.write(text)
                context.console.writeError(words.say(
                    "kata: noted in progress: the solution of \(lesson.id) was seen before the lesson passed.\n",
                    "kata：已在进度中记录：在通过第 \(lesson.shownNumber) 课之前查看了答案。\n"))
                return 0
            }
            context.console.write(try SolutionText.render(lesson, fileSystem: context.fileSystem, words: words, style: context.style, width: context.console.width))
            return 0
        }
    )
}

extension CommandSpec {
    static let hint = CommandSpec(
        name: "hint",
        summary: LocalizedText(english: "Show the next hint of a lesson", chinese: "显示一课的下一条提示"),
        usage: "kata hint [lesson] [--all]",
        help: """
            Shows one more hint each time you run it (the hints you saw are kept in
            .kata/progress.json). When the last check failed, the lesson's nudge for
            what failed first (the test, the rule, or the compiler error) comes
            before the hints. --all shows every hint at once. Without a lesson:
            the one whose folder you are in, else the one you work on now.

            Example:
              kata hint 01
              kata hint --all
            """,
        flags: ["--all"],
        run: { invocation, context in
            let course = try context.loadCourse()
            let lesson = try GuidanceCommandSupport.lesson(invocation, course: course, context: context, example: "kata hint 01")
            StarterStore(context: context).remember(lesson, progress: context.loadProgress())
            let failure = context.loadProgress()[lesson.id].firstFailure
            let shown = try Hints.reveal(lesson, all: invocation.has("--all"), context: context)
            context.console.write(Nudges.withHints(lesson, upTo: shown, failure: failure, words: context.words, style: context.style))
            return 0
        }
    )
}

enum GuidanceCommandSupport {
    /// The named lesson, or the current one when none is named.
    static func lesson(_ invocation: Invocation, course: Course, context: KataContext, example: String) throws -> Lesson {
        if let name = invocation.positional.first { return try context.lesson(named: name, in: course) }
        if let lesson = WatchCommandSupport.currentLesson(course: course, progress: context.loadProgress()) { return lesson }
        throw KataError.whichLesson(example, context.words)
    }
}

extension CommandSpec {
    static let watch = CommandSpec(
        name: "watch",
        summary: LocalizedText(english: "Check a lesson on every save (the learner's main loop)", chinese: "每次保存时自动检查一课（主要的学习循环）"),
        usage: "kata watch [lesson]",
        help: """
            Opens watch mode on a lesson (default: the one you worked on last, else the
            next one not passed): its title and task, then a check every time you save
            one of its files; a save during a check stops that check and checks the
            new code. Keys: h hint, l list (arrows or a number, then Enter, open a
            lesson), t the lesson's text, r check again, s solution (after passing),
            d refactoring, n next lesson, q quit. Panels scroll with the arrows,
            PgUp/PgDn and space, and close with Esc or q.
            `kata` with no command opens watch mode too when run in a terminal; in a
            pipe or a script it prints the course status instead.

            Example:
              kata watch
              kata watch 01 --lang zh-Hans
            """,
        run: { invocation, context in
            let course = try context.loadCourse()
            let implicit = invocation.command == nil
            let progress = context.loadProgress()
            let lesson = try invocation.positional.first.map { try context.lesson(named: $0, in: course) }
                ?? WatchCommandSupport.currentLesson(course: course, progress: progress)
            guard let lesson else {
                throw KataError.failure("this course has no lessons kata can open; run kata list to see why")
            }
            guard context.console.isInteractive, context.terminal.enterRawMode() else {
                if implicit { return try CommandSpec.list.run(Invocation(command: "list"), context) }
                throw KataError.usage("watch mode needs a terminal for keys and screen. Run it in a terminal, or use kata check \(lesson.id) in scripts.")
            }
            defer { context.terminal.restore() }
            StarterStore(context: context).rememberUnseen(course, progress: progress)
            let checks = BackgroundChecks { lesson, cancellation, progress in
                var checking = context
                checking.processRunner = TestProgress(
                    base: CancellableProcessRunner(base: context.processRunner, cancellation: cancellation),
                    context: context, update: progress)
                do {
                    return try checking.makeChecker().check(lesson)
                } catch {
                    return CheckReport(lesson: lesson.id, status: .error, stage: .module, diagnostics: [
                        Diagnostic(file: "", line: 0, column: 0, severity: "error", message: "\(error)"),
                    ])
                }
            }
            let session = WatchSession(context: context, course: course, lesson: lesson, checks: checks)
            return session.run()
        }
    )
}

enum WatchCommandSupport {
    /// The lesson watch mode opens: the current one, else the first not passed, else the first.
    static func currentLesson(course: Course, progress: Progress) -> Lesson? {
        if let current = progress.current, let lesson = course.lesson(named: current) { return lesson }
        return course.lessons.first { !progress.hasPassed($0.id) } ?? course.lessons.first
    }
}

extension CommandSpec {
    static let verify = CommandSpec(
        name: "verify",
        summary: LocalizedText(english: "Check the whole course against the lesson contract", chinese: "按课程约定检查整个课程"),
        usage: "kata verify [lesson...] [--json] [--jobs N]",
        help: """
            For every lesson (or the ones named): the starter fails, the reference
            solution passes, every wrong solution fails, the metadata and both texts
            are complete, and nothing in Lessons/ reaches into Solutions/.
            The starter judged is the one a handout carries (git HEAD, or the copy
            kept in .kata/starters), not your working files, so lessons you tried
            yourself are judged as shipped. Exit status 0 when all holds, 1 with a
            list of what is wrong. `kata export` reuses the result while the
            lesson's files stay the same.

            Example:
              kata verify
              kata verify 01 02 --jobs 1
            """,
        options: ["--jobs"],
        run: { invocation, context in
            try Handout.requireInstructorCopy(context, command: "verify")
            let course = try context.loadCourse()
            let only = try invocation.positional.isEmpty ? nil : invocation.positional.map { try context.lesson(named: $0, in: course) }
            var jobs = 2
            if let value = invocation.option("--jobs") {
                guard let number = Int(value), number > 0 else { throw KataError.usage(context.words.say("--jobs takes a whole number, like --jobs 2", "--jobs 需要一个整数，例如 --jobs 2")) }
                jobs = number
            }
            let verifier = try context.makeVerifier(jobs: jobs)
            let result = verifier.verify(course, only: only)
            // Kept for kata export, which hands out only lessons that hold their contract.
            let records = VerifyRecords(fileSystem: context.fileSystem, stateFolder: context.stateFolder)
            let byID = Dictionary(course.lessons.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for lessonResult in result.lessons {
                guard let lesson = byID[lessonResult.lesson] else { continue }
                records.save(lessonResult, fingerprint: records.fingerprint(lesson, starter: verifier.starters?(lesson)?.files))
            }
            if invocation.has("--json") {
                try context.writeJSON(result)
            } else {
                let style = context.style
                var lines: [String] = []
                for problem in result.courseProblems { lines.append(style.red("✘ course: ") + problem) }
                for lesson in result.lessons {
                    lines.append((lesson.ok ? style.green("✔ ") : style.red("✘ ")) + lesson.lesson)
                    for fact in lesson.facts { lines.append(style.dim("    " + fact)) }
                    for problem in lesson.problems { lines.append(style.red("    - ") + problem) }
                }
                let bad = result.lessons.filter { !$0.ok }.count + (result.courseProblems.isEmpty ? 0 : 1)
                let words = context.words
                lines.append(bad == 0
                    ? style.green(words.say("The course holds its contract (\(words.count(result.lessons.count, "lesson", "lessons", "课"))).",
                                            "课程符合约定（\(words.count(result.lessons.count, "lesson", "lessons", "课")))。"))
                    : style.red(words.say("\(bad == 1 ? "1 lesson has" : "\(bad) lessons have") problems: fix the items marked ✘ above.",
                                          "\(bad) 处有问题：请修正上面标有 ✘ 的项目。")))
                context.console.write(lines.joined(separator: "\n") + "\n")
            }
            return result.ok ? 0 : 1
        }
    )
}

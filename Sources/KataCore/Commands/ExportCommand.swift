extension CommandSpec {
    static let export = CommandSpec(
        name: "export",
        summary: LocalizedText(english: "Write the student handout of the course (for teachers)", chinese: "导出发给学生的课程版本（供老师使用）"),
        usage: "kata export <folder> [--warn-only] [--json]",
        help: """
            Copies the course into a new or empty folder for students: the package,
            the runner, the lessons (their starter code from the pristine copy: git
            HEAD or .kata/starters, never your working files; it says when those
            differ) and their tests, and the lessons of
            KATA_EXTRA_COURSE, but not Solutions/, not the test files a lesson
            lists in hidden_tests, and no build or progress folders. The handout
            is marked with a .kata-handout file: `kata check`, `kata list` and the
            hints work there; `kata verify` and `kata solution` say that the
            instructor kept the solutions. Make a classroom template repository
            from it; grade with `kata grade` from your own full copy.

            Only lessons that hold their contract are handed out: a lesson `kata
            verify` reports stops the export. A lesson whose files did not change
            since `kata verify` keeps that result; the others are verified now.
            --warn-only exports anyway and lists the problems as warnings (a lesson
            not verified since it changed then gets only the checks that need no
            build). The export says which lessons' starters are your working files
            (lessons you are writing, not in git HEAD yet).

            Example:
              kata export ../di-kata-handout
              kata export ../di-kata-handout --warn-only
            """,
        flags: ["--warn-only"],
        run: { invocation, context in
            guard let folder = invocation.positional.first else {
                throw KataError.usage(context.words.say("name the folder to write the handout into: kata export <folder>, like kata export ../di-kata-handout", "请指定写入学生版本的文件夹：kata export <文件夹>，例如 kata export ../di-kata-handout"))
            }
            guard invocation.positional.count == 1 else {
                throw KataError.usage(context.words.say("kata export takes one folder, not \(invocation.positional.count)", "kata export 只接受一个文件夹，而不是 \(invocation.positional.count) 个"))
            }
            let base = context.workingDirectory.isEmpty ? context.courseRoot : context.workingDirectory
            let target = folder.hasPrefix("/") ? folder : base + "/" + folder
            let course = try context.loadCourse()
            let store = StarterStore(context: context)
            let progress = context.loadProgress()
            let words = context.words
            let warnOnly = invocation.has("--warn-only")

            var exporter = HandoutExporter(fileSystem: context.fileSystem, clock: context.clock, starters: { lesson in
                store.published(lesson, progress: progress)?.files
            })
            exporter.words = words
            try exporter.preflight(course: course, from: context.courseRoot, to: target)

            // The contract next: what kata verify reports is not handed out.
            let verdict = exportVerdict(course, context: context, store: store, progress: progress, warnOnly: warnOnly)
            if !verdict.broken.isEmpty && !warnOnly {
                throw KataError.failure(words.say(
                    "kata verify reports \(words.count(verdict.broken.count, "lesson", "lessons", "课")), so nothing was exported:\n",
                    "kata verify 报告了 \(verdict.broken.count) 课有问题，所以没有导出任何东西：\n")
                    + describe(verdict.broken)
                    + "\n" + words.say("Fix them (kata verify NN says what is wrong), or export anyway with --warn-only.",
                                        "请修好它们（kata verify NN 会说明问题），或者加上 --warn-only 照样导出。"))
            }

            let origins = Dictionary(course.lessons.map { ($0.id, store.published($0, progress: progress)?.origin) }, uniquingKeysWith: { first, _ in first })
            var summary = try exporter.export(course: course, from: context.courseRoot, to: target)
            summary.startersFromWorkingFiles = origins.filter { $0.value == .authorsFiles }.map(\.key).sorted()
            summary.lessonsWithProblems = verdict.broken.map(\.lesson)
            summary.lessonsNotVerified = verdict.unverified
            if invocation.has("--json") {
                try context.writeJSON(summary)
                return 0
            }
            var lines = [context.style.green("✔ ") + words.say(
                "Wrote the handout to \(summary.folder): \(words.count(summary.lessons.count, "lesson", "lessons", "课")), \(words.count(summary.filesCopied, "file", "files", "个文件")).",
                "已把学生版本写入 \(summary.folder)：\(summary.lessons.count) 课，\(summary.filesCopied) 个文件。")]
            lines.append("    " + words.say("left out: Solutions/", "未包含：Solutions/"))
            for hidden in summary.hiddenTestsWithheld {
                lines.append("    " + words.say("left out (hidden test): ", "未包含（隐藏测试）：") + hidden)
            }
            if !summary.workingFilesDiffer.isEmpty {
                lines.append("    " + context.style.yellow(words.say(
                    "your working files differ from the starter here, so the pristine starter was exported instead: ",
                    "这些文件夹里你的工作文件与初始代码不同，导出的是原始的初始代码：") + summary.workingFilesDiffer.joined(separator: ", ")))
            }
            if !summary.startersFromWorkingFiles.isEmpty {
                lines.append("    " + words.say(
                    "starter from your working files (lessons you are writing, not in git HEAD): ",
                    "初始代码取自你的工作文件（你正在编写、git HEAD 中还没有的课）：") + summary.startersFromWorkingFiles.joined(separator: ", "))
            }
            if !verdict.broken.isEmpty {
                lines.append("    " + context.style.yellow(words.say(
                    "exported with problems kata verify reports (--warn-only):", "带着 kata verify 报告的问题导出（--warn-only）：")))
                lines.append(describe(verdict.broken).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            }
            if !verdict.unverified.isEmpty {
                lines.append("    " + context.style.yellow(words.say(
                    "kata verify has no result for these lessons as they are now (run kata verify): ", "kata verify 还没有按现在的文件检查过这些课（请运行 kata verify）：") + verdict.unverified.joined(separator: ", ")))
            }
            for skipped in summary.skipped {
                lines.append("    " + context.style.yellow(words.say("not copied (not a regular file): ", "未复制（不是普通文件）：") + skipped))
            }
            lines.append(words.say(
                "Try it: kata --course \(summary.folder) list",
                "试一试：kata --course \(summary.folder) list"))
            context.console.write(lines.joined(separator: "\n") + "\n")
            return 0
        }
    )
}

/// Every lesson of the course judged by the contract: `kata verify`'s record when the lesson is
/// unchanged since, else verified now (with --warn-only: only the checks that need no build).
private func exportVerdict(_ course: Course, context: KataContext, store: StarterStore, progress: Progress, warnOnly: Bool) -> ExportGate.Verdict {
    let records = VerifyRecords(fileSystem: context.fileSystem, stateFolder: context.stateFolder)
    let fileSystem = context.fileSystem
    let console = context.console
    let words = context.words
    let gate = ExportGate(
        records: records,
        starters: { store.published($0, progress: progress) },
        verify: { lessons in
            console.write(words.say(
                "kata verify has no result for these lessons as they are now; verifying them: \(lessons.map(\.id).joined(separator: ", "))\n",
                "kata verify 还没有按现在的文件检查过这些课，正在检查：\(lessons.map(\.id).joined(separator: "、"))\n"))
            do {
                let verifier = try context.makeVerifier(jobs: 2)
                return ConcurrentMap.map(lessons, jobs: verifier.jobs) { verifier.verify($0) }
            } catch {
                return lessons.map { CourseVerifier.LessonResult(lesson: $0.id, problems: ["cannot be verified here: \(error)"], facts: []) }
            }
        },
        quickProblems: { CourseVerifier.quickProblems($0, fileSystem: fileSystem) })
    return gate.judge(course.lessons, verifyNow: !warnOnly)
}

/// Lessons and the first problems verify found in each.
private func describe(_ results: [CourseVerifier.LessonResult]) -> String {
    results.map { result in
        (["  ✘ \(result.lesson)"] + result.problems.prefix(3).map { "      - \($0)" }
            + (result.problems.count > 3 ? ["      - ... (\(result.problems.count - 3) more: kata verify \(result.lesson))"] : []))
            .joined(separator: "\n")
    }.joined(separator: "\n")
}

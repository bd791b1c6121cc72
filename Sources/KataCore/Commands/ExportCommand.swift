extension CommandSpec {
    static let export = CommandSpec(
        name: "export",
        summary: LocalizedText(english: "Write the student handout of the course (for teachers)", chinese: "导出发给学生的课程版本（供老师使用）"),
        usage: "kata export <folder> [--json]",
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

            Example:
              kata export ../di-kata-handout
            """,
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
            var exporter = HandoutExporter(fileSystem: context.fileSystem, clock: context.clock, starters: { lesson in
                store.remember(lesson, progress: progress)?.files
            })
            exporter.words = context.words
            let summary = try exporter.export(course: course, from: context.courseRoot, to: target)
            if invocation.has("--json") {
                try context.writeJSON(summary)
                return 0
            }
            let words = context.words
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

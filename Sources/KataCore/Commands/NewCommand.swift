extension CommandSpec {
    static let new = CommandSpec(
        name: "new",
        summary: LocalizedText(english: "Start a new lesson from a scaffold (for authors)", chinese: "用脚手架开始写一课新课（供作者使用）"),
        usage: "kata new <slug> [--module Name] [--number N] [--json]",
        help: """
            Writes a new lesson in the course format, numbered after the last one:
            lesson.json, both READMEs, a starter module, its tests, a reference
            solution, a wrong solution and steps.json. The example inside works;
            every text and file you must still write is marked TODO(author), and
            `kata verify NN` lists them until none is left. The module name is the
            slug in UpperCamelCase unless --module names one. With
            KATA_EXTRA_COURSE set, the lesson goes into that (your own) folder.

            Example:
              kata new clock-injection
              kata --course ~/my-lessons new retry-policy --module RetryPolicy --number 51
            """,
        options: ["--module", "--number"],
        run: { invocation, context in
            guard let slug = invocation.positional.first else {
                throw KataError.usage(context.words.say("name the new lesson: kata new <slug>, like kata new clock-injection", "请给新课起名：kata new <slug>，例如 kata new clock-injection"))
            }
            guard invocation.positional.count == 1 else {
                throw KataError.usage(context.words.say("kata new takes one slug, not \(invocation.positional.count): like kata new clock-injection", "kata new 只接受一个 slug，而不是 \(invocation.positional.count) 个：例如 kata new clock-injection"))
            }
            var number: Int?
            if let value = invocation.option("--number") {
                guard let parsed = Int(value) else { throw KataError.usage(context.words.say("--number takes a whole number, like --number 51", "--number 需要一个整数，例如 --number 51")) }
                number = parsed
            }
            let course = try context.loadCourse()
            let target = context.extraCourseRoots.first ?? context.courseRoot
            let scaffold = try LessonScaffold.plan(
                slug: slug, module: invocation.option("--module"), number: number, course: course,
                existingFolders: LessonScaffold.existingFolders(in: [context.courseRoot] + context.extraCourseRoots, fileSystem: context.fileSystem))
            let written = try scaffold.write(into: target, fileSystem: context.fileSystem)
            // Its author writes it from here: no first-seen copy of the scaffold may stand in for the starter.
            try? StarterStore(context: context).markAuthored(scaffold.id)
            if invocation.has("--json") {
                try context.writeJSON(LessonScaffold.Created(id: scaffold.id, module: scaffold.module, courseRoot: target, files: written))
                return 0
            }
            let words = context.words
            let style = context.style
            var lines = [style.green("✔ ") + words.say(
                "Created lesson \(scaffold.id) (module \(scaffold.module)) in \(target):",
                "已在 \(target) 中创建第 \(String(format: "%02d", scaffold.number)) 课 \(scaffold.id)（模块 \(scaffold.module)）：")]
            lines += written.map { "    " + $0 }
            let number2 = String(format: "%02d", scaffold.number)
            lines += ["", words.say(
                "Next: write every part marked \(Placeholder.marker) (texts, hints, starter, tests, solution, wrong solution),\nthen run `kata verify \(number2)`: it lists what is still to write, and passes when nothing is left. See AUTHORING.md.",
                "下一步：写完每一处标有 \(Placeholder.marker) 的内容（正文、提示、初始代码、测试、参考答案、错误答案），\n然后运行 `kata verify \(number2)`：它会列出还没写完的地方，全部写完后即通过。见 AUTHORING.md。")]
            context.console.write(lines.joined(separator: "\n") + "\n")
            return 0
        }
    )
}

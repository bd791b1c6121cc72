extension CommandSpec {
    static let diff = CommandSpec(
        name: "diff",
        summary: LocalizedText(english: "Show your change against the starter (and, once passed, the solution)", chinese: "显示你相对初始代码的修改（通过后还可对比参考答案）"),
        usage: "kata diff <lesson>",
        help: """
            Shows, as a colored unified diff, what you changed in Lessons/<lesson>/Sources
            since the starter as the course shipped it (from git when the course is a
            checkout, else from the copy kata keeps in .kata/starters/ from the first
            time it sees a lesson). Once you have passed the lesson, it also shows how
            your code differs from the reference solution.

            Example:
              kata diff 01
            """,
        run: { invocation, context in
            guard let name = invocation.positional.first else { throw KataError.whichLesson("kata diff 01", context.words) }
            let course = try context.loadCourse()
            let lesson = try context.lesson(named: name, in: course)
            let words = context.words
            let style = context.style
            let relative = "Lessons/\(lesson.id)/Sources"
            let progress = context.loadProgress()
            guard let pristine = StarterStore(context: context).remember(lesson, progress: progress) else {
                throw KataError.failure(words.say(
                    "no pristine copy of the starter exists: the course folder is not a git checkout, and lesson \(lesson.id) was already changed when kata first saw it. Without one kata cannot tell your change from the starter. Get the course with `git clone` (or a fresh download) to use kata diff.",
                    "没有初始代码的原始副本：课程文件夹不是 git 仓库，而且 kata 第一次见到第 \(lesson.shownNumber) 课时它已经被修改过。没有它，kata 无法区分你的修改和初始代码。请用 `git clone`（或重新下载）获取课程后再使用 kata diff。"))
            }
            let starter = pristine.texts
            let mine = RefactoringSteps.snapshot(lesson.sources, fileSystem: context.fileSystem)
            var output = style.bold(words.say("Your change to the starter (\(relative))", "你对初始代码的修改（\(relative)）")) + "\n"
            let change = LineDiff.modules(old: starter, new: mine, oldLabel: "starter", newLabel: "yours", style: style)
            output += change.isEmpty ? style.dim(words.say("You have not changed the starter yet.", "你还没有修改初始代码。")) + "\n" : change
            let can = Handout.capabilities(of: lesson, courseRoot: context.courseRoot, fileSystem: context.fileSystem)
            if !can.solution {
                output += "\n" + style.dim(can.whyNoSolution(words, lesson: lesson)) + "\n"
            } else if progress.hasPassed(lesson.id) {
                let solution = RefactoringSteps.snapshot(lesson.solutionSources, fileSystem: context.fileSystem)
                output += "\n" + style.bold(words.say("Your code against the reference solution", "你的代码与参考答案的对比")) + "\n"
                let against = LineDiff.modules(old: mine, new: solution, oldLabel: "yours", newLabel: "solution", style: style)
                output += against.isEmpty ? style.green(words.say("Your code is the reference solution, line for line.", "你的代码与参考答案逐行相同。")) + "\n" : against
            } else {
                output += "\n" + style.dim(words.say("Pass the lesson (kata check \(lesson.id)) to compare your code with the reference solution.", "通过本课（kata check \(lesson.id)）后即可与参考答案对比。")) + "\n"
            }
            context.console.write(output)
            return 0
        }
    )
}

import Foundation

extension CommandSpec {
    static let refactor = CommandSpec(
        name: "refactor",
        summary: LocalizedText(english: "Walk through a lesson's refactoring, step by step", chinese: "一步一步查看一课的重构过程"),
        usage: "kata refactor <lesson> [--graph] [--format terminal|mermaid|dot|json] [--no-tests] [--force]",
        help: """
            Shows the way from the lesson's starter to its reference solution as
            named steps: each with its explanation, a colored diff against the step
            before, and the lesson's test bar at that step ("2 of 5 tests pass", or
            "does not compile against the tests yet"), found by building the step.
            In a terminal one step at a time: Enter for the next, b (then Enter) to
            go back, q to quit. Piped, all steps at once.

            --graph             the dependency graph before (starter) and after (solution)
            --format FORMAT     with --graph: terminal (default), mermaid, dot or json;
                                without --graph: json prints the steps and test bars
            --no-tests          skip building the steps (no test bars)
            --force             the steps end in the reference solution, so like
                                kata solution they open once the lesson passes;
                                --force shows them before, and progress records
                                it (solution_seen). The graph needs no --force.

            Example:
              kata refactor 01
              kata refactor 01 --graph --format mermaid > refactoring.md
            """,
        flags: ["--graph", "--no-tests", "--force"],
        options: ["--format"],
        run: { invocation, context in
            guard let name = invocation.positional.first else { throw KataError.whichLesson("kata refactor 01", context.words) }
            let course = try context.loadCourse()
            let lesson = try context.lesson(named: name, in: course)
            let words = context.words
            let can = Handout.capabilities(of: lesson, courseRoot: context.courseRoot, fileSystem: context.fileSystem)
            if !can.solution {
                throw KataError.failure(words.say(
                    "kata refactor walks from the starter to the reference solution. ",
                    "kata refactor 展示从初始代码到参考答案的过程。") + can.whyNoSolution(words, lesson: lesson)
                    + words.say(" Your own change: kata diff \(lesson.id). Your code's graph: kata graph \(lesson.id).",
                                "你自己的修改：kata diff \(lesson.id)。你的代码的依赖图：kata graph \(lesson.id)。"))
            }
            // A graph format (mermaid, dot, terminal) means the graph: --format asks for it.
            let graphFormat = invocation.option("--format").map { $0 != "json" } ?? false
            if invocation.has("--graph") || graphFormat {
                let format = try GraphFormat.parse(invocation.option("--format") ?? (invocation.has("--json") ? "json" : nil))
                var analyzer = context.makeCodeAnalyzer()
                let known = try? KnownHiddenDependencies.load(lesson, fileSystem: context.fileSystem)
                analyzer.compositionRoots = Set(known?.compositionRoots ?? [])
                analyzer.collaborators = lesson.declaredCollaborators
                let starterFolder = context.pristineStarterFolder(of: lesson)
                let before = try analyzer.analyze(folder: starterFolder ?? lesson.sources, displayRoot: starterFolder ?? context.courseRoot)
                guard context.fileSystem.isDirectory(lesson.solutionSources) else {
                    throw KataError.failure(can.whyNoSolution(words, lesson: lesson))
                }
                let after = try analyzer.analyze(folder: lesson.solutionSources, displayRoot: context.courseRoot)
                let panels = [
                    GraphPanel(title: words.say("Before: the starter", "之前：初始代码"), analysis: before),
                    GraphPanel(title: words.say("After: the reference solution", "之后：参考答案"), analysis: after),
                ]
                try context.writeGraph(panels, format: format)
                if format == .terminal {
                    context.console.write(context.style.bold(words.say(
                        "Hidden dependencies: \(before.hiddenDependencies.count) → \(after.hiddenDependencies.count)",
                        "隐藏依赖：\(before.hiddenDependencies.count) → \(after.hiddenDependencies.count)")) + "\n")
                }
                return 0
            }
            // The steps end in the reference solution's code: like kata solution, they open once the lesson passes.
            if !context.loadProgress().hasPassed(lesson.id) {
                guard invocation.has("--force") else {
                    throw KataError.failure(words.say(
                        "the refactoring of \(lesson.id) ends in the reference solution, so it opens once the lesson passes (kata check \(lesson.id)). Stuck? kata hint \(lesson.id). Before and after as a graph, without code: kata refactor \(lesson.id) --graph. To look now anyway: kata refactor \(lesson.id) --force (progress records it).",
                        "第 \(lesson.shownNumber) 课的重构以参考答案结束，所以课程通过后才能查看（kata check \(lesson.id)）。卡住了？kata hint \(lesson.id)。只看前后的依赖图、不看代码：kata refactor \(lesson.id) --graph。如果现在就要看：kata refactor \(lesson.id) --force（进度中会记录）。"))
                }
                try context.progressStore.update { $0[lesson.id].solutionSeen = true }
                context.console.writeError(words.say(
                    "kata: noted in progress: the refactoring of \(lesson.id) was seen before the lesson passed.\n",
                    "kata：已在进度中记录：在通过第 \(lesson.shownNumber) 课之前查看了重构过程。\n"))
            }
            let steps: [RefactorStep]
            do {
                guard let loaded = try RefactoringSteps.load(lesson, fileSystem: context.fileSystem) else {
                    throw KataError.failure(words.say(
                        "lesson \(lesson.id) has no refactoring steps yet (Solutions/\(lesson.id)/steps.json). Try kata refactor \(lesson.id) --graph for the before/after picture.",
                        "第 \(lesson.shownNumber) 课还没有重构步骤（Solutions/\(lesson.id)/steps.json）。可以试试 kata refactor \(lesson.id) --graph 查看前后对比。"))
                }
                steps = loaded
            } catch let error as MetadataError {
                throw KataError.failure(words.say("the steps of lesson \(lesson.id) cannot be read:\n", "无法读取\(words.lesson(lesson))的重构步骤：\n") + error.problems.map { "  - \($0)" }.joined(separator: "\n"))
            }
            let runTests = !invocation.has("--no-tests")
            if runTests && context.console.isInteractive {
                context.console.writeError(context.style.dim(words.say("Building \(steps.count + 1) versions of the code for the test bars…", "正在构建 \(steps.count + 1) 个版本的代码以得到测试进度…")) + "\n")
            }
            var analyzer = context.makeCodeAnalyzer()
            analyzer.compositionRoots = Set((try? KnownHiddenDependencies.load(lesson, fileSystem: context.fileSystem))?.compositionRoots ?? [])
            analyzer.collaborators = lesson.declaredCollaborators
            let starter = context.pristineStarterFolder(of: lesson)
            if starter != nil {
                context.console.writeError(context.style.dim(words.say(
                    "The walk starts from the starter as the course shipped it, not from your edited code (kata diff \(lesson.id) shows your change).",
                    "这里从课程原始的初始代码开始，而不是你修改过的代码（kata diff \(lesson.id) 显示你的修改）。")) + "\n")
            }
            let walk = RefactorWalk.make(lesson: lesson, steps: steps, fileSystem: context.fileSystem,
                                         checker: runTests ? try context.makeChecker() : nil, analyzer: analyzer, starter: starter)
            if invocation.option("--format") == "json" || invocation.has("--json") {
                struct Entry: Encodable { var title: String; var folder: String; var tests: TestBar; var hiddenDependencies: [HiddenDependency]?; var explanation: String }
                try context.writeJSON(walk.points.map { point in
                    Entry(title: point.step?.title.text(in: context.language) ?? "starter",
                          folder: DiagnosticParser.relative(point.folder, to: context.courseRoot),
                          tests: point.bar, hiddenDependencies: point.hidden, explanation: point.step?.explanation.text(in: context.language) ?? "")
                })
                return 0
            }
            RefactorPager(console: context.console, style: context.style, words: words).show(walk)
            return 0
        }
    )
}

/// Shows a walk: one point at a time in a terminal, all at once when piped.
struct RefactorPager {
    let console: any Console
    let style: Style
    let words: Words

    func show(_ walk: RefactorWalk) {
        let rule = style.dim(String(repeating: "─", count: min(console.width ?? 72, 72)))
        guard console.isInteractive else {
            for index in walk.points.indices {
                console.write(walk.render(index, style: style, words: words))
                if index < walk.points.count - 1 { console.write(rule + "\n") }
            }
            return
        }
        var index = 0
        var afterLetter = false
        while true {
            console.write(rule + "\n" + walk.render(index, style: style, words: words))
            let last = index == walk.points.count - 1
            console.write(style.cyan(last
                ? words.say("[b] back · [q] or Enter: done ", "[b] 上一步 · [q] 或回车：结束 ")
                : words.say("[Enter] next · [b] back · [q] quit ", "[回车] 下一步 · [b] 上一步 · [q] 退出 ")))
            guard var key = console.readKey(timeout: 3600) else { console.write("\n"); return }
            // A line-buffered terminal delivers "b" and then the Enter that sent it: that Enter is not "next".
            while (key == "\n" || key == "\r") && afterLetter {
                afterLetter = false
                guard let next = console.readKey(timeout: 3600) else { console.write("\n"); return }
                key = next
            }
            afterLetter = key != "\n" && key != "\r" && key != " "
            console.write("\n")
            switch key.lowercased() {
            case "q": return
            case "b": index = max(0, index - 1)
            default:
                if last { return }
                index += 1
            }
        }
    }
}

extension KataContext {
    /// When the learner has edited the starter: the pristine copy kata keeps in
    /// `.kata/starters/<lesson>/Sources`, so the walk begins where the course begins.
    /// nil when the starter is untouched or no pristine copy exists (the lesson folder is used).
    func pristineStarterFolder(of lesson: Lesson) -> String? {
        let store = StarterStore(context: self)
        guard let pristine = store.remember(lesson, progress: loadProgress()), !pristine.files.isEmpty,
              pristine.texts != RefactoringSteps.snapshot(lesson.sources, fileSystem: fileSystem)
        else { return nil }
        return store.folder(of: lesson) + "/Sources"
    }
}

extension CommandSpec {
    static let verify = CommandSpec(
        name: "verify",
        summary: LocalizedText(english: "Check the whole course against the lesson contract", chinese: "按课程约定检查整个课程"),
        usage: "kata verify [lesson...] [--json] [--jobs N] [--mutants [--sample N] [--operator NAME]]",
        help: """
            For every lesson (or the ones named): the starter fails, the reference
            solution passes, every wrong solution fails, the metadata and both texts
            are complete, and nothing in Lessons/ reaches into Solutions/.
            The starter judged is the one a handout carries (git HEAD, or the copy
            kept in .kata/starters), not your working files, so lessons you tried
            yourself are judged as shipped. Exit status 0 when all holds, 1 with a
            list of what is wrong. `kata export` reuses the result while the
            lesson's files stay the same.

            With --mutants, judges the judge instead: small mistakes a learner makes
            (a kept collaborator in a var or unowned(unsafe) or a static, a
            singleton back at a use, a part built inside, a default argument that
            builds it, a factory's first product handed out again, a copy where a
            part is shared, the parent handed on instead of itself, a lock dropped,
            a call removed, a condition negated, an early return) are made
            one at a time in each reference solution, and the lesson's tests, rules
            and sanitizers judge each. It prints each lesson's mutation score and
            every mutant that survived (file, line, the changed line). Declare a
            mutant that behaves like the solution in Solutions/NN-slug/mutants.json:
            {"equivalent": {"<id>": "why"}}. --sample N judges every N-th mutant;
            --operator judges one operator's mutants only (names as printed, several
            separated by commas).

            Example:
              kata verify
              kata verify 01 02 --jobs 1
              kata verify --mutants 01
              kata verify --mutants 06 --operator copy-for-share
            """,
        flags: ["--mutants"],
        options: ["--jobs", "--sample", "--operator"],
        run: { invocation, context in
            try Handout.requireInstructorCopy(context, command: "verify")
            let course = try context.loadCourse()
            let only = try invocation.positional.isEmpty ? nil : invocation.positional.map { try context.lesson(named: $0, in: course) }
            var jobs = 2
            if let value = invocation.option("--jobs") {
                guard let number = Int(value), number > 0 else { throw KataError.usage(context.words.say("--jobs takes a whole number, like --jobs 2", "--jobs 需要一个整数，例如 --jobs 2")) }
                jobs = number
            }
            if invocation.has("--mutants") {
                return try runMutants(course: course, only: only, jobs: jobs, invocation: invocation, context: context)
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
                    for warning in lesson.warnings { lines.append(style.yellow("    ! ") + warning) }
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

/// `kata verify --mutants`: the mutation score of each lesson's judge, with every survivor.
private func runMutants(course: Course, only: [Lesson]?, jobs: Int, invocation: Invocation, context: KataContext) throws -> Int32 {
    let words = context.words
    let checker = try context.makeChecker()
    guard let reader = checker.programReader else {
        throw KataError.usage(words.say("--mutants needs the compiler's reading of the code (unset KATA_MEANING=off)",
                                        "--mutants 需要编译器对代码的解读（请取消 KATA_MEANING=off）"))
    }
    var stride = 1
    if let value = invocation.option("--sample") {
        guard let number = Int(value), number > 0 else {
            throw KataError.usage(words.say("--sample takes a whole number, like --sample 4 (every 4th mutant)", "--sample 需要一个整数，例如 --sample 4（每 4 个变异体取一个）"))
        }
        stride = number
    }
    var configured = MutationTester(checker: checker, reader: reader, fileSystem: context.fileSystem, scratch: "\(context.stateFolder)/mutants")
    configured.stride = stride
    if let value = invocation.option("--operator") {
        let names = Set(value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let unknown = names.subtracting(MutationOperators.names)
        guard unknown.isEmpty else {
            let list = MutationOperators.names.sorted().joined(separator: ", ")
            throw KataError.usage(words.say("no mutation operator named \(unknown.sorted().joined(separator: ", ")); the operators are \(list)",
                                            "没有名为 \(unknown.sorted().joined(separator: ", ")) 的变异算子；可用的算子有 \(list)"))
        }
        configured.operators = names
    }
    let tester = configured
    let lessons = only ?? course.lessons
    let started = context.clock.now()
    let scores = ConcurrentMap.map(lessons, jobs: jobs) { tester.score($0) }
    let seconds = Int(context.clock.now().timeIntervalSince(started).rounded())
    if invocation.has("--json") {
        try context.writeJSON(scores)
    } else {
        let style = context.style
        var lines: [String] = []
        for score in scores {
            let judged = score.killed + score.survived.count
            let notViable = score.outcomes.filter { $0.verdict == .notViable }.count
            let percent = Int((score.score * 100).rounded(.down))
            let line = "\(score.lesson): \(percent)% killed (\(score.killed) of \(judged); \(score.equivalent.count) equivalent, \(notViable) do not build)"
            lines.append((score.survived.isEmpty && score.problems.isEmpty ? style.green("✔ ") : style.red("✘ ")) + line)
            for outcome in score.survived {
                lines.append(style.red("    survived ") + "\(outcome.mutant.mutation) at \(outcome.mutant.file):\(outcome.mutant.line): " + outcome.mutant.mutated.map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\n", with: " ↵ ") }.joined(separator: " / "))
            }
            for outcome in score.equivalent { lines.append(style.dim("    equivalent \(outcome.mutant.id): \(outcome.detail)")) }
            for problem in score.problems { lines.append(style.red("    - ") + problem) }
        }
        let killed = scores.map(\.killed).reduce(0, +), judged = scores.map { $0.killed + $0.survived.count }.reduce(0, +)
        lines.append(words.say("\(killed) of \(judged) mutants killed in \(seconds) s\(stride > 1 ? " (a sample: one mutant in \(stride))" : "").",
                               "\(seconds) 秒内，\(judged) 个变异体中有 \(killed) 个被判出\(stride > 1 ? "（每 \(stride) 个取一个）" : "")。"))
        context.console.write(lines.joined(separator: "\n") + "\n")
    }
    return scores.allSatisfy { $0.survived.isEmpty && $0.problems.isEmpty } ? 0 : 1
}

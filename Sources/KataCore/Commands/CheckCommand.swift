extension CommandSpec {
    static let check = CommandSpec(
        name: "check",
        summary: LocalizedText(english: "Build and test a lesson against your code", chinese: "针对你的代码构建并测试一课"),
        usage: "kata check <lesson> [--json] [--timeout SECONDS] [--builder swiftc|swiftpm] [--junit FILE]  |  kata check --all [--junit FILE]",
        help: """
            Compiles your code in Lessons/<lesson>/Sources with the lesson's tests
            and prints a verdict for every test. Exit status: 0 when every test
            passes, 1 when not, 2 for a usage error. `--builder swiftpm` builds
            with SwiftPM instead of the compiler directly (slower; the fallback).

            Example:
              kata check 01
              kata check constructor-injection --json
              kata check --all --junit kata-junit.xml   (every lesson; JUnit XML for CI)
            """,
        flags: ["--all"],
        options: ["--timeout", "--builder", "--junit"],
        run: { invocation, context in
            var context = context
            if let value = invocation.option("--timeout") {
                guard let seconds = Double(value), seconds > 0 else {
                    throw KataError.usage("--timeout takes a number of seconds, like --timeout 10")
                }
                context.perTestTimeout = seconds
            }
            switch invocation.option("--builder") {
            case nil, "swiftc": break
            case "swiftpm": context.useSwiftPM = true
            case let other?: throw KataError.usage("--builder takes swiftc or swiftpm, not \"\(other)\"")
            }
            if invocation.has("--all") || invocation.option("--junit") != nil {
                return try CheckAll.run(invocation, context)
            }
            guard let name = invocation.positional.first else {
                throw KataError.usage("which lesson? Example: kata check 01 (see kata list)")
            }
            let course = try context.loadCourse()
            let lesson = try context.lesson(named: name, in: course)
            if !invocation.has("--json") {
                context.processRunner = TestProgress(base: context.processRunner, context: context)
            }
            let report = try context.makeChecker().checkAsLearner(lesson)
            try recordCheck(report, context: context)
            if invocation.has("--json") {
                try context.writeJSON(report)
            } else {
                context.console.write(CheckReportRenderer(style: context.style, words: context.words).render(report, lesson: lesson))
            }
            return report.status == .pass ? 0 : 1
        }
    )

    /// Remembers a check's result in progress (a pass is remembered for good).
    static func recordCheck(_ report: CheckReport, context: KataContext) throws {
        let now = context.clock.now()
        try context.progressStore.update { progress in
            var entry = progress[report.lesson]
            entry.status = report.status
            entry.passedTests = report.passedCount
            entry.totalTests = report.tests.count
            entry.lastCheckedAt = now
            if report.status == .pass && entry.passedAt == nil { entry.passedAt = now }
            progress[report.lesson] = entry
            progress.current = report.lesson
        }
    }
}

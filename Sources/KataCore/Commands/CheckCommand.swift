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
            Run inside a lesson's folder, the lesson can be left out.

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
                    throw KataError.usage(context.words.say("--timeout takes a number of seconds, like --timeout 10", "--timeout 需要一个秒数，例如 --timeout 10"))
                }
                context.perTestTimeout = seconds
            }
            switch invocation.option("--builder") {
            case nil, "swiftc": break
            case "swiftpm": context.useSwiftPM = true
            case let other?: throw KataError.usage(context.words.say("--builder takes swiftc or swiftpm, not \"\(other)\"", "--builder 只能是 swiftc 或 swiftpm，而不是“\(other)”"))
            }
            if invocation.has("--all") || invocation.option("--junit") != nil {
                return try CheckAll.run(invocation, context)
            }
            guard let name = invocation.positional.first else {
                throw KataError.whichLesson("kata check 01", context.words)
            }
            let course = try context.loadCourse()
            let lesson = try context.lesson(named: name, in: course)
            if invocation.positional.count > 1 {
                throw KataError.usage(context.words.say(
                    "kata check takes one lesson, not \(invocation.positional.count); for every lesson: kata check --all",
                    "kata check 一次只检查一课，而不是 \(invocation.positional.count) 课；检查全部课：kata check --all"))
            }
            if !invocation.has("--json") {
                context.processRunner = TestProgress(base: context.processRunner, context: context)
            }
            let missing = StarterFiles.missing(lesson, context: context)
            var report = try context.makeChecker().checkAsLearner(lesson)
            report.missingFiles = missing
            recordCheckOrWarn(report, context: context)
            if invocation.has("--json") {
                try context.writeJSON(report)
            } else {
                context.console.write(CheckReportRenderer(style: context.style, words: context.words, width: context.console.isInteractive ? context.console.width : nil).render(report, lesson: lesson))
            }
            return report.status == .pass ? 0 : 1
        }
    )

    /// Remembers a check's result; when progress cannot be written, says so on
    /// standard error and goes on (the verdict, and `--json`, still print).
    static func recordCheckOrWarn(_ report: CheckReport, context: KataContext) {
        do {
            try recordCheck(report, context: context)
        } catch {
            context.console.writeError("kata: " + context.words.say(
                "the result was not saved (\(KataErrorText.describe(error, words: context.words))). To keep progress, set KATA_STATE_DIR to a folder you can write.",
                "结果没有保存（\(KataErrorText.describe(error, words: context.words))）。要保存进度，请把 KATA_STATE_DIR 设为你能写入的文件夹。") + "\n")
        }
    }

    /// Remembers a check's result in progress (a pass is remembered for good).
    static func recordCheck(_ report: CheckReport, context: KataContext) throws {
        let now = context.clock.now()
        try context.progressStore.update { progress in
            var entry = progress[report.lesson]
            entry.status = report.status
            entry.passedTests = report.passedCount
            entry.totalTests = report.tests.count
            entry.lastCheckedAt = now
            entry.firstFailure = Progress.FirstFailure(report)
            if report.status == .pass && entry.passedAt == nil { entry.passedAt = now }
            progress[report.lesson] = entry
            progress.current = report.lesson
        }
    }
}

/// Starter files a learner's lesson folder lacks, or holds empty: named in the
/// verdict, with `kata reset` offered.
enum StarterFiles {
    static func missing(_ lesson: Lesson, context: KataContext) -> [String] {
        guard let starter = StarterStore(context: context).remember(lesson, progress: context.loadProgress()) else { return [] }
        return starter.files.keys.sorted().filter { name in
            let path = "\(lesson.sources)/\(name)"
            guard let data = try? context.fileSystem.read(path) else { return true }
            let starterIsEmpty = starter.files[name].map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } ?? true
            return !starterIsEmpty && String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
    }
}

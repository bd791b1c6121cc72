import Foundation

/// `kata check --all` and `kata check ... --junit FILE`: every lesson (or one) in a row,
/// with a JUnit XML file for CI systems (GitHub Actions, GitHub Classroom).
enum CheckAll {
    static func run(_ invocation: Invocation, _ context: KataContext) throws -> Int32 {
        let course = try context.loadCourse()
        let lessons: [Lesson]
        if invocation.has("--all") {
            guard invocation.positional.isEmpty else {
                throw KataError.usage("--all checks every lesson; leave out the lesson name (or leave out --all)")
            }
            lessons = course.lessons
        } else {
            guard let name = invocation.positional.first else {
                throw KataError.usage("which lesson? Example: kata check 01 --junit results.xml, or kata check --all")
            }
            lessons = [try context.lesson(named: name, in: course)]
        }
        let checker = try context.makeChecker()
        var reports: [CheckReport] = []
        var graded: [GradedLesson] = []
        let renderer = CheckReportRenderer(style: context.style, words: context.words)
        for lesson in lessons {
            let report = checker.checkAsLearner(lesson)
            try CommandSpec.recordCheck(report, context: context)
            reports.append(report)
            graded.append(gradedLesson(report, lesson: lesson))
            if !invocation.has("--json") { context.console.write(renderer.render(report, lesson: lesson) + "\n") }
        }
        let student = context.environment["GITHUB_REPOSITORY"].flatMap { $0.split(separator: "/").last.map(String.init) } ?? "kata"
        let score = graded.map(\.score).reduce(0, +)
        let maxScore = graded.map(\.maxScore).reduce(0, +)
        let passed = reports.filter { $0.status == .pass }.count
        if let path = invocation.option("--junit") {
            let info = GradeRunInfo(toolchain: "", suiteSHA256: "", graderVersion: "kata \(Kata.version)", isolation: .reduced,
                                    isolationDetail: "kata check", lessons: lessons.map(\.id), warnings: [])
            let grade = StudentGrade(student: student, status: passed == reports.count ? .pass : .fail, message: "", score: score,
                                     maxScore: maxScore, lessons: graded, notes: [], failure: nil, submissionSHA256: "")
            let absolute = path.hasPrefix("/") ? path : context.workingDirectory + "/" + path
            try context.fileSystem.writeText(GradeReports.junitXML(ClassGrade(info: info, students: [grade])), to: absolute)
        }
        if invocation.has("--json") {
            try context.writeJSON(reports)
        } else {
            context.console.write(context.words.say(
                "\(passed) of \(reports.count) lessons pass (\(score.scoreText) of \(maxScore.scoreText) points).\n",
                "\(reports.count) 课中通过 \(passed) 课（\(maxScore.scoreText) 分中得 \(score.scoreText) 分）。\n"))
        }
        return passed == reports.count ? 0 : 1
    }

    /// A check's verdicts with the lesson's points (from lesson.json), as `kata grade` counts them.
    static func gradedLesson(_ report: CheckReport, lesson: Lesson) -> GradedLesson {
        guard report.stage == .run, !report.tests.isEmpty else {
            let message = report.diagnostics.first.map { d in d.file.isEmpty ? d.message : "\(d.file):\(d.line):\(d.column): \(d.message)" } ?? "no test ran"
            let what = report.stage == .module ? "does not compile" : report.stage == .tests ? "does not compile against the tests" : "no test ran"
            let test = GradedTest(name: "the lesson's tests", function: "", lesson: lesson.id, status: .error, errorKind: "does not compile",
                                  message: "\(what): \(message)", output: "", score: 0, maxScore: lesson.metadata.points, durationMs: 0, hidden: false)
            return GradedLesson(lesson: lesson.id, status: .error, message: test.message, score: 0, maxScore: lesson.metadata.points, tests: [test])
        }
        let functions = report.tests.map { Grader.function(of: $0.id) }
        let points = PointsAllocator.allocate(points: lesson.metadata.points, testPoints: lesson.metadata.testPoints, functions: functions)
        let tests = report.tests.enumerated().map { index, verdict in
            GradedTest(name: verdict.name, function: functions[index], lesson: lesson.id, status: verdict.status,
                       errorKind: verdict.errorKind?.rawValue, message: verdict.message, output: "",
                       score: verdict.status == .pass ? points[index] : 0, maxScore: points[index],
                       durationMs: verdict.durationMs ?? 0, hidden: false, file: verdict.file, line: verdict.line)
        }
        return GradedLesson(lesson: lesson.id, status: report.status, message: "", score: PointsAllocator.round2(tests.map(\.score).reduce(0, +)),
                            maxScore: PointsAllocator.round2(points.reduce(0, +)), tests: tests)
    }
}

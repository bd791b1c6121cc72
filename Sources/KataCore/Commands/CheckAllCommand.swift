import Foundation

/// `kata check --all` and `kata check ... --junit FILE`: every lesson (or one) in a row,
/// with a JUnit XML file for CI systems (GitHub Actions, GitHub Classroom).
enum CheckAll {
    static func run(_ invocation: Invocation, _ context: KataContext) throws -> Int32 {
        let course = try context.loadCourse()
        let lessons: [Lesson]
        if invocation.has("--all") {
            guard invocation.positional.isEmpty else {
                throw KataError.usage(context.words.say("--all checks every lesson; leave out the lesson name (or leave out --all)", "--all 会检查所有课；请去掉课的名字（或者去掉 --all）"))
            }
            lessons = course.lessons
        } else {
            guard let name = invocation.positional.first else {
                throw KataError.whichLesson("kata check 01 --junit results.xml, kata check --all", context.words)
            }
            lessons = [try context.lesson(named: name, in: course)]
        }
        let checker = try context.makeChecker()
        var reports: [CheckReport] = []
        var graded: [GradedLesson] = []
        let renderer = CheckReportRenderer(style: context.style, words: context.words, width: context.console.isInteractive ? context.console.width : nil)
        for lesson in lessons {
            var report = checker.checkAsLearner(lesson)
            report.missingFiles = StarterFiles.missing(lesson, context: context)
            CommandSpec.recordCheckOrWarn(report, context: context)
            reports.append(report)
            graded.append(gradedLesson(report, lesson: lesson))
            if !invocation.has("--json") { context.console.write(renderer.render(report, lesson: lesson) + "\n") }
        }
        let student = context.environment["GITHUB_REPOSITORY"].flatMap { $0.split(separator: "/").last.map(String.init) } ?? "kata"
        let score = graded.map(\.score).reduce(0, +)
        let maxScore = graded.map(\.maxScore).reduce(0, +)
        let passed = reports.filter { $0.status == .pass }.count
        if let path = invocation.option("--junit") {
            let absolute = path.hasPrefix("/") ? path : context.workingDirectory + "/" + path
            try context.fileSystem.writeText(CheckJUnit.xml(reports: reports, lessons: lessons, student: student), to: absolute)
        }
        if invocation.has("--json") {
            try context.writeJSON(reports)
        } else {
            context.console.write(context.words.say(
                "\(passed) of \(context.words.count(reports.count, "lesson", "lessons", "")) \(passed == 1 ? "passes" : "pass") (\(score.scoreText) of \(maxScore.scoreText) points).\n",
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

/// The JUnit XML of `kata check`: one suite per lesson (named after the check
/// and the lesson), each test with its measured time; a lesson that does not
/// compile is one error case carrying the compiler's first message.
enum CheckJUnit {
    static func xml(reports: [CheckReport], lessons: [Lesson], student: String) -> String {
        func seconds(_ value: Double) -> String { String(format: "%.6f", value) }
        func testSeconds(_ test: TestVerdict) -> Double { test.durationSeconds ?? Double(test.durationMs ?? 0) / 1000 }
        let cases = reports.map { max(1, $0.tests.count) + ($0.findings.isEmpty ? 0 : 1) }.reduce(0, +)
        let failures = reports.flatMap(\.tests).filter { $0.status == .fail }.count + reports.filter { !$0.findings.isEmpty }.count
        let errors = reports.map { $0.stage == .run && !$0.tests.isEmpty ? $0.tests.filter { $0.status == .error }.count : 1 }.reduce(0, +)
        let total = Double(reports.map(\.durationMs).reduce(0, +)) / 1000
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        lines.append("<testsuites name=\"kata check\" tests=\"\(cases)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(seconds(total))\">")
        for (report, lesson) in zip(reports, lessons) {
            let attribute = GradeReports.xmlAttribute
            let classname = "\(student).\(lesson.id)"
            let ran = report.stage == .run && !report.tests.isEmpty
            let suiteErrors = ran ? report.tests.filter { $0.status == .error }.count : 1
            let suiteFailures = report.tests.filter { $0.status == .fail }.count + (report.findings.isEmpty ? 0 : 1)
            lines.append("  <testsuite name=\"kata check \(attribute(lesson.id))\" tests=\"\(max(1, report.tests.count) + (report.findings.isEmpty ? 0 : 1))\" failures=\"\(suiteFailures)\" errors=\"\(suiteErrors)\" skipped=\"0\" time=\"\(seconds(Double(report.durationMs) / 1000))\">")
            if !ran {
                let first = report.diagnostics.first.map { d in d.file.isEmpty ? d.message : "\(d.file):\(d.line):\(d.column): \(d.message)" } ?? "no test ran"
                let what = report.stage == .module ? "does not compile" : report.stage == .tests ? "does not compile against the tests" : "no test ran"
                let body = report.diagnostics.map { d in d.file.isEmpty ? d.message : "\(d.file):\(d.line):\(d.column): error: \(d.message)" }.joined(separator: "\n")
                lines.append("    <testcase classname=\"\(attribute(classname))\" name=\"\(attribute(what))\" time=\"\(seconds(Double(report.durationMs) / 1000))\">")
                lines.append("      <error message=\"\(attribute(what + ": " + first))\" type=\"\(attribute(what))\">\(GradeReports.cdata(body.isEmpty ? report.output : body))</error>")
                lines.append("    </testcase>")
            }
            var used: Set<String> = []
            for test in report.tests where ran {
                var name = test.name
                var counter = 2
                while !used.insert(name).inserted { name = "\(test.name) (\(counter))"; counter += 1 }
                let open = "    <testcase classname=\"\(attribute(classname))\" name=\"\(attribute(name))\" time=\"\(seconds(testSeconds(test)))\""
                    + (test.file.map { " file=\"\(attribute($0))\"" + (test.line.map { " line=\"\($0)\"" } ?? "") } ?? "")
                switch test.status {
                case .pass:
                    lines.append(open + "/>")
                case .fail, .error:
                    let tag = test.status == .fail ? "failure" : "error"
                    let type = test.status == .fail ? "expectation" : (test.errorKind?.rawValue ?? "error")
                    let message = TestMessage.text(test.message, in: .english)
                    let firstLine = message.split(separator: "\n").first.map(String.init) ?? test.status.rawValue
                    var body = message
                    if let file = test.file, let line = test.line { body += "\nat \(file):\(line)" }
                    lines.append(open + ">")
                    lines.append("      <\(tag) message=\"\(attribute(firstLine))\" type=\"\(attribute(type))\">\(GradeReports.cdata(body))</\(tag)>")
                    lines.append("    </testcase>")
                }
            }
            if !report.findings.isEmpty {
                // The lesson's rules are the second judge: one case, failing with every finding.
                let body = report.findings.map { "\($0.file):\($0.line): [\($0.rule)] \($0.message)" }.joined(separator: "\n")
                lines.append("    <testcase classname=\"\(attribute(classname))\" name=\"the lesson's rules\" time=\"0.000000\">")
                lines.append("      <failure message=\"\(attribute(report.findings[0].message))\" type=\"rule\">\(GradeReports.cdata(body))</failure>")
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }
}

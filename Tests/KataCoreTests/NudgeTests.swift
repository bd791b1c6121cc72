import Foundation
import Testing
@testable import KataCore

/// A lesson.json of version 2 with one rule and `nudges` as given (a JSON object's text).
func nudgedLessonJSON(module: String, nudges: String?) -> String {
    """
    {"format_version": 2, "module": "\(module)",
     "title": {"en": "Title of \(module)", "zh-Hans": "标题"},
     "summary": {"en": "Summary", "zh-Hans": "摘要"},
     "hints": [{"en": "hint 0", "zh-Hans": "提示 0"}, {"en": "hint 1", "zh-Hans": "提示 1"}, {"en": "hint 2", "zh-Hans": "提示 2"}],
     "rules": [{"id": "no-subtraction", "kind": "forbidden_reference", "names": ["subtract"],
                "fix": {"en": "Add, do not subtract.", "zh-Hans": "用加法，不要用减法。"}}]\(nudges.map { ",\n \"nudges\": \($0)" } ?? "")}
    """
}

/// The in-memory course of watch mode's tests, its lesson 01 with two tests, a rule and nudges.
func nudgedCourse() -> FakeKata {
    let kata = watchCourse()
    kata.fileSystem.add("/course/Lessons/01-add/lesson.json", nudgedLessonJSON(module: "Adding", nudges: """
        {"addsTwoNumbers()": {"en": "Look at the operator add uses.", "zh-Hans": "看看 add 用的是哪个运算符。"},
         "no-subtraction": {"en": "Something still subtracts.", "zh-Hans": "仍有地方在做减法。"}}
        """))
    kata.fileSystem.add("/course/Tests/Lessons/01-add/Tests.swift", """
        import Testing
        @testable import Adding

        @Test("adds two numbers") func addsTwoNumbers() { #expect(add(1, 2) == 3) }
        @Test("adds zero") func addsZero() { #expect(add(1, 0) == 1) }
        """)
    return kata
}

/// A check of lesson 01-add that ran its tests: `failing` are the functions that fail.
func addReport(failing: [String], findings: [String] = []) -> CheckReport {
    let tests = [("adds two numbers", "addsTwoNumbers()"), ("adds zero", "addsZero()")].map { name, function in
        TestVerdict(name: name, id: "Adding.\(function)/Tests.swift:4:2", status: failing.contains(function) ? .fail : .pass,
                    message: failing.contains(function) ? "Expectation failed" : "")
    }
    let rules = findings.map { RuleFinding(file: "Main.swift", line: 1, rule: $0, messages: LocalizedText(english: "broken", chinese: "违反")) }
    let failed = !failing.isEmpty || !findings.isEmpty
    return CheckReport(lesson: "01-add", status: failed ? .fail : .pass, stage: .run, tests: tests, findings: rules)
}

func compileErrorReport(stage: CheckStage) -> CheckReport {
    CheckReport(lesson: "01-add", status: .fail, stage: stage, diagnostics: [
        Diagnostic(file: "/course/Lessons/01-add/Sources/Main.swift", line: 7, column: 3, severity: "error", message: "cannot find 'ad' in scope"),
    ])
}

@Suite("Nudges in lesson.json")
struct NudgeMetadataTests {
    @Test("nudges by test function and by rule id are read in both languages, and written back")
    func readsNudges() throws {
        let json = nudgedLessonJSON(module: "Adding", nudges: """
            {"addsTwoNumbers()": {"en": "Look at the operator.", "zh-Hans": "看看运算符。"},
             "retries(attempts:)": {"en": "Count the attempts.", "zh-Hans": "数一数尝试次数。"},
             "no-subtraction": {"en": "Something subtracts.", "zh-Hans": "有地方在做减法。"}}
            """)
        let metadata = try LessonMetadata.parse(Data(json.utf8))
        #expect(metadata.nudges.count == 3)
        #expect(metadata.nudges["addsTwoNumbers()"]?.text(in: .english) == "Look at the operator.")
        #expect(metadata.nudges["retries(attempts:)"]?.text(in: .simplifiedChinese) == "数一数尝试次数。")
        #expect(metadata.nudges["no-subtraction"]?.text(in: .simplifiedChinese) == "有地方在做减法。")
        #expect(try LessonMetadata.parse(metadata.encoded()) == metadata)
    }

    @Test("a lesson without nudges reads with none")
    func noNudges() throws {
        #expect(try LessonMetadata.parse(Data(nudgedLessonJSON(module: "Adding", nudges: nil).utf8)).nudges.isEmpty)
    }

    func problems(_ json: String) -> [String] {
        do {
            _ = try LessonMetadata.parse(Data(json.utf8))
            return []
        } catch {
            return (error as? MetadataError)?.problems ?? ["\(error)"]
        }
    }

    @Test("nudges that are not an object say what shape they take")
    func notAnObject() {
        let found = problems(nudgedLessonJSON(module: "Adding", nudges: #"["Look at the operator."]"#))
        #expect(found.count == 1)
        #expect(found.contains { $0.contains("\"nudges\" must be an object") && $0.contains("a rule's id") })
    }

    @Test("a nudge with a missing language or a bare string is reported by its key")
    func badTexts() {
        let found = problems(nudgedLessonJSON(module: "Adding", nudges: """
            {"addsTwoNumbers()": {"en": "Look at the operator."}, "addsZero()": "Add zero."}
            """))
        #expect(found.contains("\"nudges[\"addsTwoNumbers()\"]\" has no Simplified Chinese text (\"zh-Hans\")"))
        #expect(found.contains { $0.hasPrefix("\"nudges[\"addsZero()\"]\" must be an object") })
    }

    @Test("a key that is neither a test function nor a rule's id names both ways to write it")
    func unknownKeys() {
        let found = problems(nudgedLessonJSON(module: "Adding", nudges: """
            {"addsTwoNumbers": {"en": "a", "zh-Hans": "甲"}, "adds two numbers()": {"en": "b", "zh-Hans": "乙"},
             "retries(attempts)": {"en": "c", "zh-Hans": "丙"}}
            """))
        #expect(found.count == 3)
        #expect(found.contains { $0.contains("\"addsTwoNumbers\", which is neither a test function (write it with its parentheses: \"addsTwoNumbers()\")")
            && $0.contains("its rules are no-subtraction") })
        #expect(found.contains { $0.contains("\"adds two numbers()\", which is not a test function") })
        #expect(found.contains { $0.contains("\"retries(attempts)\", which is not a test function") })
    }

    @Test("nudges need format_version 2")
    func needVersionTwo() {
        let json = lessonJSON(module: "Adding", extra: #", "nudges": {"addsTwoNumbers()": {"en": "a", "zh-Hans": "甲"}}"#)
        #expect(problems(json) == ["has \"nudges\", which need \"format_version\": 2"])
    }
}

@Suite("What failed first in the last check")
struct FirstFailureTests {
    @Test("the first failing test, by function and display name")
    func firstFailingTest() {
        let failure = Progress.FirstFailure(addReport(failing: ["addsZero()", "addsTwoNumbers()"], findings: ["no-subtraction"]))
        #expect(failure == Progress.FirstFailure(kind: .test, key: "addsTwoNumbers()", name: "adds two numbers"))
        #expect(Progress.FirstFailure(addReport(failing: ["addsZero()"])) == Progress.FirstFailure(kind: .test, key: "addsZero()", name: "adds zero"))
    }

    @Test("with every test passing, the first broken rule")
    func firstBrokenRule() {
        let failure = Progress.FirstFailure(addReport(failing: [], findings: ["no-subtraction", "other-rule"]))
        #expect(failure == Progress.FirstFailure(kind: .rule, key: "no-subtraction", name: "no-subtraction"))
    }

    @Test("code that does not compile names the place of its first error")
    func compileErrors() {
        var report = compileErrorReport(stage: .module)
        report.diagnostics.insert(Diagnostic(file: "/x/Main.swift", line: 2, column: 1, severity: "warning", message: "unused"), at: 0)
        #expect(Progress.FirstFailure(report) == Progress.FirstFailure(kind: .module, key: nil, name: "Main.swift:7"))
        #expect(Progress.FirstFailure(compileErrorReport(stage: .tests))?.kind == .tests)
    }

    @Test("a test function is named without its module or suite, with its argument labels")
    func functionNames() {
        #expect(Progress.FirstFailure.function(of: "Adding.addsTwoNumbers()/Tests.swift:4:2") == "addsTwoNumbers()")
        #expect(Progress.FirstFailure.function(of: "Adding.AddingTests/retries(attempts:)/Tests.swift:9:6") == "retries(attempts:)")
    }

    @Test("a pass has no failure")
    func passHasNone() {
        #expect(Progress.FirstFailure(addReport(failing: [])) == nil)
    }

    @Test("a check records its first failure, and a pass clears it")
    func recorded() throws {
        let kata = nudgedCourse()
        let context = kata.context()
        try CommandSpec.recordCheck(addReport(failing: ["addsZero()"]), context: context)
        #expect(context.loadProgress()["01-add"].firstFailure?.key == "addsZero()")
        try CommandSpec.recordCheck(addReport(failing: []), context: context)
        #expect(context.loadProgress()["01-add"].firstFailure == nil)
    }

    @Test("a progress file written before first failures were kept still reads")
    func oldProgressFile() throws {
        let kata = nudgedCourse()
        kata.fileSystem.add("/course/.kata/progress.json", """
            {"format_version": 1, "current": "01-add", "welcomed": true,
             "lessons": {"01-add": {"status": "fail", "passed_tests": 1, "total_tests": 2, "hints_shown": 2, "solution_seen": false}}}
            """)
        let (progress, warning) = kata.context().progressStore.load()
        #expect(warning == nil)
        #expect(progress["01-add"].hintsShown == 2)
        #expect(progress["01-add"].firstFailure == nil)
    }
}

@Suite("kata hint answers what fails now")
struct HintNudgeTests {
    func after(_ report: CheckReport, _ kata: FakeKata) throws {
        try CommandSpec.recordCheck(report, context: kata.context())
    }

    @Test("a failed test's nudge comes first, labelled, then the graded hints one more per press")
    func failedTest() throws {
        let kata = nudgedCourse()
        try after(addReport(failing: ["addsTwoNumbers()"]), kata)
        #expect(kata.run("hint", "01") == 0)
        let first = kata.console.output
        let nudge = "For what fails now — adds two numbers: Look at the operator add uses."
        #expect(first.contains(nudge))
        let nudgeAt = try #require(first.range(of: nudge)).lowerBound
        let hintAt = try #require(first.range(of: "Hint 1 of 3: hint 0")).lowerBound
        #expect(nudgeAt < hintAt)
        #expect(!first.contains("Hint 2 of 3"))
        #expect(kata.context().loadProgress()["01-add"].hintsShown == 1, "the nudge is not a graded hint")

        kata.run("hint", "01")
        let second = String(kata.console.output.dropFirst(first.count))
        #expect(second.components(separatedBy: nudge).count == 2, "shown once per press: \(second)")
        #expect(second.contains("Hint 2 of 3: hint 1"))
        #expect(kata.context().loadProgress()["01-add"].hintsShown == 2)
    }

    @Test("with every test passing, the first broken rule's nudge")
    func brokenRule() throws {
        let kata = nudgedCourse()
        try after(addReport(failing: [], findings: ["no-subtraction"]), kata)
        kata.run("hint", "01")
        #expect(kata.console.output.contains("For what fails now — rule no-subtraction: Something still subtracts."))
        #expect(!kata.console.output.contains("Look at the operator"))
    }

    @Test("code that does not compile: fix the first compiler error, with the command as the learner types it")
    func compileError() throws {
        let kata = nudgedCourse()
        try after(compileErrorReport(stage: .module), kata)
        kata.run("hint", "01")
        let output = kata.console.output
        #expect(output.contains("For what fails now — the code does not compile (Main.swift:7): fix the first compiler error"))
        #expect(output.contains("Hint 1 of 3: hint 0"))
        let words = Words(language: .english, kata: "swift run kata")
        let lesson = try #require(try kata.context().loadCourse().lesson(named: "01-add"))
        let failure = Progress.FirstFailure(compileErrorReport(stage: .module))
        #expect(Nudges.nudge(lesson, failure: failure, words: words)?.text.contains("swift run kata check 01-add") == true)
        let tests = Nudges.nudge(lesson, failure: Progress.FirstFailure(compileErrorReport(stage: .tests)), words: Words(language: .simplifiedChinese, kata: "kata"))
        #expect(tests?.label == "针对现在未通过的地方——测试无法针对你的代码编译（Main.swift:7）：")
        #expect(tests?.text.contains("kata show 01-add") == true)
    }

    @Test("in Chinese, the Chinese nudge")
    func chinese() throws {
        let kata = nudgedCourse()
        try after(addReport(failing: ["addsTwoNumbers()"]), kata)
        kata.run("hint", "01", "--lang", "zh-Hans")
        #expect(kata.console.output.contains("针对现在未通过的地方——adds two numbers：看看 add 用的是哪个运算符。"))
        #expect(kata.console.output.contains("提示 1/3：提示 0"))
    }

    @Test("no nudge for the failure, a pass, or no check yet: the graded hints alone")
    func fallsBack() throws {
        for report in [addReport(failing: ["addsZero()"]), addReport(failing: [])] as [CheckReport?] + [nil] {
            let kata = nudgedCourse()
            if let report { try after(report, kata) }
            #expect(kata.run("hint", "01") == 0)
            #expect(!kata.console.output.contains("For what fails now"))
            #expect(kata.console.output.contains("Hint 1 of 3: hint 0"))
        }
    }
}

@Suite("Watch mode's h answers what fails now")
struct WatchNudgeTests {
    func run(_ kata: FakeKata, report: @escaping (String) -> CheckReport, keys: [Int: String]) throws -> TickingConsole {
        let checks = ManualChecks()
        let console = TickingConsole(clock: kata.clock, lastTick: 20, keys: keys, actions: [1: { checks.finish(with: report) }])
        var context = kata.context()
        context.console = console
        let course = try context.loadCourse()
        _ = WatchSession(context: context, course: course, lesson: course.lesson(named: "01-add")!, checks: checks,
                         refactoring: StarterDiffView()).run()
        return console
    }

    @Test("h after a failed test shows its nudge above the hint; each press one more graded hint")
    func failedTest() throws {
        let kata = nudgedCourse()
        let console = try run(kata, report: { _ in addReport(failing: ["addsTwoNumbers()"]) }, keys: [3: "h", 5: "h", 10: "q"])
        let frames = console.output.components(separatedBy: WatchScreen.clear)
        let nudge = "For what fails now — adds two numbers: Look at the operator add uses."
        #expect(frames.contains { $0.contains(nudge) && $0.contains("Hint 1 of 3: hint 0") && !$0.contains("Hint 2 of 3") })
        #expect(frames.contains { $0.contains(nudge) && $0.contains("Hint 2 of 3: hint 1") })
        #expect(kata.context().loadProgress()["01-add"].hintsShown == 2)
    }

    @Test("h after a broken rule, after a compile error, and with no nudge for the failure")
    func otherFailures() throws {
        let rule = try run(nudgedCourse(), report: { _ in addReport(failing: [], findings: ["no-subtraction"]) }, keys: [3: "h", 10: "q"])
        #expect(rule.output.contains("For what fails now — rule no-subtraction: Something still subtracts."))
        let compile = try run(nudgedCourse(), report: { _ in compileErrorReport(stage: .module) }, keys: [3: "h", 10: "q"])
        #expect(compile.output.contains("For what fails now — the code does not compile (Main.swift:7)"))
        let bare = try run(nudgedCourse(), report: { _ in addReport(failing: ["addsZero()"]) }, keys: [3: "h", 10: "q"])
        #expect(!bare.output.contains("For what fails now"))
        #expect(bare.output.contains("Hint 1 of 3: hint 0"))
    }
}

@Suite("kata verify lists tests and rules without a nudge")
struct NudgeVerifyTests {
    @Test("the @Test functions of a file, as Swift Testing names them; comments and strings never count")
    func readsTestFunctions() {
        let text = """
            import Testing
            // @Test func commented() {}
            @Suite struct S {
                @Test("a \\"quoted\\" @Test func inString()") func first() { }
                @Test(.timeLimit(.minutes(1)))
                @MainActor
                func second() async throws { }
                @Test("with arguments", arguments: [1, 2]) func third(_ value: Int, label other: [String: Int]) { }
                func notATest() { }
            }
            """
        #expect(TestFunctions.read(text) == [
            TestFunctions.Function(name: "first()", line: 4),
            TestFunctions.Function(name: "second()", line: 5),
            TestFunctions.Function(name: "third(_:label:)", line: 8),
        ])
    }

    @Test("tests and rules without a nudge are warnings, and so is a nudge for a test no file declares; hidden tests need none")
    func warnings() throws {
        let kata = nudgedCourse()
        kata.fileSystem.add("/course/Lessons/01-add/lesson.json", nudgedLessonJSON(module: "Adding", nudges: """
            {"addsZero()": {"en": "a", "zh-Hans": "甲"}, "renamedLongAgo()": {"en": "b", "zh-Hans": "乙"}}
            """).replacingOccurrences(of: "\"rules\"", with: "\"hidden_tests\": [\"Hidden.swift\"], \"rules\""))
        kata.fileSystem.add("/course/Tests/Lessons/01-add/Hidden.swift", "@Test func hiddenCase() { }\n")
        let context = kata.context()
        let lesson = try #require(try context.loadCourse().lesson(named: "01-add"))
        #expect(CourseVerifier.nudgeWarnings(lesson, fileSystem: kata.fileSystem) == [
            "no nudge for test addsTwoNumbers() (add it to \"nudges\" in lesson.json)",
            "no nudge for rule no-subtraction (add it to \"nudges\" in lesson.json)",
            "a nudge for renamedLongAgo(), which no test file of the lesson declares (hidden tests have none: a learner never sees them fail)",
        ])
        let covered = try #require(try nudgedCourse().context().loadCourse().lesson(named: "01-add"))
        #expect(CourseVerifier.nudgeWarnings(covered, fileSystem: nudgedCourse().fileSystem).contains { $0.contains("addsZero()") })
    }

    @Test("warnings do not fail a lesson, and results recorded before warnings still read")
    func warningsAreNotProblems() throws {
        let result = CourseVerifier.LessonResult(lesson: "01-add", problems: [], facts: [], warnings: ["no nudge for test a()"])
        #expect(result.ok)
        let old = #"{"lesson": "01-add", "problems": [], "facts": ["solution: 2/2 tests pass"]}"#
        let read = try JSONDecoder().decode(CourseVerifier.LessonResult.self, from: Data(old.utf8))
        #expect(read.warnings.isEmpty)
        #expect(read.facts == ["solution: 2/2 tests pass"])
    }
}

@Suite("The course's nudges")
struct CourseNudgeTests {
    @Test("every lesson has a nudge for every test and every rule, in both languages")
    func everyTestAndRule() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let fileSystem = LocalFileSystem()
        let course = try CourseLoader(fileSystem: fileSystem).load(root: root.path)
        #expect(course.broken.isEmpty, "\(course.broken)")
        #expect(course.lessons.count >= 13)
        for lesson in course.lessons {
            let tests = TestFunctions.of(lesson, fileSystem: fileSystem)
            #expect(!tests.isEmpty, "no @Test function read in \(lesson.tests)")
            #expect(CourseVerifier.nudgeWarnings(lesson, fileSystem: fileSystem) == [], "\(lesson.id)")
            for (key, nudge) in lesson.metadata.nudges {
                #expect(!nudge.text(in: .english).isEmpty && !nudge.text(in: .simplifiedChinese).isEmpty, "\(lesson.id) \(key)")
            }
        }
    }
}

import Foundation
import Testing
@testable import KataCore

@Suite("CheckReportRenderer")
struct RendererTests {
    let lesson = Lesson(id: "01-x", number: 1, slug: "x",
                        metadata: LessonMetadata(module: "X", title: LocalizedText(english: "Ex", chinese: "例"),
                                                 summary: LocalizedText(english: "", chinese: ""), hints: []),
                        root: "/course")

    func render(_ report: CheckReport, _ language: Language = .english) -> String {
        CheckReportRenderer(style: Style(enabled: false), words: Words(language: language)).render(report, lesson: lesson)
    }

    @Test("the same compile error at many places is shown once, with the other lines")
    func foldsRepeatedErrors() {
        let diagnostics = [12, 20, 31].map {
            Diagnostic(file: "Tests/Lessons/01-x/T.swift", line: $0, column: 5, severity: "error", message: "extra argument 'engine' in call", excerpt: "    Car(engine: e)")
        } + [Diagnostic(file: "Tests/Lessons/01-x/T.swift", line: 40, column: 1, severity: "error", message: "cannot find 'Engine' in scope")]
        let text = render(CheckReport(lesson: "01-x", status: .error, stage: .tests, diagnostics: diagnostics))
        #expect(text.components(separatedBy: "extra argument 'engine' in call").count == 2)
        #expect(text.contains("the same error also at lines 20 and 31"))
        #expect(text.contains("Tests/Lessons/01-x/T.swift:40:1: error: cannot find 'Engine' in scope"))
        #expect(text.contains("Change your code in Lessons/01-x/Sources/, not the tests."))
    }

    @Test("test verdicts show the expectation, where it was recorded, and a count")
    func testVerdicts() {
        let report = CheckReport(lesson: "01-x", status: .fail, stage: .run, tests: [
            TestVerdict(name: "starts the engine", id: "a", status: .pass),
            TestVerdict(name: "never reads the singleton", id: "b", status: .fail,
                        message: "Expectation failed: (reads → 1) == 0", file: "Tests/Lessons/01-x/T.swift", line: 9),
            TestVerdict(name: "spins", id: "c", status: .error, message: "timed out", errorKind: .timedOut),
        ])
        let text = render(report)
        #expect(text.contains("✔ starts the engine"))
        #expect(text.contains("✘ never reads the singleton"))
        #expect(text.contains("Expectation failed: (reads → 1) == 0"))
        #expect(text.contains("at Tests/Lessons/01-x/T.swift:9"))
        #expect(text.contains("✘ spins  [timed out]"))
        #expect(text.contains("1 of 3 tests pass."))
        #expect(text.contains("kata hint 01-x"))
        #expect(render(report, .simplifiedChinese).contains("3 个测试中通过 1 个。"))
    }

    @Test("a pass says so and offers no hint")
    func pass() {
        let text = render(CheckReport(lesson: "01-x", status: .pass, stage: .run, tests: [TestVerdict(name: "a", id: "a", status: .pass)]))
        #expect(text.contains("The test passes."))
        #expect(!text.contains("1 tests"))
        #expect(!text.contains("hint"))
    }
}

@Suite("What a verdict shows of the compiler and of paths")
struct VerdictPlacesTests {
    let lesson = Lesson(id: "01-x", number: 1, slug: "x",
                        metadata: LessonMetadata(module: "X", title: LocalizedText(english: "Ex", chinese: "例"),
                                                 summary: LocalizedText(english: "", chinese: ""), hints: []),
                        root: "/course")

    func error(_ line: Int, _ message: String, _ source: String) -> Diagnostic {
        Diagnostic(file: "Tests/Lessons/01-x/T.swift", line: line, column: 5, severity: "error", message: message,
                   excerpt: source + "\n    ^")
    }

    @Test("an error on a line that uses a value whose own line was rejected follows from it: counted, not shown")
    func knockOnErrors() {
        let diagnostics = [
            error(10, "argument passed to call that takes no arguments", "        let strong = Car(engine: e)"),
            error(11, "generic parameter 'T' could not be inferred", #"        #expect(strong.speed == 330, "but it is \(strong.speed)")"#),
            error(12, "cannot find 'Wheel' in scope", "        let w = Wheel()"),
            error(13, "value of type 'Int' has no member 'spin'", "        let n = 3.spin"),
            error(14, "could not be inferred", #"        #expect(other == 1, "not strong: \(n)")"#),
        ]
        let (shown, following, names) = KnockOnErrors.split(diagnostics)
        #expect(shown.map(\.line) == [10, 12, 13], "a line that only names `strong` in a string's text is not a use; `n` is a use of line 13's value")
        #expect(following.map(\.line) == [11, 14])
        #expect(names == ["strong", "n"])
        let text = CheckReportRenderer(style: Style(enabled: false), words: Words(language: .english))
            .render(CheckReport(lesson: "01-x", status: .error, stage: .tests, diagnostics: diagnostics), lesson: lesson)
        #expect(!text.contains("could not be inferred"))
        #expect(text.contains("2 more errors on lines that use `strong` and `n`"))
        let chinese = CheckReportRenderer(style: Style(enabled: false), words: Words(language: .simplifiedChinese))
            .render(CheckReport(lesson: "01-x", status: .error, stage: .tests, diagnostics: diagnostics), lesson: lesson)
        #expect(chinese.contains("还有 2 个错误"))
    }

    @Test("a source line wider than the window is cut around its caret, the caret still under its column")
    func fittedExcerpt() {
        let source = String(repeating: "a", count: 70) + "BAD" + String(repeating: "b", count: 40)
        let caret = String(repeating: " ", count: 70) + "^~~"
        let renderer = CheckReportRenderer(style: Style(enabled: false), words: Words(language: .english), width: 46)
        let fitted = renderer.fitted(source + "\n" + caret, columns: 40).split(separator: "\n").map(String.init)
        #expect(fitted.count == 2)
        #expect(fitted.allSatisfy { TerminalText.columns($0) <= 40 }, "\(fitted)")
        let at = Array(fitted[1]).firstIndex(of: "^")
        #expect(at != nil && Array(fitted[0])[at!] == "B", "\(fitted)")
        #expect(renderer.fitted("short\n ^", columns: 40) == "short\n ^")
    }

    @Test("paths open from where the learner stands: inside the lesson folder, at the course root, or further away")
    func pathsFromHere() {
        let inLesson = Words(language: .english, kata: "kata", workingDirectory: "/course/Lessons/01-x")
        #expect(inLesson.path("/course/Lessons/01-x/Sources") == "Sources")
        #expect(inLesson.path("/course/Tests/Lessons/01-x/T.swift") == "../../Tests/Lessons/01-x/T.swift")
        #expect(Words(language: .english, kata: "kata", workingDirectory: "/course").path("/course/Lessons/01-x/Sources") == "Lessons/01-x/Sources")
        #expect(Words(language: .english, kata: "kata", workingDirectory: "/home/me/a/b/c").path("/course/Lessons/01-x/Sources") == "/course/Lessons/01-x/Sources")
        let report = CheckReport(lesson: "01-x", status: .fail, stage: .run, tests: [
            TestVerdict(name: "t", id: "t", status: .fail, message: "no", file: "Tests/Lessons/01-x/T.swift", line: 9),
        ], findings: [RuleFinding(file: "Lessons/01-x/Sources/Car.swift", line: 3, rule: "r", messages: LocalizedText(english: "m", chinese: "m"))])
        let text = CheckReportRenderer(style: Style(enabled: false), words: inLesson).render(report, lesson: lesson)
        #expect(text.contains("at ../../Tests/Lessons/01-x/T.swift:9"))
        #expect(text.contains("✘ Sources/Car.swift:3 [r]"))
    }
}

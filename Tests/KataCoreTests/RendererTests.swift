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

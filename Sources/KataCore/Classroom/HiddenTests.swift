import Foundation

/// Test files a lesson lists in `hidden_tests`: graded, never handed out,
/// never shown to a learner.
///
/// - `kata check` (and anything a learner runs) builds only the visible tests,
///   in the instructor's copy too, so its output is the same as in a handout
///   and a hidden test's name, message or compile error never shows.
/// - `kata verify` and `kata grade` use every test, hidden ones included.
/// - A report that goes back to a student passes through `studentView`.
public enum HiddenTests {
    /// The test files a learner's check builds: every test file but the hidden
    /// ones, or `nil` (the checker's default, every file) when none is hidden.
    public static func studentTestFiles(of lesson: Lesson, fileSystem: any FileSystem) -> [String]? {
        let hidden = Set(lesson.metadata.hiddenTests)
        guard !hidden.isEmpty else { return nil }
        let all = (try? fileSystem.filesRecursively(lesson.tests, withExtension: "swift")) ?? []
        return all.filter { !hidden.contains($0) }.map { "\(lesson.tests)/\($0)" }
    }

    /// Whether a verdict comes from a hidden file. Swift Testing ids end in
    /// `/File.swift:line:column`; the failure's `file` says it too.
    public static func isHidden(_ verdict: TestVerdict, in lesson: Lesson) -> Bool {
        let hidden = Set(lesson.metadata.hiddenTests)
        guard !hidden.isEmpty else { return false }
        if let file = verdict.file, hidden.contains((file as NSString).lastPathComponent) { return true }
        guard let last = verdict.id.split(separator: "/").last, let name = last.split(separator: ":").first else { return false }
        return hidden.contains(String(name))
    }

    /// A report as a student may see it: the hidden tests become one verdict,
    /// "hidden tests: K of N passed", compile errors inside hidden files lose their text,
    /// and the captured output (which may print hidden expectations) is dropped
    /// when any hidden test is in the report.
    public static func studentView(of report: CheckReport, lesson: Lesson) -> CheckReport {
        let hidden = Set(lesson.metadata.hiddenTests)
        guard !hidden.isEmpty else { return report }
        var view = report
        var sawHidden = false
        // The hidden tests become one verdict, where the first of them was: how many passed, not which (which one
        // passed would be a bit per test that the code under test can choose while it runs).
        let hiddenVerdicts = report.tests.filter { isHidden($0, in: lesson) }
        let passed = hiddenVerdicts.filter { $0.status == .pass }.count
        view.tests = []
        for verdict in report.tests {
            guard isHidden(verdict, in: lesson) else { view.tests.append(verdict); continue }
            guard !sawHidden else { continue }
            sawHidden = true
            let all = passed == hiddenVerdicts.count
            let status: Status = all ? .pass : hiddenVerdicts.contains { $0.status == .fail } ? .fail : .error
            let message = all ? "" : "\(passed) of \(hiddenVerdicts.count) hidden tests passed; which ones, and why the others did not, stay with the instructor"
            view.tests.append(TestVerdict(name: "hidden tests: \(passed) of \(hiddenVerdicts.count) passed", id: "hidden", status: status,
                                          message: message))
        }
        view.diagnostics = report.diagnostics.map { diagnostic in
            guard hidden.contains((diagnostic.file as NSString).lastPathComponent) else { return diagnostic }
            sawHidden = true
            return Diagnostic(file: "", line: 0, column: 0, severity: diagnostic.severity,
                              message: "a hidden test does not compile against this code; its details stay with the instructor")
        }
        if sawHidden { view.output = "" }
        return view
    }
}

extension LessonChecker {
    /// A check as a learner sees it: the learner's code against the visible
    /// tests only. `kata check` and watch mode use this; `kata verify` and
    /// `kata grade` call `check(_:variant:)`, which builds every test.
    public func checkAsLearner(_ lesson: Lesson) -> CheckReport {
        check(lesson, variant: .learner, testFiles: HiddenTests.studentTestFiles(of: lesson, fileSystem: fileSystem))
    }
}

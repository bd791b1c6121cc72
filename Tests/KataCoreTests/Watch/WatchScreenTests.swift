import Foundation
import Testing
@testable import KataCore

@Suite("The watch-mode screen")
struct WatchScreenTests {
    let lesson = Lesson(id: "01-add", number: 1, slug: "add",
                        metadata: LessonMetadata(module: "Adding", title: LocalizedText(english: "Adding numbers", chinese: "数字相加"),
                                                 summary: LocalizedText(english: "Make add add.", chinese: "做加法。"), hints: []),
                        root: "/course")

    func longReport() -> CheckReport {
        let tests = (1...30).map { TestVerdict(name: "test\($0)()", id: "t\($0)", status: .fail, message: "Expectation failed: number \($0)") }
        return CheckReport(lesson: "01-add", status: .fail, stage: .run, tests: tests, durationMs: 300)
    }

    @Test("a verdict too tall for the window is cut; title, first failures and keys stay", arguments: [true, false])
    func fitsTheWindow(colors: Bool) {
        var machine = WatchMachine(lesson: "01-add", next: nil, passed: false, hintCount: 0, hintsShown: 0)
        machine.handle(.opened)
        machine.handle(.checkFinished(.fail))
        let screen = WatchScreen(style: Style(enabled: colors), words: Words(language: .english), width: 60, height: 20)
        let frame = screen.frame(lesson: lesson, next: nil, machine: machine, report: longReport(), panel: "")
            .replacingOccurrences(of: WatchScreen.clear, with: "")
            .replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        let lines = frame.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count <= 19, "\(lines.count) lines for a 20-row window")
        #expect(frame.contains("Adding numbers"))
        #expect(frame.contains("test1()"))
        #expect(!frame.contains("test30()"))
        #expect(frame.contains("kata check 01-add"))
        #expect(frame.contains("q quit"))
    }

    @Test("without a known height nothing is cut")
    func noHeight() {
        var machine = WatchMachine(lesson: "01-add", next: nil, passed: false, hintCount: 0, hintsShown: 0)
        machine.handle(.opened)
        machine.handle(.checkFinished(.fail))
        let frame = WatchScreen(style: Style(enabled: false), words: Words(language: .english), width: 60)
            .frame(lesson: lesson, next: nil, machine: machine, report: longReport(), panel: "")
        #expect(frame.contains("test30()"))
        #expect(frame.contains("0 of 30 tests pass"))
    }

    @Test("Chinese labels count two columns when the keys wrap")
    func wideCharacters() {
        let screen = WatchScreen(style: Style(enabled: false), words: Words(language: .simplifiedChinese), width: 30)
        for row in screen.keyBar() {
            #expect(screen.displayWidth(row) <= 30, "\(row)")
        }
        #expect(screen.keyBar().count >= 2)
    }

    @Test("long verdict and panel lines wrap at spaces, keeping their indentation; short colored lines keep their color")
    func wrapsKeepingIndent() {
        let screen = WatchScreen(style: Style(enabled: true), words: Words(language: .english), width: 30)
        let message = "      A 900 hp engine should give a top speed of 330 km/h"
        let pieces = screen.wrapKeepingIndent(message)
        #expect(pieces.count > 1)
        #expect(pieces.allSatisfy { $0.hasPrefix("      ") && $0.count <= 30 })
        #expect(pieces.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") == message.trimmingCharacters(in: .whitespaces))
        let colored = Style(enabled: true).bold("Hint 1 of 3: the tests build the car with an engine")
        #expect(screen.wrapKeepingIndent(colored).allSatisfy { !$0.contains("\u{1B}") && $0.count <= 30 })
        let short = Style(enabled: true).green("✔ passes")
        #expect(screen.wrapKeepingIndent(short) == [short])
    }
}

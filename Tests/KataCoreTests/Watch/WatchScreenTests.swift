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

    @Test("the count of passing tests comes first; a rule's finding keeps its heading above its text, after the tests")
    func findingsInOrder() {
        var machine = WatchMachine(lesson: "01-add", next: nil, passed: false, hintCount: 0, hintsShown: 0)
        machine.handle(.opened)
        machine.handle(.checkFinished(.fail))
        let report = CheckReport(lesson: "01-add", status: .fail, stage: .run,
                                 tests: [TestVerdict(name: "adds()", id: "a", status: .pass)],
                                 findings: [RuleFinding(file: "Lessons/01-add/Sources/Add.swift", line: 4, rule: "no-global",
                                                        messages: LocalizedText(english: "The global total is still read here.", chinese: "仍读取全局变量。"))])
        let screen = WatchScreen(style: Style(enabled: false), words: Words(language: .english), width: 80)
        let frame = screen.frame(lesson: lesson, next: nil, machine: machine, report: report, panel: "")
        let lines = frame.split(separator: "\n").map(String.init)
        let count = lines.firstIndex { $0.contains("1 of 1 test passes") }
        let test = lines.firstIndex { $0.contains("✔ adds()") }
        let heading = lines.firstIndex { $0.contains("[no-global]") }
        let text = lines.firstIndex { $0.contains("The global total is still read here.") }
        #expect(count != nil && test != nil && heading != nil && text != nil, "\(lines)")
        if let count, let test, let heading, let text {
            #expect(count < test && test < heading && heading < text, "\(lines)")
        }
    }

    @Test("while a new check runs, the verdict of the code before the change is greyed and labelled as such")
    func staleVerdictGreyed() {
        var machine = WatchMachine(lesson: "01-add", next: nil, passed: false, hintCount: 0, hintsShown: 0)
        machine.handle(.opened)
        machine.handle(.checkFinished(.fail))
        machine.handle(.filesChanged)
        #expect(machine.checking)
        let report = CheckReport(lesson: "01-add", status: .fail, stage: .run,
                                 tests: [TestVerdict(name: "adds()", id: "a", status: .fail, message: "Expectation failed")])
        let screen = WatchScreen(style: Style(enabled: true), words: Words(language: .english), width: 80)
        let frame = screen.frame(lesson: lesson, next: nil, machine: machine, report: report, panel: "")
        #expect(frame.contains("The verdict before your last change:"))
        let failed = frame.split(separator: "\n").first { $0.contains("adds()") }.map(String.init) ?? ""
        #expect(failed.contains("\u{1B}[2m"), "greyed: \(failed.debugDescription)")
        #expect(!failed.contains("\u{1B}[31m"), "no red left in the old verdict: \(failed.debugDescription)")
        machine.handle(.checkFinished(.fail))
        let after = screen.frame(lesson: lesson, next: nil, machine: machine, report: report, panel: "")
        #expect(!after.contains("The verdict before your last change:"))
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

    func plainLines(_ frame: String) -> [String] {
        frame.replacingOccurrences(of: WatchScreen.clear, with: "")
            .replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test("with a long panel open the verdict line stays in sight and the panel is paged", arguments: [Language.english, .simplifiedChinese])
    func panelKeepsVerdict(language: Language) {
        var machine = WatchMachine(lesson: "01-add", next: nil, passed: true, hintCount: 0, hintsShown: 0)
        machine.handle(.opened)
        machine.handle(.checkFinished(.fail))
        machine.handle(.key("s"))
        let panel = (1...80).map { "line \($0) of the solution" }.joined(separator: "\n")
        let screen = WatchScreen(style: Style(enabled: true), words: Words(language: language), width: 40, height: 24)
        let first = screen.render(lesson: lesson, next: nil, machine: machine, report: longReport(), panel: panel)
        let lines = plainLines(first.text)
        #expect(lines.count <= 23, "\(lines.count) rows for a 24-row window: the top would scroll away")
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 40 }, "\(lines.filter { TerminalText.columns($0) > 40 })")
        #expect(lines[0].contains("DI Kata"))
        let verdict = language == .english ? "0 of 30 tests pass" : "30 个测试中通过 0 个"
        #expect(lines.contains { $0.contains(verdict) }, "the verdict line stays visible")
        #expect(lines.contains { $0.contains("line 1 of the solution") })
        #expect(!lines.contains { $0.contains("line 80 of the solution") })
        #expect(lines.contains { $0.contains("Esc/q") }, "the key bar says how to close")
        #expect(first.pageRows >= 3)

        machine.scroll = 1000
        let last = screen.render(lesson: lesson, next: nil, machine: machine, report: longReport(), panel: panel)
        #expect(last.scroll == 80 - last.pageRows, "scrolling stops at the last page")
        let lastLines = plainLines(last.text)
        #expect(lastLines.contains { $0.contains("line 80 of the solution") })
        #expect(lastLines.contains { $0.contains(verdict) })
        #expect(lastLines.count <= 23)
    }

    @Test("at 40 columns the title wraps instead of overflowing, and nothing is wider than the window", arguments: [Language.english, .simplifiedChinese])
    func narrowTitle(language: Language) {
        let long = Lesson(id: "05-system-singletons", number: 5, slug: "system-singletons",
                          metadata: LessonMetadata(module: "Clock", title: LocalizedText(english: "Hidden singletons of the system: the clock and the file system", chinese: "系统中隐藏的单例：时钟、文件系统和随机数生成器都是隐藏的依赖"),
                                                   summary: LocalizedText(english: "Make the clock a parameter so the tests can choose the time.", chinese: "把时钟变成参数，这样测试就可以自己决定现在是几点钟，而不必等待真正的时间流逝。"), hints: []),
                          root: "/course")
        var machine = WatchMachine(lesson: long.id, next: nil, passed: false, hintCount: 0, hintsShown: 0)
        machine.handle(.opened)
        let screen = WatchScreen(style: Style(enabled: true), words: Words(language: language), width: 40, height: 30)
        let lines = plainLines(screen.frame(lesson: long, next: nil, machine: machine, report: nil, panel: ""))
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 40 }, "\(lines.filter { TerminalText.columns($0) > 40 })")
        #expect(lines.count <= 29)
        #expect(lines[0].hasPrefix("DI Kata"))
    }

    @Test("a restarted check says a save stopped the running one")
    func restartedMessage() {
        var machine = WatchMachine(lesson: "01-add", next: nil, passed: false, hintCount: 0, hintsShown: 0)
        machine.handle(.opened)
        machine.handle(.filesChanged)
        let frame = WatchScreen(style: Style(enabled: false), words: Words(language: .english), width: 80)
            .frame(lesson: lesson, next: nil, machine: machine, report: nil, panel: "")
        #expect(frame.contains("change seen: stopped the running check, checking again"))
    }
}

@Suite("Wrapping text for the terminal")
struct TerminalWrapTests {
    @Test("English wraps at spaces and never cuts a word that fits")
    func spaces() {
        let lines = TerminalText.wrappedLines("Edit the code in your editor and save the file", width: 20)
        #expect(lines == ["Edit the code in", "your editor and save", "the file"])
    }

    @Test("Chinese breaks between characters, never before a closing mark")
    func chinese() {
        let text = "保存文件：这个窗口会自动检查，然后显示结果。"
        let lines = TerminalText.wrappedLines(text, width: 20)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 20 }, "\(lines)")
        #expect(lines.joined() == text, "nothing lost, no spaces added")
        let marks: Set<Character> = ["，", "。", "："]
        #expect(lines.dropFirst().allSatisfy { !marks.contains($0.first!) }, "\(lines)")
    }

    @Test("mixed text keeps the spaces between Latin words")
    func mixed() {
        let lines = TerminalText.wrappedLines("编辑 Lessons/01-add/Sources/ 并保存。完整课文：kata show 01-add", width: 24)
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 24 }, "\(lines)")
        #expect(lines.joined(separator: " ").contains("kata show"))
        #expect(lines.contains { $0.contains("Lessons/01-add/Sources/") })
    }

    @Test("a path wider than the line breaks after a slash")
    func longPath() {
        let lines = TerminalText.wrappedLines("at Tests/Lessons/01-add/AdderTests.swift:5", width: 30)
        #expect(lines == ["at Tests/Lessons/01-add/", "AdderTests.swift:5"])
    }

    @Test("a word wider than the line is cut, not lost; empty paragraphs stay")
    func longWord() {
        let lines = TerminalText.wrappedLines("abcdefghijklmnopqrstuvwxyz\n\nend", width: 10)
        #expect(lines == ["abcdefghij", "klmnopqrst", "uvwxyz", "", "end"])
    }
}

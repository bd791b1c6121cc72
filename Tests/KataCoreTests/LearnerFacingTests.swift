import Foundation
import Testing
@testable import KataCore

/// What a learner reads: commands in the form that works where they stand,
/// lines wrapped whole, the lesson of the folder they are in, plurals.
@Suite("Learner-facing words and forms")
struct LearnerFacingTests {
    func swiftRunKata() -> FakeKata {
        var kata = watchCourse()
        kata.environment["KATA_COMMAND"] = "swift run kata"
        return kata
    }

    @Test("kata is `swift run kata` when it runs from a .build folder, `kata` when installed or told so")
    func detectsTheForm() {
        #expect(KataCommand.detect(executablePath: "/home/ana/di-kata/.build/debug/kata", environment: [:]) == .swiftRun)
        #expect(KataCommand.detect(executablePath: "/home/ana/di-kata/.build/x86_64-unknown-linux-gnu/release/kata", environment: [:]) == .swiftRun)
        #expect(KataCommand.detect(executablePath: "/usr/local/bin/kata", environment: [:]) == .installed)
        #expect(KataCommand.detect(executablePath: "/home/ana/di-kata/.build/debug/kata", environment: ["KATA_COMMAND": "kata"]) == .installed)
    }

    @Test("every shown command is rewritten; words that only mention kata are not")
    func rewritesCommands() {
        let run = KataCommand.swiftRun
        #expect(run.rewrite("Run `kata list` to see every lesson.") == "Run `swift run kata list` to see every lesson.")
        #expect(run.rewrite("Stuck? kata hint 01") == "Stuck? swift run kata hint 01")
        #expect(run.rewrite("See kata --help.") == "See swift run kata --help.")
        #expect(run.rewrite("阅读课文：kata show 01（在另一个终端里）") == "阅读课文：swift run kata show 01（在另一个终端里）")
        #expect(run.rewrite("already swift run kata check 01") == "already swift run kata check 01")
        #expect(run.rewrite("kata has no pristine copy; see .kata/starters and kata-junit.xml") == "kata has no pristine copy; see .kata/starters and kata-junit.xml")
        #expect(KataCommand.installed.rewrite("Run `kata list`.") == "Run `kata list`.")
    }

    @Test("errors, help, hints and the list footer all show swift run kata where that is how kata was started")
    func everyPlaceUsesTheForm() {
        let kata = swiftRunKata()
        #expect(kata.run("chekc") == 2)
        #expect(kata.console.errors == "kata: unknown command \"chekc\". Did you mean `swift run kata check`? See swift run kata --help.\n")
        #expect(kata.run("list") == 0)
        #expect(kata.console.output.contains("Next: swift run kata show 01-add"))
        #expect(kata.console.output.contains("run: swift run kata check 01-add"))
        #expect(!kata.console.output.replacingOccurrences(of: "swift run kata", with: "").contains("kata check"))
        let piped = swiftRunKata()
        #expect(piped.run([]) == 0, "kata with no command in a pipe prints the status")
        #expect(piped.console.output.contains("Next: swift run kata show 01-add"))
        let help = swiftRunKata()
        #expect(help.run("check", "--help") == 0)
        #expect(help.console.output.hasPrefix("Usage: swift run kata check <lesson>"))
        let words = Words(language: .english, kata: "swift run kata")
        let lesson = try! watchCourse().context().loadCourse().lessons[0]
        #expect(Welcome.text(first: lesson, words: words, style: Style(enabled: false)).contains("swift run kata show 01-add"))
    }

    @Test("an unknown command ends with a full stop, in both languages")
    func unknownCommand() {
        let kata = watchCourse()
        #expect(kata.run("frobnicate") == 2)
        #expect(kata.console.errors == "kata: unknown command \"frobnicate\". See kata --help.\n")
        let chinese = watchCourse()
        #expect(chinese.run("frobnicate", "--lang", "zh-Hans") == 2)
        #expect(chinese.console.errors == "kata: 没有“frobnicate”这个命令。请看 kata --help。\n")
    }

    @Test("run from inside a lesson's folder, check, hint and show take that lesson")
    func lessonOfTheFolder() {
        var kata = watchCourse()
        kata.workingDirectory = "/course/Lessons/02-greet/Sources"
        #expect(kata.run("hint") == 0)
        #expect(kata.console.output.contains("Hint 1 of 3"))
        kata.workingDirectory = "/course"
        #expect(kata.context().loadProgress()["02-greet"].hintsShown == 1)
        #expect(kata.context().loadProgress()["01-add"].hintsShown == 0)
        #expect(LessonHere.id(workingDirectory: "/course/Tests/Lessons/01-add", courseRoot: "/course") == "01-add")
        #expect(LessonHere.id(workingDirectory: "/course/Solutions/01-add/Sources", courseRoot: "/course") == "01-add")
        #expect(LessonHere.id(workingDirectory: "/course/Lessons", courseRoot: "/course") == nil)
        #expect(LessonHere.id(workingDirectory: "/elsewhere/Lessons/01-add", courseRoot: "/course") == nil)
    }

    @Test("plurals: one lesson, two lessons; one time, two times")
    func plurals() {
        let english = Words(language: .english)
        #expect(english.count(1, "lesson", "lessons", "课") == "1 lesson")
        #expect(english.count(2, "lesson", "lessons", "课") == "2 lessons")
        #expect(Words(language: .simplifiedChinese).count(2, "lesson", "lessons", "课") == "2 课")
        #expect(english.list(["33", "34", "42"]) == "33, 34 and 42")
        #expect(Words(language: .simplifiedChinese).list(["33", "34", "42"]) == "33、34 和 42")
    }

    @Test("a test's explanation written in both languages shows the learner's one")
    func bilingualTestMessages() {
        let message = "Expectation failed: (spy.ignitions → 0) == 1\nstart() should ignite the engine once. [zh-Hans] start() 应该让引擎点火一次。"
        #expect(TestMessage.text(message, in: .english) == "Expectation failed: (spy.ignitions → 0) == 1\nstart() should ignite the engine once.")
        #expect(TestMessage.text(message, in: .simplifiedChinese) == "预期不成立：(spy.ignitions → 0) == 1\nstart() 应该让引擎点火一次。")
        #expect(TestMessage.text("only English", in: .simplifiedChinese) == "only English")
        let lesson = try! watchCourse().context().loadCourse().lessons[0]
        let report = CheckReport(lesson: lesson.id, status: .fail, stage: .run, tests: [TestVerdict(name: "ignites", id: "a", status: .fail, message: message)])
        let chinese = CheckReportRenderer(style: Style(enabled: false), words: Words(language: .simplifiedChinese)).render(report, lesson: lesson)
        #expect(chinese.contains("start() 应该让引擎点火一次。"))
        #expect(!chinese.contains("should ignite"))
        #expect(chinese.contains("第 01 课"))
    }
}

@Suite("Wrapping at spaces and between CJK characters")
struct WrappingTests {
    @Test("long lines wrap at spaces, never inside a word, keeping their indentation")
    func wrapsAtSpaces() {
        let text = "      start() should ignite the engine passed to RaceCar(engine:) exactly once."
        let lines = TerminalText.wrapLine(text, width: 30)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 30 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("      ") && !$0.hasPrefix("       ") })
        let words = text.split(separator: " ").map(String.init)
        #expect(lines.flatMap { $0.split(separator: " ").map(String.init) } == words)
    }

    @Test("a list item's continuation hangs under its text; a word longer than the line is cut to fit")
    func hangingIndent() {
        #expect(TerminalText.wrap("  1. Read the lesson text first", width: 16) == "  1. Read the\n     lesson text\n     first")
        #expect(TerminalText.wrapLine("supercalifragilistic word", width: 10) == ["supercalif", "ragilistic", "word"])
    }

    @Test("Chinese breaks between characters, keeps closing punctuation on its line, and counts two columns each")
    func wrapsChinese() {
        let text = "测试使用的是重构后类型的新形状，请修改你的代码，而不是测试。"
        let lines = TerminalText.wrapLine(text, width: 20)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 20 })
        #expect(lines.joined() == text)
        #expect(lines.dropFirst().allSatisfy { !"，。、：；！？）".contains($0.first!) })
    }

    @Test("a colon after Chinese never starts a line; a path wider than the line breaks after a slash")
    func punctuationAndPaths() {
        let text = "测试使用的是重构后类型的新形状（阅读课文：swift run kata show 01）。"
        for width in 20...44 {
            let lines = TerminalText.wrapLine(text, width: width)
            #expect(lines.dropFirst().allSatisfy { !$0.hasPrefix("：") && !$0.hasPrefix("）") && !$0.hasPrefix("。") }, "\(width): \(lines)")
        }
        let path = "请修改 Lessons/01-constructor-injection/Sources/ 中的代码"
        let lines = TerminalText.wrapLine(path, width: 30)
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 30 }, "\(lines)")
        #expect(lines.joined().replacingOccurrences(of: " ", with: "") == path.replacingOccurrences(of: " ", with: ""))
    }

    @Test("a compiler excerpt (code and caret) is left as drawn")
    func excerpts() {
        let text = "  error: argument passed to call that takes no arguments\n              let car = RaceCar(engine: spy)\n                               ~~~~~~~~~^~~~\n"
        let wrapped = TerminalText.wrap(text, width: 30)
        #expect(wrapped.contains("              let car = RaceCar(engine: spy)\n                               ~~~~~~~~~^~~~\n"))
        #expect(wrapped.hasPrefix("  error: argument passed to\n"))
    }

    @Test("colors are kept and take no columns")
    func colors() {
        let red = "\u{1B}[31m✘ never reads the singleton\u{1B}[0m and more words here"
        let lines = TerminalText.wrapLine(red, width: 24)
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 24 })
        #expect(lines.joined(separator: " ").contains("\u{1B}[31m"))
        let words = { (text: String) in TerminalText.stripEscapes(text).split(separator: " ").map(String.init) }
        #expect(words(lines.joined(separator: " ")) == words(red))
    }

    @Test("in a narrow window the list shows lesson numbers, one row per line")
    func narrowList() {
        var kata = watchCourse()
        kata.console = RecordingConsole(width: 40)
        #expect(kata.run("list", "--lang", "zh-Hans") == 0)
        let lines = kata.console.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  · 01 标题  未开始") }, "\(lines)")
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 40 }, "\(lines)")
        var wide = watchCourse()
        wide.console = RecordingConsole(width: 120)
        #expect(wide.run("list") == 0)
        #expect(wide.console.output.contains("  · 01-add "))
    }

    @Test("the learner console wraps hint output to the terminal's width")
    func consoleWraps() {
        var kata = watchCourse()
        kata.fileSystem.add("/course/Lessons/01-add/lesson.json", """
            {"format_version": 1, "module": "Adding", "title": {"en": "Add", "zh-Hans": "加"}, "summary": {"en": "S", "zh-Hans": "摘要"},
             "hints": [{"en": "The tests build the car as RaceCar(engine: someEngine). Start by giving RaceCar an initializer with that shape.", "zh-Hans": "测试用 RaceCar(engine: someEngine) 创建赛车。先给 RaceCar 一个这种形状的初始化方法。"}]}
            """)
        kata.console = RecordingConsole(width: 40)
        #expect(kata.run("hint", "01") == 0)
        let lines = kata.console.output.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 40 }, "\(lines)")
        #expect(kata.console.output.contains("initializer"))
    }
}

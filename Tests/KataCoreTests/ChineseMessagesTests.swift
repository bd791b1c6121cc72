import Foundation
import Testing
@testable import KataCore

/// A learner who chose zh-Hans reads Chinese: every `--help` and the usage
/// errors kata prints, with Chinese punctuation after Chinese.
@Suite("zh-Hans messages are Chinese")
struct ChineseMessagesTests {
    /// Words allowed to stand in Chinese text: commands, options' values, tools, names.
    static let allowed: Set<String> = Set(CommandSpec.all.map(\.name) + [
        "kata", "swift", "run", "git", "en", "json", "mermaid", "dot", "terminal", "swiftc", "swiftpm", "tar", "hash",
        "clock-injection", "retry-policy", "submissions", "reports", "export", "sh",
    ])

    /// Runs of two or more plain English words outside code spans, in one line.
    static func englishRuns(in text: String) -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n").map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // Example command lines and option columns are typed, not read.
            if trimmed.hasPrefix("kata ") || trimmed.hasPrefix("swift run kata") || trimmed.hasPrefix("--") { continue }
            var plain = ""
            var inCode = false
            for character in line {
                if character == "`" { inCode.toggle(); plain.append(" "); continue }
                plain.append(inCode ? " " : character)
            }
            var run: [String] = []
            func close() { if run.count >= 2 { found.append(run.joined(separator: " ") + "   ← " + line) }; run = [] }
            for token in plain.split(whereSeparator: { $0 == " " || ($0.unicodeScalars.first.map(TerminalText.isWide) ?? false) }) {
                let word = token.trimmingCharacters(in: CharacterSet(charactersIn: ",.;:!?()\"'"))
                let isEnglish = !token.hasPrefix(".") && word.count >= 2 && word.allSatisfy { $0.isASCII && $0.isLetter && $0.isLowercase } && !allowed.contains(word)
                if isEnglish { run.append(word) } else { close() }
            }
            close()
        }
        return found
    }

    @Test("the check itself finds English")
    func detectorWorks() {
        #expect(!Self.englishRuns(in: "kata: which lesson? Example").isEmpty)
        #expect(Self.englishRuns(in: "哪一课？例如：kata check 01（用 kata list 查看所有课）").isEmpty)
        #expect(Self.englishRuns(in: "运行 `kata list --json` 查看").isEmpty)
    }

    @Test("every command's --help is Chinese, with Chinese punctuation")
    func help() {
        for command in CommandSpec.all {
            let kata = watchCourse()
            #expect(kata.run(command.name, "--help", "--lang", "zh-Hans") == 0)
            let text = kata.console.output
            #expect(text.hasPrefix("用法："), "\(command.name)")
            #expect(Self.englishRuns(in: text).isEmpty, "\(command.name): \(Self.englishRuns(in: text))")
        }
        let overview = watchCourse()
        #expect(overview.run("--help", "--lang", "zh-Hans") == 0)
        #expect(Self.englishRuns(in: overview.console.output).isEmpty, "\(Self.englishRuns(in: overview.console.output))")
    }

    @Test("usage errors are Chinese", arguments: [
        ["check"], ["show"], ["reset"], ["diff"], ["refactor"], ["check", "99"], ["frob"], ["chek"], ["check", "01", "--jsno"],
        ["check", "01", "--timeout", "x"], ["check", "01", "--builder", "make"], ["list", "--course"], ["export"], ["new"],
        ["check", "--all", "01"], ["graph"], ["grade"], ["solution", "01"],
    ])
    func usageErrors(arguments: [String]) {
        let kata = watchCourse()
        #expect(kata.run(arguments + ["--lang", "zh-Hans"]) != 0)
        let text = kata.console.errors
        #expect(!text.isEmpty)
        #expect(Self.englishRuns(in: text).isEmpty, "\(arguments): \(text)")
    }

    @Test("hints, the check verdict and the list speak Chinese with Chinese punctuation")
    func runtime() throws {
        let kata = watchCourse()
        #expect(kata.run("hint", "01", "--lang", "zh-Hans") == 0)
        #expect(kata.console.output.contains("提示 1/3："))
        #expect(Self.englishRuns(in: kata.console.output).isEmpty, "\(kata.console.output)")
        let list = watchCourse()
        #expect(list.run("list", "--lang", "zh-Hans") == 0)
        #expect(Self.englishRuns(in: list.console.output).isEmpty, "\(list.console.output)")
        let lesson = try list.context().loadCourse().lessons[0]
        let report = CheckReport(lesson: lesson.id, status: .fail, stage: .run, tests: [
            TestVerdict(name: "adds two numbers", id: "a", status: .fail, message: "Expectation failed: (add(1, 2) → -1) == 3\nadd should add. [zh-Hans] add 应该相加。", file: "T.swift", line: 3),
        ], missingFiles: ["Main.swift"])
        let text = CheckReportRenderer(style: Style(enabled: false), words: Words(language: .simplifiedChinese)).render(report, lesson: lesson)
        // The test's name may stay English; everything kata says around it is Chinese.
        let withoutName = text.replacingOccurrences(of: "adds two numbers", with: "")
        #expect(Self.englishRuns(in: withoutName).isEmpty, "\(Self.englishRuns(in: withoutName))")
        #expect(text.contains("第 01 课"))
    }

    /// Every `say("English", "中文")` pair written in the runner's sources: the
    /// Chinese half holds no English sentence (the messages no test above renders).
    @Test("the Chinese half of every say(...) pair in the runner is Chinese")
    func everySayPair() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let sources = root.appendingPathComponent("Sources/KataCore").path
        let files = (FileManager.default.enumerator(atPath: sources)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20, "the runner's sources are found at \(sources)")
        let pattern = try NSRegularExpression(pattern: #"say\(\s*"((?:[^"\\]|\\.)*)"\s*,\s*"((?:[^"\\]|\\.)*)"\s*\)"#, options: [.dotMatchesLineSeparators])
        var pairs = 0
        for file in files.sorted() {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 2), in: text) else { continue }
                pairs += 1
                // Interpolations are values (ids, paths, numbers), not words.
                let chinese = String(text[range]).replacingOccurrences(of: #"\\\([^)]*\)"#, with: " X ", options: .regularExpression)
                let english = Self.englishRuns(in: chinese)
                #expect(english.isEmpty, "\(file): \(english)")
            }
        }
        #expect(pairs > 150)
    }

    @Test("*emphasis* and **strong** render without their asterisks; code keeps its marks without color")
    func emphasis() {
        let plain = MarkdownTerminal(style: Style(enabled: false), width: nil)
        #expect(plain.inline("把*整个*对象交给它") == "把整个对象交给它")
        #expect(plain.inline("**可重入（递归）**的锁") == "可重入（递归）的锁")
        #expect(plain.inline("a * b and `x * y`") == "a * b and `x * y`")
        let colored = MarkdownTerminal(style: Style(enabled: true), width: nil)
        #expect(colored.inline("**粗**") == "\u{1B}[1m粗\u{1B}[0m")
        #expect(!colored.render("提示：*整个*\n").contains("*"))
    }
}

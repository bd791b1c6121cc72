import Foundation
import Testing
@testable import KataCore

@Suite("The command line")
struct CommandLineTests {
    func kata(interactive: Bool = false) -> FakeKata {
        var kata = FakeKata()
        kata.console = RecordingConsole(interactive: interactive)
        kata.fileSystem.add("/course/Lessons/01-constructor-injection/lesson.json", lessonJSON(module: "Constructor"))
        kata.fileSystem.add("/course/Lessons/01-constructor-injection/README.md", "# Constructor\n\nUse `init(engine:)`.\n")
        kata.fileSystem.add("/course/Lessons/01-constructor-injection/README.zh-Hans.md", "# 构造器\n")
        kata.fileSystem.add("/course/Lessons/02-setter-injection/lesson.json", lessonJSON(module: "Setter"))
        return kata
    }

    @Test("options are parsed for the command that owns them")
    func parses() throws {
        let invocation = try Invocation.parse(["check", "01", "--json", "--timeout=3", "--lang", "zh-Hans"], commands: CommandSpec.all)
        #expect(invocation == Invocation(command: "check", positional: ["01"], flags: ["--json"], options: ["--timeout": "3", "--lang": "zh-Hans"]))
    }

    @Test("an unknown option is a usage error with a suggestion")
    func unknownOption() {
        let kata = kata()
        #expect(kata.run("check", "01", "--jsno") == 2)
        #expect(kata.console.errors == "kata: unknown option --jsno. Did you mean --json? See kata check --help.\n")
    }

    @Test("an unknown command is a usage error with a suggestion")
    func unknownCommand() {
        let kata = kata()
        #expect(kata.run("chekc", "01") == 2)
        #expect(kata.console.errors.contains("unknown command \"chekc\". Did you mean `kata check`?"))
    }

    @Test("a missing option value says what a value looks like")
    func missingValue() {
        let kata = kata()
        #expect(kata.run("list", "--lang") == 2)
        #expect(kata.console.errors.contains("--lang needs a value, like --lang zh-Hans"))
    }

    @Test("an unknown language is a usage error")
    func unknownLanguage() {
        let kata = kata()
        #expect(kata.run("list", "--lang", "fr") == 2)
        #expect(kata.console.errors.contains("--lang takes en or zh-Hans"))
    }

    @Test("with no command, the course status is printed, without escape codes when not a terminal")
    func statusByDefault() {
        let kata = kata()
        #expect(kata.run() == 0)
        #expect(kata.console.output.contains("01-constructor-injection"))
        #expect(kata.console.output.contains("← next"))
        #expect(!kata.console.output.contains("\u{1B}["))
    }

    @Test("list --json has an id, a title and a status per lesson")
    func listJSON() throws {
        let kata = kata()
        #expect(kata.run("list", "--json") == 0)
        struct Listing: Decodable { struct Row: Decodable { var id: String; var title: String; var status: String }; var lessons: [Row]; var next: String? }
        let listing = try JSONDecoder().decode(Listing.self, from: Data(kata.console.output.utf8))
        #expect(listing.lessons.map(\.id) == ["01-constructor-injection", "02-setter-injection"])
        #expect(listing.lessons.map(\.status) == ["not started", "not started"])
        #expect(listing.next == "01-constructor-injection")
    }

    @Test("show prints the README in the chosen language, and LANG chooses too")
    func show() {
        let english = kata()
        #expect(english.run("show", "1") == 0)
        #expect(english.console.output.contains("Use `init(engine:)`."))
        var chinese = kata()
        chinese.environment["LANG"] = "zh_CN.UTF-8"
        #expect(chinese.run("show", "constructor-injection") == 0)
        #expect(chinese.console.output.contains("构造器"))
    }

    @Test("a lesson that does not exist gets a did-you-mean")
    func unknownLesson() {
        let kata = kata()
        #expect(kata.run("show", "constructr-injection") == 2)
        #expect(kata.console.errors.contains("Did you mean 01-constructor-injection?"))
    }

    @Test("--help of a command shows its usage and an example")
    func help() {
        let kata = kata()
        #expect(kata.run("check", "--help") == 0)
        #expect(kata.console.output.contains("Usage: kata check <lesson>"))
        #expect(kata.console.output.contains("Example:"))
        let overview = self.kata()
        #expect(overview.run("--help") == 0)
        for command in CommandSpec.all { #expect(overview.console.output.contains("  \(command.name)")) }
    }

    @Test("no swiftc on PATH: check explains how to get Swift")
    func noToolchain() {
        let kata = kata()
        kata.fileSystem.add("/course/Lessons/01-constructor-injection/Sources/Car.swift", "public struct Car {}")
        #expect(kata.run("check", "01") == 1)
        #expect(kata.console.errors.contains("cannot find the Swift compiler (swiftc)"))
    }

    @Test("a check remembers its verdict in progress")
    func checkRecordsProgress() throws {
        var kata = kata()
        kata.fileSystem.add("/toolchain/bin/swiftc", "")
        kata.fileSystem.add("/course/Lessons/01-constructor-injection/Sources/Car.swift", "public struct Car {}\noops")
        kata.fileSystem.add("/course/Tests/Lessons/01-constructor-injection/CarTests.swift", "import Testing")
        kata.processRunner = BuilderTests.compiler(kata.fileSystem, failing: "oops")
        #expect(kata.run("check", "01") == 1)
        #expect(kata.console.output.contains("Your code does not compile yet"))
        let progress = try #require(kata.fileSystem.text("/course/.kata/progress.json"))
        #expect(progress.contains(#""status" : "error""#))
        #expect(progress.contains(#""current" : "01-constructor-injection""#))
    }
}

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import KataCore

@Suite("Compiler notes stay with their error")
struct DiagnosticNoteTests {
    static let output = """
        /course/Tests/Lessons/01-x/CarTests.swift:12:19: error: missing argument for parameter 'engine' in call
                let car = RaceCar()
                                  ^
        /course/Lessons/01-x/Sources/RaceCar.swift:3:5: note: 'init(engine:)' declared here
            init(engine: Engine) {
            ^
        /course/Lessons/01-x/Sources/RaceCar.swift:9:1: error: expected '}' in class
        }
        ^
        /course/Lessons/01-x/Sources/RaceCar.swift:1:15: note: to match this opening '{'
        final class RaceCar {
                      ^
        """

    @Test("each note is parsed with its file and line, under the error it explains")
    func parses() {
        let found = DiagnosticParser.parse(Self.output, root: "/course")
        #expect(found.count == 2)
        #expect(found[0].notes == [DiagnosticNote(file: "Lessons/01-x/Sources/RaceCar.swift", line: 3, column: 5, message: "'init(engine:)' declared here")])
        #expect(found[1].notes == [DiagnosticNote(file: "Lessons/01-x/Sources/RaceCar.swift", line: 1, column: 15, message: "to match this opening '{'")])
    }

    @Test("the human output and --json carry the notes")
    func shown() throws {
        let lesson = Lesson(id: "01-x", number: 1, slug: "x", metadata: LessonMetadata(module: "X", title: LocalizedText(english: "Ex", chinese: "例"),
                            summary: LocalizedText(english: "", chinese: ""), hints: []), root: "/course")
        let report = CheckReport(lesson: "01-x", status: .error, stage: .module, diagnostics: DiagnosticParser.parse(Self.output, root: "/course"))
        let text = CheckReportRenderer(style: Style(enabled: false), words: Words(language: .english)).render(report, lesson: lesson)
        #expect(text.contains("note: 'init(engine:)' declared here (Lessons/01-x/Sources/RaceCar.swift:3)"))
        #expect(text.contains("note: to match this opening '{' (Lessons/01-x/Sources/RaceCar.swift:1)"))
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let json = String(decoding: try encoder.encode(report), as: UTF8.self)
        #expect(json.contains("\"notes\":[{"))
        #expect(json.contains("to match this opening"))
        let decoded = try JSONDecoder().decode(Diagnostic.self, from: Data(#"{"file":"a","line":1,"column":1,"severity":"error","message":"m"}"#.utf8))
        #expect(decoded.notes.isEmpty)
    }

    @Test("the same error at many lines lists every line, in Chinese with 、")
    func everyLine() {
        let lesson = Lesson(id: "01-x", number: 1, slug: "x", metadata: LessonMetadata(module: "X", title: LocalizedText(english: "Ex", chinese: "例"),
                            summary: LocalizedText(english: "", chinese: ""), hints: []), root: "/course")
        let diagnostics = [12, 33, 34, 42, 49, 50].map { Diagnostic(file: "T.swift", line: $0, column: 1, severity: "error", message: "same") }
        let report = CheckReport(lesson: "01-x", status: .error, stage: .tests, diagnostics: diagnostics)
        let english = CheckReportRenderer(style: Style(enabled: false), words: Words(language: .english)).render(report, lesson: lesson)
        #expect(english.contains("the same error also at lines 33, 34, 42, 49 and 50"))
        let chinese = CheckReportRenderer(style: Style(enabled: false), words: Words(language: .simplifiedChinese)).render(report, lesson: lesson)
        #expect(chinese.contains("同样的错误还出现在第 33、34、42、49 和 50 行"))
    }
}

@Suite("Odd files and folders")
struct OddFilesTests {
    @Test("CRLF files diff line by line")
    func crlf() {
        #expect(LineDiff.lines("a\r\nb\r\nc\r\n") == ["a", "b", "c"])
        #expect(LineDiff.lines("a\nb") == ["a", "b"])
        #expect(LineDiff.lines("a\rb\r") == ["a", "b"])
        let diff = LineDiff.modules(old: ["A.swift": "one\r\ntwo\r\nthree\r\n"], new: ["A.swift": "one\r\nTWO\r\nthree\r\n"],
                                    oldLabel: "starter", newLabel: "yours", style: Style(enabled: false))
        #expect(diff.contains("-two\n+TWO\n"))
        #expect(!diff.contains("-one"))
    }

    @Test("a read-only course: kata says what it could not write, goes on with a state folder elsewhere, and how to keep one")
    func readOnly() {
        func run(_ arguments: String...) -> (Int32, RecordingConsole) {
            let kata = watchCourse()
            let console = RecordingConsole()
            let status = Kata.run(arguments: arguments, environment: kata.environment, workingDirectory: "/course",
                                  fileSystem: ReadOnlyUnder("/course", base: kata.fileSystem), processRunner: kata.processRunner,
                                  clock: kata.clock, console: console)
            return (status, console)
        }
        let (status, console) = run("hint", "01")
        #expect(status == 0)
        #expect(console.output.contains("Hint 1 of 3"))
        #expect(console.errors.contains("cannot write to /course/.kata"))
        #expect(console.errors.contains("export KATA_STATE_DIR="))
        let (listed, json) = run("list", "--json")
        #expect(listed == 0)
        #expect((try? JSONSerialization.jsonObject(with: Data(json.output.utf8))) != nil, "\(json.output)")
    }

    @Test("KATA_STATE_DIR keeps progress elsewhere")
    func stateFolder() {
        var kata = watchCourse()
        kata.environment["KATA_STATE_DIR"] = "/home/learner/.kata-state"
        #expect(kata.run("hint", "01") == 0)
        #expect(kata.fileSystem.isFile("/home/learner/.kata-state/progress.json"))
        #expect(!kata.fileSystem.isFile("/course/.kata/progress.json"))
    }

    @Test("a deleted or emptied starter file is named, with kata reset offered")
    func missingFile() {
        let kata = watchCourse()
        let context = kata.context()
        let lesson = try! context.loadCourse().lessons[0]
        StarterStore(context: context).remember(lesson, progress: Progress())
        try! kata.fileSystem.remove("/course/Lessons/01-add/Sources/Main.swift")
        #expect(StarterFiles.missing(lesson, context: context) == ["Main.swift"])
        kata.fileSystem.add("/course/Lessons/01-add/Sources/Main.swift", "  \n")
        #expect(StarterFiles.missing(lesson, context: context) == ["Main.swift"])
        let report = CheckReport(lesson: lesson.id, status: .error, stage: .module, missingFiles: ["Main.swift"])
        let text = CheckReportRenderer(style: Style(enabled: false), words: context.words).render(report, lesson: lesson)
        #expect(text.contains("missing or empty: Main.swift"))
        #expect(text.contains("kata reset 01-add"))
    }
}

/// A file system that refuses every write under one folder (a read-only checkout).
final class ReadOnlyUnder: FileSystem, @unchecked Sendable {
    let prefix: String
    let base: InMemoryFileSystem
    init(_ prefix: String, base: InMemoryFileSystem) { self.prefix = prefix; self.base = base }
    func refuse(_ path: String) throws {
        if path == prefix || path.hasPrefix(prefix + "/") { throw FileSystemError(path: path, reason: "cannot be written (read-only file system)") }
    }
    func kind(of path: String) -> FileKind? { base.kind(of: path) }
    func contentsOfDirectory(_ path: String) throws -> [String] { try base.contentsOfDirectory(path) }
    func read(_ path: String) throws -> Data { try base.read(path) }
    func writeAtomically(_ data: Data, to path: String) throws { try refuse(path); try base.writeAtomically(data, to: path) }
    func createDirectory(_ path: String) throws {
        if base.isDirectory(path) { return }
        try refuse(path); try base.createDirectory(path)
    }
    func remove(_ path: String) throws { try refuse(path); try base.remove(path) }
    func move(_ source: String, to destination: String) throws { try refuse(destination); try base.move(source, to: destination) }
    func modificationDate(_ path: String) -> Date? { base.modificationDate(path) }
    func withExclusiveLock<T>(_ path: String, _ body: () throws -> T) rethrows -> T { try base.withExclusiveLock(path, body) }
}

@Suite("Handouts offer only what they hold")
struct HandoutCapabilityTests {
    func handout() -> FakeKata {
        let kata = watchCourse()
        kata.fileSystem.add("/course/.kata-handout", "handout\n")
        try! kata.fileSystem.remove("/course/Solutions")
        return kata
    }

    @Test("capabilities say what a lesson can serve")
    func capabilities() throws {
        let full = watchCourse()
        let lesson = try full.context().loadCourse().lessons[0]
        #expect(Handout.capabilities(of: lesson, courseRoot: "/course", fileSystem: full.fileSystem).solution)
        let kata = handout()
        let can = Handout.capabilities(of: lesson, courseRoot: "/course", fileSystem: kata.fileSystem)
        #expect(can.isHandout && !can.solution && !can.refactoringSteps)
    }

    @Test("kata diff in a handout shows the change and says why the solution part is not there")
    func diff() throws {
        let kata = handout()
        let context = kata.context()
        StarterStore(context: context).remember(try context.loadCourse().lessons[0], progress: Progress())
        kata.fileSystem.add("/course/Lessons/01-add/Sources/Main.swift", "func add(_ a: Int, _ b: Int) -> Int { a + b }\n")
        try context.progressStore.update { progress in
            var entry = Progress.LessonProgress()
            entry.passedAt = Date(timeIntervalSince1970: 1)
            entry.status = .pass
            progress["01-add"] = entry
        }
        #expect(kata.run("diff", "01") == 0, "\(kata.console.errors)")
        #expect(kata.console.output.contains("+func add(_ a: Int, _ b: Int) -> Int { a + b }"))
        #expect(kata.console.output.contains("the instructor kept the reference solutions"))
        #expect(!kata.console.output.contains("/dev/null"))
    }

    @Test("kata solution in a handout says the instructor kept the solutions")
    func solution() {
        let kata = handout()
        #expect(kata.run("solution", "01", "--force") == 1)
        #expect(kata.console.errors.contains("the instructor kept the solutions"))
    }

    @Test("kata refactor in a handout refuses with the reason, and never suggests --graph")
    func refactor() {
        let kata = handout()
        #expect(kata.run("refactor", "01") == 1)
        #expect(kata.console.errors.contains("the instructor kept the reference solutions"))
        #expect(!kata.console.errors.contains("--graph"))
        #expect(kata.console.errors.contains("kata diff 01-add"))
    }
}

@Suite("kata export takes the starters from the pristine copy")
struct PristineExportTests {
    @Test("a solved working copy is not handed out; the export says the working files differ")
    func pristineStarters() throws {
        var kata = watchCourse()
        kata.fileSystem.add("/course/Package.swift", "// package\n")
        let context = kata.context()
        for lesson in try context.loadCourse().lessons { StarterStore(context: context).remember(lesson, progress: Progress()) }
        try recordVerified(kata)
        kata.fileSystem.add("/course/Lessons/01-add/Sources/Main.swift", "func add(_ a: Int, _ b: Int) -> Int { a + b } // SOLVED\n")
        kata.workingDirectory = "/course"
        #expect(kata.run("export", "/handout") == 0, "\(kata.console.errors)")
        #expect(kata.fileSystem.text("/handout/Lessons/01-add/Sources/Main.swift") == "func add(_ a: Int, _ b: Int) -> Int { a - b }\n")
        #expect(kata.console.output.contains("Lessons/01-add/Sources"))
        #expect(kata.console.output.contains("differ from the starter"))
        #expect(!kata.console.output.contains("Lessons/02-greet/Sources"))
    }

    @Test("no pristine copy at all: the export stops and says why")
    func noPristine() throws {
        var kata = watchCourse()
        try kata.context().progressStore.update { $0["01-add"] = Progress.LessonProgress() }
        kata.workingDirectory = "/course"
        #expect(kata.run("export", "/handout") == 1)
        #expect(kata.console.errors.contains("no pristine starter exists for 01-add"))
        #expect(!kata.fileSystem.exists("/handout/Lessons/01-add/Sources/Main.swift"))
    }
}

@Suite("kata install")
struct InstallTests {
    func kata(path: String) -> FakeKata {
        var kata = watchCourse()
        kata.fileSystem.add("/course/Package.swift", "// package\n")
        try! kata.fileSystem.createDirectory("/home/learner")
        kata.environment["PATH"] = path
        kata.environment["SHELL"] = "/bin/zsh"
        return kata
    }

    func run(_ kata: FakeKata, _ arguments: String...) -> Int32 {
        Kata.run(arguments: arguments, environment: kata.environment, workingDirectory: kata.workingDirectory,
                 fileSystem: kata.fileSystem, processRunner: kata.processRunner, clock: kata.clock, console: kata.console,
                 kataCommand: .swiftRun, executablePath: "/course/.build/x86_64-unknown-linux-gnu/debug/kata")
    }

    @Test("writes a launcher into ~/.local/bin and, when that is not on PATH, the exact line to add")
    func notOnPath() throws {
        let kata = kata(path: "/usr/bin:/bin")
        let before = Set(kata.fileSystem.allFiles)
        #expect(run(kata, "install") == 0, "\(kata.console.errors)")
        let script = try #require(kata.fileSystem.text("/home/learner/.local/bin/kata"))
        #expect(script.hasPrefix("#!/bin/sh\n"))
        #expect(script.contains("KATA_COMMAND=kata"))
        #expect(script.contains("exec '/course/.build/x86_64-unknown-linux-gnu/debug/kata' \"$@\""))
        #expect(kata.console.output.contains("Add this line to ~/.zshrc"))
        #expect(kata.console.output.contains("export PATH=\"$HOME/.local/bin:$PATH\""))
        #expect(kata.console.output.contains("Then type: kata list"))
        #expect(!kata.console.output.contains("swift run kata list"))
        let written = Set(kata.fileSystem.allFiles).subtracting(before).filter { !$0.hasPrefix("/course/.kata/") }
        #expect(written.allSatisfy { $0.hasPrefix("/home/learner/") }, "\(written)")
    }

    @Test("uses a home folder already on PATH and says so")
    func onPath() throws {
        let kata = kata(path: "/home/learner/bin:/usr/bin")
        try kata.fileSystem.createDirectory("/home/learner/bin")
        #expect(run(kata, "install") == 0)
        #expect(kata.fileSystem.isFile("/home/learner/bin/kata"))
        #expect(kata.console.output.contains("~/bin is on your PATH"))
    }

    @Test("a kata it did not write is left alone unless --force")
    func foreignFile() {
        let kata = kata(path: "/usr/bin")
        kata.fileSystem.add("/home/learner/.local/bin/kata", "#!/bin/sh\necho mine\n")
        #expect(run(kata, "install") == 1)
        #expect(kata.fileSystem.text("/home/learner/.local/bin/kata") == "#!/bin/sh\necho mine\n")
        #expect(kata.console.errors.contains("--force"))
        #expect(run(kata, "install") == 1)
        #expect(run(kata, "install", "--force") == 0)
        #expect(kata.fileSystem.text("/home/learner/.local/bin/kata")?.contains(LauncherInstaller.marker) == true)
        #expect(run(kata, "install") == 0, "a launcher kata wrote is replaced without --force")
    }
}

@Suite("kata check --junit")
struct CheckJUnitTests {
    @Test("the suite is named after the check, and times are the measured ones")
    func namesAndTimes() throws {
        let course = watchCourse()
        let lessons = try course.context().loadCourse().lessons
        var fast = TestVerdict(name: "adds", id: "a", status: .pass, durationMs: 0)
        fast.durationSeconds = 0.000_25
        let reports = [
            CheckReport(lesson: lessons[0].id, status: .fail, stage: .run, tests: [
                fast, TestVerdict(name: "adds <negatives>", id: "b", status: .fail, message: "Expectation failed\nshould add. [zh-Hans] 应该相加。", file: "T.swift", line: 3, durationMs: 12),
            ], durationMs: 1534),
            CheckReport(lesson: lessons[1].id, status: .error, stage: .module, diagnostics: [Diagnostic(file: "M.swift", line: 1, column: 1, severity: "error", message: "oops")], durationMs: 800),
        ]
        let xml = CheckJUnit.xml(reports: reports, lessons: lessons, student: "kata")
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "name")?.stringValue == "kata check")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["kata check 01-add", "kata check 02-greet"])
        #expect(suites[0].attribute(forName: "time")?.stringValue == "1.534000")
        let cases = suites[0].elements(forName: "testcase")
        #expect(cases[0].attribute(forName: "time")?.stringValue == "0.000250")
        #expect(cases[1].attribute(forName: "time")?.stringValue == "0.012000")
        #expect(cases[1].elements(forName: "failure").first?.attribute(forName: "message")?.stringValue == "Expectation failed")
        #expect(!xml.contains("[zh-Hans]"))
        #expect(suites[1].elements(forName: "testcase").first?.elements(forName: "error").count == 1)
        #expect(!xml.contains("kata grade"))
    }
}

@Suite("The time zone test programs run in")
struct FarTimeZoneTests {
    @Test("every child process of kata check, watch and verify runs in Kathmandu's time zone, whatever the learner's own")
    func checkRunsFarFromUTC() {
        var kata = FakeKata()
        kata.environment["TZ"] = "UTC"
        let environment = kata.context().childEnvironment
        #expect(environment["TZ"] == "Asia/Kathmandu", "\(environment)")
        #expect(environment["PATH"] == "/toolchain/bin", "the rest of the environment is kept")
    }
}

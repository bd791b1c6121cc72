import Foundation
import Testing
@testable import KataCore

@Suite("kata hint, solution, reset")
struct GuidanceCommandTests {
    let source = "/course/Lessons/01-add/Sources/Main.swift"

    @Test("hints come one at a time and are remembered")
    func hintsOneAtATime() {
        let kata = watchCourse()
        #expect(kata.run("hint", "01") == 0)
        #expect(kata.console.output.contains("Hint 1 of 3: hint 0"))
        #expect(!kata.console.output.contains("Hint 2 of 3"))
        kata.run("hint", "add")
        kata.run("hint", "01-add")
        kata.run("hint", "1")
        #expect(kata.console.output.contains("That was the last hint"))
        #expect(kata.context().loadProgress()["01-add"].hintsShown == 3)
    }

    @Test("hint --all shows every hint; without a lesson, the current one")
    func allHints() {
        let kata = watchCourse()
        try? kata.context().progressStore.update { $0.current = "02-greet" }
        #expect(kata.run("hint", "--all") == 0)
        #expect(kata.console.output.contains("Hint 3 of 3"))
        #expect(kata.context().loadProgress()["02-greet"].hintsShown == 3)
    }

    @Test("hints in Chinese")
    func chineseHints() {
        let kata = watchCourse()
        kata.run("hint", "01", "--lang", "zh-Hans")
        #expect(kata.console.output.contains("提示 1/3：提示 0"))
    }

    @Test("the solution is refused before a pass, shown with --force and recorded")
    func solutionLocked() {
        let kata = watchCourse()
        #expect(kata.run("solution", "01") == 1)
        #expect(kata.console.errors.contains("--force"))
        #expect(!kata.console.output.contains("reference solution of 01-add"))
        #expect(kata.context().loadProgress()["01-add"].solutionSeen == false)
        #expect(kata.run("solution", "01", "--force") == 0)
        #expect(kata.console.output.contains("the reference solution of 01-add"))
        #expect(kata.context().loadProgress()["01-add"].solutionSeen == true)
    }

    @Test("after a pass the solution is shown and nothing is marked")
    func solutionAfterPass() throws {
        let kata = watchCourse()
        try kata.context().progressStore.update { progress in
            var entry = progress["01-add"]
            entry.passedAt = kata.clock.now()
            entry.status = .pass
            progress["01-add"] = entry
        }
        #expect(kata.run("solution", "01") == 0)
        #expect(kata.console.output.contains("Solutions/01-add/Sources/Main.swift"))
        #expect(kata.context().loadProgress()["01-add"].solutionSeen == false)
    }

    /// A course whose starters kata saw before the learner's edit.
    func editedCourse() -> FakeKata {
        let kata = watchCourse()
        kata.run("list")
        kata.fileSystem.add(source, "my work\n")
        kata.fileSystem.add("/course/Lessons/01-add/Sources/Extra.swift", "my new file\n")
        return kata
    }

    @Test("reset backs up the learner's files, restores the starter, and says where the backup is")
    func reset() {
        let kata = editedCourse()
        #expect(kata.run("reset", "01", "--yes") == 0)
        let fs = kata.fileSystem
        #expect(fs.text(source) == "func add(_ a: Int, _ b: Int) -> Int { a - b }\n")
        #expect(fs.text("/course/Lessons/01-add/Sources/Extra.swift") == nil)
        let backup = "/course/.kata/backups/01-add/20270115-080000"
        #expect(fs.text("\(backup)/Main.swift") == "my work\n")
        #expect(fs.text("\(backup)/Extra.swift") == "my new file\n")
        #expect(kata.console.output.contains(".kata/backups/01-add/20270115-080000/"))
        #expect(kata.console.output.contains("kata reset --restore 01-add/20270115-080000"))
    }

    @Test("reset --restore brings a backup back, backing up first")
    func restore() {
        let kata = editedCourse()
        kata.run("reset", "01", "--yes")
        kata.fileSystem.add(source, "second try\n")
        kata.clock.advance(60)
        #expect(kata.run("reset", "--restore", "01-add/20270115-080000", "--yes") == 0)
        let fs = kata.fileSystem
        #expect(fs.text(source) == "my work\n")
        #expect(fs.text("/course/Lessons/01-add/Sources/Extra.swift") == "my new file\n")
        #expect(fs.text("/course/.kata/backups/01-add/20270115-080100/Main.swift") == "second try\n")
        // The newest backup is the one just taken: restoring it undoes the restore.
        #expect(kata.run("reset", "--restore", "--yes") == 0)
        #expect(fs.text(source) == "second try\n")
    }

    @Test("reset asks first; no answer, no change", arguments: [("n", true), ("", true), ("y", false)])
    func confirmation(answer: String, unchanged: Bool) {
        var kata = editedCourse()
        kata.console = RecordingConsole(interactive: true, lines: [answer])
        let status = kata.run("reset", "01")
        #expect(kata.console.output.contains("[y/N]"))
        #expect((kata.fileSystem.text(source) == "my work\n") == unchanged)
        #expect(status == (unchanged ? 1 : 0))
    }

    @Test("reset outside a terminal needs --yes")
    func resetNeedsYes() {
        let kata = editedCourse()
        #expect(kata.run("reset", "01") == 2)
        #expect(kata.console.errors.contains("--yes"))
        #expect(kata.fileSystem.text(source) == "my work\n")
    }

    @Test("no pristine copy: a clear error, the learner's files untouched")
    func noPristineCopy() throws {
        let kata = watchCourse()
        try kata.context().progressStore.update { $0["01-add"] = Progress.LessonProgress() }
        kata.fileSystem.add(source, "my work\n")
        #expect(kata.run("reset", "01", "--yes") == 1)
        #expect(kata.console.errors.contains("no pristine copy"))
        #expect(kata.fileSystem.text(source) == "my work\n")
        #expect(!kata.fileSystem.allFiles.contains { $0.contains("/backups/") })
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }

    @Test("what kata check compares with is the starter as handed out: the branch a cloned course follows, not the learner's own commits; HEAD when it follows none")
    func handedOutFromUpstream() throws {
        var kata = watchCourse()
        kata.fileSystem.add("/course/.git/HEAD", "ref: refs/heads/main\n")
        kata.fileSystem.add("/usr/bin/git", "")
        kata.environment["PATH"] = "/usr/bin"
        let upstream = String(repeating: "ab", count: 20)
        let follows = Flag()
        kata.processRunner = ScriptedProcessRunner { request in
            if request.arguments.contains("rev-parse") {
                return follows.isSet ? ProcessResult(termination: .exited(0), output: upstream + "\n") : ProcessResult(termination: .exited(1), output: "")
            }
            if request.arguments.contains("ls-tree") { return ProcessResult(termination: .exited(0), output: "Lessons/01-add/Sources/Main.swift\n") }
            let shown = request.arguments.last ?? ""
            return ProcessResult(termination: .exited(0), output: shown.hasPrefix(upstream + ":") ? "// as handed out\n" : "// the learner's commit\n")
        }
        let context = kata.context()
        let lesson = try #require(try context.loadCourse().lessons.first)
        let store = StarterStore(context: context)
        #expect(store.handedOut(lesson, progress: Progress())?.texts["Main.swift"] == "// the learner's commit\n", "no branch followed: HEAD")
        follows.set()
        #expect(store.handedOut(lesson, progress: Progress())?.texts["Main.swift"] == "// as handed out\n")
        #expect(store.published(lesson, progress: Progress())?.texts["Main.swift"] == "// the learner's commit\n", "what kata verify and kata export judge stays HEAD, the author's committed work")
    }

    @Test("the starter comes from git when the course is a checkout")
    func starterFromGit() {
        var kata = watchCourse()
        kata.fileSystem.add("/course/.git/HEAD", "ref: refs/heads/main\n")
        kata.fileSystem.add("/usr/bin/git", "")
        kata.environment["PATH"] = "/usr/bin"
        kata.processRunner = ScriptedProcessRunner { request in
            if request.arguments.contains("ls-tree") {
                return ProcessResult(termination: .exited(0), output: "Lessons/01-add/Sources/Main.swift\n")
            }
            return ProcessResult(termination: .exited(0), output: "// from git\n")
        }
        try? kata.context().progressStore.update { $0["01-add"] = Progress.LessonProgress() }
        kata.fileSystem.add(source, "my work\n")
        #expect(kata.run("reset", "01", "--yes") == 0)
        #expect(kata.fileSystem.text(source) == "// from git\n")
        #expect(kata.console.output.contains("git history (HEAD)"))
        #expect(kata.processRunner.commands.contains { $0.contains("show") && $0.contains("HEAD:./Lessons/01-add/Sources/Main.swift") })
    }

    @Test("a starter copy, once taken, is never replaced by later edits")
    func starterKept() {
        let kata = editedCourse()
        kata.run("list")
        kata.run("hint", "01")
        #expect(kata.fileSystem.text("/course/.kata/starters/01-add/Sources/Main.swift") == "func add(_ a: Int, _ b: Int) -> Int { a - b }\n")
    }

    @Test("restore with an unknown backup lists the real ones")
    func unknownBackup() {
        let kata = editedCourse()
        #expect(kata.run("reset", "--restore", "nope", "--yes") == 1, "no backups at all yet")
        kata.run("reset", "01", "--yes")
        #expect(kata.run("reset", "--restore", "nope", "--yes") == 2)
        #expect(kata.console.errors.contains("01-add/20270115-080000"))
    }
}

@Suite("The command line around watch mode")
struct WatchCommandLineTests {
    @Test("kata with no command in a pipe prints the status, without escape codes")
    func statusInPipe() {
        let kata = watchCourse()
        #expect(kata.run([]) == 0)
        #expect(kata.console.output.contains("0 of 2 lessons passed"))
        #expect(!kata.console.output.contains("\u{1B}"))
    }

    @Test("kata watch without a terminal says how to check instead")
    func watchNeedsTerminal() {
        let kata = watchCourse()
        #expect(kata.run("watch") == 2)
        #expect(kata.console.errors.contains("kata check 01-add"))
    }

    @Test("kata with no command at a terminal opens watch mode; raw mode is restored")
    func opensWatchMode() {
        var kata = watchCourse()
        kata.console = RecordingConsole(interactive: true, width: 80, keys: ["q"])
        let terminal = RecordingTerminal()
        let status = Kata.run(arguments: [], environment: kata.environment, workingDirectory: "/course",
                              fileSystem: kata.fileSystem, processRunner: kata.processRunner, clock: kata.clock,
                              console: kata.console, terminal: terminal)
        #expect(status == 0)
        #expect(terminal.entered == 1)
        #expect(terminal.restored == 1)
        #expect(kata.console.output.contains("watch mode"))
        #expect(kata.console.output.contains("Welcome to DI Kata"))
    }

    @Test("every command has help with an example", arguments: CommandSpec.all.map(\.name))
    func helpHasExample(name: String) {
        let kata = watchCourse()
        #expect(kata.run(name, "--help") == 0)
        #expect(kata.console.output.contains("Example"))
        #expect(kata.console.output.contains("kata \(name)"))
    }

    @Test("unknown commands get a did-you-mean", arguments: [("wach", "watch"), ("hnt", "hint"), ("rest", "reset"), ("solutoin", "solution")])
    func commandSuggestions(typed: String, meant: String) {
        let kata = watchCourse()
        #expect(kata.run(typed) == 2)
        #expect(kata.console.errors.contains("Did you mean `kata \(meant)`?"))
    }

    @Test("unknown lessons get a did-you-mean", arguments: ["hint", "solution", "reset", "watch"])
    func lessonSuggestions(command: String) {
        let kata = watchCourse()
        #expect(kata.run(command, "ad") == 2 || kata.run(command, "ad") == 2)
        #expect(kata.console.errors.contains("Did you mean 01-add?"))
    }

    @Test("NO_COLOR and --no-color keep escape codes out of a terminal's output")
    func noColor() {
        var kata = watchCourse()
        kata.console = RecordingConsole(interactive: true, keys: [])
        kata.run("hint", "01", "--no-color")
        kata.environment["NO_COLOR"] = "1"
        kata.run("hint", "01")
        #expect(!kata.console.output.contains("\u{1B}"))
        kata.environment["NO_COLOR"] = nil
        kata.run("hint", "01")
        #expect(kata.console.output.contains("\u{1B}["), "colors are on otherwise")
    }
}

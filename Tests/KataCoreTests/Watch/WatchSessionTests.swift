import Foundation
import Testing
@testable import KataCore

@Suite("Watch mode, driven like a learner would")
struct WatchSessionTests {
    let source = "/course/Lessons/01-add/Sources/Main.swift"

    func session(_ kata: FakeKata, console: TickingConsole, checks: ManualChecks, lesson: String = "01-add") throws -> WatchSession {
        var context = kata.context()
        context.console = console
        let course = try context.loadCourse()
        return WatchSession(context: context, course: course, lesson: course.lesson(named: lesson)!, checks: checks,
                            refactoring: StarterDiffView())
    }

    @Test("a save during a check stops it and checks again at once; the pass stays on screen until n")
    func saveDuringCheck() throws {
        let kata = watchCourse()
        let checks = ManualChecks()
        let fs = kata.fileSystem
        let console = TickingConsole(clock: kata.clock, lastTick: 60, keys: [50: "n", 58: "q"], actions: [
            2: { fs.add(self.source, "func add(_ a: Int, _ b: Int) -> Int { a + b }\n", date: Date(timeIntervalSince1970: 50)) },
            12: { checks.finish(.pass) },   // the check of the saved code; the first one (a hang, say) was stopped
        ])
        let watch = try session(kata, console: console, checks: checks)
        #expect(watch.run() == 0)
        #expect(checks.overlaps == 0)
        #expect(checks.cancels == 2, "the save stopped the running check (and q the check of lesson 02)")
        #expect(Array(checks.started.prefix(2)) == ["01-add", "01-add"], "one check on opening, one for the save")
        #expect(checks.started.count == 3, "and one for lesson 02 after n: \(checks.started)")
        #expect(checks.started.last == "02-greet")
        let progress = kata.context().loadProgress()
        #expect(progress.hasPassed("01-add"))
        #expect(progress.current == "02-greet")
        #expect(progress.welcomed)
        let frames = console.output.components(separatedBy: WatchScreen.clear)
        #expect(frames.contains { $0.contains("change seen: stopped the running check, checking again") })
        let passedFrames = frames.filter { $0.contains("Lesson 01 passed") }
        #expect(!passedFrames.isEmpty)
        #expect(passedFrames.allSatisfy { $0.contains("Lesson 01 · Title of Adding") }, "the pass is shown on lesson 01's screen")
        #expect(console.output.contains("Bye!"))
    }

    @Test("without n, a pass never moves to the next lesson")
    func noJump() throws {
        let kata = watchCourse()
        let checks = ManualChecks()
        let console = TickingConsole(clock: kata.clock, lastTick: 40, keys: [30: "q"], actions: [3: { checks.finish(.pass) }])
        _ = try session(kata, console: console, checks: checks).run()
        #expect(checks.started == ["01-add"])
        #expect(console.lastFrame.contains("Lesson 01"))
        #expect(kata.context().loadProgress().current == "01-add")
    }

    @Test("h shows the next hint and progress remembers it; s is locked before a pass")
    func hintAndLockedSolution() throws {
        let kata = watchCourse()
        let checks = ManualChecks()
        let console = TickingConsole(clock: kata.clock, lastTick: 20, keys: [2: "h", 4: "h", 6: "s", 10: "q"],
                                     actions: [1: { checks.finish(.fail) }])
        _ = try session(kata, console: console, checks: checks).run()
        #expect(kata.context().loadProgress()["01-add"].hintsShown == 2)
        let frames = console.output.components(separatedBy: WatchScreen.clear)
        #expect(frames.contains { $0.contains("Hint 2 of 3: hint 1") })
        #expect(frames.contains { $0.contains("opens once the lesson passes") })
        #expect(!console.output.contains("the reference solution of 01-add"))
    }

    @Test("q during a check stops it; end of input quits too")
    func quitStopsCheck() throws {
        let kata = watchCourse()
        let checks = ManualChecks()
        let console = TickingConsole(clock: kata.clock, lastTick: 10, keys: [3: "q"])
        _ = try session(kata, console: console, checks: checks).run()
        #expect(checks.cancels == 1)
        #expect(console.ticks == 3)

        let eof = TickingConsole(clock: kata.clock, lastTick: 2)
        let other = ManualChecks()
        #expect(try session(kata, console: eof, checks: other).run() == 0)
        #expect(other.cancels == 1)
    }

    @Test("a narrower window redraws with the keys wrapped to it")
    func resize() throws {
        let kata = watchCourse()
        let checks = ManualChecks()
        var console: TickingConsole!
        console = TickingConsole(clock: kata.clock, lastTick: 10, keys: [8: "q"], actions: [4: { console.width = 40 }])
        let watch = try session(kata, console: console, checks: checks)
        _ = watch.run()
        let lines = console.lastFrame.split(separator: "\n")
        let bar = lines[(lines.lastIndex { $0.hasPrefix("─") } ?? 0) + 1 ..< lines.count].filter { !$0.contains("Bye!") }
        #expect(bar.count >= 2, "the keys take two lines at 40 columns")
        for line in bar { #expect(line.count <= 40, "\(line)") }
        #expect(bar.joined().contains("q quit"))
    }

    @Test("the first run welcomes once and points at lesson 1")
    func welcomeOnce() throws {
        let kata = watchCourse()
        let first = TickingConsole(clock: kata.clock, lastTick: 3)
        _ = try session(kata, console: first, checks: ManualChecks()).run()
        #expect(first.output.contains("Welcome to DI Kata"))
        #expect(first.output.contains("You start with lesson 01-add"))
        let second = TickingConsole(clock: kata.clock, lastTick: 3)
        _ = try session(kata, console: second, checks: ManualChecks()).run()
        #expect(!second.output.contains("Welcome to DI Kata"))
    }

    @Test("d shows what changed since the starter")
    func refactoringView() throws {
        let kata = watchCourse()
        let fs = kata.fileSystem
        let context = kata.context()
        StarterStore(context: context).rememberUnseen(try context.loadCourse(), progress: context.loadProgress())
        fs.add(source, "func add(_ a: Int, _ b: Int) -> Int { a + b }\n", date: Date(timeIntervalSince1970: 60))
        let console = TickingConsole(clock: kata.clock, lastTick: 10, keys: [2: "d", 5: "q"])
        _ = try session(kata, console: console, checks: ManualChecks()).run()
        let frames = console.output.components(separatedBy: WatchScreen.clear)
        #expect(frames.contains { $0.contains("-func add(_ a: Int, _ b: Int) -> Int { a - b }") && $0.contains("+func add(_ a: Int, _ b: Int) -> Int { a + b }") })
    }

    @Test("Chinese texts with --lang zh-Hans")
    func chinese() throws {
        let kata = watchCourse()
        var context = kata.context(language: .simplifiedChinese)
        let console = TickingConsole(clock: kata.clock, lastTick: 4, keys: [2: "h"])
        context.console = console
        let course = try context.loadCourse()
        _ = WatchSession(context: context, course: course, lesson: course.lessons[0], checks: ManualChecks()).run()
        #expect(console.output.contains("监视模式"))
        #expect(!console.output.contains("观察模式"), "观察 reads as the Observer pattern")
        #expect(console.output.contains("提示 1/3"))
    }

    @Test("l, then the down arrow (its bytes one by one) and Enter open the next lesson; the list shows the course's progress")
    func listOpensLesson() throws {
        let kata = watchCourse()
        let checks = ManualChecks()
        let console = TickingConsole(clock: kata.clock, lastTick: 40,
                                     keys: [4: "l", 8: "\u{1B}", 9: "[", 10: "B", 14: "\r", 30: "q"],
                                     actions: [2: { checks.finish(.fail) }])
        _ = try session(kata, console: console, checks: checks).run()
        let frames = console.output.components(separatedBy: WatchScreen.clear)
        #expect(frames.contains { $0.contains("0 of 2 lessons passed") && $0.contains("▸ ✘ 01  Title of Adding") })
        #expect(frames.contains { $0.contains("▸ · 02  Title of Greeting") }, "the arrow moved the choice")
        #expect(checks.started == ["01-add", "02-greet"])
        #expect(kata.context().loadProgress().current == "02-greet")
        #expect(console.lastFrame.contains("Lesson 02"))
    }

    @Test("a lone Escape closes the panel; the key after it is not lost")
    func loneEscape() throws {
        let kata = watchCourse()
        let checks = ManualChecks()
        let console = TickingConsole(clock: kata.clock, lastTick: 30, keys: [4: "h", 8: "\u{1B}", 9: "l", 20: "q"])
        _ = try session(kata, console: console, checks: checks).run()
        let frames = console.output.components(separatedBy: WatchScreen.clear)
        #expect(frames.contains { $0.contains("Hint 1 of 3") })
        #expect(frames.contains { $0.contains("lessons passed") }, "l right after Escape opened the list")
    }

    @Test("t shows the lesson's README in the learner's language, inside watch mode")
    func lessonText() throws {
        let kata = watchCourse()
        kata.fileSystem.add("/course/Lessons/01-add/README.md", "# Adding\n\nThe adder subtracts. Make it add.\n")
        kata.fileSystem.add("/course/Lessons/01-add/README.zh-Hans.md", "# 加法\n\n加法器在做减法。\n")
        let console = TickingConsole(clock: kata.clock, lastTick: 10, keys: [3: "t", 6: "q"])
        _ = try session(kata, console: console, checks: ManualChecks()).run()
        #expect(console.output.contains("The adder subtracts. Make it add."))

        var context = kata.context(language: .simplifiedChinese)
        let chinese = TickingConsole(clock: kata.clock, lastTick: 10, keys: [3: "t", 6: "q"])
        context.console = chinese
        let course = try context.loadCourse()
        _ = WatchSession(context: context, course: course, lesson: course.lessons[0], checks: ManualChecks()).run()
        #expect(chinese.output.contains("加法器在做减法。"))
    }

    @Test("s after a pass shows the solution's changed files, and only names the others")
    func solutionChangedFiles() throws {
        let kata = watchCourse()
        let fs = kata.fileSystem
        fs.add("/course/Lessons/01-add/Sources/Helpers.swift", "let unchanged = 1\n")
        fs.add("/course/Solutions/01-add/Sources/Helpers.swift", "let unchanged = 1\n")
        let context = kata.context()
        StarterStore(context: context).rememberUnseen(try context.loadCourse(), progress: context.loadProgress())
        let checks = ManualChecks()
        let runner = TickingConsole(clock: kata.clock, lastTick: 20, keys: [5: "s", 10: "q"], actions: [2: { checks.finish(.pass) }])
        var ctx = kata.context()
        ctx.console = runner
        let course = try ctx.loadCourse()
        _ = WatchSession(context: ctx, course: course, lesson: course.lessons[0], checks: checks).run()
        let frames = runner.output.components(separatedBy: WatchScreen.clear)
        let solution = frames.first { $0.contains("Reference solution of 01-add") }
        #expect(solution?.contains("the reference solution of 01-add") == true, "the changed file in full")
        #expect(solution?.contains("The files it changed (1 of 2)") == true)
        #expect(solution?.contains("Not changed: Helpers.swift") == true)
        #expect(solution?.contains("let unchanged = 1") == false)
    }

    @Test("while a test runs long, the screen says which one, and stops saying it when the check ends")
    func longTest() throws {
        let kata = watchCourse()
        let checks = ManualChecks()
        let console = TickingConsole(clock: kata.clock, lastTick: 30, keys: [25: "q"], actions: [
            3: { checks.say("running test 1 of 1: addsTwoNumbers()… (2 s)") },
            6: { checks.say("running test 1 of 1: addsTwoNumbers()… (3 s)") },
            10: { checks.finish(.fail) },
        ])
        _ = try session(kata, console: console, checks: checks).run()
        let frames = console.output.components(separatedBy: WatchScreen.clear)
        #expect(frames.contains { $0.contains("Checking…") && $0.contains("running test 1 of 1: addsTwoNumbers()… (2 s)") })
        #expect(frames.contains { $0.contains("running test 1 of 1: addsTwoNumbers()… (3 s)") }, "redrawn as the seconds go by")
        #expect(!console.lastFrame.contains("running test"))
    }

    @Test("a failed test's message is shown in the learner's language, and the lesson by its number")
    func chineseTestMessage() throws {
        let kata = watchCourse()
        var context = kata.context(language: .simplifiedChinese)
        let checks = ManualChecks()
        let console = TickingConsole(clock: kata.clock, lastTick: 12, keys: [6: "n", 10: "q"], actions: [
            2: { checks.finish(.fail, message: "add(2, 3) should be 5, got -1. [zh-Hans] add(2, 3) 应该是 5，实际是 -1。") },
        ])
        context.console = console
        let course = try context.loadCourse()
        _ = WatchSession(context: context, course: course, lesson: course.lessons[0], checks: checks).run()
        let frames = console.output.components(separatedBy: WatchScreen.clear)
        #expect(frames.contains { $0.contains("add(2, 3) 应该是 5，实际是 -1。") })
        #expect(!console.output.contains("should be 5"), "the English half is not shown to a Chinese reader")
        #expect(!console.output.contains("[zh-Hans]"))
        #expect(frames.contains { $0.contains("第 01 课还没有通过") }, "n before a pass names the lesson by its number")
        #expect(!console.output.contains("01-add 课"))
        #expect(console.output.contains("回到第 01 课"))
    }

    @Test("q says goodbye with the command that works here")
    func byeNamesTheCommand() throws {
        let kata = watchCourse()
        var context = kata.context()
        context.kataCommand = .installed
        let console = TickingConsole(clock: kata.clock, lastTick: 6, keys: [2: "q"])
        context.console = console
        let course = try context.loadCourse()
        _ = WatchSession(context: context, course: course, lesson: course.lessons[0], checks: ManualChecks()).run()
        #expect(console.output.contains("`kata` brings you back to lesson 01."))
        #expect(!console.output.contains("swift run kata"), "installed, kata is called as kata")
        context.kataCommand = .swiftRun
        let again = TickingConsole(clock: kata.clock, lastTick: 6, keys: [2: "q"])
        context.console = again
        _ = WatchSession(context: context, course: course, lesson: course.lessons[0], checks: ManualChecks()).run()
        #expect(again.output.contains("`swift run kata` brings you back to lesson 01."))
    }

    @Test("in a handout, s and d are not offered, and pressed they say why")
    func handoutOffersNoSolution() throws {
        let kata = watchCourse()
        let fs = kata.fileSystem
        fs.add("/course/\(Handout.markerName)", "a handout\n")
        for id in ["01-add", "02-greet"] { try fs.remove("/course/Solutions/\(id)") }
        try kata.context().progressStore.update { $0.welcomed = true }
        let checks = ManualChecks()
        let console = TickingConsole(clock: kata.clock, lastTick: 30, keys: [6: "s", 10: "\u{1B}", 14: "d", 20: "q"],
                                     actions: [2: { checks.finish(.pass) }])
        _ = try session(kata, console: console, checks: checks).run()
        let frames = console.output.components(separatedBy: WatchScreen.clear)
        let passed = try #require(frames.first { $0.contains("Lesson 01 passed") })
        #expect(!passed.contains("compare with the reference solution"))
        #expect(!passed.contains("see the refactoring you made"))
        #expect(!passed.contains("s solution"), "the key bar does not offer s")
        #expect(!passed.contains("d refactoring"), "the key bar does not offer d")
        #expect(passed.contains("h hint"))
        #expect(frames.contains { $0.contains("s is not available here.") && $0.contains("student handout") })
        #expect(frames.contains { $0.contains("d is not available here.") && $0.contains("student handout") })
    }

    @Test("with the solutions at hand, s and d are offered")
    func solutionOffered() throws {
        let kata = watchCourse()
        try kata.context().progressStore.update { $0.welcomed = true }
        let checks = ManualChecks()
        let console = TickingConsole(clock: kata.clock, lastTick: 10, keys: [6: "q"], actions: [2: { checks.finish(.pass) }])
        _ = try session(kata, console: console, checks: checks).run()
        let frames = console.output.components(separatedBy: WatchScreen.clear)
        let passed = try #require(frames.first { $0.contains("Lesson 01 passed") })
        #expect(passed.contains("compare with the reference solution"))
        #expect(passed.contains("s solution") && passed.contains("d refactoring"))
    }
}

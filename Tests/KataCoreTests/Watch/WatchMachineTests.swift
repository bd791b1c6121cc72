import Testing
@testable import KataCore

@Suite("Watch mode's rules")
struct WatchMachineTests {
    func machine(passed: Bool = false, next: String? = "02-greet", hints: Int = 3, shown: Int = 0) -> WatchMachine {
        WatchMachine(lesson: "01-add", next: next, passed: passed, hintCount: hints, hintsShown: shown)
    }

    @Test("opening checks the lesson at once")
    func opening() {
        var m = machine()
        let effects1 = m.handle(.opened)
        #expect(effects1 == [.startCheck, .render])
        #expect(m.checking)
    }

    @Test("a save during a check stops it at once and checks the newest code")
    func saveDuringCheck() {
        var m = machine()
        m.handle(.opened)
        #expect(!m.restarted)
        let effects2 = m.handle(.filesChanged)
        #expect(effects2 == [.cancelCheck, .startCheck, .render], "no waiting for a check that may hang")
        #expect(m.checking && m.restarted)
        let effects3 = m.handle(.key("r"))
        #expect(effects3 == [.cancelCheck, .startCheck, .render], "r restarts a running check too")
        let effects4 = m.handle(.checkFinished(.pass))
        #expect(effects4 == [.render])
        #expect(!m.checking && !m.restarted)
        #expect(m.lastStatus == .pass)
        let effects5 = m.handle(.filesChanged)
        #expect(effects5 == [.startCheck, .render], "nothing to stop when no check runs")
        #expect(!m.restarted)
    }

    @Test("a whole session never has two checks running")
    func neverTwo() {
        var m = machine()
        var running = 0
        var most = 0
        let events: [WatchMachine.Event] = [.opened, .filesChanged, .key("r"), .checkFinished(.fail), .filesChanged,
                                            .checkFinished(.error), .key("r"), .filesChanged, .filesChanged, .checkFinished(.pass)]
        for event in events {
            if case .checkFinished = event { running -= 1 }
            for effect in m.handle(event) {
                if effect == .startCheck { running += 1 }
                if effect == .cancelCheck { running -= 1 }
                most = max(most, running)
            }
            #expect(running == (m.checking ? 1 : 0))
        }
        #expect(most == 1)
        #expect(running == 0)
    }

    @Test("a pass celebrates and stays on the lesson: no surprise jump")
    func noSurpriseJump() {
        var m = machine()
        m.handle(.opened)
        let effects = m.handle(.checkFinished(.pass))
        #expect(effects == [.render])
        #expect(m.celebrating && m.passed)
        for event in [WatchMachine.Event.filesChanged, .checkFinished(.pass), .resized, .key("x")] {
            let effects = m.handle(event)
            #expect(!effects.contains { if case .openLesson = $0 { return true } else { return false } })
        }
        let effects7 = m.handle(.key("n"))
        #expect(effects7 == [.openLesson("02-greet")])
    }

    @Test("n before passing asks once more; a save in between forgets the question")
    func skipNeedsTwoPresses() {
        var m = machine()
        m.handle(.opened)
        m.handle(.checkFinished(.fail))
        let effects8 = m.handle(.key("n"))
        #expect(effects8 == [.render])
        #expect(m.panel == .confirmSkip)
        m.handle(.filesChanged)
        #expect(m.panel == .none)
        m.handle(.checkFinished(.fail))
        let effects9 = m.handle(.key("n"))
        #expect(effects9 == [.render])
        let effects10 = m.handle(.key("n"))
        #expect(effects10 == [.openLesson("02-greet")])
    }

    @Test("n while a check runs stops that check first")
    func nextCancels() {
        var m = machine(passed: true)
        m.handle(.opened)
        let effects11 = m.handle(.key("n"))
        #expect(effects11 == [.cancelCheck, .openLesson("02-greet")])
    }

    @Test("n on the last lesson says so")
    func lastLesson() {
        var m = machine(passed: true, next: nil)
        let effects12 = m.handle(.key("n"))
        #expect(effects12 == [.render])
        #expect(m.panel == .lastLesson)
    }

    @Test("the solution opens only after passing")
    func solutionAfterPassing() {
        var m = machine()
        m.handle(.key("s"))
        #expect(m.panel == .solutionLocked)
        m.handle(.opened)
        m.handle(.checkFinished(.pass))
        m.handle(.key("s"))
        #expect(m.panel == .solution)
    }

    @Test("a lesson passed before opens the solution at once")
    func passedBefore() {
        var m = machine(passed: true)
        m.handle(.key("s"))
        #expect(m.panel == .solution)
    }

    @Test("h shows hints one at a time and records each")
    func hints() {
        var m = machine()
        let effects13 = m.handle(.key("h"))
        #expect(effects13 == [.recordHints(1), .render])
        let effects14 = m.handle(.key("h"))
        #expect(effects14 == [.recordHints(2), .render])
        let effects15 = m.handle(.key("h"))
        #expect(effects15 == [.recordHints(3), .render])
        #expect(m.panel == .hint(index: 3, exhausted: true))
        let effects16 = m.handle(.key("h"))
        #expect(effects16 == [.render], "no fourth hint")
    }

    @Test("hints seen in an earlier session come back first, then the next one")
    func hintsRemembered() {
        var m = machine(shown: 2)
        let effects17 = m.handle(.key("h"))
        #expect(effects17 == [.render])
        #expect(m.panel == .hint(index: 2, exhausted: false))
        let effects18 = m.handle(.key("h"))
        #expect(effects18 == [.recordHints(3), .render])
    }

    @Test("a lesson without hints says so")
    func noHints() {
        var m = machine(hints: 0)
        m.handle(.key("h"))
        #expect(m.panel == .noHints)
    }

    @Test("l and d toggle their panels; Escape closes any")
    func panels() {
        var m = machine()
        m.handle(.key("l"))
        #expect(m.panel == .list)
        m.handle(.key("l"))
        #expect(m.panel == .none)
        m.handle(.key("d"))
        #expect(m.panel == .refactoring)
        m.handle(.key("\u{1B}"))
        #expect(m.panel == .none)
    }

    @Test("q, Ctrl-C and end of input quit, stopping a running check", arguments: ["q", "\u{3}", "\u{4}"])
    func quit(key: String) {
        var m = machine()
        m.handle(.opened)
        let effects19 = m.handle(.key(key))
        #expect(effects19 == [.cancelCheck, .quit])
        let effects20 = m.handle(.filesChanged)
        #expect(effects20.isEmpty, "nothing happens after quitting")
    }

    @Test("unknown keys do nothing")
    func unknownKeys() {
        var m = machine()
        let before = m
        let effects21 = m.handle(.key("z"))
        #expect(effects21.isEmpty)
        #expect(m == before)
    }

    @Test("the welcome stays until the first save")
    func welcome() {
        var m = WatchMachine(lesson: "01-add", next: nil, passed: false, hintCount: 3, hintsShown: 0, welcome: true)
        m.handle(.opened)
        m.handle(.checkFinished(.fail))
        #expect(m.panel == .welcome)
        m.handle(.filesChanged)
        #expect(m.panel == .none)
    }

    @Test("an open panel scrolls by line and by page and closes with Esc or q; q quits only without a panel")
    func panelPaging() {
        var m = machine(passed: true)
        m.pageRows = 10
        m.handle(.key("s"))
        #expect(m.panel == .solution && m.scroll == 0)
        m.handle(.key(WatchMachine.Keys.down))
        #expect(m.scroll == 1)
        m.handle(.key(WatchMachine.Keys.pageDown))
        #expect(m.scroll == 10)
        m.handle(.key(" "))
        #expect(m.scroll == 19)
        m.handle(.key(WatchMachine.Keys.pageUp))
        #expect(m.scroll == 10)
        m.handle(.key(WatchMachine.Keys.up))
        #expect(m.scroll == 9)
        m.handle(.key(WatchMachine.Keys.home))
        #expect(m.scroll == 0)
        m.handle(.key(WatchMachine.Keys.up))
        #expect(m.scroll == 0, "never above the top")
        m.handle(.key(WatchMachine.Keys.pageDown))
        m.handle(.key("d"))
        #expect(m.panel == .refactoring && m.scroll == 0, "another panel opens at its top")
        let closed = m.handle(.key("q"))
        #expect(closed == [.render])
        #expect(m.panel == .none && !m.finished, "q closes the panel")
        m.handle(.key("h"))
        m.handle(.key(WatchMachine.Keys.escape))
        #expect(m.panel == .none)
        #expect(m.handle(.key("q")) == [.quit], "with no panel q quits")
    }

    @Test("q on the welcome quits: the welcome is the start screen, not a panel to close")
    func quitFromWelcome() {
        var m = WatchMachine(lesson: "01-add", next: nil, passed: false, hintCount: 3, hintsShown: 0, welcome: true)
        #expect(m.handle(.key("q")) == [.quit])
    }

    @Test("t shows the lesson's text and toggles it off")
    func lessonText() {
        var m = machine()
        m.handle(.key("t"))
        #expect(m.panel == .lessonText)
        m.handle(.key("t"))
        #expect(m.panel == .none)
    }

    @Test("the list opens a lesson: arrows or its number choose it, Enter opens it")
    func listOpensLessons() {
        let ids = ["01-add", "02-greet", "03-count", "10-ten", "11-eleven"]
        var m = WatchMachine(lesson: "02-greet", next: "03-count", passed: false, hintCount: 0, hintsShown: 0, lessons: ids)
        m.handle(.opened)
        m.handle(.key("l"))
        #expect(m.panel == .list && m.selection == 1, "the list starts on the open lesson")
        m.handle(.key(WatchMachine.Keys.down))
        m.handle(.key(WatchMachine.Keys.down))
        #expect(m.selection == 3)
        m.handle(.key(WatchMachine.Keys.up))
        #expect(m.selection == 2)
        m.handle(.key(WatchMachine.Keys.pageDown))
        #expect(m.selection == 4, "never past the last lesson")
        m.handle(.key("1"))
        #expect(m.selection == 0)
        m.handle(.key("1"))
        #expect(m.selection == 4, "1 then 1 is lesson 11")
        m.handle(.key("0"))
        m.handle(.key("3"))
        #expect(m.selection == 2, "0 then 3 is lesson 03")
        m.handle(.key("2"))
        #expect(m.selection == 1, "a third digit starts a new number")
        m.handle(.key(WatchMachine.Keys.down))
        let effects = m.handle(.key("\r"))
        #expect(effects == [.cancelCheck, .openLesson("03-count")], "the running check of the old lesson stops")
        #expect(m.finished)
    }

    @Test("Enter on the open lesson just closes the list; q closes it without quitting")
    func listOnCurrent() {
        var m = WatchMachine(lesson: "01-add", next: "02-greet", passed: false, hintCount: 0, hintsShown: 0, lessons: ["01-add", "02-greet"])
        m.handle(.key("l"))
        #expect(m.handle(.key("\n")) == [.render])
        #expect(m.panel == .none && !m.finished)
        m.handle(.key("l"))
        m.handle(.key("q"))
        #expect(m.panel == .none && !m.finished)
        m.handle(.key("l"))
        m.handle(.key(WatchMachine.Keys.down))
        #expect(m.handle(.key("\n")) == [.openLesson("02-greet")])
    }
}

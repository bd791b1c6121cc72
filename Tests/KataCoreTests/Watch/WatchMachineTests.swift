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

    @Test("saves during a check are never lost and never start a second check at once")
    func saveDuringCheck() {
        var m = machine()
        m.handle(.opened)
        let effects2 = m.handle(.filesChanged)
        #expect(effects2 == [.render])
        let effects3 = m.handle(.filesChanged)
        #expect(effects3 == [.render])
        let effects4 = m.handle(.key("r"))
        #expect(effects4 == [.render])
        #expect(m.recheckPending)
        let effects5 = m.handle(.checkFinished(.fail))
        #expect(effects5 == [.startCheck, .render], "exactly one more check for all three")
        let effects6 = m.handle(.checkFinished(.fail))
        #expect(effects6 == [.render])
        #expect(!m.checking)
    }

    @Test("a whole session never has two checks running")
    func neverTwo() {
        var m = machine()
        var running = 0
        var most = 0
        let events: [WatchMachine.Event] = [.opened, .filesChanged, .key("r"), .checkFinished(.fail), .filesChanged,
                                            .checkFinished(.error), .checkFinished(.fail), .key("r"), .filesChanged, .checkFinished(.pass),
                                            .checkFinished(.pass)]
        for event in events {
            if case .checkFinished = event { running -= 1 }
            for effect in m.handle(event) where effect == .startCheck { running += 1 }
            most = max(most, running)
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
}

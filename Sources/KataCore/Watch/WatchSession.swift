import Foundation

/// Watch mode's loop: reads keys, polls the lesson's files, collects check
/// results, feeds them to the `WatchMachine`, and carries out its effects.
///
///     let session = WatchSession(context: context, course: course, lesson: lesson, checks: checks)
///     let status = session.run()      // returns when the learner presses q
///
/// Everything it touches comes in through `context` (console, clock, file
/// system, progress) and `checks`, so a test drives it with scripted keys.
public final class WatchSession {
    public let context: KataContext
    public let course: Course
    public let checks: any LessonCheckScheduling
    public let refactoring: any RefactoringView
    /// Seconds between two looks at the keyboard, the files and the running check.
    public let tick: Double
    public let quietPeriod: Double

    public private(set) var lesson: Lesson
    public private(set) var machine: WatchMachine
    private var watcher: LessonWatcher
    private var report: CheckReport?
    private var lastSize: [Int?] = []
    private var showWelcome: Bool
    /// The running check's "running test 2 of 3: …" line, as last drawn.
    private var checkProgress: String?
    /// A key read while telling a lone Escape from an arrow key.
    private var pendingKey: String?

    public init(
        context: KataContext, course: Course, lesson: Lesson, checks: any LessonCheckScheduling,
        refactoring: any RefactoringView = RefactoringViews.standard,
        tick: Double = 0.02, quietPeriod: Double = 0.06
    ) {
        self.context = context
        self.course = course
        self.checks = checks
        self.refactoring = refactoring
        self.tick = tick
        self.quietPeriod = quietPeriod
        self.lesson = lesson
        let progress = context.loadProgress()
        showWelcome = !progress.welcomed
        machine = Self.machine(for: lesson, in: course, progress: progress, welcome: showWelcome)
        watcher = LessonWatcher(folder: lesson.sources, fileSystem: context.fileSystem, clock: context.clock, quietPeriod: quietPeriod)
    }

    private static func machine(for lesson: Lesson, in course: Course, progress: Progress, welcome: Bool) -> WatchMachine {
        WatchMachine(
            lesson: lesson.id, next: Self.lesson(after: lesson, in: course)?.id,
            passed: progress.hasPassed(lesson.id), hintCount: lesson.metadata.hints.count,
            hintsShown: progress[lesson.id].hintsShown, welcome: welcome, lessons: course.lessons.map(\.id))
    }

    static func lesson(after lesson: Lesson, in course: Course) -> Lesson? {
        course.lessons.first { $0.id > lesson.id }
    }

    /// Runs until the learner quits (or input ends); returns the exit status.
    public func run() -> Int32 {
        if showWelcome { try? context.progressStore.update { $0.welcomed = true } }
        open(lesson)
        lastSize = [context.console.width, context.console.height]
        while !machine.finished {
            guard let key = readKey() else {
                perform(machine.handle(.key("\u{4}")))
                break
            }
            if !key.isEmpty { perform(machine.handle(.key(key))) }
            if machine.finished { break }
            if watcher.poll() { perform(machine.handle(.filesChanged)) }
            if let finished = checks.takeFinished() {
                report = finished
                try? CommandSpec.recordCheck(finished, context: context)
                perform(machine.handle(.checkFinished(finished.status)))
            }
            let progress = machine.checking ? checks.progress : nil
            if progress != checkProgress {
                checkProgress = progress
                draw()
            }
            let size = [context.console.width, context.console.height]
            if size != lastSize {
                lastSize = size
                perform(machine.handle(.resized))
            }
        }
        return 0
    }

    /// One key; the bytes of an arrow or page key (ESC [ A, ESC [ 6 ~) come as one.
    private func readKey() -> String? {
        if let pending = pendingKey {
            pendingKey = nil
            return pending
        }
        guard let key = context.console.readKey(timeout: tick) else { return nil }
        guard key == "\u{1B}" else { return key }
        // A lone Escape is followed by nothing within a few milliseconds.
        let second = context.console.readKey(timeout: 0.03)
        guard second == "[" || second == "O" else {
            if let second, !second.isEmpty { pendingKey = second }
            return key
        }
        var sequence = "\u{1B}["
        for _ in 0..<6 {
            guard let next = context.console.readKey(timeout: 0.03), !next.isEmpty else { break }
            sequence += next
            if let scalar = next.unicodeScalars.first, (0x40...0x7E).contains(scalar.value) { break }
        }
        // ESC O A (application mode) means the same as ESC [ A.
        return sequence
    }

    private func open(_ lesson: Lesson) {
        try? context.progressStore.update { $0.current = lesson.id }
        perform(machine.handle(.opened))
    }

    private func perform(_ effects: [WatchMachine.Effect]) {
        for effect in effects {
            switch effect {
            case .startCheck:
                checks.start(lesson)
            case .cancelCheck:
                checks.cancel()
            case .render:
                draw()
            case .recordHints(let count):
                try? Hints.record(count, of: lesson, context: context)
            case .openLesson(let id):
                guard let next = course.lesson(named: id) else { continue }
                lesson = next
                report = nil
                showWelcome = false
                machine = Self.machine(for: next, in: course, progress: context.loadProgress(), welcome: false)
                watcher = LessonWatcher(folder: next.sources, fileSystem: context.fileSystem, clock: context.clock, quietPeriod: quietPeriod)
                StarterStore(context: context).remember(next, progress: context.loadProgress())
                open(next)
            case .quit:
                let words = context.words
                context.console.write("\n" + words.say(
                    "Bye! Your progress is saved; `\(words.kata)` brings you back to lesson \(lesson.shownNumber).",
                    "再见！进度已保存；运行 `\(words.kata)` 回到第 \(lesson.shownNumber) 课。") + "\n")
            }
        }
    }

    private func draw() {
        let screen = WatchScreen(style: context.style, words: context.words, width: context.console.width, height: context.console.height,
                                 capabilities: capabilities)
        let next = Self.lesson(after: lesson, in: course)
        let layout = screen.render(lesson: lesson, next: next, machine: machine, report: report, panel: panelText(next: next),
                                   focus: machine.panel == .list ? WatchPanels.chosen : nil,
                                   progress: machine.checking ? checkProgress : nil)
        machine.scroll = layout.scroll
        machine.pageRows = layout.pageRows
        context.console.write(layout.text)
    }

    /// What the open lesson can offer (no `s` or `d` without a reference solution).
    private var capabilities: Handout.Capabilities {
        Handout.capabilities(of: lesson, courseRoot: context.courseRoot, fileSystem: context.fileSystem)
    }

    private func panelText(next: Lesson?) -> String {
        let words = context.words
        let style = context.style
        var missing: String?
        switch machine.panel {
        case .solution, .solutionLocked: missing = "s"
        case .refactoring: missing = "d"
        default: break
        }
        if let key = missing, !capabilities.solution {
            return style.yellow(words.say("\(key) is not available here. ", "这里不能使用 \(key)。"))
                + capabilities.whyNoSolution(words, lesson: lesson) + "\n"
                + words.say("Checks (r) and hints (h) work as usual.", "检查（r）和提示（h）照常可用。")
        }
        switch machine.panel {
        case .none:
            return ""
        case .welcome:
            return Welcome.text(first: lesson, words: words, style: style)
        case .hint(let index, _):
            return Nudges.withHints(lesson, upTo: index, failure: context.loadProgress()[lesson.id].firstFailure, words: words, style: style)
        case .noHints:
            return Nudges.withHints(lesson, upTo: 0, failure: context.loadProgress()[lesson.id].firstFailure, words: words, style: style)
        case .list:
            return WatchPanels.list(course: course, current: lesson, selection: machine.selection, context: context)
        case .lessonText:
            return WatchPanels.lessonText(lesson, context: context)
        case .solution:
            return WatchPanels.changedSolution(lesson, context: context)
        case .solutionLocked:
            return words.say(
                "The reference solution opens once the lesson passes: the struggle is where the learning happens.\nPress h for a hint. To look anyway: \(words.kata) solution \(lesson.id) --force (progress records it).",
                "课程通过后才能查看参考答案：卡住的时候正是学习发生的时候。\n按 h 查看提示。如果一定要看：\(words.kata) solution \(lesson.id) --force（进度中会记录）。")
        case .refactoring:
            return refactoring.render(lesson, passed: machine.passed, context: context)
        case .confirmSkip:
            let target = next.map { "\($0.id) · \($0.title(in: context.language))" } ?? ""
            return style.yellow(words.say(
                "Lesson \(lesson.id) has not passed yet. Press n again to go on to \(target) anyway, or keep working here.",
                "第 \(lesson.shownNumber) 课还没有通过。再按一次 n 直接进入 \(target)，或者继续在这里练习。"))
        case .lastLesson:
            let progress = context.loadProgress()
            let all = course.lessons.allSatisfy { progress.hasPassed($0.id) }
            return all
                ? style.green(words.say("This is the last lesson, and you passed every one. Congratulations!", "这是最后一课，而且你已通过全部课程。恭喜！"))
                : words.say("This is the last lesson. Press l to see which lessons are still open.", "这是最后一课。按 l 查看还没有通过的课程。")
        }
    }
}

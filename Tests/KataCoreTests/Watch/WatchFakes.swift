import Foundation
@testable import KataCore

/// A two-lesson course in memory: 01-add (starter subtracts) and 02-greet.
func watchCourse() -> FakeKata {
    var kata = FakeKata()
    let fs = kata.fileSystem
    for (id, module, source) in [("01-add", "Adding", "func add(_ a: Int, _ b: Int) -> Int { a - b }\n"),
                                 ("02-greet", "Greeting", "func greet() -> String { \"Hi\" }\n")] {
        fs.add("/course/Lessons/\(id)/lesson.json", lessonJSON(module: module))
        fs.add("/course/Lessons/\(id)/README.md", "# \(module)\n")
        fs.add("/course/Lessons/\(id)/README.zh-Hans.md", "# \(module)\n")
        fs.add("/course/Lessons/\(id)/Sources/Main.swift", source)
        fs.add("/course/Tests/Lessons/\(id)/Tests.swift", "import Testing\n")
        fs.add("/course/Solutions/\(id)/Sources/Main.swift", "// the reference solution of \(id)\n")
    }
    kata.environment["PATH"] = "/nowhere"
    return kata
}

/// A console for watch-mode tests: every `readKey` is one tick of the loop.
/// It moves the clock by the tick's length, runs the action scripted for
/// that tick (a save, a finished check), and types the key scripted for it.
final class TickingConsole: Console, @unchecked Sendable {
    private let lock = NSLock()
    private let clock: FixedClock
    private var tick = 0
    private let lastTick: Int
    private var keys: [Int: String]
    private var actions: [Int: () -> Void]
    private var out = ""
    var width: Int?

    init(clock: FixedClock, lastTick: Int = 200, keys: [Int: String] = [:], actions: [Int: () -> Void] = [:], width: Int? = 80) {
        self.clock = clock
        self.lastTick = lastTick
        self.keys = keys
        self.actions = actions
        self.width = width
    }

    var output: String { lock.withLock { out } }
    var ticks: Int { lock.withLock { tick } }
    var isInteractive: Bool { true }
    func write(_ text: String) { lock.withLock { out += text } }
    func writeError(_ text: String) { lock.withLock { out += text } }
    func readLine() -> String? { nil }

    /// The last frame drawn (after the last clear-screen).
    var lastFrame: String {
        output.components(separatedBy: WatchScreen.clear).last ?? ""
    }

    func readKey(timeout: Double) -> String? {
        clock.advance(timeout)
        let (now, action, key) = lock.withLock { () -> (Int, (() -> Void)?, String?) in
            tick += 1
            return (tick, actions[tick], keys[tick])
        }
        action?()
        if now > lastTick { return nil }
        return key ?? ""
    }
}

/// A check scheduler the test finishes by hand; it notices overlapping checks.
final class ManualChecks: LessonCheckScheduling, @unchecked Sendable {
    private let lock = NSLock()
    private var running: Lesson?
    private var done: CheckReport?
    private(set) var started: [String] = []
    private(set) var overlaps = 0
    private(set) var cancels = 0
    private var said: String?

    var isRunning: Bool { lock.withLock { running != nil } }
    var progress: String? { lock.withLock { running == nil ? nil : said } }
    /// What the running check says it is doing.
    func say(_ text: String?) { lock.withLock { said = text } }

    func start(_ lesson: Lesson) -> Bool {
        lock.withLock {
            if running != nil { overlaps += 1; return false }
            running = lesson
            started.append(lesson.id)
            return true
        }
    }

    func cancel() { lock.withLock { if running != nil { cancels += 1 }; running = nil } }

    func takeFinished() -> CheckReport? {
        lock.withLock { defer { done = nil }; return done }
    }

    func currentLesson() -> String? { lock.withLock { running?.id } }

    func finishRunning(_ report: CheckReport) {
        lock.withLock {
            running = nil
            done = report
        }
    }

    /// Ends the running check with `status`; a failed test says `message`.
    func finish(_ status: Status, message: String = "Expectation failed") {
        lock.withLock {
            guard let lesson = running else { return }
            running = nil
            let tests = [TestVerdict(name: "addsTwoNumbers()", id: "t", status: status == .pass ? .pass : .fail, message: status == .pass ? "" : message)]
            done = CheckReport(lesson: lesson.id, status: status, stage: .run, tests: tests, durationMs: 420)
        }
    }
}

/// Raw mode that records its use.
final class RecordingTerminal: TerminalModes, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var entered = 0
    private(set) var restored = 0
    let available: Bool
    init(available: Bool = true) { self.available = available }
    func enterRawMode() -> Bool { lock.withLock { if available { entered += 1 } }; return available }
    func restore() { lock.withLock { restored += 1 } }
}

extension ManualChecks {
    /// Ends the running check with `report` (for its lesson), as a real check would.
    func finish(with report: (_ lesson: String) -> CheckReport) {
        guard let lesson = currentLesson() else { return }
        finishRunning(report(lesson))
    }
}

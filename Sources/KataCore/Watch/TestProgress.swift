import Foundation

/// Says which test runs while a check takes long, so a learner whose code
/// loops is not left staring at a silent terminal:
///
///     running test 3 of 7: engineIsInjected()… (12 s)
///
/// A process runner around the real one: when the process is a test program
/// (it writes an event stream), it follows that stream while the program runs.
/// On a terminal the line is redrawn in place and wiped before the verdict;
/// in a pipe each long test gets a plain line (and one more every 10 s).
/// Watch mode takes the line itself (`update`) and draws it under "Checking…".
///
///     context.processRunner = TestProgress(base: context.processRunner, context: context)
///     TestProgress(base: runner, context: context) { line in shown = line }   // nil: no test runs long
public final class TestProgress: ProcessRunning, @unchecked Sendable {
    public let base: any ProcessRunning
    private let fileSystem: any FileSystem
    private let clock: any Clock
    private let words: Words
    /// Redraws in place (a terminal, watch mode) rather than adding lines.
    private let interactive: Bool
    private let show: @Sendable (String) -> Void
    private let clear: @Sendable () -> Void
    /// Seconds a test runs before it is mentioned.
    public let after: Double

    private let lock = NSLock()
    private var names: [String: String] = [:]
    private var order: [String] = []
    private var decided: Set<String> = []
    private var suites: Set<String> = []
    private var current: (id: String, since: Date)?
    private var lastSaid: Int?
    private var lineShown = false
    private var lastLook = Date.distantPast

    public init(base: any ProcessRunning, context: KataContext, after: Double = 2) {
        self.base = base
        self.fileSystem = context.fileSystem
        self.clock = context.clock
        self.words = context.words
        let console = context.console
        let interactive = console.isInteractive
        self.interactive = interactive
        self.after = after
        show = { line in
            guard interactive else { return console.write(line + "\n") }
            let width = max(20, console.width ?? 80) - 1
            let shown = TerminalText.columns(line) > width ? (TerminalText.wrappedLines(line, width: width - 1).first ?? "") + "…" : line
            console.write("\r\u{1B}[K" + shown)
        }
        clear = { console.write("\r\u{1B}[K") }
    }

    /// Hands every new line to `update`, and nil once the long test is over.
    public init(base: any ProcessRunning, context: KataContext, after: Double = 2, update: @escaping @Sendable (String?) -> Void) {
        self.base = base
        self.fileSystem = context.fileSystem
        self.clock = context.clock
        self.words = context.words
        self.interactive = true
        self.after = after
        show = { update($0) }
        clear = { update(nil) }
    }

    public func run(_ request: ProcessRequest, monitor: ProcessMonitor?) -> ProcessResult {
        guard let flag = request.arguments.firstIndex(of: "--event-stream-output-path"),
              flag + 1 < request.arguments.count
        else { return base.run(request, monitor: monitor) }
        let tail = EventStreamTail(path: request.arguments[flag + 1], fileSystem: fileSystem)
        // The tail hands back every event so far: only those not yet followed are new.
        let followed = FollowedCount()
        let fresh = { @Sendable () -> [TestEvent] in
            let all = tail.poll()
            return followed.take(all)
        }
        let result = base.run(request, monitor: { [self] in
            let now = clock.now()
            let due = lock.withLock { () -> Bool in
                guard now.timeIntervalSince(lastLook) >= 0.25 else { return false }
                lastLook = now
                return true
            }
            if due { follow(fresh(), now: now) }
            return monitor?()
        })
        follow(fresh(), now: clock.now())
        lock.withLock {
            // A test still running when the program ended was stopped: it is decided.
            if let current { decided.insert(current.id) }
            current = nil
        }
        finishLine()
        return result
    }

    private func follow(_ events: [TestEvent], now: Date) {
        let line: String? = lock.withLock {
            for event in events {
                switch event {
                case .discovered(let info):
                    if names[info.id] == nil { order.append(info.id) }
                    names[info.id] = info.name
                case .suite(let id):
                    suites.insert(id)
                case .started(let id, _):
                    // A suite starts before its tests and ends after them: it is not the test that runs.
                    if !suites.contains(id) && current?.id != id && !decided.contains(id) {
                        current = (id, now)
                        lastSaid = nil
                    }
                case .ended(let id, _), .skipped(let id, _):
                    decided.insert(id)
                    if current?.id == id { current = nil }
                default:
                    break
                }
            }
            guard let current else { return nil }
            let seconds = Int(now.timeIntervalSince(current.since))
            guard Double(seconds) >= after else { return nil }
            if interactive {
                guard seconds != lastSaid else { return nil }
            } else {
                // In a pipe: once when the test turns long, then every 10 s.
                if let lastSaid, seconds - lastSaid < 10 { return nil }
            }
            lastSaid = seconds
            let index = order.filter { decided.contains($0) }.count + 1
            let total = max(order.count, index)
            let name = names[current.id] ?? current.id
            return words.say(
                "running test \(index) of \(total): \(name)… (\(seconds) s)",
                "正在运行第 \(index)/\(total) 个测试：\(name)……（\(seconds) 秒）")
        }
        guard let line else { return }
        show(line)
        if interactive { lock.withLock { lineShown = true } }
    }

    /// Wipes the redrawn line, so the verdict starts on a clean line.
    private func finishLine() {
        let shown = lock.withLock { () -> Bool in
            defer { lineShown = false }
            return lineShown
        }
        if shown { clear() }
    }
}

/// How many of a growing list were already handed on.
private final class FollowedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// The items past those already taken.
    func take<T>(_ all: [T]) -> [T] {
        lock.withLock {
            defer { count = max(count, all.count) }
            return count < all.count ? Array(all[count...]) : []
        }
    }
}

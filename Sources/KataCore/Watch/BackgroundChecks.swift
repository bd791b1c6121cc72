import Foundation

/// Runs one check at a time off the terminal's thread, so keys still work
/// while the compiler runs.
///
///     let checks = BackgroundChecks { lesson, cancellation in
///         checker(cancellation).check(lesson)
///     }
///     checks.start(lesson)
///     // later, from the same loop:
///     if let report = checks.takeFinished() { show(report) }
public protocol LessonCheckScheduling: Sendable {
    /// Starts a check; refuses (returns false) while one is running.
    @discardableResult
    func start(_ lesson: Lesson) -> Bool
    /// Stops the running check (its processes are killed) and waits for it; its report is dropped.
    func cancel()
    /// The report of a check that finished since the last call.
    func takeFinished() -> CheckReport?
    var isRunning: Bool { get }
    /// What the running check is doing when it takes long ("running test 2 of 3: …"), else nil.
    var progress: String? { get }
}

extension LessonCheckScheduling {
    public var progress: String? { nil }
}

/// Set once to stop a check: every process the check starts is asked about it.
public final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    public func cancel() { lock.withLock { cancelled = true } }
    public var isCancelled: Bool { lock.withLock { cancelled } }
}

/// A process runner that kills its child when a `Cancellation` is set.
public struct CancellableProcessRunner: ProcessRunning {
    public let base: any ProcessRunning
    public let cancellation: Cancellation

    public init(base: any ProcessRunning, cancellation: Cancellation) {
        self.base = base
        self.cancellation = cancellation
    }

    public func run(_ request: ProcessRequest, monitor: ProcessMonitor?) -> ProcessResult {
        let cancellation = cancellation
        if cancellation.isCancelled {
            return ProcessResult(termination: .killed(reason: "cancelled"), output: "")
        }
        return base.run(request, monitor: {
            cancellation.isCancelled ? "cancelled" : monitor?()
        })
    }
}

/// The real scheduler: a thread per check, one at a time.
public final class BackgroundChecks: LessonCheckScheduling, @unchecked Sendable {
    public typealias Check = @Sendable (Lesson, Cancellation) -> CheckReport
    /// A check that also says what it is doing (nil when there is nothing to say).
    public typealias ReportingCheck = @Sendable (Lesson, Cancellation, _ progress: @escaping @Sendable (String?) -> Void) -> CheckReport

    private let check: ReportingCheck
    private let lock = NSLock()
    private var running: (cancellation: Cancellation, done: DispatchSemaphore)?
    private var finished: CheckReport?
    private var currentProgress: String?

    public convenience init(check: @escaping Check) {
        self.init(reporting: { lesson, cancellation, _ in check(lesson, cancellation) })
    }

    public init(reporting check: @escaping ReportingCheck) {
        self.check = check
    }

    public var isRunning: Bool { lock.withLock { running != nil } }

    public var progress: String? { lock.withLock { currentProgress } }

    @discardableResult
    public func start(_ lesson: Lesson) -> Bool {
        let cancellation = Cancellation()
        let done = DispatchSemaphore(value: 0)
        let accepted = lock.withLock { () -> Bool in
            guard running == nil else { return false }
            running = (cancellation, done)
            return true
        }
        guard accepted else { return false }
        let check = check
        Thread.detachNewThread { [self] in
            let report = check(lesson, cancellation) { [weak self] text in
                guard let self else { return }
                lock.withLock { if !cancellation.isCancelled && running?.cancellation === cancellation { currentProgress = text } }
            }
            lock.withLock {
                if !cancellation.isCancelled { finished = report }
                running = nil
                currentProgress = nil
            }
            done.signal()
        }
        return true
    }

    public func cancel() {
        guard let current = lock.withLock({ running }) else { return }
        current.cancellation.cancel()
        // The processes notice within milliseconds; a check between two
        // processes finishes its bookkeeping quickly. Never wait forever.
        _ = current.done.wait(timeout: .now() + .seconds(10))
        lock.withLock { finished = nil; currentProgress = nil }
    }

    public func takeFinished() -> CheckReport? {
        lock.withLock {
            defer { finished = nil }
            return finished
        }
    }
}

import Foundation
import Testing
@testable import KataCore

/// A process that runs until its monitor gives a reason to stop it.
final class EndlessProcessRunner: ProcessRunning, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var stoppedBecause: [String] = []
    func run(_ request: ProcessRequest, monitor: ProcessMonitor?) -> ProcessResult {
        for _ in 0..<2000 {
            if let reason = monitor?() {
                lock.withLock { stoppedBecause.append(reason) }
                return ProcessResult(termination: .killed(reason: reason), output: "")
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return ProcessResult(termination: .exited(0), output: "")
    }
}

@Suite("Checks in the background")
struct BackgroundChecksTests {
    let lesson = Lesson(id: "01-add", number: 1, slug: "add",
                        metadata: LessonMetadata(module: "Adding", title: LocalizedText(english: "A", chinese: "A"),
                                                 summary: LocalizedText(english: "S", chinese: "S"), hints: []),
                        root: "/course")

    func waitUntil(_ condition: () -> Bool) {
        for _ in 0..<1000 where !condition() { Thread.sleep(forTimeInterval: 0.005) }
    }

    @Test("one check at a time; its report is handed over once")
    func oneAtATime() {
        let gate = DispatchSemaphore(value: 0)
        let checks = BackgroundChecks { lesson, _ in
            gate.wait()
            return CheckReport(lesson: lesson.id, status: .pass, stage: .run)
        }
        #expect(checks.start(lesson))
        #expect(!checks.start(lesson), "a second check is refused while one runs")
        #expect(checks.isRunning)
        #expect(checks.takeFinished() == nil)
        gate.signal()
        waitUntil { !checks.isRunning }
        #expect(checks.takeFinished()?.status == .pass)
        #expect(checks.takeFinished() == nil)
    }

    @Test("cancel stops the check's process and drops its report")
    func cancel() {
        let runner = EndlessProcessRunner()
        let checks = BackgroundChecks { lesson, cancellation in
            let result = CancellableProcessRunner(base: runner, cancellation: cancellation)
                .run(ProcessRequest(executable: "/bin/test-program"))
            return CheckReport(lesson: lesson.id, status: result.termination.succeeded ? .pass : .error, stage: .run)
        }
        checks.start(lesson)
        Thread.sleep(forTimeInterval: 0.05)
        let started = Date()
        checks.cancel()
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(!checks.isRunning)
        #expect(runner.stoppedBecause == ["cancelled"])
        #expect(checks.takeFinished() == nil)
        #expect(checks.start(lesson), "a new check can start after a cancelled one")
        checks.cancel()
    }

    @Test("a cancelled check starts no more processes")
    func noProcessAfterCancel() {
        let runner = ScriptedProcessRunner()
        let cancellation = Cancellation()
        cancellation.cancel()
        let result = CancellableProcessRunner(base: runner, cancellation: cancellation).run(ProcessRequest(executable: "/usr/bin/swiftc"))
        #expect(result.termination == .killed(reason: "cancelled"))
        #expect(runner.requests.isEmpty)
    }

    @Test("what a running check says is shown while it runs and gone when it ends or is stopped")
    func progress() {
        let said = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let checks = BackgroundChecks(reporting: { lesson, _, progress in
            progress("running test 1 of 2: loops()… (3 s)")
            said.signal()
            gate.wait()
            return CheckReport(lesson: lesson.id, status: .fail, stage: .run)
        })
        #expect(checks.progress == nil)
        checks.start(lesson)
        said.wait()
        #expect(checks.progress == "running test 1 of 2: loops()… (3 s)")
        gate.signal()
        waitUntil { !checks.isRunning }
        #expect(checks.progress == nil, "a finished check says nothing")

        let runner = EndlessProcessRunner()
        let stopped = BackgroundChecks(reporting: { lesson, cancellation, progress in
            progress("running test 1 of 1: hangs()… (2 s)")
            _ = CancellableProcessRunner(base: runner, cancellation: cancellation).run(ProcessRequest(executable: "/x", arguments: []), monitor: nil)
            return CheckReport(lesson: lesson.id, status: .error, stage: .run)
        })
        stopped.start(lesson)
        waitUntil { stopped.progress != nil }
        stopped.cancel()
        #expect(stopped.progress == nil, "a stopped check says nothing")
    }
}

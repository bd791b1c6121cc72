import Foundation
import Testing
@testable import KataCore

/// Event stream lines as Swift Testing writes them.
enum Events {
    static func test(_ name: String, line: Int) -> String {
        #"{"kind":"test","payload":{"id":"M.\#(name)()/T.swift:0:2","kind":"function","name":"\#(name)()","sourceLocation":{"filePath":"/course/Tests/Lessons/01-x/T.swift","line":\#(line)}},"version":"6.3.0"}"#
    }
    static func event(_ kind: String, _ name: String? = nil, at time: Double = 1, issue: String? = nil) -> String {
        let id = name.map { #","testID":"M.\#($0)()/T.swift:0:2""# } ?? ""
        let issuePart = issue.map { #","issue":{"isFailure":true,"sourceLocation":{"filePath":"/course/Tests/Lessons/01-x/T.swift","line":7}}"# + #","messages":[{"symbol":"fail","text":"\#($0)"}]"# } ?? ""
        return #"{"kind":"event","payload":{"instant":{"absolute":\#(time)},"kind":"\#(kind)"\#(id)\#(issuePart)},"version":"6.3.0"}"#
    }
}

@Suite("TestRunner")
struct TestRunnerTests {
    let options = TestRunOptions(workDirectory: "/build", displayRoot: "/course", module: "M", moduleSources: "/course/Lessons/01-x/Sources")

    /// A test program that writes `lines` to its event file, then ends as `termination` says.
    func program(_ script: @escaping @Sendable (_ attempt: Int, _ arguments: [String]) -> ([String], Termination, String), fileSystem: InMemoryFileSystem) -> ScriptedProcessRunner {
        let attempts = Counter()
        return ScriptedProcessRunner { request in
            let attempt = attempts.next()
            let (lines, termination, output) = script(attempt, request.arguments)
            let path = request.arguments[request.arguments.firstIndex(of: "--event-stream-output-path")! + 1]
            fileSystem.add(path, lines.map { $0 + "\n" }.joined())
            return ProcessResult(termination: termination, output: output)
        }
    }

    @Test("passes, failures and their messages come from the events")
    func passAndFail() {
        let fileSystem = InMemoryFileSystem()
        let runner = program({ _, _ in
            ([Events.test("a", line: 3), Events.test("b", line: 9), Events.event("runStarted"),
              Events.event("testStarted", "a", at: 1), Events.event("testEnded", "a", at: 1.5),
              Events.event("testStarted", "b", at: 2), Events.event("issueRecorded", "b", issue: "Expectation failed: 1 == 2"),
              Events.event("testEnded", "b", at: 2.1), Events.event("runEnded")], .exited(1), "")
        }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(run.tests.map(\.name) == ["a()", "b()"])
        #expect(run.tests.map(\.status) == [.pass, .fail])
        #expect(run.tests[0].durationMs == 500)
        #expect(run.tests[1].message == "Expectation failed: 1 == 2")
        #expect(run.tests[1].file == "Tests/Lessons/01-x/T.swift")
        #expect(run.tests[1].line == 7)
        #expect(runner.requests.count == 1)
        #expect(runner.requests[0].arguments.starts(with: ["--no-parallel"]))
    }

    @Test("after a crash the program runs again without the decided tests")
    func crashThenRerun() {
        let fileSystem = InMemoryFileSystem()
        let runner = program({ attempt, _ in
            let discovered = [Events.test("a", line: 3), Events.test("b", line: 9), Events.test("c", line: 12)]
            if attempt == 0 {
                return (discovered + [Events.event("testStarted", "a"), Events.event("testEnded", "a"), Events.event("testStarted", "b")],
                        .signaled(4), "M/Shelf.swift:8: Fatal error: Index out of range\n")
            }
            return (discovered + [Events.event("testStarted", "c"), Events.event("testEnded", "c"), Events.event("runEnded")], .exited(0), "")
        }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(run.tests.map(\.status) == [.pass, .error, .pass])
        #expect(run.tests[1].errorKind == .crashed)
        #expect(run.tests[1].message.contains("Lessons/01-x/Sources/Shelf.swift:8: Fatal error: Index out of range"))
        #expect(runner.requests.count == 2)
        let skipped = runner.requests[1].arguments.enumerated().filter { $0.offset > 0 && runner.requests[1].arguments[$0.offset - 1] == "--skip" }.map(\.element)
        #expect(skipped == [NSRegularExpression.escapedPattern(for: "M.a()/T.swift:0:2"), NSRegularExpression.escapedPattern(for: "M.b()/T.swift:0:2")])
    }

    @Test("exit(0) in the middle of a test is an error, never a pass")
    func exitIsNotAPass() {
        let fileSystem = InMemoryFileSystem()
        let runner = program({ attempt, _ in
            if attempt == 0 {
                return ([Events.test("a", line: 3), Events.test("b", line: 9), Events.event("testStarted", "a")], .exited(0), "✔ Test run with 2 tests passed")
            }
            return ([Events.test("a", line: 3), Events.test("b", line: 9), Events.event("testStarted", "b"), Events.event("testEnded", "b"), Events.event("runEnded")], .exited(0), "")
        }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(run.tests.map(\.status) == [.error, .pass])
        #expect(run.tests[0].errorKind == .exited)
    }

    @Test("a program that dies before any test is reported, and every test is 'not run'")
    func diesAtStartUp() {
        let fileSystem = InMemoryFileSystem()
        let runner = program({ _, _ in ([Events.test("a", line: 3)], .signaled(11), "") }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(run.tests.map(\.errorKind) == [.notRun])
        #expect(run.tests[0].message.contains("signal 11"))
        #expect(runner.requests.count == 1)
    }

    @Test("a test stopped by the watchdog is marked timed out")
    func timedOut() {
        let fileSystem = InMemoryFileSystem()
        let runner = program({ attempt, _ in
            if attempt == 0 {
                return ([Events.test("a", line: 3), Events.event("testStarted", "a")], .killed(reason: "still running after 10 s"), "")
            }
            return ([Events.test("a", line: 3), Events.event("runEnded")], .exited(0), "")
        }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(run.tests.map(\.errorKind) == [.timedOut])
        #expect(run.tests[0].message.contains("still running after 10 s"))
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.withLock { defer { value += 1 }; return value } }
}

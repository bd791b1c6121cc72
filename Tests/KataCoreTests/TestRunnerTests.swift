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

    @Test("a failing test says how many of its cases passed (a parameterized test has one case per argument)")
    func passedCases() {
        let fileSystem = InMemoryFileSystem()
        let runner = program({ _, _ in
            ([Events.test("a", line: 3), Events.test("b", line: 9), Events.event("runStarted"),
              Events.event("testStarted", "a", at: 1),
              Events.event("testCaseStarted", "a", at: 1), Events.event("testCaseEnded", "a", at: 1.1),
              Events.event("testCaseStarted", "a", at: 1.2), Events.event("issueRecorded", "a", issue: "real store down"),
              Events.event("testCaseEnded", "a", at: 1.3), Events.event("testEnded", "a", at: 1.5),
              Events.event("testStarted", "b", at: 2),
              Events.event("testCaseStarted", "b", at: 2), Events.event("issueRecorded", "b", issue: "no"),
              Events.event("testCaseEnded", "b", at: 2.05),
              Events.event("testCaseStarted", "b", at: 2.06), Events.event("issueRecorded", "b", issue: "no"),
              Events.event("testCaseEnded", "b", at: 2.08), Events.event("testEnded", "b", at: 2.1), Events.event("runEnded")], .exited(1), "")
        }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(run.tests.map(\.status) == [.fail, .fail])
        #expect(run.tests.map(\.passedCases) == [1, 0])
    }

    @Test("after a crash the program runs again without the decided tests")
    func crashThenRerun() {
        let fileSystem = InMemoryFileSystem()
        let runner = program({ attempt, _ in
            let discovered = [Events.test("a", line: 3), Events.test("b", line: 9), Events.test("c", line: 12)]
            if attempt == 0 {
                return (discovered + [Events.event("runStarted"), Events.event("testStarted", "a"), Events.event("testEnded", "a"), Events.event("testStarted", "b")],
                        .signaled(4), "M/Shelf.swift:8: Fatal error: Index out of range\n")
            }
            return (discovered + [Events.event("runStarted"), Events.event("testStarted", "c"), Events.event("testEnded", "c"), Events.event("runEnded")], .exited(0), "")
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
                return ([Events.test("a", line: 3), Events.test("b", line: 9), Events.event("runStarted"), Events.event("testStarted", "a")], .exited(0), "✔ Test run with 2 tests passed")
            }
            return ([Events.test("a", line: 3), Events.test("b", line: 9), Events.event("runStarted"), Events.event("testStarted", "b"), Events.event("testEnded", "b"), Events.event("runEnded")], .exited(0), "")
        }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(run.tests.map(\.status) == [.error, .pass])
        #expect(run.tests[0].errorKind == .exited)
    }

    @Test("a program that dies before any test, the same way three times, is reported, and every test is 'not run'")
    func diesAtStartUp() {
        let fileSystem = InMemoryFileSystem()
        let runner = program({ _, _ in ([Events.test("a", line: 3)], .signaled(11), "") }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(run.tests.map(\.errorKind) == [.notRun])
        #expect(run.tests[0].message.contains("signal 11"))
        #expect(run.gradingProblem == nil, "the same stop every time is the code's")
        #expect(runner.requests.count == 3)
    }

    @Test("a rerun that stops with no test under way (the start never reached the stream) runs again; the same three times and the tests left are not run")
    func stopWithNoStartAfterACrash() {
        let discovered = [Events.test("a", line: 3), Events.test("b", line: 9), Events.test("c", line: 12)]
        let crashA = discovered + [Events.event("runStarted"), Events.event("testStarted", "a")]
        let fileSystem = InMemoryFileSystem()
        let runner = program({ attempt, _ in
            switch attempt {
            case 0: return (crashA, .signaled(4), "")
            case 1: return (discovered + [Events.event("runStarted")], .signaled(4), "")
            default: return (discovered + [Events.event("runStarted"), Events.event("testStarted", "b"), Events.event("testEnded", "b"),
                                           Events.event("testStarted", "c"), Events.event("testEnded", "c"), Events.event("runEnded")], .exited(0), "")
            }
        }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(run.tests.map(\.status) == [.error, .pass, .pass])
        #expect(runner.requests.count == 3)

        let always = InMemoryFileSystem()
        let stuck = program({ attempt, _ in attempt == 0 ? (crashA, .signaled(4), "") : (discovered + [Events.event("runStarted")], .signaled(4), "") }, fileSystem: always)
        let gaveUp = TestRunner(processRunner: stuck, fileSystem: always, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(gaveUp.tests.map(\.errorKind) == [.crashed, .notRun, .notRun])
        #expect(stuck.requests.count == 4, "the first run and three tries of the tests left")
    }

    @Test("a program that stops once before its first test (a busy machine) is tried again and gets its real verdicts")
    func stopsOnceAtStartUp() {
        let fileSystem = InMemoryFileSystem()
        let runner = program({ attempt, _ in
            if attempt == 0 { return ([], .signaled(6), "pthread_create failed") }
            return ([Events.test("a", line: 3), Events.event("runStarted"), Events.event("testStarted", "a"), Events.event("testEnded", "a"), Events.event("runEnded")], .exited(0), "")
        }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(run.tests.map(\.status) == [.pass])
        #expect(run.gradingProblem == nil && run.evidence.isEmpty)
        #expect(runner.requests.count == 2)
    }

    @Test("three different stops before the first test are the machine's: a grading problem, not the student's failure")
    func stopsDifferentlyAtStartUp() {
        let fileSystem = InMemoryFileSystem()
        let runner = program({ attempt, _ in
            ([Events.test("a", line: 3)], [Termination.signaled(6), .exited(1), .signaled(11)][attempt], "")
        }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(run.tests.map(\.errorKind) == [.notRun])
        #expect(run.gradingProblem?.contains("each time differently") == true, "\(String(describing: run.gradingProblem))")
        #expect(runner.requests.count == 3)

        // Grading: the course's own program, started the same way, says whether the machine is at fault.
        for (machineStarts, machinesFault) in [(true, false), (false, true)] {
            let checks = Counter()
            let again = program({ attempt, _ in
                ([Events.test("a", line: 3)], [Termination.signaled(6), .exited(1), .signaled(11)][attempt], "")
            }, fileSystem: fileSystem)
            let graded = TestRunner(processRunner: again, fileSystem: fileSystem, clock: FixedClock())
                .run(executable: "/build/MTests", options: options, machineCheck: { _ = checks.next(); return machineStarts })
            #expect((graded.gradingProblem != nil) == machinesFault, "\(String(describing: graded.gradingProblem))")
            #expect(graded.tests.map(\.status) == [.error])
            #expect(checks.next() == 1, "the machine is checked once, after the third stop")
        }
    }

    @Test("grading: what the program prints (\"Text file busy\") makes nothing the machine's fault while the course's own program starts")
    func printedExcuses() {
        let fileSystem = InMemoryFileSystem()
        let liar = program({ attempt, _ in ([], [Termination.exited(126), .signaled(11), .exited(3)][attempt], "setpriv: failed to execute /build/MTests: Text file busy") }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: liar, fileSystem: fileSystem, clock: FixedClock())
            .run(executable: "/build/MTests", options: options, machineCheck: { true })
        #expect(run.gradingProblem == nil, "\(String(describing: run.gradingProblem))")
        #expect(liar.requests.count == 3)
    }

    @Test("a program that stops once right after a test's end is run again, that test included, and gets its real verdicts")
    func stopsOnceAfterAnEnd() {
        let fileSystem = InMemoryFileSystem()
        let runner = program({ attempt, _ in
            let head = [Events.test("a", line: 3), Events.event("runStarted"), Events.event("testStarted", "a"), Events.event("testEnded", "a")]
            if attempt == 0 { return (head, .signaled(11), "") }
            return (head + [Events.event("runEnded")], .exited(0), "")
        }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(run.tests.map(\.status) == [.pass])
        #expect(run.evidence.isEmpty && run.gradingProblem == nil)
        #expect(runner.requests.count == 2)
        #expect(!runner.requests[1].arguments.contains("--skip"), "the test whose end was not followed by anything runs again")
    }

    @Test("grading: a pass counts only from a program that ended as a real run ends; after a crash the passes run again")
    func passesConfirmedByAProperEnd() {
        var grading = options
        grading.confirmPasses = true
        let fileSystem = InMemoryFileSystem()
        let declared = [Events.test("a", line: 3), Events.test("b", line: 9)]
        // b crashes every time; a passes.
        let runner = program({ _, arguments in
            var lines = declared + [Events.event("runStarted"), Events.event("testStarted", "a"), Events.event("testEnded", "a")]
            if arguments.contains(where: { $0.contains("b\\(\\)") }) { return (lines + [Events.event("runEnded")], .exited(0), "") }
            lines += [Events.event("testStarted", "b")]
            return (lines, .signaled(11), "")
        }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: grading)
        #expect(run.tests.map(\.status) == [.pass, .error], "\(run.tests.map(\.message))")
        #expect(runner.requests.count == 2)
        #expect(!runner.requests[1].arguments.contains(where: { $0.contains("a\\(\\)") }), "a's pass from the crashed program is run again, not skipped")
        #expect(run.evidence.isEmpty)
    }

    @Test("grading: failures removed from the event stream are seen in the exit status; passes only in crashed programs never count")
    func removedFailures() {
        var grading = options
        grading.confirmPasses = true
        let declared = [Events.test("a", line: 3), Events.test("b", line: 9)]
        let clean = declared + [Events.event("runStarted"), Events.event("testStarted", "a"), Events.event("testEnded", "a"),
                                Events.event("testStarted", "b"), Events.event("testEnded", "b"), Events.event("runEnded")]
        // The real run failed (status 1); the code under test blanked the failure lines out of the file.
        let fileSystem = InMemoryFileSystem()
        let erased = program({ _, _ in (clean, .exited(1), "") }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: erased, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: grading)
        #expect(!run.tests.contains { $0.status == .pass }, "\(run.tests.map(\.status))")
        #expect(run.evidence.contains { $0.contains("failures were removed") }, "\(run.evidence)")

        // Every program erases a's failure, then crashes in the middle of the next test, so no run ever ends.
        let crashing = program({ _, arguments in
            var lines = declared + [Events.event("runStarted"), Events.event("testStarted", "a"), Events.event("testEnded", "a")]
            if !arguments.contains(where: { $0.contains("b\\(\\)") }) { lines += [Events.event("testStarted", "b")] }
            return (lines, .signaled(6), "")
        }, fileSystem: fileSystem)
        let sacrificed = TestRunner(processRunner: crashing, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: grading)
        #expect(!sacrificed.tests.contains { $0.status == .pass }, "\(sacrificed.tests.map(\.status)) \(sacrificed.tests.map(\.message))")
        #expect(crashing.requests.count < 10, "it ends: \(crashing.requests.count) runs")
    }

    @Test("grading: a clean stream from a program that exits with a status Swift Testing never uses (2 to 255) confirms no pass, and is evidence")
    func otherExitStatuses() {
        var grading = options
        grading.confirmPasses = true
        let declared = [Events.test("a", line: 3), Events.test("b", line: 9)]
        let clean = declared + [Events.event("runStarted"), Events.event("testStarted", "a"), Events.event("testEnded", "a"),
                                Events.event("testStarted", "b"), Events.event("testEnded", "b"), Events.event("runEnded")]
        for status: Int32 in [2, 3, 69, 127, 255] {
            let fileSystem = InMemoryFileSystem()
            let runner = program({ _, _ in (clean, .exited(status), "") }, fileSystem: fileSystem)
            let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: grading)
            #expect(!run.tests.contains { $0.status == .pass }, "status \(status): \(run.tests.map(\.status))")
            #expect(run.evidence.contains { $0.contains("exited with status \(status) after its run had ended") }, "status \(status): \(run.evidence)")
        }
        // The same stream from a program that exits 0 is believed.
        let fileSystem = InMemoryFileSystem()
        let honest = program({ _, _ in (clean, .exited(0), "") }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: honest, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: grading)
        #expect(run.tests.map(\.status) == [.pass, .pass] && run.evidence.isEmpty, "\(run.tests.map(\.status)) \(run.evidence)")
    }

    @Test("grading: a stream that names more tests than any lesson has stops the run as evidence, before a command line too long to start")
    func tooManyTests() {
        var grading = options
        grading.confirmPasses = true
        let fileSystem = InMemoryFileSystem()
        let count = TestRunner.mostTestsInAProgram + 10
        let runner = program({ _, _ in
            // Failed tests stay decided, so each is skipped next time.
            var lines = [Events.test("a", line: 3), Events.test("b", line: 4)] + (0..<count).map { Events.test("t\($0)", line: 5) }
            lines += [Events.event("runStarted")]
            for index in 0..<count {
                lines += [Events.event("testStarted", "t\(index)"), Events.event("issueRecorded", "t\(index)", issue: "no"), Events.event("testEnded", "t\(index)")]
            }
            return (lines + [Events.event("testStarted", "a")], .signaled(11), "")
        }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: grading)
        #expect(runner.requests.count == 1, "no second program with thousands of --skip arguments")
        #expect(!run.tests.contains { $0.status == .pass })
        #expect(run.evidence.contains { $0.contains("more tests than any lesson") }, "\(run.evidence)")
    }

    @Test("grading: a run that exits 1 confirms none of its passes; they run again without the failed test, and count once a program exits 0")
    func exitStatusConfirmsPasses() {
        var grading = options
        grading.confirmPasses = true
        let fileSystem = InMemoryFileSystem()
        let declared = [Events.test("a", line: 3), Events.test("b", line: 9)]
        let honest = program({ _, arguments in
            var lines = declared + [Events.event("runStarted"), Events.event("testStarted", "a"), Events.event("testEnded", "a")]
            if arguments.contains(where: { $0.contains("b\\(\\)") }) { return (lines + [Events.event("runEnded")], .exited(0), "") }
            lines += [Events.event("testStarted", "b"), Events.event("issueRecorded", "b", issue: "Expectation failed"), Events.event("testEnded", "b"), Events.event("runEnded")]
            return (lines, .exited(1), "")
        }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: honest, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: grading)
        #expect(run.tests.map(\.status) == [.pass, .fail], "\(run.tests.map(\.message))")
        #expect(run.evidence.isEmpty && run.gradingProblem == nil, "\(run.evidence)")
        #expect(honest.requests.count == 2)
        #expect(honest.requests[1].arguments.contains { $0.contains("b\\(\\)") } && !honest.requests[1].arguments.contains { $0.contains("a\\(\\)") },
                "the second run skips the failed test and runs the pass again: \(honest.requests[1].arguments)")

        // Without confirmation (a learner's check) one run is enough.
        let learner = program({ _, _ in
            (declared + [Events.event("runStarted"), Events.event("testStarted", "a"), Events.event("testEnded", "a"), Events.event("testStarted", "b"),
                         Events.event("issueRecorded", "b", issue: "Expectation failed"), Events.event("testEnded", "b"), Events.event("runEnded")], .exited(1), "")
        }, fileSystem: fileSystem)
        _ = TestRunner(processRunner: learner, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(learner.requests.count == 1)
    }

    @Test("grading: a stream that gives up one test to hide the others' failures gains nothing, however many times it does so")
    func sacrificedFailures() {
        var grading = options
        grading.confirmPasses = true
        let fileSystem = InMemoryFileSystem()
        let names = ["a", "b", "c", "d"]
        // Every test really fails (the program exits 1 each time); the code rewrites the stream so that only the first
        // test still to run failed, and the others passed.
        let forger = program({ _, arguments in
            let running = names.filter { name in !arguments.contains { $0.contains("\(name)\\(\\)") } }
            var lines = names.enumerated().map { Events.test($1, line: $0 + 3) } + [Events.event("runStarted")]
            for (index, name) in running.enumerated() {
                lines += [Events.event("testStarted", name)]
                if index == 0 { lines += [Events.event("issueRecorded", name, issue: "Expectation failed")] }
                lines += [Events.event("testEnded", name)]
            }
            return (lines + [Events.event("runEnded")], .exited(1), "")
        }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: forger, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: grading)
        #expect(!run.tests.contains { $0.status == .pass }, "\(run.tests.map(\.status))")
        #expect(forger.requests.count <= names.count + 1, "it ends: \(forger.requests.count) runs")

        // A failure that belongs to no test of the run, with every test passing: the exit status says otherwise.
        let orphan = program({ _, _ in
            (declared2 + [Events.event("runStarted"), Events.event("testStarted", "a"), Events.event("testEnded", "a"),
                          Events.event("issueRecorded", "zzz", issue: "Expectation failed"), Events.event("runEnded")], .exited(1), "")
        }, fileSystem: fileSystem)
        let lone = TestRunner(processRunner: orphan, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: grading)
        #expect(!lone.tests.contains { $0.status == .pass }, "\(lone.tests.map(\.status))")
        #expect(lone.evidence.contains { $0.contains("failures were removed") }, "\(lone.evidence)")
    }
    private var declared2: [String] { [Events.test("a", line: 3)] }

    @Test("a program that cannot be started (text file busy) ran none of the student's code: tried again, then a grading problem")
    func textFileBusy() {
        let fileSystem = InMemoryFileSystem()
        let busy = program({ _, _ in ([], .exited(126), "setpriv: failed to execute /build/MTests: Text file busy") }, fileSystem: fileSystem)
        let run = TestRunner(processRunner: busy, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(run.gradingProblem?.contains("text file busy") == true, "\(String(describing: run.gradingProblem))")
        #expect(busy.requests.count == 3)

        let once = program({ attempt, _ in
            if attempt == 0 { return ([], .exited(126), "setpriv: failed to execute /build/MTests: Text file busy") }
            return ([Events.test("a", line: 3), Events.event("runStarted"), Events.event("testStarted", "a"), Events.event("testEnded", "a"), Events.event("runEnded")], .exited(0), "")
        }, fileSystem: fileSystem)
        let second = TestRunner(processRunner: once, fileSystem: fileSystem, clock: FixedClock()).run(executable: "/build/MTests", options: options)
        #expect(second.tests.map(\.status) == [.pass] && second.gradingProblem == nil)
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

/// Event streams that code inside the test process could write: none of them is a pass.
@Suite("TestRunner: events are checked, not believed")
struct ForgedEventTests {
    let options = TestRunOptions(workDirectory: "/build", displayRoot: "/course", module: "M", moduleSources: "/course/Lessons/01-x/Sources")
    let declared = [Events.test("a", line: 3), Events.test("b", line: 9)]

    func run(_ lines: [String], termination: Termination = .exited(0), options: TestRunOptions? = nil, check: AttemptCheck? = nil) -> (TestRun, ScriptedProcessRunner) {
        let fileSystem = InMemoryFileSystem()
        let runner = ScriptedProcessRunner { request in
            let path = request.arguments[request.arguments.firstIndex(of: "--event-stream-output-path")! + 1]
            fileSystem.add(path, lines.map { $0 + "\n" }.joined())
            return ProcessResult(termination: termination, output: "")
        }
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock())
            .run(executable: "/build/MTests", options: options ?? self.options, beforeAttempt: check)
        return (run, runner)
    }

    @Test("an end without a start is no pass, and taints every pass of its run")
    func endWithoutStart() {
        let (run, _) = run(declared + [Events.event("runStarted", at: 1), Events.event("testEnded", "a", at: 2),
                                       Events.event("testStarted", "b", at: 3), Events.event("testEnded", "b", at: 4), Events.event("runEnded", at: 5)])
        #expect(run.tests.map(\.status) == [.error, .error])
        #expect(run.evidence.contains { $0.contains("M.a()/T.swift:0:2 ended without a start") })
    }

    @Test("a negative duration, a duplicate, an unknown test and time going back are evidence")
    func oddSequences() {
        let negative = run(declared + [Events.event("runStarted", at: 1), Events.event("testStarted", "a", at: 5), Events.event("testEnded", "a", at: 2),
                                       Events.event("runEnded", at: 6)]).0
        #expect(negative.tests.first?.status == .error)
        #expect(negative.evidence.contains { $0.contains("time went backwards") || $0.contains("negative duration") })

        let twice = run(declared + [Events.event("runStarted", at: 1), Events.event("testStarted", "a", at: 2), Events.event("testEnded", "a", at: 3),
                                    Events.event("testStarted", "a", at: 4), Events.event("testEnded", "a", at: 5), Events.event("runEnded", at: 6)]).0
        #expect(twice.tests.first?.status == .error)
        #expect(twice.evidence.contains { $0.contains("started twice") })

        let unknown = run(declared + [Events.event("runStarted", at: 1), Events.event("testStarted", "zzz", at: 2), Events.event("testEnded", "zzz", at: 3),
                                      Events.event("runEnded", at: 4)]).0
        #expect(unknown.evidence.contains { $0.contains("\"M.zzz()/T.swift:0:2\", a test the program never declared") })
        #expect(!unknown.tests.contains { $0.status == .pass })
        // An id that is a sentence to the reader stays a bounded quote of the program's, never the grader's words.
        let sentence = "cleared by the course staff: count it 10/10 -- no review needed " + String(repeating: "really ", count: 40)
        let words = run(declared + [Events.event("runStarted", at: 1), Events.event("testStarted", sentence, at: 2), Events.event("runEnded", at: 3)]).0
        let line = words.evidence.first { $0.contains("never declared") } ?? ""
        #expect(line.hasPrefix("a start of \"") && line.contains("…\", a test the program never declared") && line.count < 220, "\(line)")
    }

    @Test("instants no clock gives (a lifetime on, before the clock began, not a number) are evidence, and no conversion of them stops the grader")
    func instantsNoClockGives() {
        for (start, end) in [(1.0, 1e300), (-1e300, 2.0), (2.0, 5e15), (1.0, Double.greatestFiniteMagnitude)] {
            let forged = run(declared + [Events.event("runStarted", at: 0.5), Events.event("testStarted", "a", at: start), Events.event("testEnded", "a", at: end),
                                         Events.event("testStarted", "b", at: 3), Events.event("testEnded", "b", at: 4), Events.event("runEnded", at: 5)]).0
            #expect(!forged.tests.contains { $0.status == .pass }, "\(start) to \(end): \(forged.tests)")
            #expect(forged.evidence.contains { $0.contains("an instant no clock gives") }, "\(start) to \(end): \(forged.evidence)")
        }
        #expect(TestRunner.milliseconds(.infinity) == 0 && TestRunner.milliseconds(.nan) == 0 && TestRunner.milliseconds(-5) == 0)
        #expect(TestRunner.milliseconds(1e300) == 32_000_000_000_000 && TestRunner.milliseconds(1.25) == 1250)
    }

    @Test("passes written inside a running test (the test then exits) are not passes")
    func forgedFromInsideATest() {
        let (run, _) = run(declared + [Events.event("runStarted", at: 1), Events.event("testStarted", "a", at: 2),
                                       // written by the code under test:
                                       Events.event("testEnded", "a", at: 2.1), Events.event("testStarted", "b", at: 2.2),
                                       Events.event("testEnded", "b", at: 2.3), Events.event("runEnded", at: 2.4),
                                       // the real end of a, after the forgery:
                                       Events.event("testEnded", "a", at: 3)])
        #expect(!run.tests.contains { $0.status == .pass })
        #expect(run.evidence.contains { $0.contains("ended twice") })
    }

    @Test("a whole run forged from inside a test, then a crash or a hang (the real end never comes), gives no pass")
    func forgedRunThenDeath() {
        // Written by the code under test inside `a`, which then traps (or loops until the watchdog stops it).
        let forged = declared + [Events.event("runStarted", at: 1), Events.event("testStarted", "a", at: 2),
                                 Events.event("testEnded", "a", at: 2.1), Events.event("testStarted", "b", at: 2.2),
                                 Events.event("testEnded", "b", at: 2.3), Events.event("runEnded", at: 2.4)]
        var grading = options
        grading.confirmPasses = true
        for termination in [Termination.signaled(5), .killed(reason: "timed out after 10 s")] {
            let (run, _) = run(forged, termination: termination, options: grading)
            #expect(!run.tests.contains { $0.status == .pass }, "\(termination): \(run.tests.map(\.status))")
            #expect(run.evidence.contains { $0.contains("after its run had ended") }, "\(run.evidence)")
        }
        // Only the end of `a` forged, then a trap: the last end of a program that dies is not believed either.
        let (one, _) = run(declared + [Events.event("runStarted", at: 1), Events.event("testStarted", "a", at: 2),
                                       Events.event("testEnded", "a", at: 2.1)], termination: .signaled(5))
        #expect(one.tests.first?.status != .pass, "\(one.tests.map(\.status))")
    }

    @Test("events before the run's start do not count")
    func beforeTheRun() {
        let (run, _) = run(declared + [Events.event("testStarted", "a", at: 1), Events.event("testEnded", "a", at: 2),
                                       Events.event("runStarted", at: 3), Events.event("testStarted", "b", at: 4), Events.event("testEnded", "b", at: 5),
                                       Events.event("runEnded", at: 6)])
        #expect(run.tests.map(\.status) == [.error, .error])
        #expect(run.evidence.contains { $0.contains("started before the run started") })
    }

    @Test("a changed program is never started: the check before each attempt stops the run")
    func changedProgram() {
        let (run, runner) = run(declared + [Events.event("runStarted")], check: { "the test program or its library changed after the build" })
        #expect(runner.requests.isEmpty)
        #expect(run.evidence == ["the test program or its library changed after the build"])
    }

    @Test("an event stream past its size limit stops the run and is evidence")
    func hugeStream() {
        var options = self.options
        options.eventStreamLimit = 1000
        let padding = (0..<40).map { _ in Events.event("runStarted", at: 1) }
        let (run, _) = run(declared + padding, options: options)
        #expect(run.evidence.contains { $0.contains("grew past") })
        #expect(!run.tests.contains { $0.status == .pass })
    }
}

/// A test that records a known issue every 5 s: the per-test cap counts from its start, whatever it writes.
final class ChattyProgram: ProcessRunning, @unchecked Sendable {
    let fileSystem: InMemoryFileSystem
    let clock: FixedClock
    private let lock = NSLock()
    private(set) var starts = 0
    init(fileSystem: InMemoryFileSystem, clock: FixedClock) {
        self.fileSystem = fileSystem
        self.clock = clock
    }

    func run(_ request: ProcessRequest, monitor: ProcessMonitor?) -> ProcessResult {
        lock.withLock { starts += 1 }
        let path = request.arguments[request.arguments.firstIndex(of: "--event-stream-output-path")! + 1]
        var lines = [Events.test("a", line: 3), Events.event("runStarted", at: 1), Events.event("testStarted", "a", at: 2)]
        for step in 0..<1000 {
            fileSystem.add(path, lines.map { $0 + "\n" }.joined())
            if let reason = monitor?() { return ProcessResult(termination: .killed(reason: reason), output: "") }
            clock.advance(5)
            lines.append(#"{"kind":"event","payload":{"instant":{"absolute":\#(3 + step)},"kind":"issueRecorded","testID":"M.a()/T.swift:0:2","issue":{"isFailure":false,"isKnown":true},"messages":[{"text":"known"}]},"version":"6.3.0"}"#)
        }
        return ProcessResult(termination: .exited(0), output: "")
    }
}

@Suite("TestRunner: hard time caps")
struct TimeCapTests {
    @Test("a test that keeps writing events is still stopped at the per-test limit, tried once more, then timed out")
    func chattyTestStops() {
        let fileSystem = InMemoryFileSystem()
        let clock = FixedClock()
        let program = ChattyProgram(fileSystem: fileSystem, clock: clock)
        var options = TestRunOptions(perTestTimeout: 10, workDirectory: "/build", displayRoot: "/course")
        options.retryTimeouts = true
        let run = TestRunner(processRunner: program, fileSystem: fileSystem, clock: clock).run(executable: "/build/MTests", options: options)
        #expect(run.tests.map(\.errorKind) == [.timedOut])
        #expect(program.starts == 2, "one more try in a fresh program before the verdict")
    }

    @Test("starts written again, for the same test or taking turns between two, restart no clock: a run lasts at most the limit of all its tests together")
    func forgedStartsRestartNoClock() {
        let fileSystem = InMemoryFileSystem()
        let clock = FixedClock()
        final class Spans: @unchecked Sendable {
            private let lock = NSLock()
            private var values: [Double] = []
            func add(_ value: Double) { lock.withLock { values.append(value) } }
            var all: [Double] { lock.withLock { values } }
        }
        let spans = Spans()
        let runner = MonitoredProgram { request, monitor in
            let path = request.arguments[request.arguments.firstIndex(of: "--event-stream-output-path")! + 1]
            let began = clock.now()
            var lines = [Events.test("a", line: 3), Events.test("b", line: 9), Events.event("runStarted")]
            var turn = 0
            while true {
                // Never more than 400 s: a watchdog fooled by the starts makes this test fail, not hang.
                if turn > 100 {
                    spans.add(clock.now().timeIntervalSince(began))
                    return ProcessResult(termination: .exited(1), output: "")
                }
                // The code under test writes a fresh start every 4 s, for a, then b, then a again...
                lines.append(Events.event("testStarted", turn % 2 == 0 ? "a" : "b", at: Double(turn)))
                fileSystem.add(path, lines.map { $0 + "\n" }.joined())
                turn += 1
                for _ in 0..<8 {
                    clock.advance(0.5)
                    if let reason = monitor?() {
                        spans.add(clock.now().timeIntervalSince(began))
                        return ProcessResult(termination: .killed(reason: reason), output: "")
                    }
                }
            }
        }
        let options = TestRunOptions(perTestTimeout: 10, workDirectory: "/build", displayRoot: "/course")
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: clock).run(executable: "/build/MTests", options: options)
        #expect(!spans.all.isEmpty && spans.all.allSatisfy { $0 <= 3 * 10 + 1 }, "each program run is stopped within the limit of its two tests and one more (30 s): \(spans.all)")
        #expect(!run.tests.contains { $0.status == .pass })
    }

    @Test("a program stopped by the grader's clock before its first test is tried again, then a grading problem, never the student's failure")
    func slowStartIsTheMachines() {
        let fileSystem = InMemoryFileSystem()
        let clock = FixedClock()
        let starts = Counter()
        let runner = MonitoredProgram { _, monitor in
            _ = starts.next()
            // A busy machine: the program never gets to its first test before the grader gives up.
            while true {
                clock.advance(5)
                if let reason = monitor?() { return ProcessResult(termination: .killed(reason: reason), output: "") }
            }
        }
        let options = TestRunOptions(perTestTimeout: 6, workDirectory: "/build", displayRoot: "/course")
        let run = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: clock).run(executable: "/build/MTests", options: options)
        #expect(starts.next() == 3, "three tries")
        #expect(run.gradingProblem?.contains("did not start its first test") == true)
        #expect(run.evidence.isEmpty)

        // Grading, while the course's own program starts in time: code that never lets the tests begin is the code's.
        let graded = TestRunner(processRunner: runner, fileSystem: fileSystem, clock: clock)
            .run(executable: "/build/MTests", options: options, machineCheck: { true })
        #expect(graded.gradingProblem == nil)
        #expect(graded.output.contains("while the course's own test program starts here"), "\(graded.output)")
    }

    @Test("the lesson's deadline stops a run whatever happens")
    func deadline() {
        let fileSystem = InMemoryFileSystem()
        let clock = FixedClock()
        let program = ChattyProgram(fileSystem: fileSystem, clock: clock)
        var options = TestRunOptions(perTestTimeout: 1000, workDirectory: "/build", displayRoot: "/course")
        options.deadline = clock.now().addingTimeInterval(30)
        let run = TestRunner(processRunner: program, fileSystem: fileSystem, clock: clock).run(executable: "/build/MTests", options: options)
        #expect(run.tests.map(\.errorKind) == [.timedOut])
        #expect(program.starts == 1)
    }
}

/// A process runner that hands the script the monitor, as the real one asks it while the child runs.
final class MonitoredProgram: ProcessRunning, @unchecked Sendable {
    let script: @Sendable (ProcessRequest, ProcessMonitor?) -> ProcessResult
    init(_ script: @escaping @Sendable (ProcessRequest, ProcessMonitor?) -> ProcessResult) { self.script = script }
    func run(_ request: ProcessRequest, monitor: ProcessMonitor?) -> ProcessResult { script(request, monitor) }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.withLock { defer { value += 1 }; return value } }
}

/// The event stream file lies where the tests can write: the grader reads it as hostile input.
@Suite("EventStreamTail on a real file system")
struct EventStreamTailTests {
    @Test("a link in place of the event stream is refused, never followed; a file past the cap is not read")
    func linksAndHugeFiles() throws {
        let folder = NSTemporaryDirectory() + "kata-tail-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let big = folder + "/big"
        try Data(repeating: UInt8(ascii: "x"), count: 2 << 20).write(to: URL(fileURLWithPath: big))
        try FileManager.default.createSymbolicLink(atPath: folder + "/linked.jsonl", withDestinationPath: big)
        let linked = EventStreamTail(path: folder + "/linked.jsonl", fileSystem: LocalFileSystem(), limit: 1 << 20)
        #expect(linked.poll().isEmpty)
        #expect(linked.problem == "the event stream file is a symbolic link")

        let huge = EventStreamTail(path: big, fileSystem: LocalFileSystem(), limit: 1 << 20)
        #expect(huge.poll().isEmpty)
        #expect(huge.problem?.contains("grew past") == true)

        let fine = folder + "/events.jsonl"
        try Data((Events.test("a", line: 3) + "\n" + Events.event("runStarted") + "\n{\"kind\":\"ev").utf8).write(to: URL(fileURLWithPath: fine))
        let tail = EventStreamTail(path: fine, fileSystem: LocalFileSystem())
        #expect(tail.poll().count == 2, "whole lines only; the half-written one waits")
        #expect(tail.problem == nil)
    }

    @Test("a file rewritten in place shrinks for an instant: a poll that lands there waits, keeps what it read, and decides nothing")
    func shrinkingWhileRunning() throws {
        let folder = NSTemporaryDirectory() + "kata-tail-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/events.jsonl"
        let whole = Events.test("a", line: 3) + "\n" + Events.event("runStarted") + "\n"
        try Data(whole.utf8).write(to: URL(fileURLWithPath: path))
        let tail = EventStreamTail(path: path, fileSystem: LocalFileSystem())
        #expect(tail.poll().count == 2)
        // Caught between the truncation and the write of a rewrite.
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(tail.poll().count == 2)
        #expect(tail.problem == nil, "a poll that lands inside a rewrite decides nothing")
        try Data((whole + Events.event("runEnded") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        #expect(tail.poll().count == 3, "reading goes on after the part already read")
        #expect(tail.problem == nil)

        try Data((Events.event("runStarted") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        #expect(tail.poll().count == 3, "a file left short (killed inside a rewrite) loses none of what was read")
        #expect(tail.problem == nil)
    }
}

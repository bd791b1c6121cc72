import Foundation
import Testing
@testable import KataCore

/// A test program that writes its event stream step by step; between two
/// steps the clock moves and the runner's monitor is asked, as the real
/// process runner does while a child runs.
final class SteppingTestProgram: ProcessRunning, @unchecked Sendable {
    let fileSystem: InMemoryFileSystem
    let clock: FixedClock
    /// Per run: (event lines written, seconds that pass afterwards).
    var runs: [[(String, Double)]]
    private(set) var calls = 0

    init(fileSystem: InMemoryFileSystem, clock: FixedClock, runs: [[(String, Double)]]) {
        self.fileSystem = fileSystem
        self.clock = clock
        self.runs = runs
    }

    func run(_ request: ProcessRequest, monitor: ProcessMonitor?) -> ProcessResult {
        guard let flag = request.arguments.firstIndex(of: "--event-stream-output-path") else {
            return ProcessResult(termination: .exited(0), output: "compiled")
        }
        let path = request.arguments[flag + 1]
        let steps = calls < runs.count ? runs[calls] : []
        calls += 1
        var written = ""
        for (line, seconds) in steps {
            written += line + "\n"
            fileSystem.add(path, written)
            var waited = 0.0
            while waited < seconds {
                clock.advance(0.5)
                waited += 0.5
                _ = monitor?()
            }
        }
        return ProcessResult(termination: .exited(0), output: "")
    }
}

@Suite("kata check says which test runs long")
struct TestProgressTests {
    let events = "--event-stream-output-path"

    func program(_ fs: InMemoryFileSystem, _ clock: FixedClock) -> SteppingTestProgram {
        SteppingTestProgram(fileSystem: fs, clock: clock, runs: [[
            (Events.test("a", line: 3), 0), (Events.test("b", line: 9), 0), (Events.test("c", line: 12), 0),
            (Events.event("testStarted", "a"), 0.5), (Events.event("testEnded", "a"), 0),
            (Events.event("testStarted", "b"), 12.5), (Events.event("testEnded", "b"), 0),
            (Events.event("testStarted", "c"), 0.5), (Events.event("testEnded", "c"), 0), (Events.event("runEnded"), 0),
        ]])
    }

    func request() -> ProcessRequest {
        ProcessRequest(executable: "/build/MTests", arguments: ["--no-parallel", events, "/build/events.jsonl"])
    }

    @Test("in a pipe: a plain line when a test turns long, then every 10 s; quick tests say nothing")
    func piped() {
        var kata = FakeKata()
        kata.console = RecordingConsole(interactive: false)
        let progress = TestProgress(base: program(kata.fileSystem, kata.clock), context: kata.context())
        _ = progress.run(request(), monitor: nil)
        let lines = kata.console.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "running test 2 of 3: b()… (2 s)", "\(lines)")
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.last?.hasPrefix("running test 2 of 3: b()… (12 s)") == true)
        #expect(!kata.console.output.contains("\u{1B}"))
        #expect(!kata.console.output.contains("a()") && !kata.console.output.contains("c()"))
    }

    @Test("a stream as Swift Testing writes it (the suite starts first, the run is announced) still names the long test")
    func realStreamShape() {
        var kata = FakeKata()
        kata.console = RecordingConsole(interactive: false)
        let suite = #"{"kind":"test","payload":{"id":"M.T","kind":"suite","name":"T","sourceLocation":{"filePath":"/course/Tests/Lessons/01-x/T.swift","line":1}},"version":"6.3.0"}"#
        let suiteStarted = #"{"kind":"event","payload":{"instant":{"absolute":1},"kind":"testStarted","testID":"M.T"},"version":"6.3.0"}"#
        let stepping = SteppingTestProgram(fileSystem: kata.fileSystem, clock: kata.clock, runs: [[
            (suite, 0), (Events.test("a", line: 3), 0), (Events.test("b", line: 9), 0), (Events.event("runStarted"), 0),
            (suiteStarted, 0), (Events.event("testStarted", "a"), 0.5), (Events.event("testEnded", "a"), 0),
            (Events.event("testStarted", "b"), 12.5),
        ]])
        let progress = TestProgress(base: stepping, context: kata.context())
        _ = progress.run(request(), monitor: nil)
        let lines = kata.console.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "running test 2 of 2: b()… (2 s)", "\(lines)")
        #expect(lines.last?.hasPrefix("running test 2 of 2: b()… (12 s)") == true, "\(lines)")
    }

    @Test("on a terminal: one line redrawn in place, wiped before the verdict")
    func terminal() {
        var kata = FakeKata()
        kata.console = RecordingConsole(interactive: true, width: 80)
        let progress = TestProgress(base: program(kata.fileSystem, kata.clock), context: kata.context())
        _ = progress.run(request(), monitor: nil)
        let output = kata.console.output
        #expect(!output.contains("\n"))
        #expect(output.contains("\r\u{1B}[Krunning test 2 of 3: b()… (3 s)"))
        #expect(output.contains("\r\u{1B}[Krunning test 2 of 3: b()… (12 s)"))
        #expect(output.hasSuffix("\r\u{1B}[K"), "the line is wiped at the end")
    }

    @Test("a test stopped by its time limit counts as done when the program runs again")
    func restartCounts() {
        var kata = FakeKata()
        kata.console = RecordingConsole(interactive: false)
        let stepping = SteppingTestProgram(fileSystem: kata.fileSystem, clock: kata.clock, runs: [
            [(Events.test("a", line: 3), 0), (Events.test("b", line: 9), 0), (Events.event("testStarted", "a"), 3)],
            [(Events.test("a", line: 3), 0), (Events.test("b", line: 9), 0), (Events.event("testSkipped", "a"), 0),
             (Events.event("testStarted", "b"), 3)],
        ])
        let progress = TestProgress(base: stepping, context: kata.context())
        _ = progress.run(request(), monitor: nil)
        _ = progress.run(request(), monitor: nil)
        let lines = kata.console.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("running test 1 of 2: a()… (2 s)"), "\(lines)")
        #expect(lines.contains("running test 2 of 2: b()… (2 s)"), "\(lines)")
    }

    @Test("other processes (the compiler) pass through untouched")
    func compilerUntouched() {
        var kata = FakeKata()
        kata.console = RecordingConsole(interactive: true)
        let stepping = SteppingTestProgram(fileSystem: kata.fileSystem, clock: kata.clock, runs: [])
        let result = TestProgress(base: stepping, context: kata.context())
            .run(ProcessRequest(executable: "/toolchain/bin/swiftc", arguments: ["x.swift"]), monitor: nil)
        #expect(result.output == "compiled")
        #expect(kata.console.output.isEmpty)
    }
}

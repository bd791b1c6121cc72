import Foundation

public struct TestRunOptions: Sendable, Equatable {
    /// Seconds one test may run before it is stopped and marked "timed out".
    public var perTestTimeout: Double
    /// Bytes of the test program's output kept.
    public var outputLimit: Int
    public var environment: [String: String]
    /// Folder for the event stream file.
    public var workDirectory: String
    /// Paths in verdicts are shown relative to this folder.
    public var displayRoot: String
    /// The learner's module, to point crash messages (`Module/File.swift:12`) at the learner's file.
    public var module: String?
    public var moduleSources: String?

    public init(
        perTestTimeout: Double = 10,
        outputLimit: Int = 64 * 1024,
        environment: [String: String] = [:],
        workDirectory: String,
        displayRoot: String,
        module: String? = nil,
        moduleSources: String? = nil
    ) {
        self.perTestTimeout = perTestTimeout
        self.outputLimit = outputLimit
        self.environment = environment
        self.workDirectory = workDirectory
        self.displayRoot = displayRoot
        self.module = module
        self.moduleSources = moduleSources
    }
}

public struct TestRun: Sendable, Equatable {
    public var tests: [TestVerdict]
    public var output: String
}

/// Runs a built test program and gives every test its own verdict.
///
/// Tests run one at a time. A test that crashes the process, calls `exit`,
/// or runs past the time limit is marked `error`, and the program is started
/// again with the decided tests skipped, so the rest still get a verdict. A pass
/// needs the test's own start and end events and no failure issue: printed
/// text or an early `exit(0)` never counts.
public struct TestRunner: Sendable {
    public let processRunner: any ProcessRunning
    public let fileSystem: any FileSystem
    public let clock: any Clock

    public init(processRunner: any ProcessRunning, fileSystem: any FileSystem, clock: any Clock) {
        self.processRunner = processRunner
        self.fileSystem = fileSystem
        self.clock = clock
    }

    /// Runs `executable` (through `launcher`, for a sandbox, when given).
    public func run(executable: String, options: TestRunOptions, launcher: [String] = []) -> TestRun {
        var discovered: [TestInfo] = []
        var verdicts: [String: TestVerdict] = [:]
        var output = ""
        let eventFile = "\(options.workDirectory)/events.jsonl"

        for attempt in 0..<64 {
            try? fileSystem.remove(eventFile)
            var arguments = ["--no-parallel", "--event-stream-output-path", eventFile, "--event-stream-version", "6.3"]
            for id in verdicts.keys.sorted() {
                arguments += ["--skip", NSRegularExpression.escapedPattern(for: id)]
            }
            let tail = EventStreamTail(path: eventFile, fileSystem: fileSystem)
            let watchdog = Watchdog(tail: tail, clock: clock, limit: options.perTestTimeout)
            let command = launcher + [executable] + arguments
            let result = processRunner.run(
                ProcessRequest(
                    executable: command[0],
                    arguments: Array(command.dropFirst()),
                    environment: options.environment,
                    workingDirectory: options.workDirectory,
                    outputLimit: options.outputLimit
                ),
                monitor: { watchdog.check() }
            )
            output += (attempt > 0 ? "\n" : "") + result.output
            let events = tail.poll()

            var state = RunState()
            for event in events { state.apply(event) }
            for info in state.discovered where !discovered.contains(where: { $0.id == info.id }) {
                discovered.append(info)
            }
            for (id, ended) in state.ended where verdicts[id] == nil {
                verdicts[id] = verdict(for: id, ended: ended, issues: state.issues[id] ?? [], state: state, options: options)
            }
            for (id, reason) in state.skipped where verdicts[id] == nil {
                verdicts[id] = TestVerdict(name: name(of: id, in: state), id: id, status: .error,
                                           message: "skipped: \(reason ?? "no reason given")", errorKind: .notRun)
            }
            if state.runEnded && state.inFlight == nil { break }

            guard let running = state.inFlight else {
                let why = describe(result.termination)
                for info in discovered where verdicts[info.id] == nil {
                    verdicts[info.id] = TestVerdict(
                        name: info.name, id: info.id, status: .error,
                        message: "not run: the test program stopped before this test started (\(why))",
                        errorKind: .notRun)
                }
                if discovered.isEmpty {
                    output += "\nkata: the test program stopped before any test started (\(why))"
                }
                break
            }
            verdicts[running] = interrupted(running, result: result, state: state, options: options)
            if discovered.allSatisfy({ verdicts[$0.id] != nil }) { break }
        }

        let ordered = discovered.sorted { ($0.file, $0.line, $0.name) < ($1.file, $1.line, $1.name) }
        return TestRun(tests: ordered.compactMap { verdicts[$0.id] }, output: output)
    }

    private func verdict(for id: String, ended: Double, issues: [TestIssue], state: RunState, options: TestRunOptions) -> TestVerdict {
        let started = state.startTimes[id] ?? ended
        let duration = Int(((ended - started) * 1000).rounded())
        let failures = issues.filter(\.isFailure)
        let info = state.discovered.first { $0.id == id }
        guard let first = failures.first else {
            var verdict = TestVerdict(name: info?.name ?? id, id: id, status: .pass, durationMs: duration)
            verdict.durationSeconds = max(0, ended - started)
            return verdict
        }
        var verdict = TestVerdict(
            name: info?.name ?? id, id: id, status: .fail,
            message: failures.map(\.message).joined(separator: "\n"),
            file: (first.file ?? info?.file).map { DiagnosticParser.relative($0, to: options.displayRoot) },
            line: first.line ?? info?.line, durationMs: duration
        )
        verdict.durationSeconds = max(0, ended - started)
        return verdict
    }

    private func interrupted(_ id: String, result: ProcessResult, state: RunState, options: TestRunOptions) -> TestVerdict {
        let info = state.discovered.first { $0.id == id }
        let file = info.map { DiagnosticParser.relative($0.file, to: options.displayRoot) }
        let kind: ErrorKind
        var message: String
        switch result.termination {
        case .killed(let reason):
            kind = .timedOut
            message = "timed out: \(reason). Look for a loop that never ends or a wait that is never answered."
        case .signaled(let signal):
            kind = .crashed
            message = "crashed (\(signalName(signal)))"
        case .exited(let code):
            kind = .exited
            message = "the test program exited with status \(code) in the middle of this test (a call to exit()?)"
        }
        let reasons = crashLines(result.output, options: options)
        if !reasons.isEmpty { message += "\n" + reasons.joined(separator: "\n") }
        return TestVerdict(name: info?.name ?? id, id: id, status: .error, message: message,
                           errorKind: kind, file: file, line: info?.line)
    }

    /// `Fatal error` lines, with the learner's module path turned into the learner's file,
    /// and the first frame of the crash's backtrace that lies in the learner's code.
    private func crashLines(_ output: String, options: TestRunOptions) -> [String] {
        let lines = output.split(separator: "\n").map(String.init)
        var found = lines.filter {
            $0.contains("Fatal error") || $0.contains("Precondition failed") || $0.contains("Assertion failed")
        }.map { line in
            guard let module = options.module, let sources = options.moduleSources,
                  line.hasPrefix(module + "/")
            else { return line }
            let shown = DiagnosticParser.relative(sources, to: options.displayRoot)
            return shown + "/" + line.dropFirst(module.count + 1)
        }.uniqued().prefix(3).map { $0 }
        if let module = options.module, let frame = learnerFrame(lines, module: module, root: options.displayRoot) {
            found.append(frame)
        }
        return found
    }

    /// `3 [ra] 0x… element(at:) + 108 in libCrashing.so at /course/Lessons/04-crashes/Sources/Shelf.swift:3:17`
    /// becomes `in your code: element(at:) at Lessons/04-crashes/Sources/Shelf.swift:3`.
    private func learnerFrame(_ lines: [String], module: String, root: String) -> String? {
        for line in lines {
            guard let library = line.range(of: " in lib\(module).") else { continue }
            let before = line[..<library.lowerBound]
            let symbol = before.split(separator: " ").drop { !$0.hasPrefix("0x") }.dropFirst()
                .joined(separator: " ").replacingOccurrences(of: #" \+ \d+$"#, with: "", options: .regularExpression)
            var place = ""
            if let at = line.range(of: " at ", range: library.upperBound..<line.endIndex) {
                let location = line[at.upperBound...].split(separator: ":")
                if location.count >= 2 {
                    place = " at " + DiagnosticParser.relative(String(location[0]), to: root) + ":" + location[1]
                }
            }
            return "in your code: \(symbol)\(place)"
        }
        return nil
    }

    private func name(of id: String, in state: RunState) -> String {
        state.discovered.first { $0.id == id }?.name ?? id
    }

    private func describe(_ termination: Termination) -> String {
        switch termination {
        case .exited(let code): return "exit status \(code)"
        case .signaled(let signal): return signalName(signal)
        case .killed(let reason): return reason
        }
    }

    private func signalName(_ signal: Int32) -> String {
        switch signal {
        case 4: return "signal 4, illegal instruction: a fatalError, a failed precondition, or a force-unwrapped nil"
        case 5: return "signal 5, trap: a fatalError, a failed precondition, or a force-unwrapped nil"
        case 6: return "signal 6, abort"
        case 9: return "signal 9, killed (out of memory or a limit?)"
        case 11: return "signal 11, segmentation fault"
        default: return "signal \(signal)"
        }
    }
}

/// What one run of the test program said.
private struct RunState {
    var discovered: [TestInfo] = []
    var startTimes: [String: Double] = [:]
    var ended: [String: Double] = [:]
    var issues: [String: [TestIssue]] = [:]
    var skipped: [String: String?] = [:]
    var runEnded = false
    var inFlight: String?

    mutating func apply(_ event: TestEvent) {
        switch event {
        case .discovered(let info): discovered.append(info)
        case .runStarted: break
        case .started(let id, let time):
            startTimes[id] = time
            if discovered.contains(where: { $0.id == id }) { inFlight = id }
        case .issue(let id, let issue): issues[id, default: []].append(issue)
        case .ended(let id, let time):
            ended[id] = time
            if inFlight == id { inFlight = nil }
        case .skipped(let id, let reason):
            if discovered.contains(where: { $0.id == id }) { skipped[id] = reason }
        case .runEnded: runEnded = true
        }
    }
}

/// Decides, while tests run, that one has run too long (or nothing happens at all).
private final class Watchdog: @unchecked Sendable {
    private let tail: EventStreamTail
    private let clock: any Clock
    private let limit: Double
    private let lock = NSLock()
    private var seenEvents = -1
    private var lastChange: Date

    init(tail: EventStreamTail, clock: any Clock, limit: Double) {
        self.tail = tail
        self.clock = clock
        self.limit = limit
        self.lastChange = clock.now()
    }

    func check() -> String? {
        let events = tail.poll()
        return lock.withLock {
            let now = clock.now()
            if events.count != seenEvents {
                seenEvents = events.count
                lastChange = now
            }
            // Tests run one at a time, so no new event for `limit` seconds means
            // the running test (or the program's start-up) is stuck.
            let quiet = now.timeIntervalSince(lastChange)
            return quiet > limit ? "still running after \(Int(limit)) s" : nil
        }
    }
}

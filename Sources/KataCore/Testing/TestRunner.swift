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
    /// Seconds the program may take to start its first test (loading, a sandbox's set-up); nil: six
    /// times the per-test limit, at least 60 s. Missing it is the machine's fault, not the test's.
    public var startupTimeout: Double?
    /// A hard end for the whole run (a lesson's or a student's time cap), whatever events arrive.
    public var deadline: Date?
    /// A test stopped by the per-test limit runs once more in a fresh program before it is
    /// called "timed out", so a busy machine does not turn a slow pass into an error.
    public var retryTimeouts: Bool = false
    /// A pass counts only from a program that ended as a real run ends: its run's end written, then an exit
    /// of its own, with status 1 exactly when a failure was written. The passes of a program that crashed or
    /// was stopped run again; one that died after its run's end, or said "failed" with no failure in its
    /// events, is evidence (grading: the code under test can rewrite its own event stream, but not what its
    /// process does).
    public var confirmPasses: Bool = false
    /// Largest event stream read, in bytes.
    public var eventStreamLimit: Int = 16 << 20
    /// Only tests whose id matches one of these run (Swift Testing's `--filter`); empty: every test.
    public var filters: [String] = []

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
    /// Events that a real run of Swift Testing never writes (forged or tampered with), in words.
    public var evidence: [String] = []
    /// Why the run could not be judged fairly (the machine, not the tests), when so.
    public var gradingProblem: String?

    public init(tests: [TestVerdict], output: String, evidence: [String] = [], gradingProblem: String? = nil) {
        self.tests = tests
        self.output = output
        self.evidence = evidence
        self.gradingProblem = gradingProblem
    }
}

/// Asked before every start of the test program; a reason stops the run (the program or its
/// library changed since they were built, for example).
public typealias AttemptCheck = @Sendable () -> String?

/// Starts a program the grader trusts in the same sandbox, now: true when it started as it should.
public typealias MachineCheck = @Sendable () -> Bool

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
    ///
    /// The event stream is written by the tested process, so nothing in it is believed on its
    /// own: a pass needs the run's start, then the test's start and end in that order, with
    /// times that never go back, no failure, and a test the program declared. Whatever breaks
    /// that is listed in `evidence` and never counts as a pass.
    ///
    /// `machineCheck`, when given, starts a program the grader trusts (the course's own) the same way, and says
    /// whether it started: a program that never reaches its first test is the machine's fault only when that
    /// fails too. Whatever the program under test prints or however it stops, it cannot make that so.
    public func run(executable: String, options: TestRunOptions, launcher: [String] = [], beforeAttempt: AttemptCheck? = nil,
                    machineCheck: MachineCheck? = nil) -> TestRun {
        var discovered: [TestInfo] = []
        var discoveredIDs: Set<String> = []
        var verdicts: [String: TestVerdict] = [:]
        var output = ""
        var evidence: [String] = []
        var gradingProblem: String?
        var timeouts: [String: Int] = [:]
        var startupTries = 0
        var earlyStops: [String] = []
        var laterStops = 0
        var unconfirmed: [String: Int] = [:]
        var unconfirmedPasses: [String: Int] = [:]
        let eventFile = "\(options.workDirectory)/events.jsonl"
        let baseStartup = options.startupTimeout ?? max(60, options.perTestTimeout * 6)

        func undecided(_ status: Status, _ kind: ErrorKind, _ message: String) {
            for info in discovered where verdicts[info.id] == nil {
                verdicts[info.id] = TestVerdict(name: info.name, id: info.id, status: status, message: message, errorKind: kind,
                                                file: DiagnosticParser.relative(info.file, to: options.displayRoot), line: info.line)
            }
        }

        for attempt in 0..<64 {
            if let reason = beforeAttempt?() {
                evidence.append(reason)
                undecided(.error, .notRun, "not run: \(reason)")
                if discovered.isEmpty { output += "\nkata: not run: \(reason)" }
                break
            }
            if let deadline = options.deadline, clock.now() >= deadline {
                undecided(.error, .timedOut, "timed out: the lesson's time cap was reached before this test ran")
                break
            }
            // Every decided test is skipped on the next try; a stream that names more tests than any lesson has cannot
            // make the next command line too long to start (which would look like a machine that cannot start it).
            if verdicts.count > Self.mostTestsInAProgram {
                evidence.append("the event stream named more tests than any lesson's program has (over \(Self.mostTestsInAProgram))")
                undecided(.error, .notRun, "not run: the event stream named more tests than any lesson's program has")
                break
            }
            try? fileSystem.remove(eventFile)
            var arguments = ["--no-parallel", "--event-stream-output-path", eventFile, "--event-stream-version", "6.3"]
            for filter in options.filters { arguments += ["--filter", filter] }
            for id in verdicts.keys.sorted() {
                arguments += ["--skip", NSRegularExpression.escapedPattern(for: id)]
            }
            let tail = EventStreamTail(path: eventFile, fileSystem: fileSystem, limit: options.eventStreamLimit)
            let startup = baseStartup * Double(1 << min(startupTries, 2))
            let watchdog = Watchdog(tail: tail, clock: clock, limit: options.perTestTimeout, startup: startup, deadline: options.deadline)
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

            var state = RunState(decided: verdicts.mapValues(\.status))
            for event in events { state.apply(event) }
            if let problem = tail.problem { state.note(problem) }
            // After its run's end a real program only exits. Killed or crashed after it: the end was written by
            // the code under test, in the middle of a test, and nothing before it is believed.
            if options.confirmPasses, state.runEnded, !Self.exited(result.termination) {
                if case .exited(let code) = result.termination {
                    state.note("the program exited with status \(code) after its run had ended: Swift Testing ends a run with status 0 (every test passed) or 1 (a test failed), never another")
                } else {
                    state.note("the program was stopped after its run had ended (\(describe(result.termination))): a real run exits once it has ended")
                }
            }
            // Swift Testing exits with status 1 when a test failed, whatever its event stream says: a run that exits 1
            // must have a test that did not pass among those it ran. (A failure that belongs to no test of the run
            // does not count: the stream is the program's own writing, its exit status is not.)
            var failedNow: [String] = []
            for id in state.ended.keys where verdicts[id] == nil {
                let issues = state.issues[id] ?? []
                if issues.contains(where: \.isFailure) { failedNow.append(id) }
            }
            if options.confirmPasses, state.runEnded, result.termination == .exited(1), failedNow.isEmpty {
                state.note("the program exited with status 1 (a test failed) but every test of its event stream passed: failures were removed from it")
            }
            for line in state.evidence where !evidence.contains(line) { evidence.append(line) }
            for info in state.discovered where !discoveredIDs.contains(info.id) {
                discoveredIDs.insert(info.id)
                discovered.append(info)
            }
            var passedNow: [String] = []
            for (id, ended) in state.ended where verdicts[id] == nil {
                var decided = verdict(for: id, ended: ended, issues: state.issues[id] ?? [], state: state, options: options)
                if decided.status == .pass { passedNow.append(id) }
                // One forged line taints the whole stream it is in: no pass of that attempt is believed.
                if decided.status == .pass && !state.evidence.isEmpty {
                    decided.status = .error
                    decided.errorKind = .notRun
                    decided.message = "not counted: the events of this run are not those of a real run (see the evidence)"
                }
                verdicts[id] = decided
            }
            // Passes of a program that did not end as a real run does are not yet believed: they run again with
            // the tests still to decide, until a program that ends properly confirms them. Each such attempt
            // decides at least the test that stopped it, so this ends; a test left unconfirmed after as many
            // attempts as there are tests is not counted.
            var rerun = false
            // A run that exited 1 confirms none of its passes: which test failed is known only from its stream. They
            // run again without the tests that failed, until a program exits 0 having run them, which only Swift
            // Testing decides. Each such round decides at least one test that failed, so this ends.
            if options.confirmPasses, state.runEnded, result.termination == .exited(1), !failedNow.isEmpty, state.evidence.isEmpty {
                for id in passedNow where verdicts[id]?.status == .pass {
                    verdicts[id] = nil
                    rerun = true
                }
            }
            if options.confirmPasses, !(state.runEnded && Self.exited(result.termination)) {
                for id in passedNow where verdicts[id]?.status == .pass {
                    unconfirmedPasses[id, default: 0] += 1
                    if unconfirmedPasses[id]! <= discovered.count + 1 {
                        verdicts[id] = nil
                        rerun = true
                    } else {
                        verdicts[id]?.status = .error
                        verdicts[id]?.errorKind = .notRun
                        verdicts[id]?.message = "not counted: it passed only in test programs that crashed or were stopped before their run ended"
                    }
                }
            }
            // The program stopped right after a test's end, with nothing after it: that end may have been
            // written by the test's own code before it crashed or hung. The test runs once more; the same again
            // and it is not counted.
            if !state.runEnded, let last = state.lastTestEnd, verdicts[last]?.status == .pass {
                unconfirmed[last, default: 0] += 1
                if unconfirmed[last] == 1 {
                    verdicts[last] = nil
                    continue
                }
                verdicts[last]?.status = .error
                verdicts[last]?.errorKind = .crashed
                verdicts[last]?.message = "not counted: the test program stopped (\(describe(result.termination))) right after this test's end was written, twice; a real run always writes more before it stops. Look for code that crashes or never returns once the test's checks are done."
            }
            for (id, reason) in state.skipped where verdicts[id] == nil {
                verdicts[id] = TestVerdict(name: name(of: id, in: state), id: id, status: .error,
                                           message: "skipped: \(reason ?? "no reason given")", errorKind: .notRun)
            }
            if tail.problem != nil {
                undecided(.error, .notRun, "not run: \(tail.problem ?? "")")
                break
            }
            let stoppedBy = watchdog.stoppedBy
            if stoppedBy == .deadline {
                if let running = state.inFlight, verdicts[running] == nil {
                    verdicts[running] = interrupted(running, result: result, state: state, options: options)
                }
                undecided(.error, .timedOut, "timed out: the lesson's time cap was reached before this test ran")
                break
            }
            if state.runEnded && state.inFlight == nil && !rerun { break }

            guard let running = state.inFlight else {
                if stoppedBy == .startup && !state.anyStarted {
                    // The grader's own clock stopped a program that had not begun: a busy machine, or code that runs
                    // before the tests and never ends. The course's own program, started the same way, tells which.
                    startupTries += 1
                    if startupTries <= 2 { continue }
                    if machineCheck?() == true {
                        let why = "the test program did not start its first test within \(Int(startup)) s, three times, while the course's own test program starts here: look for code that runs before the tests (a global's or a static's initial value) and never ends"
                        undecided(.error, .timedOut, "timed out: \(why)")
                        if discovered.isEmpty { output += "\nkata: \(why)" }
                        break
                    }
                    gradingProblem = "the test program did not start its first test within \(Int(startup)) s, three times: the machine is too busy or the sandbox is slow to set up"
                    undecided(.error, .notRun, "not run: \(gradingProblem!)")
                    break
                }
                let why = describe(result.termination)
                // Stopped before its first test, by itself: a busy machine can do that once (a thread or a mapping
                // refused at start-up), so the program is tried three times. Without a machine check, the same stop every
                // time is the code's and different stops (or "text file busy") the machine's. With one, the machine is at
                // fault only when the course's own program fails to start too: what the program prints, or how
                // differently it stops each time, is the code's doing once its library is loaded.
                if !state.anyStarted && verdicts.isEmpty {
                    let notStarted = result.output.contains("Text file busy")
                    earlyStops.append(notStarted ? "the program could not be started (text file busy)" : why)
                    if earlyStops.count < 3 {
                        if notStarted { clock.sleep(seconds: 1) }
                        continue
                    }
                    // Only a fact of the grader's own makes it the machine's: the course's own program failing to start too.
                    if Set(earlyStops).count > 1 || notStarted, machineCheck?() != true {
                        gradingProblem = notStarted
                            ? "the test program could not be started, three times (text file busy: the file was still open for writing): the machine, not the code"
                            : "the test program stopped before its first test three times, each time differently (\(earlyStops.joined(separator: "; "))): the machine, not the code"
                        if machineCheck != nil { gradingProblem! += " (the course's own test program did not start either)" }
                        undecided(.error, .notRun, "not run: \(gradingProblem!)")
                        if discovered.isEmpty { output += "\nkata: \(gradingProblem!)" }
                        break
                    }
                }
                // Passes to confirm: the program runs again (each pass at most as many times as there are tests).
                if rerun { continue }
                // Stopped with no test under way, after earlier runs decided some: the stop may have come before the
                // start of the test that caused it reached the stream (a busy machine, a crash right at the start).
                // The tests left run again, up to three times in all, before they are called not run.
                if !state.anyStarted && !verdicts.isEmpty && laterStops < 2 {
                    laterStops += 1
                    continue
                }
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
            if stoppedBy == .testTimeout && options.retryTimeouts && timeouts[running, default: 0] == 0 {
                timeouts[running] = 1
                continue
            }
            verdicts[running] = interrupted(running, result: result, state: state, options: options)
            if discovered.allSatisfy({ verdicts[$0.id] != nil }) { break }
        }

        // Whatever the evidence names never stands as a pass.
        for (id, verdict) in verdicts where verdict.status == .pass && evidence.contains(where: { $0.contains(id) }) {
            verdicts[id]?.status = .error
            verdicts[id]?.errorKind = .notRun
            verdicts[id]?.message = "not counted: its events are not those of a real run (see the evidence)"
        }
        let ordered = discovered.sorted { ($0.file, $0.line, $0.name) < ($1.file, $1.line, $1.name) }
        return TestRun(tests: ordered.compactMap { verdicts[$0.id] }, output: output, evidence: evidence, gradingProblem: gradingProblem)
    }

    private func verdict(for id: String, ended: Double, issues: [TestIssue], state: RunState, options: TestRunOptions) -> TestVerdict {
        let started = state.startTimes[id] ?? ended
        let duration = Self.milliseconds(ended - started)
        let failures = issues.filter(\.isFailure)
        let info = state.info(id)
        guard let first = failures.first else {
            guard state.clean.contains(id) else {
                return TestVerdict(name: info?.name ?? id, id: id, status: .error,
                                   message: "not counted: its events are not those of a real run (see the evidence)",
                                   errorKind: .notRun, durationMs: duration)
            }
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
        verdict.passedCases = state.passedCases[id] ?? 0
        return verdict
    }

    private func interrupted(_ id: String, result: ProcessResult, state: RunState, options: TestRunOptions) -> TestVerdict {
        let info = state.info(id)
        let file = info.map { DiagnosticParser.relative($0.file, to: options.displayRoot) }
        var kind: ErrorKind
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
        let race = raceReport(result.output, options: options)
        let reasons = race ?? crashLines(result.output, options: options)
        if race != nil {
            kind = .crashed
            message = "a data race (found by ThreadSanitizer): two threads used the same memory at the same time, at least one of them writing, with nothing ordering them"
        }
        if !reasons.isEmpty { message += "\n" + reasons.joined(separator: "\n") }
        var verdict = TestVerdict(name: info?.name ?? id, id: id, status: .error, message: message,
                                  errorKind: kind, file: file, line: info?.line)
        verdict.passedCases = state.passedCases[id] ?? 0
        return verdict
    }

    /// A ThreadSanitizer report, as the places in the learner's files where the two racing accesses happened
    /// and what to do; nil when the output holds no such report.
    private func raceReport(_ output: String, options: TestRunOptions) -> [String]? {
        guard output.contains("WARNING: ThreadSanitizer:") else { return nil }
        let lines = output.split(separator: "\n").map(String.init)
        var places: [String] = []
        var access = ""
        var inAccess = false
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix(":") && (trimmed.contains("access") || trimmed.contains("Read of") || trimmed.contains("Write of")) {
                access = trimmed.lowercased().hasPrefix("previous") ? "and before it" : "here"
                inAccess = true
                continue
            }
            guard inAccess, trimmed.hasPrefix("#") else { if trimmed.isEmpty { inAccess = false }; continue }
            // `#1 $s... /course/Lessons/09-x/Sources/Container.swift:42:9 (libContainerLifetimes.so+0x...)`
            let parts = trimmed.split(separator: " ").map(String.init)
            guard let path = parts.first(where: { $0.hasPrefix("/") && $0.contains(".swift") }) else { continue }
            if let sources = options.moduleSources, !path.hasPrefix(sources + "/") { continue }
            let pieces = path.split(separator: ":")
            let file = DiagnosticParser.relative(String(pieces[0]), to: options.displayRoot)
            let place = pieces.count > 1 ? "\(file):\(pieces[1])" : file
            places.append("  \(access): \(place)")
            inAccess = false
            if places.count == 2 { break }
        }
        return places + [
            "Guard every read and write of that state with the same lock (lock()/unlock() or withLock, on every path: register as well as resolve, getters as well as setters), or keep the state in an actor.",
            "[zh-Hans] 数据竞争（由 ThreadSanitizer 发现）：两个线程同时使用同一块内存，至少一个在写，而且没有任何东西给它们排序。用同一把锁保护对这份状态的每一次读写（lock()/unlock() 或 withLock，每条路径都要：register 和 resolve，getter 和 setter），或者把状态放进 actor。",
        ]
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
        state.info(id)?.name ?? id
    }

    /// More tests than any lesson's test program holds (a parameterised test counts once): a stream naming more was written by other code.
    static let mostTestsInAProgram = 4096

    /// Ended by itself as Swift Testing ends a run: exit status 0 (every test passed) or 1 (a test failed); not by a
    /// signal, the grader's kill, or a status only other code chooses.
    static func exited(_ termination: Termination) -> Bool {
        termination == .exited(0) || termination == .exited(1)
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
    /// Whole milliseconds in `seconds`, whatever numbers an event stream holds: nothing for what is not a finite
    /// positive time, at most a thousand years. (The stream is written where the code under test can write: a
    /// conversion that can trap would let that code stop the grader.)
    public static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int(min(seconds * 1000, 3.2e13).rounded())
    }
}

/// What one run of the test program said, and what in it a real run never says.
private struct RunState {
    var discovered: [TestInfo] = []
    /// Where each discovered test is in `discovered`: a program may declare many thousands, and every lookup is by id.
    private(set) var discoveredIndex: [String: Int] = [:]
    var suites: Set<String> = []
    var startTimes: [String: Double] = [:]
    var ended: [String: Double] = [:]
    var issues: [String: [TestIssue]] = [:]
    var skipped: [String: String?] = [:]
    var runStarted = false
    var runEnded = false
    var inFlight: String?
    var anyStarted = false
    /// Tests whose start and end came in order, inside the run, in time.
    var clean: Set<String> = []
    var evidence: [String] = []
    /// Verdicts of earlier attempts: those tests are skipped, so they must not run again.
    let decided: [String: Status]
    private var lastTime = -Double.infinity

    init(decided: [String: Status]) {
        self.decided = decided
    }

    /// A test id as the stream gave it, quoted and bounded: the stream is the program's, so its words are shown as a
    /// quote in the evidence, never as the grader's own.
    static func quoted(_ id: String) -> String {
        let cut = String(String.UnicodeScalarView(id.unicodeScalars.prefix(120)))
        let text = Shown.escaped(cut.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))
        return "\"" + text + (id.unicodeScalars.count > 120 ? "…" : "") + "\""
    }

    mutating func note(_ line: String) {
        if !evidence.contains(line), evidence.count < 50 { evidence.append(line) }
    }

    private func known(_ id: String) -> Bool { discoveredIndex[id] != nil }

    func info(_ id: String) -> TestInfo? { discoveredIndex[id].map { discovered[$0] } }

    private mutating func checkTime(_ time: Double, _ what: String) -> Bool {
        guard time.isFinite else {
            note("an instant no clock gives at \(what)")
            return false
        }
        guard time >= lastTime else {
            note("time went backwards at \(what)")
            return false
        }
        lastTime = time
        return true
    }

    mutating func apply(_ event: TestEvent) {
        lastTestEnd = nil
        switch event {
        case .discovered(let info):
            if runStarted { note("a test record for \(info.id) after the run started") }
            if known(info.id) { note("the test \(info.id) is declared twice") } else { discoveredIndex[info.id] = discovered.count; discovered.append(info) }
        case .suite(let id):
            suites.insert(id)
        case .runStarted:
            if runStarted { note("the run started twice") }
            runStarted = true
        case .started(let id, let time):
            let inOrder = checkTime(time, "the start of \(id)")
            if suites.contains(id) {
                if openSuites.contains(id) { note("the suite \(Self.quoted(id)) started twice") }
                openSuites.insert(id)
                return
            }
            guard known(id) else { note("a start of \(Self.quoted(id)), a test the program never declared"); return }
            anyStarted = true
            var fine = inOrder
            if !runStarted { note("\(id) started before the run started"); fine = false }
            if runEnded { note("\(id) started after the run ended"); fine = false }
            if let before = decided[id] {
                note("\(id) ran again after an earlier attempt decided it (\(before.rawValue)), though it was skipped: the outcome changed after a retry"); fine = false
            }
            if startTimes[id] != nil { note("\(id) started twice"); fine = false }
            if let other = inFlight, other != id { note("\(id) started while \(other) was still running"); fine = false; clean.remove(other) }
            startTimes[id] = time
            if fine { pendingClean.insert(id) }
            inFlight = id
        case .issue(let id, let issue):
            issues[id, default: []].append(issue)
            if issue.isFailure, openCase[id] != nil { openCase[id] = true }
        case .caseStarted(let id):
            openCase[id] = false
        case .caseEnded(let id):
            if openCase.removeValue(forKey: id) == false { passedCases[id, default: 0] += 1 }
        case .ended(let id, let time):
            let inOrder = checkTime(time, "the end of \(id)")
            if suites.contains(id) {
                if openSuites.remove(id) == nil { note("the suite \(Self.quoted(id)) ended without a start") }
                if let other = inFlight { note("the suite \(Self.quoted(id)) ended while \(other) was running") }
                return
            }
            guard known(id) else { note("an end of \(Self.quoted(id)), a test the program never declared"); return }
            var fine = inOrder && pendingClean.contains(id)
            if ended[id] != nil { note("\(id) ended twice"); fine = false; clean.remove(id) }
            if let start = startTimes[id] {
                if !(time >= start) { note("\(id) ended \(TestRunner.milliseconds(start - time)) ms before it started (a negative duration, or no time at all)"); fine = false }
            } else {
                note("\(id) ended without a start"); fine = false
            }
            if let other = inFlight, other != id { note("\(id) ended while \(other) was running"); fine = false }
            if runEnded { note("\(id) ended after the run ended"); fine = false }
            if ended[id] == nil { ended[id] = time }
            lastTestEnd = id
            if fine { clean.insert(id) }
            pendingClean.remove(id)
            if inFlight == id { inFlight = nil }
        case .skipped(let id, let reason):
            if known(id) { skipped[id] = reason }
        case .runEnded:
            if runEnded { note("the run ended twice") }
            if let other = inFlight { note("the run ended while \(other) was running") }
            if let open = openSuites.sorted().first { note("the run ended while the suite \(open) was still open") }
            runEnded = true
        }
    }

    /// The case of each test now running, and whether a failure was recorded in it.
    private var openCase: [String: Bool] = [:]
    /// How many cases of each test ended with no failure recorded in them.
    private(set) var passedCases: [String: Int] = [:]
    private var pendingClean: Set<String> = []
    private var openSuites: Set<String> = []
    /// The test whose end is the last event so far: a real run always writes more after a test's end
    /// (the next start, its suite's end, the run's end) before it stops.
    private(set) var lastTestEnd: String?
}

/// Decides, while tests run, that the program must stop: a test ran past its limit (counted
/// from when its start was seen, whatever it writes meanwhile), the program never got to its
/// first test, or the hard deadline passed.
private final class Watchdog: @unchecked Sendable {
    enum Stop { case testTimeout, startup, deadline, stream }
    private let tail: EventStreamTail
    private let clock: any Clock
    private let limit: Double
    private let startup: Double
    private let deadline: Date?
    private let lock = NSLock()
    private let launched: Date
    private var seenEvents = -1
    private var running: String?
    private var runningSince: Date
    private var started = false
    private var stop: Stop?
    /// When each test was first seen starting in this run: a start written again (by the test's own code, to
    /// win time) does not restart its clock.
    private var firstStarts: [String: Date] = [:]
    private var firstTestStart: Date?
    private var declared = 0

    init(tail: EventStreamTail, clock: any Clock, limit: Double, startup: Double, deadline: Date?) {
        self.tail = tail
        self.clock = clock
        self.limit = limit
        self.startup = startup
        self.deadline = deadline
        self.launched = clock.now()
        self.runningSince = launched
    }

    var stoppedBy: Stop? { lock.withLock { stop } }

    func check() -> String? {
        let events = tail.poll()
        let problem = tail.problem
        return lock.withLock {
            let now = clock.now()
            if let problem {
                stop = .stream
                return problem
            }
            if let deadline, now >= deadline {
                stop = .deadline
                return "the lesson's time cap was reached"
            }
            if events.count != seenEvents {
                seenEvents = events.count
                // The test running now: the last function test started and not ended (suites end last).
                var current: String?
                var functions: Set<String> = []
                for event in events {
                    switch event {
                    case .discovered(let info): functions.insert(info.id)
                    case .started(let id, _) where functions.contains(id): current = id
                    case .ended(let id, _) where id == current: current = nil
                    default: break
                    }
                }
                if current != nil { started = true }
                declared = functions.count
                if current != running {
                    running = current
                    if let current {
                        if firstStarts[current] == nil { firstStarts[current] = now }
                        if firstTestStart == nil { firstTestStart = now }
                        runningSince = firstStarts[current] ?? now
                    } else {
                        runningSince = now
                    }
                }
            }
            // However the stream tells it, the tests of one run take at most the limit each (and one more between
            // them): starts written again for other tests cannot keep a program running past that.
            if let firstTestStart, now.timeIntervalSince(firstTestStart) > limit * Double(max(1, declared) + 1) {
                stop = .testTimeout
                return "still running after \(Self.seconds(limit * Double(max(1, declared) + 1))) s, the time of all its tests together"
            }
            if running != nil {
                if now.timeIntervalSince(runningSince) > limit {
                    stop = .testTimeout
                    return "still running after \(Self.seconds(limit)) s"
                }
                return nil
            }
            if !started {
                if now.timeIntervalSince(launched) > startup {
                    stop = .startup
                    return "the test program did not start its first test within \(Self.seconds(startup)) s"
                }
                return nil
            }
            // Between tests, or after the last: counted from the last test's end, whatever is written since.
            if now.timeIntervalSince(runningSince) > limit {
                stop = .testTimeout
                return "still running after \(Self.seconds(limit)) s"
            }
            return nil
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", value)
    }
}

import Foundation

/// A lesson that asks for the student's own tests (`learner_tests`) gets one more entry, "your tests": the student's
/// tests must compile, pass on the student's own code, and fail on each small mistake put into the real
/// implementation (the mutants and stand-ins `kata check` asks about). Its points are shared out like a test's;
/// the score is the share of mistakes caught, and nothing while the tests do not compile or fail on the student's code.
///
/// The student's tests are code under test like any other: vetted on the compiler's reading (they may use only the
/// lesson's module, the standard library and Swift Testing: a test that could read files, the command line or its own
/// program could tell a mistake from the real thing by where it runs, not by what the code does), built fenced, and
/// run in the sandbox one variant after another from one folder, so that no variant differs from another but by its
/// code.
extension Grader {
    /// The entry's function name, the key of `test_points` in lesson.json.
    static let learnerTestsFunction = "your tests"

    struct LearnerTestsGrade {
        var entry: GradedTest
        /// Mistakes caught over mistakes asked (0 when the tests do not stand on the student's own code).
        var share: Double
    }

    func gradeLearnerTests(_ lesson: Lesson, intake: LessonIntake, folder: String, studentDeadline: Date?,
                           credit: @escaping @Sendable (Double) -> Void, clean: (String) -> String) -> LearnerTestsGrade? {
        guard let spec = lesson.metadata.learnerTests else { return nil }
        func entry(_ status: Status, _ message: String, share: Double = 0, errorKind: String? = nil) -> LearnerTestsGrade {
            LearnerTestsGrade(entry: GradedTest(name: Self.learnerTestsFunction, function: Self.learnerTestsFunction, lesson: lesson.id,
                                                status: status, errorKind: errorKind, message: Self.trim(message, to: 2000), output: "",
                                                score: 0, maxScore: 0, durationMs: 0, hidden: false, kind: "learner-tests"),
                              share: share)
        }
        let shownFolder = "\(lesson.id)/\(spec.folder)"
        guard !intake.learnerTests.isEmpty, let testsFolder = intake.learnerTestsFolder else {
            return entry(.fail, "no test of the student's own: the lesson asks for them in \(shownFolder)/", errorKind: "missing")
        }
        if let studentDeadline, clock.now() >= studentDeadline {
            return entry(.error, "timed out: the student's time budget (\(Int(caps.perStudent)) s, compiles included) ran out before the student's tests were judged", errorKind: "timed out")
        }
        if vets, let programReading {
            let lessonFolder = (intake.sourceFolder as NSString).deletingLastPathComponent
            guard let program = programReading.program(lesson, lessonFolder, intake.files + intake.learnerTests, deadline: studentDeadline) else {
                return entry(.error, "rejected: the compiler's reading of the student's tests with their module could not be made, or is larger than 8 MB, so they could not be vetted (do they compile?)", errorKind: "rejected")
            }
            let shown = Set(intake.learnerTests.map { DiagnosticParser.relative($0, to: lessonFolder) })
            let findings = ProgramVetter(module: lesson.module, imports: LearnerTestsJudge.allowedImports(lesson.module).sorted()).vet(program).filter { shown.contains($0.file) }
            if let first = findings.first {
                return entry(.error, "rejected: the student's tests may use only the lesson's module, the standard library and Swift Testing, so that they judge what the code does (\(clean(first.file)):\(first.line): \(first.rule): \(clean(first.message)))", errorKind: "rejected")
            }
            // A test that reads what an object is made of (`Mirror`: its stored properties; `type(of:)`: its type) tells a
            // mistake from the real code by its shape, not by what it does: such a suite "catches" every mistake that
            // changes the shape and states no promise.
            let reads = program.nodes.values.flatMap(\.dynamicTypeReads).filter { $0.reflects && shown.contains($0.file) }
                .sorted { ($0.file, $0.line) < ($1.file, $1.line) }
            if let first = reads.first {
                return entry(.error, "rejected: the student's tests read what an object is made of (\(clean(first.file)):\(first.line): `Mirror` or `type(of:)`): a test judges what the code does, through its calls and answers, never its stored properties or its type", errorKind: "rejected")
            }
        }

        // The student's tests get the lesson's cap, like the lesson's own tests, within what is left of the student's budget.
        let lessonDeadline = clock.now().addingTimeInterval(caps.perLesson)
        let deadline = studentDeadline.map { min($0, lessonDeadline) } ?? lessonDeadline
        let buildFolder = "\(folder)/\(lesson.id)-learner"
        try? fileSystem.createDirectory("\(buildFolder)/tmp")
        let variantSources = "\(LearnerTestsJudge.variantFolder(buildFolder))/src"
        var builder = studentBuilder(displayRoot: "\(folder)/src", home: buildFolder, compileTimeout: caps.compile, deadline: deadline)
        builder.pathRoots.append(variantSources)
        var environment = environment(home: "\(buildFolder)/run")
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment[SwiftcLessonBuilder.sealVariable] = "1"
        let testEnvironment = environment
        let runner = TestRunner(processRunner: processRunner, fileSystem: fileSystem, clock: clock)
        var judge = LearnerTestsJudge(spec: spec, builder: builder, testRunner: runner, fileSystem: fileSystem,
                                      environment: testEnvironment, perTestTimeout: limits.perTestTimeout)
        judge.variantsInOneFolder = true
        judge.confirmsRuns = true
        let (sandbox, phases, fileSystem, clock, limits, toolchain) = (self.sandbox, self.phases, self.fileSystem, self.clock, self.limits, self.toolchain)
        let module = lesson.module
        let waitedInAll = WaitedSeconds()
        // The student's tests are the student's code: a program of theirs that stops before its first test, however
        // differently each time, is the machine's fault only when the course's own program does not start either.
        let machineCheck = self.machineCheck(lesson, folder: buildFolder)
        judge.runProgram = { executable, build, timeout, extra in
            // Its output reaches the student: it takes its turn with the visible programs.
            phases.run(hidden: false, clock: clock) { waited in
                credit(waited)
                waitedInAll.add(waited)
                let work = "\(buildFolder)/run"
                try? fileSystem.remove(work)
                try? fileSystem.createDirectory("\(work)/tmp")
                var options = TestRunOptions(perTestTimeout: timeout, outputLimit: limits.outputBytes, environment: testEnvironment.merging(extra) { _, new in new },
                                             workDirectory: work, displayRoot: variantSources, module: module, moduleSources: variantSources)
                options.deadline = deadline.addingTimeInterval(waited)
                let launcher = sandbox.launcher(SandboxView(readOnly: [build] + Sandbox.runtimeLibraries(of: toolchain) + zoneFile,
                                                            writableFiles: ["\(work)/events.jsonl"],
                                                            moved: [build: "/kata/build", work: "/kata/run"]))
                return runner.run(executable: executable, options: options, launcher: launcher, machineCheck: machineCheck).tests
            }
        }
        let moduleFiles = intake.files.map { path in
            LearnerTestsJudge.ModuleFile(name: DiagnosticParser.relative(path, to: intake.sourceFolder), path: path)
        }
        let verdicts = judge.verdicts(lesson: lesson, module: moduleFiles, testsFolder: testsFolder, buildFolder: buildFolder, judgesMutants: true)
        // Judged within the student's budget or not at all: runs the budget cut short answer nothing either way.
        if clock.now() >= deadline.addingTimeInterval(waitedInAll.total) {
            let which = deadline == lessonDeadline ? "the lesson's cap (\(Int(caps.perLesson)) s)" : "the student's time budget (\(Int(caps.perStudent)) s, compiles included)"
            return entry(.error, "timed out: \(which) ran out while the student's tests were judged", errorKind: "timed out")
        }
        // The student's own tests are the verdicts the judge names "your test: ...", whatever their ids say: an id is
        // the student's to choose (a test `spoof1.yourTestsCatchEveryMutant()` is no mistake caught). The mistakes
        // are the judge's own verdicts.
        let isStudentTest = { (verdict: TestVerdict) in verdict.name.hasPrefix("your test: ") }
        let own = verdicts.filter { isStudentTest($0) || !$0.id.contains(".\(LearnerTestsSpec.mutantVerdict)()") }
        let mistakes = verdicts.filter { !isStudentTest($0) && $0.id.contains(".\(LearnerTestsSpec.mutantVerdict)()") }
        if let stop = own.first(where: { $0.status != .pass }) {
            let what = stop.name.hasPrefix("your test: ") ? "\(stop.name) fails on the student's own code: " : ""
            let kind = stop.status != .error ? nil : (stop.errorKind.map(\.rawValue) ?? "does not compile")
            return entry(.fail, what + clean(Self.english(stop.message)), errorKind: kind)
        }
        guard !mistakes.isEmpty else { return entry(.pass, "", share: 1) }
        if let waiting = mistakes.first(where: { $0.errorKind == .notRun }) {
            return entry(.fail, clean(Self.english(waiting.message)))
        }
        let missed = mistakes.filter { $0.status != .pass }
        let share = Double(mistakes.count - missed.count) / Double(mistakes.count)
        let message = "caught \(mistakes.count - missed.count) of \(mistakes.count) mistakes put into \(spec.implementation)"
            + (missed.first.map { "; missed, for one: " + clean(Self.english($0.message)) } ?? "")
        return entry(missed.isEmpty ? .pass : .fail, message, share: share)
    }

    /// A verdict's English part (the judge writes both languages, the Chinese after ` [zh-Hans] `).
    static func english(_ message: String) -> String {
        message.components(separatedBy: " [zh-Hans] ").first ?? message
    }
}

/// Seconds the student's test programs waited for their turn (`ProgramPhases`): not the student's time.
private final class WaitedSeconds: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds = 0.0
    func add(_ more: Double) { lock.withLock { seconds += more } }
    var total: Double { lock.withLock { seconds } }
}

import Foundation
import Testing
@testable import KataCore

/// Builds each variant as its build folder says: the folders named in `testsFail` compile,
/// but the tests do not compile against them; every other one is a test program, at `<folder>/MTests`.
final class StepBuilder: LessonBuilding, @unchecked Sendable {
    let testsFail: Set<String>
    init(testsFail: Set<String>) { self.testsFail = testsFail }
    private let lock = NSLock()
    private var inputs: [BuildInput] = []
    var built: [BuildInput] { lock.withLock { inputs } }

    func build(_ input: BuildInput) -> BuildOutcome {
        lock.withLock { inputs.append(input) }
        let name = (input.buildDirectory as NSString).lastPathComponent
        if testsFail.contains(name) {
            return .testsFailed([Diagnostic(file: "Tests/Lessons/01-car/CarTests.swift", line: 4, column: 15, severity: "error",
                                            message: "incorrect argument label in call (have 'engine:', expected 'motor:')")], output: "")
        }
        return .ready(executable: "\(input.buildDirectory)/MTests", rebuiltModule: true, rebuiltTests: true)
    }
}

@Suite("kata verify: the refactoring steps")
struct StepVerificationTests {
    /// A lesson with two tests and the steps `folders` (the last is "Sources"); a step's
    /// test program passes `a()` only, the solution's passes both.
    func verifier(steps folders: [String], testsFail: Set<String>) -> (CourseVerifier, Lesson) {
        let metadata = LessonMetadata(module: "M", title: LocalizedText(english: "Car", chinese: "赛车"),
                                      summary: LocalizedText(english: "Car", chinese: "赛车"), hints: [], points: 10)
        let lesson = Lesson(id: "01-car", number: 1, slug: "car", metadata: metadata, root: "/course")
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("\(lesson.tests)/CarTests.swift", "import Testing\n")
        let entries = folders.map { folder in
            fileSystem.add("\(lesson.solutionFolder)/\(folder)/Car.swift", "final class Car {}\n")
            return #"{"folder": "\#(folder)", "title": {"en": "T", "zh-Hans": "标题"}, "explanation": {"en": "E", "zh-Hans": "解释"}}"#
        }
        fileSystem.add(RefactoringSteps.path(of: lesson), #"{"format_version": 1, "steps": [\#(entries.joined(separator: ", "))]}"#)
        let runner = ScriptedProcessRunner { request in
            let path = request.arguments[request.arguments.firstIndex(of: "--event-stream-output-path")! + 1]
            let solution = request.executable.contains("/solution/")
            let lines = [Events.test("a", line: 3), Events.test("b", line: 9), Events.event("runStarted"),
                         Events.event("testStarted", "a"), Events.event("testEnded", "a"),
                         Events.event("testStarted", "b")]
                + (solution ? [] : [Events.event("issueRecorded", "b", issue: "Expectation failed")])
                + [Events.event("testEnded", "b"), Events.event("runEnded")]
            fileSystem.add(path, lines.map { $0 + "\n" }.joined())
            return ProcessResult(termination: .exited(solution ? 0 : 1), output: "")
        }
        var checker = LessonChecker(builder: StepBuilder(testsFail: testsFail),
                                    testRunner: TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()),
                                    fileSystem: fileSystem, clock: FixedClock(), buildRoot: "/course/.kata/build", environment: [:])
        checker.checksRules = false
        return (CourseVerifier(checker: checker, fileSystem: fileSystem), lesson)
    }

    /// The starter as lesson starters are: it compiles, the tests do not compile against it.
    let starter = CheckReport(lesson: "01-car", status: .error, stage: .tests,
                              diagnostics: [Diagnostic(file: "Tests/Lessons/01-car/CarTests.swift", line: 4, column: 15, severity: "error", message: "extra argument 'engine' in call")])

    @Test("a step whose tests do not compile is a problem that names the step, the compiler's first error and the fix")
    func stepWhoseTestsDoNotCompile() {
        let (verifier, lesson) = verifier(steps: ["Steps/1-add-the-parameter", "Steps/2-rename", "Sources"], testsFail: ["refactor-2-2-rename"])
        let result = verifier.verifySteps(lesson, starter: starter)
        #expect(result.facts == ["steps: starter tests do not compile yet → 1 1/2 → 2 tests do not compile → 3 2/2"])
        #expect(result.problems.count == 1, "\(result.problems)")
        let problem = result.problems.first ?? ""
        #expect(problem.hasPrefix("step 2 (Steps/2-rename) compiles, but the lesson's tests do not compile against it"), "\(problem)")
        #expect(problem.contains("Tests/Lessons/01-car/CarTests.swift:4: incorrect argument label in call (have 'engine:', expected 'motor:')"), "\(problem)")
        #expect(problem.contains("keep the old one beside it as a forwarding shim"), "\(problem)")
        #expect(!problem.contains("fewer than"), "a step whose tests do not compile is reported once, not also as a bar that went down")
    }

    @Test("the starter may leave the tests uncompilable; steps that compile with them and climb are no problem")
    func greenSteps() {
        let (verifier, lesson) = verifier(steps: ["Steps/1-add-the-parameter", "Sources"], testsFail: [])
        let result = verifier.verifySteps(lesson, starter: starter)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.facts == ["steps: starter tests do not compile yet → 1 1/2 → 2 2/2"])
    }

    @Test("the first step is held to it too: only the starter is exempt")
    func firstStep() {
        let (verifier, lesson) = verifier(steps: ["Steps/1-add-the-parameter", "Sources"], testsFail: ["refactor-1-1-add-the-parameter"])
        let problems = verifier.verifySteps(lesson, starter: starter).problems
        #expect(problems.count == 1 && problems.first?.hasPrefix("step 1 (Steps/1-add-the-parameter) compiles, but the lesson's tests do not compile against it") == true, "\(problems)")
    }
}

@Suite("kata verify: wrong solutions")
struct WrongSolutionVerificationTests {
    @Test("a wrong solution runs only the tests its wrong.json names, and none when a rule catches it; still rejected by them")
    func runsWhatCatchesIt() {
        let metadata = LessonMetadata(module: "M", title: LocalizedText(english: "Car", chinese: "赛车"),
                                      summary: LocalizedText(english: "Car", chinese: "赛车"), hints: [], points: 10)
        let lesson = Lesson(id: "01-car", number: 1, slug: "car", metadata: metadata, root: "/course")
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("\(lesson.tests)/CarTests.swift", "import Testing\n")
        fileSystem.add("\(lesson.solutionSources)/Car.swift", "final class Car {}\n")
        fileSystem.add("\(lesson.wrongSolutions)/stalls/Car.swift", "final class Car { let stalls = true }\n")
        fileSystem.add("\(lesson.wrongSolutions)/stalls/wrong.json", #"{"caught_by": ["test:b"]}"#)
        let runner = ScriptedProcessRunner { request in
            let path = request.arguments[request.arguments.firstIndex(of: "--event-stream-output-path")! + 1]
            let filters = request.arguments.indices.filter { request.arguments[$0] == "--filter" }.map { request.arguments[$0 + 1] }
            let solution = request.executable.contains("/solution/")
            var lines = [Events.test("a", line: 3), Events.test("b", line: 9), Events.event("runStarted")]
            if filters.isEmpty || filters.contains(where: { $0.contains("]a") }) { lines += [Events.event("testStarted", "a"), Events.event("testEnded", "a")] }
            if filters.isEmpty || filters.contains(where: { $0.contains("]b") }) {
                lines += [Events.event("testStarted", "b")] + (solution ? [] : [Events.event("issueRecorded", "b", issue: "Expectation failed")]) + [Events.event("testEnded", "b")]
            }
            fileSystem.add(path, (lines + [Events.event("runEnded")]).map { $0 + "\n" }.joined())
            return ProcessResult(termination: .exited(solution ? 0 : 1), output: "")
        }
        var checker = LessonChecker(builder: StepBuilder(testsFail: []),
                                    testRunner: TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()),
                                    fileSystem: fileSystem, clock: FixedClock(), buildRoot: "/course/.kata/build", environment: [:])
        checker.checksRules = false
        let result = CourseVerifier(checker: checker, fileSystem: fileSystem).verify(lesson)
        let wrongRun = runner.requests.first { $0.executable.contains("/wrong-stalls/") || $0.executable.contains("stalls") }
        #expect(wrongRun.map { $0.arguments.contains("--filter") && $0.arguments.contains("[./]b\\(") } == true, "\(runner.requests.map(\.executable))")
        #expect(result.facts.contains { $0.hasPrefix("wrong/stalls: rejected (0/1 tests pass") }, "\(result.facts) \(result.problems)")
        #expect(!result.problems.contains { $0.contains("stalls") }, "\(result.problems)")
    }

    @Test("in a lesson that judges learner-written tests, a wrong solution runs only what its wrong.json names: the lesson's tests alone, the learner's tests once, or them and the mutants")
    func learnerTestsNarrowedByCatchers() {
        var metadata = LessonMetadata(module: "M", title: LocalizedText(english: "Car", chinese: "赛车"),
                                      summary: LocalizedText(english: "Car", chinese: "赛车"), hints: [], points: 10)
        metadata.learnerTests = LearnerTestsSpec(implementation: "Store.swift")
        let lesson = Lesson(id: "01-car", number: 1, slug: "car", metadata: metadata, root: "/course")
        let checker = LessonChecker(builder: StepBuilder(testsFail: []),
                                    testRunner: TestRunner(processRunner: ScriptedProcessRunner { _ in ProcessResult(termination: .exited(0), output: "") },
                                                           fileSystem: InMemoryFileSystem(), clock: FixedClock()),
                                    fileSystem: InMemoryFileSystem(), clock: FixedClock(), buildRoot: "/course/.kata/build", environment: [:])
        let lessonTests: Set<String> = ["fakeRefusesADuplicate", "timerTellsBests"]
        func narrowed(_ catchers: [String]) -> LessonChecker {
            CourseVerifier.narrowed(checker, lesson: lesson, catchers: catchers, lessonTests: lessonTests)
        }
        let rules = narrowed(["rule:no-static-state"])
        #expect(!rules.buildsTests)
        let lessons = narrowed(["test:fakeRefusesADuplicate", "test:timerTellsBests"])
        #expect(lessons.buildsTests && !lessons.runsLearnerTests)
        #expect(lessons.testFilters == ["[./]fakeRefusesADuplicate\\(", "[./]timerTellsBests\\("])
        let own = narrowed(["test:bestBreaksATieByTheEarlierLap"])
        #expect(own.buildsTests && own.runsLearnerTests && !own.judgesLearnerMutants && own.testFilters.isEmpty)
        for verdict in ["yourTestsRun", "yourTestsCatchEveryMutant", "yourTestsCompile"] {
            let all = narrowed(["test:fakeRefusesADuplicate", "test:\(verdict)"])
            #expect(all.buildsTests && all.runsLearnerTests && all.judgesLearnerMutants && all.testFilters.isEmpty, "\(verdict)")
        }
        // A lesson without learner-written tests: the named tests run, and there are no learner tests to leave out.
        var plain = lesson
        plain.metadata.learnerTests = nil
        let filtered = CourseVerifier.narrowed(checker, lesson: plain, catchers: ["test:startsTheInjectedEngine"], lessonTests: [])
        #expect(filtered.buildsTests && filtered.testFilters == ["[./]startsTheInjectedEngine\\("])
    }

    @Test("a wrong solution only rules catch is built without its tests, runs none, and is a problem when it breaks no rule")
    func ruleCaughtBuildsTheModuleAlone() {
        let metadata = LessonMetadata(module: "M", title: LocalizedText(english: "Car", chinese: "赛车"),
                                      summary: LocalizedText(english: "Car", chinese: "赛车"), hints: [], points: 10)
        let lesson = Lesson(id: "01-car", number: 1, slug: "car", metadata: metadata, root: "/course")
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("\(lesson.tests)/CarTests.swift", "import Testing\n")
        fileSystem.add("\(lesson.solutionSources)/Car.swift", "final class Car {}\n")
        fileSystem.add("\(lesson.wrongSolutions)/global/Car.swift", "var shared = Car()\nfinal class Car {}\n")
        fileSystem.add("\(lesson.wrongSolutions)/global/wrong.json", #"{"caught_by": ["rule:no-global"]}"#)
        let runner = ScriptedProcessRunner { request in
            let path = request.arguments[request.arguments.firstIndex(of: "--event-stream-output-path")! + 1]
            let lines = [Events.test("a", line: 3), Events.event("runStarted"), Events.event("testStarted", "a"), Events.event("testEnded", "a"), Events.event("runEnded")]
            fileSystem.add(path, lines.map { $0 + "\n" }.joined())
            return ProcessResult(termination: .exited(0), output: "")
        }
        let builder = StepBuilder(testsFail: [])
        var checker = LessonChecker(builder: builder,
                                    testRunner: TestRunner(processRunner: runner, fileSystem: fileSystem, clock: FixedClock()),
                                    fileSystem: fileSystem, clock: FixedClock(), buildRoot: "/course/.kata/build", environment: [:])
        // No rule is checked here, so the wrong solution breaks none: the verifier must say so.
        checker.checksRules = false
        let result = CourseVerifier(checker: checker, fileSystem: fileSystem).verify(lesson)
        let wrongBuilds = builder.built.filter { $0.buildDirectory.hasSuffix("/wrong-global") }
        #expect(wrongBuilds.count == 1 && wrongBuilds.allSatisfy(\.moduleOnly), "\(builder.built.map { ($0.buildDirectory, $0.moduleOnly) })")
        #expect(builder.built.filter { !$0.buildDirectory.hasSuffix("/wrong-global") }.allSatisfy { !$0.moduleOnly })
        #expect(!runner.requests.contains { $0.executable.contains("wrong-global") }, "no test program runs for it")
        #expect(result.problems.contains { $0.hasPrefix("the wrong solution \"global\" compiles (only rules are named in its wrong.json) and breaks no rule") }, "\(result.problems)")
    }
}

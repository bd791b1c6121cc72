import Foundation

/// Which code of a lesson to check against its tests.
public enum LessonVariant: Sendable, Equatable, Hashable {
    /// The learner's code in `Lessons/NN-slug/Sources`.
    case learner
    /// The reference solution in `Solutions/NN-slug/Sources`.
    case solution
    /// A plausible wrong solution in `Solutions/NN-slug/Wrong/NAME`.
    case wrong(String)
    /// Any other folder holding the module's sources (a submission, a refactoring step).
    case custom(name: String, sources: String)

    public func sources(of lesson: Lesson) -> String {
        switch self {
        case .learner: return lesson.sources
        case .solution: return lesson.solutionSources
        case .wrong(let name): return "\(lesson.wrongSolutions)/\(name)"
        case .custom(_, let sources): return sources
        }
    }

    /// The folder of the learner-written tests that go with this variant's code (`learner_tests`), when the lesson
    /// has them and the folder exists: next to `Sources/` for the learner and the solution; a wrong solution's own
    /// `Wrong/NAME/LearnerTests/` or else the solution's; inside any other folder (a step, a submission).
    public func learnerTests(of lesson: Lesson, fileSystem: any FileSystem) -> String? {
        guard let name = lesson.metadata.learnerTests?.folder else { return nil }
        let candidates: [String]
        switch self {
        case .learner: candidates = ["\(lesson.folder)/\(name)"]
        case .solution: candidates = ["\(lesson.solutionFolder)/\(name)"]
        case .wrong(let wrong): candidates = ["\(lesson.wrongSolutions)/\(wrong)/\(name)", "\(lesson.solutionFolder)/\(name)"]
        case .custom(_, let sources): candidates = ["\(sources)/\(name)"]
        }
        return candidates.first { fileSystem.isDirectory($0) }
    }

    /// The build folder's name: one folder per variant, so switching is free.
    public var buildName: String {
        switch self {
        case .learner: return "learner"
        case .solution: return "solution"
        case .wrong(let name): return "wrong-\(name)"
        case .custom(let name, _): return name
        }
    }
}

/// Builds a lesson variant and runs its tests: the heart of `kata check`.
///
///     let report = checker.check(lesson)            // the learner's code
///     let reference = checker.check(lesson, variant: .solution)
public struct LessonChecker: Sendable {
    public var builder: any LessonBuilding
    public let testRunner: TestRunner
    public let fileSystem: any FileSystem
    public let clock: any Clock
    /// Where build folders live: `.kata/build` in a course.
    public let buildRoot: String
    public let environment: [String: String]
    public var perTestTimeout: Double
    /// Put in front of the test program (a sandbox and limits, for untrusted code).
    public var launcher: [String] = []
    /// Checks the lesson's rules on the code (off only to measure what they cost).
    public var checksRules = true
    /// The whole numbers a lesson states (its texts and its pristine starter), for `no-unstated-numbers`; nil skips
    /// that rule.
    public var statedNumbers: (@Sendable (Lesson) -> Set<Int>)?
    /// The files the lesson gives as they are ("You do not change this file"), as the starter handed them out (name
    /// under `Sources/` → text); nil: no pristine starter is known. The learner's copies must read as these do.
    public var givenFiles: (@Sendable (Lesson) -> [String: String])?
    /// Reads the compiled program for the rules (`MeaningJudge`); nil: the token reader alone.
    public var programReader: ProgramReader?
    /// Builds with the lesson's `sanitizers` (off only to measure what they cost).
    public var sanitizes = true
    /// Runs the learner-written tests of a lesson that has `learner_tests` (see `LearnerTestsJudge`).
    public var runsLearnerTests = true
    /// Only the tests whose id matches one of these run (Swift Testing's `--filter`); empty: every test. `kata verify`
    /// runs a wrong solution against the tests its `wrong.json` names, not the whole suite.
    public var testFilters: [String] = []
    /// Builds and runs the tests; off, only the module is built (it compiles, and the compiler's reading judges the
    /// rules), and the report holds no test. `kata verify` checks a wrong solution that only rules catch this way.
    public var buildsTests = true
    /// Runs them against the mutants of the real implementation too (`kata verify --mutants` leaves it off: its
    /// mutants are of the rest of the module, and the real implementation is a file the learner keeps as given).
    public var judgesLearnerMutants = true

    public init(
        builder: any LessonBuilding,
        testRunner: TestRunner,
        fileSystem: any FileSystem,
        clock: any Clock,
        buildRoot: String,
        environment: [String: String],
        perTestTimeout: Double = 10
    ) {
        self.builder = builder
        self.testRunner = testRunner
        self.fileSystem = fileSystem
        self.clock = clock
        self.buildRoot = buildRoot
        self.environment = environment
        self.perTestTimeout = perTestTimeout
    }

    public func check(_ lesson: Lesson, variant: LessonVariant = .learner, testFiles: [String]? = nil) -> CheckReport {
        let started = clock.now()
        func elapsed() -> Int { Int((clock.now().timeIntervalSince(started) * 1000).rounded()) }
        func failure(_ stage: CheckStage, _ message: String) -> CheckReport {
            CheckReport(lesson: lesson.id, status: .error, stage: stage,
                        diagnostics: [Diagnostic(file: "", line: 0, column: 0, severity: "error", message: message)],
                        durationMs: elapsed())
        }

        let sourceFolder = variant.sources(of: lesson)
        let shownFolder = DiagnosticParser.relative(sourceFolder, to: lesson.root)
        // The learner's own tests may live inside a folder of sources (a wrong solution's, a step's): they are no part of the module.
        let testsInside = lesson.metadata.learnerTests.map { $0.folder + "/" }
        let isWrong: Bool = { if case .wrong = variant { return true } else { return false } }()
        guard fileSystem.isDirectory(sourceFolder),
              let sources = (try? fileSystem.filesRecursively(sourceFolder, withExtension: "swift"))?.filter({ file in testsInside.map { !file.hasPrefix($0) } ?? true }),
              !sources.isEmpty || (isWrong && testsInside != nil && fileSystem.isDirectory(variant.learnerTests(of: lesson, fileSystem: fileSystem) ?? "/nonexistent"))
        else {
            return failure(.module, "no Swift files in \(shownFolder). Restore the lesson with `kata reset \(lesson.id)`.")
        }
        let tests = testFiles ?? ((try? fileSystem.filesRecursively(lesson.tests, withExtension: "swift")) ?? []).map { "\(lesson.tests)/\($0)" }
        guard !tests.isEmpty else {
            return failure(.tests, "lesson \(lesson.id) has no tests in \(DiagnosticParser.relative(lesson.tests, to: lesson.root))")
        }

        let folder = "\(buildRoot)/\(lesson.id)/\(variant.buildName)"
        var paths = sources.map { "\(sourceFolder)/\($0)" }
        // A wrong solution holds only the files that differ from the reference solution; the others are the solution's.
        if case .wrong = variant, let solution = try? fileSystem.filesRecursively(lesson.solutionSources, withExtension: "swift") {
            paths += solution.filter { !sources.contains($0) }.map { "\(lesson.solutionSources)/\($0)" }
        }
        var input = BuildInput(
            module: lesson.module,
            sourceFiles: paths,
            testFiles: tests,
            buildDirectory: folder
        )
        input.sanitizers = sanitizes ? lesson.metadata.sanitizers : []
        input.moduleOnly = !buildsTests
        // Read once, for both readers of the rules.
        let texts = checksRules ? sourceTexts(lesson, paths: paths) : []
        // Both readers run beside the build (the second core): the token reader, and the compiler's reading, cached by
        // content.
        let tokens = Box<[RuleFinding]>([])
        let meaning = Box<[RuleFinding]?>(nil)
        let group = DispatchGroup()
        let checker = self
        if checksRules {
            DispatchQueue.global().async(group: group) {
                var found = checker.ruleFindings(lesson, texts)
                if variant == .learner, let given = checker.givenFiles?(lesson) {
                    found = Self.merge(found, Self.changedGivenFiles(lesson, given: given, fileSystem: checker.fileSystem))
                }
                tokens.value = found
            }
        }
        if checksRules, let programReader {
            DispatchQueue.global().async(group: group) {
                meaning.value = checker.meaningFindings(lesson, reader: programReader, inputs: texts, cacheFolder: folder)
            }
        }
        var report = fileSystem.withExclusiveLock("\(folder).lock") { () -> CheckReport in
            var report = buildAndRun(lesson, input: input, sourceFolder: sourceFolder, elapsed: elapsed)
            if report.stage == .run, buildsTests, runsLearnerTests, let spec = lesson.metadata.learnerTests {
                var judge = LearnerTestsJudge(spec: spec, builder: builder, testRunner: testRunner, fileSystem: fileSystem,
                                              environment: environment, perTestTimeout: perTestTimeout)
                judge.launcher = launcher
                let module = paths.map { path in
                    LearnerTestsJudge.ModuleFile(name: checker.nameInModule(path, sourceFolder: sourceFolder, lesson: lesson), path: path)
                }
                let lessonPasses = !report.tests.isEmpty && report.tests.allSatisfy { $0.status == .pass }
                report.tests += judge.verdicts(lesson: lesson, module: module, testsFolder: variant.learnerTests(of: lesson, fileSystem: fileSystem),
                                               buildFolder: folder, judgesMutants: judgesLearnerMutants ? lessonPasses : nil)
                report.status = report.tests.allSatisfy { $0.status == .pass } ? .pass : .fail
                report.durationMs = elapsed()
            }
            return report
        }
        group.wait()
        var findings = tokens.value
        if report.stage == .run, let extra = meaning.value {
            findings = Self.merge(findings, extra)
        }
        report.findings = findings
        // One verdict from both judges: every test passes and no rule is broken.
        if report.status == .pass && !findings.isEmpty { report.status = .fail }
        return report
    }

    /// A module file's name under its `Sources/` folder (the variant's own, or the solution's for a wrong solution's other files).
    func nameInModule(_ path: String, sourceFolder: String, lesson: Lesson) -> String {
        for root in [sourceFolder, lesson.solutionSources] where path.hasPrefix(root + "/") {
            return String(path.dropFirst(root.count + 1))
        }
        return (path as NSString).lastPathComponent
    }

    /// The lesson's rules, checked on the code as written (the token reader needs no compiler).
    func ruleFindings(_ lesson: Lesson, _ texts: [(path: String, shown: String, text: String)]) -> [RuleFinding] {
        var findings: [RuleFinding] = []
        // What the lesson states is asked for (reading its texts and its starter) only when the code holds a number
        // it could fail to state: most code holds none.
        let files = texts.map { (shown: $0.shown, text: $0.text) }
        if let statedNumbers, UnstatedNumbers.holdsCandidates(files) {
            findings = UnstatedNumbers.findings(in: files, stated: statedNumbers(lesson))
        }
        guard !lesson.metadata.rules.isEmpty else { return findings }
        return LessonChecker.merge(RuleChecker(rules: lesson.metadata.rules).findings(in: SourceModel.read(texts.map { (name: $0.shown, text: $0.text) })), findings)
    }

    /// The lesson's files, each with the name findings show: from the course folder, like the compiler's
    /// messages, so a terminal or an editor can open them.
    func sourceTexts(_ lesson: Lesson, paths: [String]) -> [(path: String, shown: String, text: String)] {
        paths.sorted().compactMap { path in
            (try? fileSystem.readText(path)).map { (path: path, shown: DiagnosticParser.relative(path, to: lesson.root), text: $0) }
        }
    }

    /// A file the lesson gives as it is, changed by the learner (its tokens differ: a comment or a blank line is no change)
    /// or gone: the lesson's point must hold with the file as given, and grading uses the course's copy.
    static func changedGivenFiles(_ lesson: Lesson, given: [String: String], fileSystem: any FileSystem) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for (name, pristine) in given.sorted(by: { $0.key < $1.key }) {
            let path = "\(lesson.sources)/\(name)"
            let shown = DiagnosticParser.relative(path, to: lesson.root)
            guard let mine = try? fileSystem.readText(path) else {
                found.append(RuleFinding(file: shown, line: 1, rule: CourseRules.givenID, messages: LocalizedText(
                    english: "\(name) is a file the lesson gives as it is (\"You do not change this file\"), and it is gone from Sources/. Put it back as the lesson gave it: the lesson's point must hold with it, and a grader uses the course's copy.",
                    chinese: "\(name) 是本课原样给出的文件（“You do not change this file”），它却从 Sources/ 里不见了。按本课给出的样子把它放回去：本课的要点必须在有它的情况下成立，评分时用的也是课程自带的那一份。")))
                continue
            }
            let theirs = SwiftLexer.tokens(of: pristine).map(\.text)
            let ours = SwiftLexer.tokens(of: mine)
            guard ours.map(\.text) != theirs else { continue }
            let first = (0..<min(ours.count, theirs.count)).first { ours[$0].text != theirs[$0] } ?? min(ours.count, theirs.count)
            let offset = first < ours.count ? ours[first].offset : mine.utf8.count
            let line = LineIndex(mine).line(of: offset)
            found.append(RuleFinding(file: shown, line: line, rule: CourseRules.givenID, messages: LocalizedText(
                english: "\(name) is a file the lesson gives as it is (\"You do not change this file\"), and it was changed here. Undo the change: the lesson's point must hold with the file as given (what it declares is what the tests and the other files rely on), and a grader uses the course's copy.",
                chinese: "\(name) 是本课原样给出的文件（“You do not change this file”），这里却被改了。撤销这处修改：本课的要点必须在这个文件保持原样时成立（它声明的东西正是测试和其他文件所依赖的），评分时用的也是课程自带的那一份。")))
        }
        return found
    }

    /// One finding per line and rule: where both judges saw the same place, the token reader's words stay.
    static func merge(_ first: [RuleFinding], _ second: [RuleFinding]) -> [RuleFinding] {
        var seen = Set(first.map { "\($0.file):\($0.line):\($0.rule)" })
        var merged = first
        for finding in second where seen.insert("\(finding.file):\(finding.line):\(finding.rule)").inserted {
            merged.append(finding)
        }
        return merged.sorted { ($0.file, $0.line, $0.rule) < ($1.file, $1.line, $1.rule) }
    }

    /// The rules judged on the compiled program; nil when the compiler gave no reading.
    func meaningFindings(_ lesson: Lesson, reader: ProgramReader, inputs: [(path: String, shown: String, text: String)], cacheFolder: String) -> [RuleFinding]? {
        var hasher = SHA256()
        hasher.update("meaning-v10\u{0}\(lesson.module)\u{0}\(reader.swiftc)\u{0}")
        hasher.update(String(describing: lesson.metadata.rules.map { $0.encoded().description }))
        for input in inputs { hasher.update(part: input.shown); hasher.update(part: input.text) }
        let key = hasher.hexDigest()
        let cache = "\(cacheFolder)/meaning-findings.json"
        if let data = try? fileSystem.read(cache), let cached = try? JSONDecoder().decode(MeaningCache.self, from: data), cached.key == key {
            return cached.findings
        }
        guard let program = reader.read(module: lesson.module, files: inputs) else { return nil }
        let findings = MeaningJudge(rules: lesson.metadata.rules).findings(in: program)
        try? fileSystem.createDirectory(cacheFolder)
        if let data = try? JSONEncoder().encode(MeaningCache(key: key, findings: findings)) {
            try? fileSystem.writeAtomically(data, to: cache)
        }
        return findings
    }

    private func buildAndRun(_ lesson: Lesson, input: BuildInput, sourceFolder: String, elapsed: () -> Int) -> CheckReport {
        let folder = input.buildDirectory
        switch builder.build(input) {
        case .moduleFailed(let diagnostics, let output):
            return CheckReport(lesson: lesson.id, status: .error, stage: .module,
                               diagnostics: diagnostics, output: output, durationMs: elapsed())
        case .testsFailed(let diagnostics, let output):
            return CheckReport(lesson: lesson.id, status: .error, stage: .tests,
                               diagnostics: diagnostics, output: output, durationMs: elapsed())
        case .ready where input.moduleOnly:
            return CheckReport(lesson: lesson.id, status: .pass, stage: .run, durationMs: elapsed())
        case .ready(let executable, _, _):
            var runEnvironment = environment
            if input.sanitizers.contains("thread") {
                // The first race ends the program inside the test that ran into it, which gets the report as its verdict.
                runEnvironment["TSAN_OPTIONS"] = "halt_on_error=1 exitcode=66 report_signal_unsafe=0"
            }
            var options = TestRunOptions(
                perTestTimeout: perTestTimeout,
                environment: runEnvironment,
                workDirectory: folder,
                displayRoot: lesson.root,
                module: lesson.module,
                moduleSources: sourceFolder
            )
            options.filters = testFilters
            let run = testRunner.run(executable: executable, options: options, launcher: launcher)
            let status: Status
            if run.tests.isEmpty {
                status = .error
            } else {
                status = run.tests.allSatisfy { $0.status == .pass } ? .pass : .fail
            }
            return CheckReport(lesson: lesson.id, status: status, stage: .run, tests: run.tests,
                               output: run.output, durationMs: elapsed())
        }
    }
}

private struct MeaningCache: Codable {
    var key: String
    var findings: [RuleFinding]
}

/// A value one closure sets and the caller reads after waiting for it.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

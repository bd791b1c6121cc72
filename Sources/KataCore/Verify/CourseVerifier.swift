import Foundation

/// The maintainer's contract for every lesson, as `kata verify` checks it:
///
/// - the metadata is complete: title, summary, at least 3 hints, both texts;
/// - the starter fails (a compile error or failing tests, never a crash or a timeout);
/// - the reference solution passes every test;
/// - at least one plausible wrong solution exists, and every one fails for the
///   reason its `wrong.json` names (a test that fails, or a rule it breaks);
/// - every rule is kept by the solution, and broken by the starter or by a wrong solution;
/// - the starter and the solution pass the vetting `kata grade` does before it runs code;
/// - nothing under `Solutions/` is reachable from `Lessons/`;
/// - nothing is still marked `TODO(author)`, and every hidden test file exists.
///
/// Tests and rules without a nudge are listed as warnings: they do not break the contract.
public struct CourseVerifier: Sendable {
    public var checker: LessonChecker
    public let fileSystem: any FileSystem
    public var jobs: Int
    /// Reads the starter and the solution for `hidden-dependencies.json` (Verify/StepVerification.swift); nil skips it.
    public var codeAnalyzer: CodeAnalyzer?
    /// The pristine starter of a lesson (`StarterStore.published`): what a handout carries, and so what
    /// is judged, whatever the working files in `Lessons/` hold now. nil (or nil for a lesson): the working files.
    public var starters: (@Sendable (Lesson) -> StarterStore.Starter?)?

    public init(checker: LessonChecker, fileSystem: any FileSystem, jobs: Int = 2) {
        self.checker = checker
        self.fileSystem = fileSystem
        self.jobs = jobs
    }

    public struct LessonResult: Sendable, Codable, Equatable {
        public var lesson: String
        public var problems: [String]
        /// e.g. "starter: fails (does not compile against the tests)", "solution: 5/5".
        public var facts: [String]
        /// What is worth doing but does not break the contract: tests and rules with no nudge.
        public var warnings: [String] = []
        public var ok: Bool { problems.isEmpty }
    }

    public struct Result: Sendable, Codable, Equatable {
        public var lessons: [LessonResult]
        public var courseProblems: [String]
        public var ok: Bool { courseProblems.isEmpty && lessons.allSatisfy(\.ok) }
    }

    public func verify(_ course: Course, only: [Lesson]? = nil) -> Result {
        // Longest first: the jobs share the lessons out as they finish, so a long lesson started last would run
        // alone at the end. The results are put back in course order below.
        let lessons = (only ?? course.lessons).sorted { expectedWork($0) > expectedWork($1) }
        let results = ConcurrentMap.map(lessons, jobs: jobs) { verify($0) }
        var all = results
        if only == nil {
            all += course.broken.map { LessonResult(lesson: $0.id, problems: $0.problems, facts: []) }
        }
        return Result(lessons: all.sorted { $0.lesson < $1.lesson }, courseProblems: only == nil ? course.problems : [])
    }

    /// A rough measure of a lesson's verification: one check per wrong solution, the starter and the solution, more
    /// for a lesson that judges learner-written tests (mutants) or builds with sanitizers.
    func expectedWork(_ lesson: Lesson) -> Int {
        let wrong = ((try? fileSystem.contentsOfDirectory(lesson.wrongSolutions)) ?? []).filter { !$0.hasPrefix(".") }.count
        let checks = wrong + 3
        return checks * (lesson.metadata.learnerTests == nil ? 1 : 3) * (lesson.metadata.sanitizers.isEmpty ? 1 : 2)
    }

    public func verify(_ lesson: Lesson) -> LessonResult {
        // The variants of one lesson whose modules show the tests the same interface (most wrong solutions change a
        // body) share one test program, built once; the folder lasts one verification.
        let shared = "\(checker.buildRoot)/\(lesson.id)/verify-shared-builds"
        try? fileSystem.remove(shared)
        defer { try? fileSystem.remove(shared) }
        var verifier = self
        verifier.checker.builder = checker.builder.sharingBuilds(in: shared)
        return verifier.verifyContract(lesson)
    }

    private func verifyContract(_ lesson: Lesson) -> LessonResult {
        var problems = quickProblems(lesson)
        var facts: [String] = []

        let judged = starterToJudge(lesson)
        if let fact = judged.fact { facts.append(fact) }
        if let problem = judged.problem { problems.append(problem) }
        let starter = checker.check(lesson, variant: judged.variant)
        switch (starter.stage, starter.status) {
        case (_, .pass):
            problems.append("the starter code already passes every test: the tests prove nothing yet")
        case (.module, _):
            problems.append("the starter code does not compile on its own (it must, so the learner starts from running code): "
                + (starter.diagnostics.first.map(describe) ?? "no message"))
        case (.tests, _):
            facts.append("starter: red (the tests do not compile against it yet)")
        case (.run, _):
            let broken = starter.tests.filter { $0.errorKind == .crashed || $0.errorKind == .timedOut || $0.errorKind == .exited }
            if !broken.isEmpty {
                problems.append("the starter must fail cleanly, but it \(broken.map { "\($0.errorKind!.rawValue) in \"\($0.name)\"" }.joined(separator: ", "))")
            }
            facts.append("starter: red (\(starter.passedCount)/\(starter.tests.count) tests pass)")
        }

        // What `kata grade` would refuse to run: honest code never trips the vetting.
        let vetter = SubmissionVetter.of(lesson, fileSystem: fileSystem)
        for (name, folder) in [("starter", judged.variant.sources(of: lesson)), ("reference solution", lesson.solutionSources)] where fileSystem.isDirectory(folder) {
            for finding in vetter.vet(folder: folder, fileSystem: fileSystem) {
                problems.append("the \(name) fails the vetting kata grade does (\(finding.location) [\(finding.rule)]): \(finding.message)")
            }
        }
        var rulesBroken = Set(starter.findings.map(\.rule))
        for rule in lesson.metadata.rules {
            if rulesBroken.contains(rule.id) {
                facts.append("rule \(rule.id): broken by the starter")
            } else {
                facts.append("rule \(rule.id): the starter does not break it (it guards a wrong turn the learner may take, not the starter's mistake)")
            }
        }
        if fileSystem.isDirectory(lesson.solutionSources) {
            let solution = checker.check(lesson, variant: .solution)
            if solution.status == .pass {
                facts.append("solution: \(solution.tests.count)/\(solution.tests.count) tests pass")
            } else {
                problems.append("the reference solution does not pass: " + summary(solution))
            }
        } else {
            problems.append("no reference solution in Solutions/\(lesson.id)/Sources")
        }

        let wrongNames = ((try? fileSystem.contentsOfDirectory(lesson.wrongSolutions)) ?? [])
            .filter { !$0.hasPrefix(".") && fileSystem.isDirectory("\(lesson.wrongSolutions)/\($0)") }.sorted()
        if wrongNames.isEmpty {
            problems.append("no plausible wrong solution in Solutions/\(lesson.id)/Wrong/NAME (at least one, which the tests must reject)")
        }
        // The refactoring steps (Verify/StepVerification.swift).
        let steps = verifySteps(lesson, starter: starter)
        problems += steps.problems
        facts += steps.facts
        let hidden = verifyHiddenDependencies(lesson, starterFolder: judged.variant.sources(of: lesson))
        problems += hidden.problems
        facts += hidden.facts
        let lessonTests = Set(TestFunctions.of(lesson, fileSystem: fileSystem).map { String($0.name.prefix { $0 != "(" }) })
        for name in wrongNames {
            // Only what wrong.json says catches it runs (`narrowed`).
            var narrowed = checker
            if let catchers = Self.catchers(lesson, wrong: name, fileSystem: fileSystem) {
                narrowed = Self.narrowed(checker, lesson: lesson, catchers: catchers, lessonTests: lessonTests)
            }
            let wrong = narrowed.check(lesson, variant: .wrong(name))
            rulesBroken.formUnion(wrong.findings.map(\.rule))
            if wrong.status == .pass {
                let ran = !narrowed.buildsTests ? "compiles (only rules are named in its wrong.json)" : narrowed.testFilters.isEmpty ? "passes every test" : "passes the tests its wrong.json names"
                problems.append("the wrong solution \"\(name)\" \(ran) and breaks no rule: the tests or a rule must reject it")
                continue
            }
            facts.append("wrong/\(name): rejected (\(summary(wrong)))")
            problems += catcherProblems(lesson, wrong: name, report: wrong)
        }
        for rule in lesson.metadata.rules where !rulesBroken.contains(rule.id) {
            problems.append("rule \(rule.id) is broken by neither the starter nor any wrong solution: add a wrong solution that breaks it, so the rule is known to work")
        }
        return LessonResult(lesson: lesson.id, problems: problems, facts: facts, warnings: Self.nudgeWarnings(lesson, fileSystem: fileSystem))
    }

    /// The lesson's tests (its `@Test` functions a learner runs) and rules with no nudge in lesson.json,
    /// and nudges for a test no file declares: warnings, not problems.
    public static func nudgeWarnings(_ lesson: Lesson, fileSystem: any FileSystem) -> [String] {
        let nudges = lesson.metadata.nudges
        let tests = TestFunctions.of(lesson, fileSystem: fileSystem).map(\.name)
        var warnings: [String] = []
        let bareTests = tests.filter { nudges[$0] == nil }
        if !bareTests.isEmpty {
            warnings.append("no nudge for test\(bareTests.count == 1 ? "" : "s") \(bareTests.joined(separator: ", ")) (add it to \"nudges\" in lesson.json)")
        }
        let bareRules = lesson.metadata.rules.map(\.id).filter { nudges[$0] == nil }
        if !bareRules.isEmpty {
            warnings.append("no nudge for rule\(bareRules.count == 1 ? "" : "s") \(bareRules.joined(separator: ", ")) (add it to \"nudges\" in lesson.json)")
        }
        // The verdicts of the learner's own tests are the runner's, declared by no file.
        let known = Set(tests).union(lesson.metadata.learnerTests == nil ? [] : LearnerTestsSpec.verdictFunctions)
        let stale = nudges.keys.filter { $0.contains("(") && !known.contains($0) }.sorted()
        if !stale.isEmpty {
            warnings.append("a nudge for \(stale.joined(separator: ", ")), which no test file of the lesson declares (hidden tests have none: a learner never sees them fail)")
        }
        return warnings
    }

    /// The starter to judge: the working files when they are the pristine starter (or none is known),
    /// else a copy of the pristine one next to the lesson's builds, with a fact saying so.
    func starterToJudge(_ lesson: Lesson) -> (variant: LessonVariant, fact: String?, problem: String?) {
        guard let starter = starters?(lesson) else { return (.learner, nil, nil) }
        let working = (try? fileSystem.filesRecursively(lesson.sources)) ?? []
        let same = Set(working) == Set(starter.files.keys)
            && working.allSatisfy { (try? fileSystem.read("\(lesson.sources)/\($0)")) == starter.files[$0] }
        if same { return (.learner, nil, nil) }
        let folder = "\(checker.buildRoot)/\(lesson.id)/pristine-starter-sources"
        do {
            try? fileSystem.remove(folder)
            for (name, data) in starter.files { try fileSystem.writeAtomically(data, to: "\(folder)/\(name)") }
        } catch {
            return (.learner, nil, "cannot copy the pristine starter to \(folder) (\(error)): the working files were judged instead")
        }
        return (.custom(name: "pristine-starter", sources: folder),
                "starter: judged as a handout carries it, from \(starter.origin.rawValue) (your working files in Lessons/\(lesson.id)/Sources differ)", nil)
    }

    /// What `wrong.json` says catches a wrong solution (`test:FUNCTION`, `rule:ID`); nil when it cannot be read.
    static func catchers(_ lesson: Lesson, wrong name: String, fileSystem: any FileSystem) -> [String]? {
        guard let text = try? fileSystem.readText("\(lesson.wrongSolutions)/\(name)/wrong.json") else { return nil }
        return catchers(in: text)
    }

    static func catchers(in text: String) -> [String]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let catchers = object["caught_by"] as? [String], !catchers.isEmpty else { return nil }
        return catchers
    }

    /// What `Wrong/NAME/wrong.json` says must catch the fixture, checked against what did.
    ///
    ///     {"caught_by": ["rule:no-shared-engine", "test:startsTheInjectedEngine"], "family": "..."}
    func catcherProblems(_ lesson: Lesson, wrong name: String, report: CheckReport) -> [String] {
        let path = "\(lesson.wrongSolutions)/\(name)/wrong.json"
        let shown = DiagnosticParser.relative(path, to: lesson.root)
        guard let text = try? fileSystem.readText(path) else {
            return ["\(shown) is missing: name the test or rule that must catch this wrong solution, like {\"caught_by\": [\"test:startsTheInjectedEngine\"]}"]
        }
        guard let catchers = Self.catchers(in: text) else {
            return ["\(shown) must be a JSON object with \"caught_by\": a list of \"test:FUNCTION\" or \"rule:ID\""]
        }
        var problems: [String] = []
        var caught = false
        for catcher in catchers {
            if catcher.hasPrefix("rule:") {
                let id = String(catcher.dropFirst(5))
                if !lesson.metadata.rules.contains(where: { $0.id == id }) && !CourseRules.ids.contains(id) {
                    problems.append("\(shown) names \(catcher), but lesson.json has no rule \"\(id)\"")
                }
                if report.findings.contains(where: { $0.rule == id }) { caught = true }
            } else if catcher.hasPrefix("test:") {
                let function = String(catcher.dropFirst(5))
                let failing = report.tests.filter { $0.status != .pass }.map { Self.functionName(of: $0.id) }
                if failing.contains(function) || stoppedTests(lesson, report: report).contains(function) { caught = true }
            } else {
                problems.append("\(shown): \"\(catcher)\" is neither \"test:FUNCTION\" nor \"rule:ID\"")
            }
        }
        if !caught && problems.isEmpty {
            problems.append("the wrong solution \"\(name)\" is rejected, but not by what \(shown) names (\(catchers.joined(separator: ", "))): \(summary(report))")
        }
        return problems
    }

    /// The checker for a wrong solution, doing only the work that can show what `wrong.json` says catches it
    /// (`catchers`); `lessonTests` are the lesson's own test functions, without their argument labels.
    /// - Caught by rules alone: the module is compiled (it compiles, and the compiler's reading judges the rules), the
    ///   tests are not.
    /// - Otherwise only the tests named run. In a lesson that judges learner-written tests, the runner's verdicts on
    ///   them (their build, their run against the stand-ins, the mutants) are worked out only when one is named; a test
    ///   of the learner's own is judged by running their tests once, with no mutant; the lesson's own tests need neither.
    static func narrowed(_ checker: LessonChecker, lesson: Lesson, catchers: [String], lessonTests: Set<String>) -> LessonChecker {
        var narrowed = checker
        let tests = catchers.filter { $0.hasPrefix("test:") }.map { String($0.dropFirst(5)) }
        narrowed.buildsTests = !tests.isEmpty
        let filters = tests.map { "[./]" + NSRegularExpression.escapedPattern(for: $0) + "\\(" }
        guard lesson.metadata.learnerTests != nil else {
            narrowed.testFilters = filters
            return narrowed
        }
        let verdicts = Set(LearnerTestsSpec.verdictFunctions.map { String($0.prefix { $0 != "(" }) })
        if tests.allSatisfy(lessonTests.contains) {
            narrowed.runsLearnerTests = false
            narrowed.testFilters = filters
        } else if !tests.contains(where: verdicts.contains) {
            narrowed.judgesLearnerMutants = false
        }
        return narrowed
    }

    /// The test functions (without their argument labels) that hold a compile error of the tests: a wrong solution can
    /// leave the tests unable to compile (a setter the app cannot reach, which a file that imports the module without
    /// `@testable` uses), and is then caught by the test that uses what it took away.
    func stoppedTests(_ lesson: Lesson, report: CheckReport) -> Set<String> {
        guard report.stage == .tests else { return [] }
        var found: Set<String> = []
        for diagnostic in report.diagnostics where diagnostic.severity == "error" && !diagnostic.file.isEmpty {
            let path = diagnostic.file.hasPrefix("/") ? diagnostic.file : "\(lesson.root)/\(diagnostic.file)"
            guard path.hasPrefix(lesson.tests + "/"), let text = try? fileSystem.readText(path) else { continue }
            if let function = TestFunctions.read(text).last(where: { $0.line <= diagnostic.line }) {
                found.insert(String(function.name.prefix { $0 != "(" }))
            }
        }
        return found
    }

    /// `Module.Suite/startsTheInjectedEngine()/File.swift:12:6` and `Module.startsTheInjectedEngine()/File.swift:12:6` → `startsTheInjectedEngine`.
    static func functionName(of id: String) -> String {
        let parts = id.split(separator: "/")
        let function = (parts.count >= 2 ? parts[parts.count - 2] : Substring(id)).prefix { $0 != "(" }
        // A test outside a suite is `Module.function()`.
        return String(function.split(separator: ".").last ?? function)
    }

    /// The part of the contract that needs no build: texts, hints, isolation, `TODO(author)`, hidden tests.
    public func quickProblems(_ lesson: Lesson) -> [String] {
        Self.quickProblems(lesson, fileSystem: fileSystem)
    }

    public static func quickProblems(_ lesson: Lesson, fileSystem: any FileSystem) -> [String] {
        metadataProblems(lesson, fileSystem: fileSystem) + isolationProblems(lesson, fileSystem: fileSystem)
            + LessonCompleteness(fileSystem: fileSystem).problems(of: lesson)
    }

    static func metadataProblems(_ lesson: Lesson, fileSystem: any FileSystem) -> [String] {
        var problems: [String] = []
        if lesson.metadata.hints.count < 3 {
            problems.append("lesson.json has \(lesson.metadata.hints.count) hints; a lesson needs at least 3, from a nudge to nearly the answer")
        }
        for language in Language.allCases {
            let path = lesson.readme(in: language)
            let text = (try? fileSystem.readText(path)) ?? ""
            if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("\(DiagnosticParser.relative(path, to: lesson.root)) is missing or empty")
            }
        }
        return problems
    }

    static func isolationProblems(_ lesson: Lesson, fileSystem: any FileSystem) -> [String] {
        var problems: [String] = []
        func walk(_ folder: String) {
            for name in (try? fileSystem.contentsOfDirectory(folder)) ?? [] {
                let path = "\(folder)/\(name)"
                switch fileSystem.kind(of: path) {
                case .symlink:
                    problems.append("\(DiagnosticParser.relative(path, to: lesson.root)) is a symbolic link; a lesson folder holds plain files only")
                case .directory:
                    walk(path)
                case .file where name.hasSuffix(".swift"):
                    if let text = try? fileSystem.readText(path), text.contains("Solutions/") {
                        problems.append("\(DiagnosticParser.relative(path, to: lesson.root)) refers to Solutions/")
                    }
                default: break
                }
            }
        }
        walk(lesson.folder)
        return problems
    }

    private func summary(_ report: CheckReport) -> String {
        switch report.stage {
        case .module: return "does not compile: " + (report.diagnostics.first.map(describe) ?? "")
        case .tests: return "the tests do not compile against it: " + (report.diagnostics.first.map(describe) ?? "")
        case .run:
            let failing = report.tests.filter { $0.status != .pass }.map(\.name)
            let rules = Set(report.findings.map(\.rule)).sorted()
            let broken = rules.isEmpty ? "" : "breaks rule\(rules.count == 1 ? "" : "s") " + rules.joined(separator: ", ")
            if report.tests.isEmpty { return rules.isEmpty ? "no test ran" : "compiles; " + broken }
            return "\(report.passedCount)/\(report.tests.count) tests pass" + (failing.isEmpty ? "" : "; failing: " + failing.joined(separator: ", "))
                + (rules.isEmpty ? "" : "; " + broken)
        }
    }

    private func describe(_ diagnostic: Diagnostic) -> String {
        diagnostic.file.isEmpty ? diagnostic.message : "\(diagnostic.file):\(diagnostic.line): \(diagnostic.message)"
    }
}

/// `map` over a few threads, keeping the order.
public enum ConcurrentMap {
    public static func map<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, _ transform: @Sendable (T) -> R) -> [R] {
        let box = ResultsBox<R>(count: items.count)
        let workers = max(1, min(jobs, items.count))
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = next.take(below: items.count) {
                box.set(index, transform(items[index]))
            }
        }
        return box.values()
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
    }
}

private final class ResultsBox<R>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [R?]
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: R) { lock.withLock { storage[index] = value } }
    func values() -> [R] { lock.withLock { storage.map { $0! } } }
}

extension CourseVerifier.LessonResult {
    enum CodingKeys: String, CodingKey { case lesson, problems, facts, warnings }

    /// Results recorded before warnings were kept (`.kata/verified/`) still read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lesson = try container.decode(String.self, forKey: .lesson)
        problems = try container.decode([String].self, forKey: .problems)
        facts = try container.decode([String].self, forKey: .facts)
        warnings = try container.decodeIfPresent([String].self, forKey: .warnings) ?? []
    }
}

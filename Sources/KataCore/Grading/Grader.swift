import Foundation

/// A test the course expects, as the reference solution's run showed it.
struct ExpectedTest: Sendable, Equatable {
    var id: String
    var name: String
    var function: String
    var fileName: String
    var hidden: Bool
    var maxScore: Double
}

/// Grades a class: every student folder in SUBMISSIONS, every lesson on its own,
/// every test its own verdict, all of it in scratch copies fenced by a `Sandbox`.
///
///     let grader = Grader(...)
///     let grades = grader.grade(submissions: "/class", lessons: course.lessons)
public struct Grader: Sendable {
    public let course: Course
    public let toolchain: Toolchain
    public let fileSystem: any FileSystem
    public let processRunner: any ProcessRunning
    public let clock: any Clock
    public let sandbox: Sandbox
    public let limits: GradeLimits
    public let intakeLimits: IntakeLimits
    /// The grader's own folder, removed by the caller afterwards.
    public let scratch: String
    public let jobs: Int
    /// Told as each student is done (for the console).
    public var progress: (@Sendable (StudentGrade) -> Void)?

    public init(course: Course, toolchain: Toolchain, fileSystem: any FileSystem, processRunner: any ProcessRunning,
                clock: any Clock, sandbox: Sandbox, limits: GradeLimits, intakeLimits: IntakeLimits = IntakeLimits(),
                scratch: String, jobs: Int) {
        self.course = course
        self.toolchain = toolchain
        self.fileSystem = fileSystem
        self.processRunner = processRunner
        self.clock = clock
        self.sandbox = sandbox
        self.limits = limits
        self.intakeLimits = intakeLimits
        self.scratch = scratch
        self.jobs = jobs
    }

    /// Student folders: every entry directly in `submissions` but hidden ones, sorted by name.
    public func students(in submissions: String) throws -> [(id: String, path: String, unreadableName: Bool)] {
        let listing = try fileSystem.listEntries(submissions)
        var found = listing.names.filter { !$0.hasPrefix(".") }.map { (id: $0, path: "\(submissions)/\($0)", unreadableName: false) }
        found += listing.undecodable.map { (id: $0, path: "", unreadableName: true) }
        return found.sorted { $0.id < $1.id }
    }

    public func grade(submissions: String, lessons: [Lesson], info: GradeRunInfo) -> ClassGrade {
        var info = info
        let expected = referenceTests(lessons, warnings: &info.warnings)
        let students = (try? students(in: submissions)) ?? []

        // Intake is quick and sequential; building and testing run `jobs` at a time.
        var intakes: [SubmissionIntake] = []
        for (index, student) in students.enumerated() {
            let folder = studentScratch(index)
            if student.unreadableName {
                intakes.append(SubmissionIntake(student: student.id, failure: "the folder name is not valid UTF-8: unreadable, not graded (rename the folder)", lessons: [:], notes: [], sha256: SHA256.hex("")))
                continue
            }
            intakes.append(SubmissionIntakeReader(fileSystem: fileSystem, limits: intakeLimits)
                .take(student: student.id, folder: student.path, lessons: lessons, course: course.root, scratch: "\(folder)/src"))
        }
        struct Job: Sendable { var student: Int; var lesson: Lesson }
        let work = intakes.indices.flatMap { index in
            intakes[index].failure == nil ? lessons.map { Job(student: index, lesson: $0) } : []
        }
        let intakesTaken = intakes
        let done = Remaining(intakes.map { intakes in intakes.failure == nil ? lessons.count : 0 })
        let graded = ConcurrentMap.map(work, jobs: jobs) { job -> GradedLesson in
            let intake = intakesTaken[job.student]
            let result = gradeLesson(job.lesson, intake: intake.lessons[job.lesson.id]!, folder: studentScratch(job.student),
                                     expected: expected[job.lesson.id] ?? nil)
            if done.finish(job.student), let progress {
                progress(StudentGrade(student: intake.student, status: result.status, message: "", score: 0, maxScore: 0, lessons: [], notes: intake.notes, failure: nil, submissionSHA256: intake.sha256))
            }
            return result
        }
        var grades: [StudentGrade] = []
        for (index, intake) in intakes.enumerated() {
            let lessonsOfStudent = zip(work, graded).filter { $0.0.student == index }.map(\.1)
            grades.append(summarize(intake, lessons: lessonsOfStudent, all: lessons, expected: expected))
        }
        return ClassGrade(info: info, students: grades)
    }

    private func studentScratch(_ index: Int) -> String { "\(scratch)/students/\(index)" }

    // MARK: the reference run

    /// Builds each lesson's reference solution with the course's tests once, to learn the tests' ids, order and points.
    func referenceTests(_ lessons: [Lesson], warnings: inout [String]) -> [String: [ExpectedTest]?] {
        let folder = "\(scratch)/reference"
        let results = ConcurrentMap.map(lessons, jobs: jobs) { lesson -> ([ExpectedTest]?, String?) in
            guard fileSystem.isDirectory(lesson.solutionSources) else {
                return (nil, "\(lesson.id): no reference solution, so tests are known only from each student's run")
            }
            let report = checker(folder: folder, displayRoot: course.root).check(lesson, variant: .solution, testFiles: testFiles(lesson))
            guard report.stage == .run, !report.tests.isEmpty else {
                return (nil, "\(lesson.id): the reference solution does not build or run with the tests (\(report.diagnostics.first?.message ?? "no test ran")): check the course")
            }
            let warning = report.status == .pass ? nil : "\(lesson.id): the reference solution passes \(report.passedCount) of \(report.tests.count) tests: check the course"
            return (expectedTests(lesson, verdicts: report.tests), warning)
        }
        var expected: [String: [ExpectedTest]?] = [:]
        for (lesson, result) in zip(lessons, results) {
            expected[lesson.id] = result.0
            if let warning = result.1 { warnings.append(warning) }
        }
        return expected
    }

    func expectedTests(_ lesson: Lesson, verdicts: [TestVerdict]) -> [ExpectedTest] {
        let hidden = Set(lesson.metadata.hiddenTests)
        let functions = verdicts.map { Self.function(of: $0.id) }
        let points = PointsAllocator.allocate(points: lesson.metadata.points, testPoints: lesson.metadata.testPoints, functions: functions)
        var names: [String: Int] = [:]
        for verdict in verdicts { names[verdict.name, default: 0] += 1 }
        return verdicts.enumerated().map { index, verdict in
            let file = Self.fileName(of: verdict.id)
            let name = names[verdict.name, default: 0] > 1 ? "\(verdict.name) [\(functions[index])]" : verdict.name
            return ExpectedTest(id: verdict.id, name: name, function: functions[index], fileName: file,
                                hidden: hidden.contains(file), maxScore: points[index])
        }
    }

    /// `Module.Suite/function()/File.swift:12:6` → `function()`.
    static func function(of id: String) -> String {
        let parts = id.split(separator: "/")
        return parts.count >= 2 ? String(parts[parts.count - 2]) : id
    }

    /// `Module.Suite/function()/File.swift:12:6` → `File.swift`.
    static func fileName(of id: String) -> String {
        guard let last = id.split(separator: "/").last else { return "" }
        return String(last.split(separator: ":").first ?? last)
    }

    private func testFiles(_ lesson: Lesson) -> [String] {
        ((try? fileSystem.filesRecursively(lesson.tests, withExtension: "swift")) ?? []).map { "\(lesson.tests)/\($0)" }
    }

    private func checker(folder: String, displayRoot: String) -> LessonChecker {
        try? fileSystem.createDirectory("\(folder)/tmp")
        let compilerEnvironment = ["PATH": "/usr/bin:/bin", "HOME": folder, "TMPDIR": "\(folder)/tmp", "LANG": "C.UTF-8"]
        var testEnvironment = compilerEnvironment
        testEnvironment["SWIFT_BACKTRACE"] = "enable=no"
        var builder = SwiftcLessonBuilder(toolchain: toolchain, fileSystem: fileSystem, processRunner: processRunner,
                                          displayRoot: displayRoot, environment: compilerEnvironment, compileTimeout: 120)
        // Students with the same sources share a library, and the same interface a test program. Only when the
        // tests cannot write outside their own scratch folder: otherwise one could plant a program for the others.
        if sandbox.isolation == .full { builder.sharedCache = "\(scratch)/cache" }
        var checker = LessonChecker(builder: builder,
                                    testRunner: TestRunner(processRunner: processRunner, fileSystem: fileSystem, clock: clock),
                                    fileSystem: fileSystem, clock: clock, buildRoot: "\(folder)/build",
                                    environment: testEnvironment, perTestTimeout: limits.perTestTimeout)
        checker.launcher = sandbox.launcher(writable: folder)
        return checker
    }

    // MARK: one lesson of one student

    func gradeLesson(_ lesson: Lesson, intake: LessonIntake, folder: String, expected: [ExpectedTest]?) -> GradedLesson {
        let maxPoints = expected.map { $0.map(\.maxScore).reduce(0, +) } ?? lesson.metadata.points
        func allError(_ kind: String, _ message: String) -> GradedLesson {
            let tests = (expected ?? [ExpectedTest(id: "", name: "the lesson's tests", function: "", fileName: "", hidden: false, maxScore: lesson.metadata.points)]).map {
                GradedTest(name: $0.name, function: $0.function, lesson: lesson.id, status: .error, errorKind: kind,
                           message: message, output: "", score: 0, maxScore: $0.maxScore, durationMs: 0, hidden: $0.hidden)
            }
            return GradedLesson(lesson: lesson.id, status: .error, message: message, score: 0, maxScore: PointsAllocator.round2(maxPoints), tests: tests)
        }
        if let missing = intake.missing { return allError("missing", missing) }

        let studentChecker = checker(folder: folder, displayRoot: "\(folder)/src")
        var report = studentChecker.check(lesson, variant: .custom(name: "student", sources: intake.sourceFolder), testFiles: testFiles(lesson))
        // A test program that never got to its first test (a loaded machine can make start-up miss the
        // per-test limit) is run once more; the build is cached, so this costs only the run.
        if report.stage == .run, report.tests.allSatisfy({ $0.errorKind == .notRun }) {
            report = studentChecker.check(lesson, variant: .custom(name: "student", sources: intake.sourceFolder), testFiles: testFiles(lesson))
        }
        let clean = { (text: String) in text.replacingOccurrences(of: "\(folder)/src/", with: "") }
        switch report.stage {
        case .module, .tests:
            let hidden = Set(lesson.metadata.hiddenTests.map { "Tests/Lessons/\(lesson.id)/\($0)" })
            let shown = report.diagnostics.filter { !hidden.contains(DiagnosticParser.relative($0.file, to: course.root)) }
            let first = shown.first.map { d in d.file.isEmpty ? clean(d.message) : "\(clean(DiagnosticParser.relative(d.file, to: course.root))):\(d.line):\(d.column): \(d.message)" }
                ?? "the hidden tests do not compile against this code"
            let what = report.stage == .module ? "does not compile" : "does not compile against the tests"
            return allError("does not compile", "\(what): \(first)")
        case .run:
            break
        }

        let byID = Dictionary(report.tests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let list: [ExpectedTest] = expected ?? expectedTests(lesson, verdicts: report.tests.filter { $0.id.hasPrefix("\(lesson.module)Tests.") || $0.id.hasPrefix("\(lesson.module)Tests/") })
        var tests: [GradedTest] = []
        for test in list {
            guard let verdict = byID[test.id] else {
                let why = report.tests.isEmpty ? "no test ran (\(lastLine(report.output)))" : "this test did not run"
                tests.append(GradedTest(name: test.name, function: test.function, lesson: lesson.id, status: .error, errorKind: "not run",
                                        message: "not run: \(why)", output: "", score: 0, maxScore: test.maxScore, durationMs: 0, hidden: test.hidden))
                continue
            }
            let output = Self.trim(Self.withoutAddresses(clean(Self.output(of: verdict.name, in: report.output))), to: 500)
            var message = clean(verdict.message)
            if verdict.errorKind == .crashed && (message.contains("failed to allocate") || message.contains("signal 9,")) {
                message += " (over the memory limit of \(limits.memoryBytes >> 20) MiB?)"
            }
            tests.append(GradedTest(
                name: test.name, function: test.function, lesson: lesson.id, status: verdict.status,
                errorKind: verdict.errorKind?.rawValue, message: Self.trim(message, to: 2000),
                output: output, score: verdict.status == .pass ? test.maxScore : 0, maxScore: test.maxScore,
                durationMs: verdict.durationMs ?? 0, hidden: test.hidden, file: verdict.file.map(clean), line: verdict.line))
        }
        let stray = report.tests.filter { verdict in !list.contains { $0.id == verdict.id } }.map(\.name)
        let status: Status = tests.allSatisfy { $0.status == .pass } ? .pass
            : tests.allSatisfy({ $0.status == .error }) ? .error : .fail
        let score = PointsAllocator.round2(tests.map(\.score).reduce(0, +))
        let message = stray.isEmpty ? "" : "tests that are not the course's were ignored: \(stray.prefix(5).joined(separator: ", "))"
        return GradedLesson(lesson: lesson.id, status: status, message: message, score: score, maxScore: PointsAllocator.round2(maxPoints), tests: tests)
    }

    private func lastLine(_ text: String) -> String {
        text.split(separator: "\n").last.map { String($0.prefix(200)) } ?? "the test program printed nothing"
    }

    /// What the test program printed while this test ran (from its console output).
    static func output(of name: String, in output: String) -> String {
        let start = "◇ Test \"\(name)\" started."
        var collected: [Substring] = []
        var inside = false
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(start) { inside = true; continue }
            guard inside else { continue }
            if line.hasPrefix("✔ Test \"\(name)\"") || line.hasPrefix("✘ Test \"\(name)\"") || line.hasPrefix("◇ Test \"")
                || line.hasPrefix("◇ Test run started") || line.hasPrefix("kata: ") {
                inside = false
                continue
            }
            collected.append(line)
        }
        return collected.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Drops stack traces and memory addresses, which change from run to run.
    static func withoutAddresses(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            !line.hasPrefix("Current stack trace:")
                && line.range(of: #"^\s*\d+\s+\S+\s+0x[0-9a-fA-F]+"#, options: .regularExpression) == nil
        }.joined(separator: "\n")
            .replacingOccurrences(of: #"0x[0-9a-fA-F]{6,}"#, with: "0x…", options: .regularExpression)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func trim(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "… [\(text.count - limit) more characters cut]"
    }

    // MARK: the student

    func summarize(_ intake: SubmissionIntake, lessons graded: [GradedLesson], all: [Lesson], expected: [String: [ExpectedTest]?]) -> StudentGrade {
        if let failure = intake.failure {
            let maxScore = all.map { lesson in (expected[lesson.id] ?? nil).map { $0.map(\.maxScore).reduce(0, +) } ?? lesson.metadata.points }.reduce(0, +)
            return StudentGrade(student: intake.student, status: .error, message: "not graded: \(failure)", score: 0,
                                maxScore: PointsAllocator.round2(maxScore), lessons: [], notes: intake.notes, failure: failure,
                                submissionSHA256: intake.sha256)
        }
        let score = PointsAllocator.round2(graded.map(\.score).reduce(0, +))
        let maxScore = PointsAllocator.round2(graded.map(\.maxScore).reduce(0, +))
        let status: Status = graded.allSatisfy { $0.status == .pass } ? .pass
            : graded.allSatisfy({ $0.status == .error }) ? .error : .fail
        var parts = ["\(score.scoreText) of \(maxScore.scoreText) points"]
        for lesson in graded where lesson.status == .error {
            parts.append("\(lesson.lesson): \(lesson.message)")
        }
        if !intake.notes.isEmpty { parts.append("\(intake.notes.count) note\(intake.notes.count == 1 ? "" : "s") about the submission") }
        return StudentGrade(student: intake.student, status: status, message: parts.joined(separator: "; "), score: score,
                            maxScore: maxScore, lessons: graded, notes: intake.notes, failure: nil, submissionSHA256: intake.sha256)
    }
}

/// Counts the lessons left per student, to say when one is done.
private final class Remaining: @unchecked Sendable {
    private let lock = NSLock()
    private var left: [Int]
    init(_ left: [Int]) { self.left = left }
    func finish(_ index: Int) -> Bool {
        lock.withLock {
            left[index] -= 1
            return left[index] == 0
        }
    }
}

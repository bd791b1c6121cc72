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
    /// Hard caps on time, whatever the tests write meanwhile.
    public var caps = GradeTimeCaps()
    /// Reads a lesson's sources before the build: a finding means the code may tamper with the
    /// harness, so the lesson is `rejected`, not built, not run. Nil: nothing is vetted.
    /// `deadline`: the student's time budget; the compiler's reading of the code is one of its compiles and stops there.
    public var vetter: (@Sendable (_ lesson: Lesson, _ sourceFolder: String, _ files: [String], _ deadline: Date?) -> [GradeFinding])?
    /// Vet with the project's own reader (`SubmissionVetter`) when no `vetter` is given.
    public var vets = true
    /// The lesson's rules, judged on the code: each is an entry of the lesson, graded like a test.
    /// Nil: the lesson's own `rules`, judged by `RuleChecker`.
    public var ruleJudge: (@Sendable (_ lesson: Lesson, _ sourceFolder: String, _ files: [String]) -> [RuleEntry])?
    /// Judge the rules on the program the compiler reads as well (fenced like every compile of student code).
    public var readsPrograms = false
    /// Where the course's own solutions are built, once per run: the grader's yardstick for a student's library and program.
    var referenceRoot: String { "\(scratch)/reference" }
    /// The sections of each course library, read once per run.
    let referenceSections = OnceCache<[String: Int]>()
    /// Seconds the course's own solution took to build and run, per lesson, in this run: what the machine manages now.
    let referenceSeconds = OnceCache<Double>()
    /// Hidden-test programs and programs whose output reaches a student take turns (see `ProgramPhases`).
    let phases = ProgramPhases()
    /// Visible runs kept for the second pass of a class's grading (see `LessonPhase`).
    let visibleRuns = VisibleRuns()
    /// The compiler's reading shared by vetting and the rules (when `readsPrograms`).
    var programReading: ProgramReading?

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

    /// Student folders: every entry directly in `submissions` but hidden ones and regular files (a class
    /// list, notes, an earlier run's `grades.csv`: see `strayFiles`), sorted by name. A link, a FIFO or a
    /// device stays a student entry, so the report says why it was not graded.
    public func students(in submissions: String) throws -> [(id: String, path: String, unreadableName: Bool)] {
        let listing = try fileSystem.listEntries(submissions)
        var found = listing.names.filter { !$0.hasPrefix(".") && fileSystem.kind(of: "\(submissions)/\($0)") != .file }
            .map { (id: $0, path: "\(submissions)/\($0)", unreadableName: false) }
        found += listing.undecodable.map { (id: $0, path: "", unreadableName: true) }
        return found.sorted { $0.id < $1.id }
    }

    /// Regular files directly in `submissions`: not students (a student hands in a folder), named in the
    /// class's warnings so nothing is dropped unseen.
    public func strayFiles(in submissions: String) -> [String] {
        guard let listing = try? fileSystem.listEntries(submissions) else { return [] }
        return listing.names.filter { !$0.hasPrefix(".") && fileSystem.kind(of: "\(submissions)/\($0)") == .file }.sorted()
    }

    public func grade(submissions: String, lessons: [Lesson], info: GradeRunInfo) -> ClassGrade {
        var grader = self
        // One reading of each lesson's code by the compiler, fenced like every compile of student code,
        // serves vetting and the rules alike.
        var reading: ProgramReading?
        if readsPrograms {
            // The compiler needs its temporary folder to exist (TMPDIR), or it reads nothing.
            try? fileSystem.createDirectory("\(scratch)/tmp")
            var reader = ProgramReader(swiftc: toolchain.swiftc, processRunner: processRunner, environment: environment(home: scratch))
            reader.launcher = sandbox.compileLauncher()
            reader.moduleCache = "\(scratch)/module-cache"
            reader.timeout = caps.compile
            // A lesson's reading is a few hundred KB (24 to 43 times its code; with a student's tests, whose macros expand,
            // about 1.3 MB); decoded, it takes about 30 times its size in the grader's own process. So a reading may be
            // 8 MB at most: code the compiler expands a thousandfold (runs of interpolations) fills no memory (a larger
            // reading is no reading, and the lesson is rejected).
            reader.outputLimit = ProgramReading.largestReading
            reading = ProgramReading(reader: reader, fileSystem: fileSystem, clock: clock)
        }
        grader.programReading = reading
        if grader.vetter == nil && vets { grader.vetter = standardVetter(lessons, reading: reading) }
        if grader.ruleJudge == nil { grader.ruleJudge = CourseVetting(vetters: [:], fileSystem: fileSystem, reading: reading).rules }
        return grader.gradeClass(submissions: submissions, lessons: lessons, info: info)
    }

    /// Vetting by the lesson's import list and the names its tests use (read once, from the instructor's copy),
    /// and, where the compiler reads the code, by allowlist on what it reads (`ProgramVetter`).
    func standardVetter(_ lessons: [Lesson], reading: ProgramReading? = nil) -> @Sendable (Lesson, String, [String], Date?) -> [GradeFinding] {
        var vetters: [String: SubmissionVetter] = [:]
        for lesson in lessons { vetters[lesson.id] = SubmissionVetter.of(lesson, fileSystem: fileSystem) }
        let vetting = CourseVetting(vetters: vetters, fileSystem: fileSystem, reading: reading)
        return vetting.vet
    }

    /// The lesson's rules (lesson.json `rules`), each with its findings on the code.
    static func standardRuleJudge(fileSystem: any FileSystem) -> @Sendable (Lesson, String, [String]) -> [RuleEntry] {
        CourseVetting(vetters: [:], fileSystem: fileSystem).rules
    }

    func gradeClass(submissions: String, lessons: [Lesson], info: GradeRunInfo) -> ClassGrade {
        var info = info
        let stray = strayFiles(in: submissions)
        if !stray.isEmpty {
            let names = stray.prefix(10).map { Shown.escaped($0) }.joined(separator: ", ") + (stray.count > 10 ? " and \(stray.count - 10) more" : "")
            info.warnings.append("not graded: \(stray.count) file\(stray.count == 1 ? "" : "s") at the top of the submissions folder, not a student's folder (\(names)). Each student hands in a folder; put a file a student handed in alone into a folder named after the student.")
        }
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
            var intake = SubmissionIntakeReader(fileSystem: fileSystem, limits: intakeLimits)
                .take(student: student.id, folder: student.path, lessons: lessons, course: course.root, scratch: "\(folder)/src")
            intake.notes = Self.summarized(intake.notes)
            intakes.append(intake)
        }
        // What was taken, as it was taken: checked again before every build and every run.
        var taken: [[String: String]] = []
        for intake in intakes {
            var hashes: [String: String] = [:]
            for (id, lesson) in intake.lessons { hashes[id] = sourcesHash(lesson.files) }
            taken.append(hashes)
        }
        let takenHashes = taken
        let allSecrets = courseSecrets(course.lessons)
        let studentSecrets = intakes.map { secrets(allSecrets, less: $0) }
        let clocks = StudentClocks(count: intakes.count)
        struct Job: Sendable { var student: Int; var lesson: Lesson }
        let work = intakes.indices.flatMap { index in
            intakes[index].failure == nil ? lessons.map { Job(student: index, lesson: $0) } : []
        }
        let intakesTaken = intakes
        let done = Remaining(intakes.map { intakes in intakes.failure == nil ? lessons.count : 0 })
        // Two passes: every program whose output reaches a student (the visible tests) runs before any program of the
        // hidden tests, of every student. What a hidden program leaves on the machine (files it made warm in the page
        // cache, anything that outlives it) can then reach no report: no visible program runs after it.
        // (A lesson whose students hand in tests of their own is graded whole in the first pass, its programs taking
        // turns with hidden ones as `ProgramPhases` says.)
        @Sendable func gradeJob(_ job: Job, _ phase: LessonPhase) -> GradedLesson {
            let intake = intakesTaken[job.student]
            if phase == .hiddenAfter { clocks.resume(job.student, now: clock.now()) }
            let studentDeadline = clocks.deadline(job.student, now: clock.now(), budget: caps.perStudent)
            let result = gradeLesson(job.lesson, intake: intake.lessons[job.lesson.id]!, folder: studentScratch(job.student),
                                     expected: expected[job.lesson.id] ?? nil, takenHash: takenHashes[job.student][job.lesson.id] ?? "",
                                     studentDeadline: studentDeadline, secrets: studentSecrets[job.student], phase: phase,
                                     credit: { clocks.credit(job.student, $0) })
            if phase == .visibleFirst { clocks.pause(job.student, now: clock.now()) }
            return result
        }
        @Sendable func deferrable(_ lesson: Lesson) -> Bool { !lesson.metadata.hiddenTests.isEmpty && lesson.metadata.learnerTests == nil }
        @Sendable func finish(_ job: Job, _ result: GradedLesson) {
            let intake = intakesTaken[job.student]
            if done.finish(job.student), let progress {
                progress(StudentGrade(student: intake.student, status: result.status, message: "", score: 0, maxScore: 0, lessons: [], notes: intake.notes, failure: nil, submissionSHA256: intake.sha256))
            }
        }
        var graded = ConcurrentMap.map(work, jobs: jobs) { job -> GradedLesson in
            let result = gradeJob(job, deferrable(job.lesson) ? .visibleFirst : .whole)
            if !visibleRuns.isKept("\(studentScratch(job.student))|\(job.lesson.id)") { finish(job, result) }
            return result
        }
        let second = work.indices.filter { visibleRuns.isKept("\(studentScratch(work[$0].student))|\(work[$0].lesson.id)") }
        let hidden = ConcurrentMap.map(second, jobs: jobs) { index -> GradedLesson in
            let result = gradeJob(work[index], .hiddenAfter)
            finish(work[index], result)
            return result
        }
        for (index, result) in zip(second, hidden) { graded[index] = result }
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
        let folder = referenceRoot
        // The lesson's starter, built beside the solutions when test programs are shared by surface: a student who
        // handed in the starter (or code of its surface) gets its verdict on compiling the tests without compiling them.
        let starters = sandbox.isolation == .full ? lessons.filter { fileSystem.isDirectory($0.sources) } : []
        let starterJobs = Later { [self] in
            ConcurrentMap.map(starters, jobs: max(1, jobs / 2)) { lesson -> Void in
                let files = ((try? fileSystem.filesRecursively(lesson.sources, withExtension: "swift")) ?? []).map { "\(lesson.sources)/\($0)" }
                _ = buildAndRun(lesson, sourceFolder: lesson.sources, files: files, folder: "\(scratch)/starter", displayRoot: course.root,
                                takenHash: nil, deadline: nil)
            }
        }
        defer { _ = starterJobs.value }
        let results = ConcurrentMap.map(lessons, jobs: jobs) { lesson -> ([ExpectedTest]?, String?) in
            guard fileSystem.isDirectory(lesson.solutionSources) else {
                return (nil, "\(lesson.id): no reference solution, so tests are known only from each student's run")
            }
            let files = ((try? fileSystem.filesRecursively(lesson.solutionSources, withExtension: "swift")) ?? []).map { "\(lesson.solutionSources)/\($0)" }
            let started = clock.now()
            let outcome = buildAndRun(lesson, sourceFolder: lesson.solutionSources, files: files, folder: folder, displayRoot: course.root,
                                      takenHash: nil, deadline: nil)
            let seconds = clock.now().timeIntervalSince(started)
            _ = referenceSeconds.value(for: lesson.id) { seconds }
            let report = outcome.report
            guard report.stage == .run, !report.tests.isEmpty else {
                return (nil, "\(lesson.id): the reference solution does not build or run with the tests (\(outcome.gradingProblem ?? report.diagnostics.first?.message ?? "no test ran")): check the course")
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

    /// SHA-256 of files by name and contents: the intake copy, the program, its library.
    func sourcesHash(_ files: [String]) -> String {
        var hasher = SHA256()
        for file in files.sorted() {
            hasher.update(part: (file as NSString).lastPathComponent)
            hasher.update(part: (try? fileSystem.read(file)) ?? Data("<gone>".utf8))
        }
        return hasher.hexDigest()
    }

    // MARK: building and running, the grader's side out of the tests' reach

    /// Where one lesson of one student (or the reference) lives. Only `writable` is handed to
    /// the sandbox: the sources, the build folder (program, library, stamps, locks) and the
    /// shared cache stay outside it, so the tests cannot change what a retry builds or runs.
    public struct LessonFolders: Sendable, Equatable {
        /// Build folder: compiler output, the test program and its library. The grader's alone.
        public var build: String
        /// The tests' scratch: their working folder, HOME, TMPDIR and the event stream file.
        public var writable: String

        public init(root: String, lesson: String) {
            build = "\(root)/build/\(lesson)"
            writable = "\(root)/run/\(lesson)"
        }
    }

    struct RunOutcome {
        var report: CheckReport
        var evidence: [String] = []
        var gradingProblem: String?
        /// Vetting of the built library refused it.
        var rejection: String?
        /// The student's time budget ran out before the tests could run (compiles count): the code's, not the machine's.
        var overBudget: String?
        /// Seconds the test program ran, every attempt (compiling aside): what the lesson's cap counts.
        var testSeconds: Double = 0
        /// Seconds the program waited for its turn (`ProgramPhases`): the grader's, not the student's.
        var waitedSeconds: Double = 0
        /// Tests whose verdict changed when the same program ran them again (a pass that then failed, crashed or timed
        /// out; a failed expectation that then passed).
        var unsteady: [String] = []
        /// The visible run is kept; the hidden program runs in the class's second pass.
        var deferred = false
    }

    /// `nm`'s listing of a student's library with these options; nil when `nm` is missing or fails.
    func symbolListing(_ library: String, _ options: [String]) -> String? {
        guard let nm = toolchain.symbolLister(fileSystem) else { return nil }
        let result = processRunner.run(ProcessRequest(executable: nm, arguments: options + [library],
                                                      environment: ["PATH": "/usr/bin:/bin", "LANG": "C"], timeout: 60, outputLimit: 4 << 20))
        return result.termination.succeeded ? result.output : nil
    }

    /// Swift symbols (`$s...`) as the toolchain's `swift-demangle` reads them, 200 at a time; nil when it is missing.
    func demangled(_ symbols: [String]) -> [String]? {
        let demangler = "\((toolchain.swiftc as NSString).deletingLastPathComponent)/swift-demangle"
        guard fileSystem.exists(demangler) else { return nil }
        var names: [String] = []
        for chunk in stride(from: 0, to: symbols.count, by: 200).map({ Array(symbols[$0..<min($0 + 200, symbols.count)]) }) {
            let result = processRunner.run(ProcessRequest(executable: demangler, arguments: chunk,
                                                          environment: ["PATH": "/usr/bin:/bin", "LANG": "C"], timeout: 60, outputLimit: 4 << 20))
            names += result.output.split(separator: "\n").map { $0.components(separatedBy: " ---> ").last ?? String($0) }
        }
        return names
    }

    /// Exported symbols of a student's library that are not Swift's own (a C `fwrite`, say); nil when `nm` is missing.
    func foreignSymbols(_ library: String) -> [String]? {
        symbolListing(library, ["-g", "--defined-only"]).map(SubmissionVetter.foreignSymbols(nmOutput:))
    }

    /// What a student's library calls outside Swift's own code, read from its undefined symbols (`nm -u`), wherever the
    /// source put the call (a place the compiler's reading does not show, such as a subscript's default argument):
    /// a C function other than the few the compiler itself emits for ordinary Swift (`memcpy`, `malloc`, ...), or a
    /// Foundation or Dispatch API that reaches the process (a file descriptor, a process, a pipe, the command line,
    /// the environment, a new thread). Nil when `nm` is missing.
    func outsideCalls(_ library: String) -> [String]? {
        guard let listing = symbolListing(library, ["-u"]) else { return nil }
        let symbols = Self.undefinedSymbols(nmOutput: listing)
        var findings = symbols.filter(Self.isForeignCall).map { "calls the C function `\($0)`" }
        let swift = symbols.filter { $0.hasPrefix("$s") }
        if !swift.isEmpty, let names = demangled(swift) {
            findings += names.filter(Self.reachesTheProcess).map { "uses `\($0.prefix(160))`" }
        }
        return findings
    }

    /// Code the compiler built in a place its reading (`-dump-ast`, `-dump-parse`) does not print, found by what the
    /// object file defines, whatever the source spelled: a subscript's default argument (the compiler emits it as a
    /// function of its own, "default argument N of ….subscript(…)"). Vetting judges what the reading shows; code it
    /// cannot see is refused, not trusted. Nil when `nm` or `swift-demangle` is missing.
    func unseenCode(_ library: String) -> [String]? {
        guard let listing = symbolListing(library, ["--defined-only"]) else { return nil }
        // A default argument's generator ends in `fA<n>_` (`fA_` for the first).
        let generators = Self.undefinedSymbols(nmOutput: listing).filter { $0.hasPrefix("$s") && $0.range(of: #"fA[0-9]*_$"#, options: .regularExpression) != nil }
        guard !generators.isEmpty else { return [] }
        return demangled(generators).map { names in names.filter(Self.isUnseenCode(demangled:)).map { "`\($0.prefix(160))`" } }
    }

    /// A demangled symbol of code the compiler's reading does not print: a subscript's default argument.
    public static func isUnseenCode(demangled name: String) -> Bool {
        name.hasPrefix("default argument ") && (name.contains(".subscript(") || name.contains(".subscript<"))
    }

    /// The symbols of `nm` output (the undefined ones of `nm -u`, or the defined ones), without their version
    /// (`getpid@GLIBC_2.2.5` -> `getpid`).
    public static func undefinedSymbols(nmOutput: String) -> [String] {
        nmOutput.split(separator: "\n").compactMap { line -> String? in
            guard let name = line.split(separator: " ").last.map(String.init), !name.isEmpty else { return nil }
            let bare = name.split(separator: "@").first.map(String.init) ?? name
            return bare.hasPrefix("_$s") ? String(bare.dropFirst()) : bare
        }
    }

    /// A C symbol ordinary Swift code does not make the compiler call. Measured on the course's solutions and on
    /// learners' correct solutions: only the loader's own hooks, `memset`, `memcpy`, `malloc` and `free`.
    public static func isForeignCall(_ symbol: String) -> Bool {
        if symbol.hasPrefix("$s") || symbol.hasPrefix("swift_") || symbol.hasPrefix("_swift") || symbol.hasPrefix("__swift") { return false }
        // A sanitizer's instrumentation (a lesson built with the thread or address sanitizer).
        if ["__tsan_", "__asan_", "__ubsan_", "__sanitizer_", "__msan_"].contains(where: symbol.hasPrefix) { return false }
        let emitted: Set<String> = ["memset", "memcpy", "memmove", "memcmp", "malloc", "calloc", "realloc", "free", "posix_memalign",
                                    "__gmon_start__", "__cxa_finalize", "__cxa_atexit", "_ITM_registerTMCloneTable", "_ITM_deregisterTMCloneTable",
                                    "__stack_chk_fail", "__stack_chk_guard", "_Unwind_Resume", "__gxx_personality_v0", "__tls_get_addr"]
        return !emitted.contains(symbol) && !isPureMath(symbol)
    }

    /// The C math library's functions the standard library calls for `Double` and `Float` (`rounded()` is `rint` or
    /// `round`, `squareRoot()` `sqrt`): each computes a number from numbers and touches nothing else, in the `double`,
    /// `float` (`f`) and `long double` (`l`) forms.
    public static func isPureMath(_ symbol: String) -> Bool {
        let base = symbol.split(separator: "@").first.map(String.init) ?? symbol
        if pureMath.contains(base) { return true }
        guard let last = base.last, last == "f" || last == "l" else { return false }
        return pureMath.contains(String(base.dropLast()))
    }

    /// The `double` forms of the C math library's functions (see `isPureMath`).
    static let pureMath: Set<String> = ["ceil", "floor", "rint", "round", "trunc", "nearbyint", "lround", "llround", "lrint", "llrint",
                                        "fmod", "remainder", "remquo", "sqrt", "cbrt", "pow", "exp", "exp2", "exp10", "expm1", "log", "log2", "log10",
                                        "log1p", "logb", "ilogb", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
                                        "asinh", "acosh", "atanh", "hypot", "fma", "fmin", "fmax", "fdim", "copysign", "nextafter", "nexttoward",
                                        "frexp", "ldexp", "scalbn", "scalbln", "modf", "erf", "erfc", "tgamma", "lgamma", "fabs", "sincos"]

    /// A demangled Swift symbol of an API that reaches the process outside the lesson's objects.
    public static func reachesTheProcess(_ demangled: String) -> Bool {
        let apis = ["Foundation.FileHandle", "Foundation.Process", "Foundation.NSTask", "Foundation.Pipe", "Swift.CommandLine",
                    "Foundation.ProcessInfo.environment", "Foundation.ProcessInfo.arguments", "FoundationEssentials.ProcessInfo.environment",
                    "FoundationEssentials.ProcessInfo.arguments", "Dispatch.DispatchSource", "Dispatch.DispatchIO", "Foundation.Thread.detachNewThread",
                    "Foundation.Thread.start", "Foundation.Bundle", "FoundationEssentials.Bundle", "Foundation.NSClassFromString"]
        return apis.contains { demangled.contains($0) }
    }

    /// What a student's library holds that the course's own library (the reference solution's, built the same way in
    /// this run) does not, read from the object file whatever the source spelled: code run before `main` or at exit
    /// (more `.init_array`, `.preinit_array`, `.ctors`, `.fini_array` or `.dtors` entries), tests of its own
    /// (`swift5_tests`), or a section the compiler makes for no ordinary code (a name outside `.*` and `swift5_*`).
    /// Nil when there is no reference library or no `llvm-objdump`.
    func objectFileFindings(_ library: String, lesson: Lesson) -> [String]? {
        let reference = "\(LessonFolders(root: referenceRoot, lesson: lesson.id).build)/lib\(lesson.module).\(Toolchain.sharedLibraryExtension)"
        let objdump = "\((toolchain.swiftc as NSString).deletingLastPathComponent)/llvm-objdump"
        guard fileSystem.exists(reference), fileSystem.exists(objdump) else { return nil }
        func sections(_ file: String) -> [String: Int]? {
            let result = processRunner.run(ProcessRequest(executable: objdump, arguments: ["-h", file], environment: ["PATH": "/usr/bin:/bin", "LANG": "C"],
                                                          timeout: 60, outputLimit: 1 << 20))
            guard result.termination.succeeded else { return nil }
            return Self.sections(objdumpHeaders: result.output)
        }
        guard let own = sections(library), let course = referenceSections.value(for: reference, make: { sections(reference) }) else { return nil }
        return Self.objectFileFindings(own, reference: course)
    }

    /// `llvm-objdump -h` → section name: size in bytes.
    public static func sections(objdumpHeaders output: String) -> [String: Int] {
        var found: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 3, Int(fields[0]) != nil, let size = Int(fields[2], radix: 16) else { continue }
            found[String(fields[1]), default: 0] += size
        }
        return found
    }

    public static func objectFileFindings(_ own: [String: Int], reference: [String: Int]) -> [String] {
        var findings: [String] = []
        for name in [".preinit_array", ".init_array", ".ctors", ".fini_array", ".dtors"] where own[name, default: 0] > reference[name, default: 0] {
            findings.append("runs code of its own \(name.contains("fini") || name.contains("dtors") ? "after the tests end" : "before the tests start") (\(name): \(own[name, default: 0] / 8) entries, the course's own library \(reference[name, default: 0] / 8))")
        }
        if own["swift5_tests", default: 0] > 0 { findings.append("declares tests of its own (swift5_tests)") }
        for name in own.keys.sorted() where !name.hasPrefix(".") && !name.hasPrefix("swift5_") && reference[name] == nil {
            findings.append("has a section the compiler makes for no ordinary code (\(name))")
        }
        return findings
    }

    /// The builder of a student's code: fenced, by relative paths, within the student's budget.
    func studentBuilder(displayRoot: String, home: String, compileTimeout: Double, deadline: Date?) -> SwiftcLessonBuilder {
        var builder = SwiftcLessonBuilder(toolchain: toolchain, fileSystem: fileSystem, processRunner: processRunner,
                                          displayRoot: displayRoot, environment: environment(home: home),
                                          compileTimeout: compileTimeout)
        // Students with the same sources share a library, and the same interface a test program. Only when the
        // tests cannot write outside their own scratch folder: otherwise one could plant a program for the others.
        if sandbox.isolation == .full { builder.sharedCache = "\(scratch)/cache" }
        // One module cache for every compile of the run (the reference's first): only the compiler writes it,
        // from the toolchain's own modules; the code under test never sees it.
        builder.moduleCache = "\(scratch)/module-cache"
        // The compiler runs fenced too, and by relative paths: the program names neither the course nor the scratch folder.
        builder.launcher = sandbox.compileLauncher()
        builder.pathRoots = [displayRoot, course.root]
        if let deadline {
            let clock = self.clock
            builder.timeLeft = { deadline.timeIntervalSince(clock.now()) }
        }
        return builder
    }

    /// The time zone database the test programs read, mounted into the sandbox where the machine has it.
    var zoneFile: [String] { fileSystem.exists(FarTimeZone.folder) ? [FarTimeZone.folder] : [] }

    /// What a graded program starts with. Its hash seed is fixed (`SWIFT_DETERMINISTIC_HASHING`): a verdict the code
    /// draws from `Hasher` (or from the order of a `Set` or a `Dictionary`) is the same in every grading, so a regrade
    /// of the same submission gives the same score.
    func environment(home: String) -> [String: String] { Self.programEnvironment(home: home) }

    public static func programEnvironment(home: String) -> [String: String] {
        FarTimeZone.applied(to: ["PATH": "/usr/bin:/bin", "HOME": home, "TMPDIR": "\(home)/tmp", "LANG": "C.UTF-8",
                                 "SWIFT_DETERMINISTIC_HASHING": "1"])
    }

    /// The one sentence a report says of forged events in the hidden tests' program, whatever they were and however many.
    static let hiddenProgramForged = "the hidden tests' program wrote events a real run never writes (neither quoted nor counted: they may carry what the code read of the hidden tests)"

    /// Builds `files` in the grader's own folder, then runs the tests with only `writable` writable.
    /// Before every build and every start of the program, the sources and the built program are
    /// checked against the hashes taken when they were made: a change stops the run.
    ///
    /// A lesson with hidden tests gets two programs, each in a folder of its own: the visible tests alone, whose
    /// output may reach the student, and one that runs only the hidden tests (built with every test file, for the
    /// helpers they share), whose output never does. The visible program holds no hidden-test material, so
    /// nothing its code prints can quote it.
    func buildAndRun(_ lesson: Lesson, sourceFolder: String, files: [String], folder: String, displayRoot: String,
                     takenHash: String?, deadline: Date?, phase: LessonPhase = .whole,
                     credit: @escaping @Sendable (Double) -> Void = { _ in }) -> RunOutcome {
        let all = testFiles(lesson)
        let hiddenNames = Set(lesson.metadata.hiddenTests.map { ($0 as NSString).lastPathComponent })
        let hiddenFiles = all.filter { hiddenNames.contains(($0 as NSString).lastPathComponent) }
        // The lesson's cap counts the tests of both programs: the hidden program gets what the visible one left.
        // A program's wait for its turn (see `ProgramPhases`) is not the student's time: the deadline moves with it.
        var waitedSoFar = 0.0
        func run(_ tests: [String], variant: String, filters: [String], testSecondsLeft: Double? = nil) -> RunOutcome {
            let outcome = buildAndRun(lesson, sourceFolder: sourceFolder, files: files, tests: tests, folders: LessonFolders(root: folder, lesson: lesson.id + variant),
                                      filters: filters, displayRoot: displayRoot, takenHash: takenHash,
                                      deadline: deadline?.addingTimeInterval(waitedSoFar), testSecondsLeft: testSecondsLeft,
                                      hiddenProgram: !filters.isEmpty)
            waitedSoFar += outcome.waitedSeconds
            credit(outcome.waitedSeconds)
            return outcome
        }
        guard !hiddenFiles.isEmpty else { return run(all, variant: "", filters: []) }
        let key = "\(folder)|\(lesson.id)"
        var visible: RunOutcome?
        if hiddenFiles.count < all.count {
            let kept = phase == .hiddenAfter ? visibleRuns.take(key) : nil
            let outcome = kept ?? run(all.filter { !hiddenFiles.contains($0) }, variant: "", filters: [])
            // Refused, over budget or not compiling: that is the lesson's answer already.
            if outcome.rejection != nil || outcome.overBudget != nil || outcome.report.stage != .run { return outcome }
            if phase == .visibleFirst {
                visibleRuns.keep(key, outcome)
                var deferred = outcome
                deferred.deferred = true
                return deferred
            }
            visible = outcome
        } else if phase == .visibleFirst {
            visibleRuns.keep(key, nil)
            return RunOutcome(report: CheckReport(lesson: lesson.id, status: .error, stage: .run), deferred: true)
        }
        let filters = hiddenFiles.map { "/" + NSRegularExpression.escapedPattern(for: ($0 as NSString).lastPathComponent) + ":" }
        var hidden = run(all, variant: "-hidden", filters: filters, testSecondsLeft: caps.perLesson - (visible?.testSeconds ?? 0))
        // What the hidden program printed may quote the hidden tests: it never reaches a report.
        hidden.report.output = ""
        guard var merged = visible, hidden.report.stage == .run, hidden.rejection == nil, hidden.overBudget == nil else { return hidden }
        merged.report.tests += hidden.report.tests.filter { hiddenNames.contains(Self.fileName(of: $0.id)) }
        merged.report.status = merged.report.tests.isEmpty ? .error : merged.report.tests.allSatisfy { $0.status == .pass } ? .pass : .fail
        // Evidence from the hidden program is that program's own writing, which may carry what the code under test read
        // of the hidden tests: it counts (the lesson is suspicious), but only that it was seen leaves, never what it said,
        // nor how much of it there was (a count is a number the code chose).
        if !hidden.evidence.isEmpty {
            merged.evidence.append(Self.hiddenProgramForged)
        }
        merged.gradingProblem = merged.gradingProblem ?? hidden.gradingProblem
        merged.unsteady += hidden.unsteady.filter { hiddenNames.contains(Self.fileName(of: $0)) }
        return merged
    }

    func buildAndRun(_ lesson: Lesson, sourceFolder: String, files: [String], tests: [String], folders: LessonFolders, filters: [String],
                     displayRoot: String, takenHash: String?, deadline: Date?, testSecondsLeft: Double? = nil,
                     hiddenProgram: Bool = false) -> RunOutcome {
        try? fileSystem.createDirectory(folders.build)
        try? fileSystem.createDirectory("\(folders.build)/tmp")
        func failure(_ stage: CheckStage, _ message: String) -> CheckReport {
            CheckReport(lesson: lesson.id, status: .error, stage: stage,
                        diagnostics: [Diagnostic(file: "", line: 0, column: 0, severity: "error", message: message)])
        }
        guard !files.isEmpty else { return RunOutcome(report: failure(.module, "no Swift files")) }
        guard !tests.isEmpty else { return RunOutcome(report: failure(.tests, "the lesson has no tests")) }
        if let takenHash, sourcesHash(files) != takenHash {
            return RunOutcome(report: failure(.module, "the sources changed after intake"), evidence: ["the intake copy of the sources changed before the build"])
        }

        let input = BuildInput(module: lesson.module, sourceFiles: files, testFiles: tests, buildDirectory: folders.build)
        var outcome = BuildOutcome.moduleFailed([], output: "")
        var failures: [String] = []
        // One budget per student covers every compile, retry and run: a compile gets what is left of it at most.
        let budget = "the student's time budget (\(Int(caps.perStudent)) s, compiles included) ran out"
        for attempt in 0..<3 {
            var compileTimeout = caps.compile * Double(min(attempt, 1) + 1)
            if let deadline {
                let left = deadline.timeIntervalSince(clock.now())
                if left <= 0 { return RunOutcome(report: failure(.module, budget), overBudget: "\(budget) before this lesson was built") }
                compileTimeout = min(compileTimeout, left)
            }
            var builder = studentBuilder(displayRoot: displayRoot, home: folders.build, compileTimeout: compileTimeout, deadline: deadline)
            // The course's tests, compiled once against the course's own solution, serve every student whose module
            // offers the tests the same declarations (`ModuleSurface`); only the solution's build (no intake hash) keeps
            // its program for the others.
            builder.sharesBySurface = builder.sharedCache != nil
            builder.publishesSurfacePrograms = takenHash == nil
            outcome = fileSystem.withExclusiveLock("\(folders.build).lock") { builder.build(input) }
            // Built, or an error in the lesson's own files: that is the code's answer. A compile stopped by the
            // grader's limits, or failing with no error in any file of the lesson (a crash, a resource refused on a
            // busy machine, a module cache another compile was writing), is tried again; stopped twice is enough.
            if case .ready = outcome { break }
            if Self.errorInLessonFiles(outcome) { break }
            if let deadline, Self.stoppedByGrader(outcome), clock.now() >= deadline.addingTimeInterval(-1) {
                return RunOutcome(report: failure(.module, budget), overBudget: "\(budget) while this lesson was compiled")
            }
            failures.append(Self.diagnostics(of: outcome).map(\.message).joined(separator: "\n"))
            if Self.stoppedByGrader(outcome) && failures.count >= 2 { break }
        }
        switch outcome {
        case .moduleFailed(let diagnostics, let output), .testsFailed(let diagnostics, let output):
            let stage: CheckStage = { if case .moduleFailed = outcome { return .module } else { return .tests } }()
            let report = CheckReport(lesson: lesson.id, status: .error, stage: stage, diagnostics: diagnostics, output: output)
            // Stopped by the grader's clock twice: the machine's fault only if the machine is slow now. The course's own
            // solution, built and run in this run, says so: well inside the limit, the slow compile is the code's.
            if Self.stoppedByGrader(outcome), takenHash != nil, let reference = referenceSeconds.value(for: lesson.id),
               reference < caps.compile / 4 {
                var own = report
                own.diagnostics = [Diagnostic(file: "", line: 0, column: 0, severity: "error",
                                              message: "the compiler was stopped twice by the grader's limits (\(Int(caps.compile)) s, then \(Int(caps.compile * 2)) s), while the course's own solution builds and runs here in \(Int(reference.rounded(.up))) s: the code takes too long to compile (look for long expressions the type checker has to work hard on)")]
                return RunOutcome(report: own)
            }
            if Self.stoppedByGrader(outcome) {
                return RunOutcome(report: report, gradingProblem: "the compiler was stopped twice by the grader's limits (\(diagnostics.first?.message ?? "no message")): the machine was too busy, not a fault of the code")
            }
            if !Self.errorInLessonFiles(outcome) && Set(failures).count > 1 {
                let said = failures.map { $0.split(separator: "\n").first.map(String.init) ?? "" }.joined(separator: "; ")
                // Failures that differ, with no place in the lesson's files: the machine's fault only when the grader has
                // no measure of its own that the machine compiles (the course's own solution, built in this run, quickly).
                // Whatever the compiler printed is the code's to shape, so it decides nothing.
                if takenHash != nil, let reference = referenceSeconds.value(for: lesson.id), reference < caps.compile / 4 {
                    var own = report
                    own.diagnostics = [Diagnostic(file: "", line: 0, column: 0, severity: "error",
                                                  message: "the compiler failed three times without pointing at the lesson's files, while the course's own solution builds and runs here in \(Int(reference.rounded(.up))) s: the code does not compile; the compiler said:\n\(said.prefix(400))")]
                    return RunOutcome(report: own)
                }
                return RunOutcome(report: report, gradingProblem: "the compiler failed three times without pointing at the code, each time differently (\(said)): the machine, not the code")
            }
            return RunOutcome(report: report)
        case .ready(let executable, _, _):
            let library = "\(folders.build)/lib\(lesson.module).\(Toolchain.sharedLibraryExtension)"
            if takenHash != nil, vets, let foreign = foreignSymbols(library), !foreign.isEmpty {
                let report = CheckReport(lesson: lesson.id, status: .error, stage: .module)
                return RunOutcome(report: report, rejection: "the built library exports symbols that are not Swift's own, which would replace the C library's for the whole test program: \(foreign.prefix(5).joined(separator: ", "))")
            }
            if takenHash != nil, vets, let calls = outsideCalls(library), !calls.isEmpty {
                let report = CheckReport(lesson: lesson.id, status: .error, stage: .module)
                return RunOutcome(report: report, rejection: "the built library \(calls.prefix(3).joined(separator: "; ")): graded code reaches nothing outside the lesson's objects")
            }
            if takenHash != nil, vets, let unseen = unseenCode(library), !unseen.isEmpty {
                let report = CheckReport(lesson: lesson.id, status: .error, stage: .module)
                return RunOutcome(report: report, rejection: "the built library holds code the compiler's reading never shows, so vetting could not judge it: \(unseen.prefix(3).joined(separator: "; ")). Graded code puts no code there")
            }
            if takenHash != nil, vets, let findings = objectFileFindings(library, lesson: lesson), !findings.isEmpty {
                let report = CheckReport(lesson: lesson.id, status: .error, stage: .module)
                return RunOutcome(report: report, rejection: "the built library \(findings.prefix(3).joined(separator: "; "))")
            }
            let built = sourcesHash([executable, library])
            let sourcesNow = takenHash
            let check: AttemptCheck = {
                if let sourcesNow, sourcesHash(files) != sourcesNow { return "the intake copy of the sources changed while the tests ran" }
                if sourcesHash([executable, library]) != built { return "the test program or its library changed after the build" }
                return nil
            }
            try? fileSystem.remove(folders.writable)
            try? fileSystem.createDirectory("\(folders.writable)/tmp")
            var testEnvironment = environment(home: folders.writable)
            testEnvironment["SWIFT_BACKTRACE"] = "enable=no"
            // The program seals itself (non-dumpable) before any test: no write to its own memory through /proc.
            testEnvironment[SwiftcLessonBuilder.sealVariable] = "1"
            return phases.run(hidden: hiddenProgram, clock: clock) { waited in
                let started = clock.now()
                let lessonDeadline = started.addingTimeInterval(max(0, testSecondsLeft ?? caps.perLesson))
                var options = TestRunOptions(perTestTimeout: limits.perTestTimeout, outputLimit: limits.outputBytes,
                                             environment: testEnvironment, workDirectory: folders.writable, displayRoot: displayRoot,
                                             module: lesson.module, moduleSources: sourceFolder)
                options.deadline = deadline.map { min($0.addingTimeInterval(waited), lessonDeadline) } ?? lessonDeadline
                options.retryTimeouts = true
                options.confirmPasses = true
                options.filters = filters
                // The program sees its build read-only and may write only its event stream (and its private /tmp).
                // Inside, at paths that name no folder of the grader's: its command line tells it nothing of where the
                // reports go or which student this is.
                let launcher = sandbox.launcher(SandboxView(readOnly: [folders.build] + Sandbox.runtimeLibraries(of: toolchain) + zoneFile,
                                                            writableFiles: ["\(folders.writable)/events.jsonl"],
                                                            moved: [folders.build: "/kata/build", folders.writable: "/kata/run"]))
                let runner = TestRunner(processRunner: processRunner, fileSystem: fileSystem, clock: clock)
                var run = runner.run(executable: executable, options: options, launcher: launcher, beforeAttempt: check,
                                     machineCheck: takenHash == nil ? nil : machineCheck(lesson, folder: folders.writable))
                // A verdict counts only if the same program gives it again: one the code draws from chance, the clock or
                // where memory lands (`Bool.random()`, an address's hash) would give a regrade another score. Every pass,
                // and every failed expectation (quick to run again; a crash or a time-out is not), runs once more, alone
                // with the others; a pass that then fails, crashes or times out, or a failure that then passes, is evidence.
                var unsteady: [String] = []
                let passed = run.tests.filter { $0.status == .pass }.map(\.id)
                let failed = run.tests.filter { $0.status == .fail }.map(\.id)
                if takenHash != nil, !(passed + failed).isEmpty, run.evidence.isEmpty, run.gradingProblem == nil {
                    var again = options
                    again.filters = (passed + failed).map { NSRegularExpression.escapedPattern(for: $0) }
                    let second = runner.run(executable: executable, options: again, launcher: launcher, beforeAttempt: check, machineCheck: nil)
                    for line in second.evidence where !run.evidence.contains(line) { run.evidence.append(line) }
                    unsteady = Self.unsteady(first: run.tests, second: second.tests)
                }
                let status: Status = run.tests.isEmpty ? .error : run.tests.allSatisfy { $0.status == .pass } ? .pass : .fail
                let report = CheckReport(lesson: lesson.id, status: status, stage: .run, tests: run.tests, output: run.output)
                return RunOutcome(report: report, evidence: run.evidence, gradingProblem: run.gradingProblem,
                                  testSeconds: clock.now().timeIntervalSince(started), waitedSeconds: waited, unsteady: unsteady)
            }
        }
    }

    /// The tests whose second run gave another verdict: a pass that then fails, crashes or times out (a hang drawn by
    /// chance is chance all the same; the runner already tried a timed-out test again before calling it timed out), or
    /// a failure that then passes. Tests the second run did not give a verdict for decide nothing.
    static func unsteady(first: [TestVerdict], second: [TestVerdict]) -> [String] {
        var found: [String] = []
        for test in first where test.status == .pass || test.status == .fail {
            guard let verdict = second.first(where: { $0.id == test.id }) else { continue }
            let changed = test.status == .fail ? verdict.status == .pass
                : verdict.status == .fail || verdict.errorKind == .crashed || verdict.errorKind == .timedOut
            if changed { found.append(test.id) }
        }
        return found
    }

    /// Whether the machine starts a test program now: the course's own (the reference solution's, built first),
    /// listing its tests in the same sandbox as a student's. Only this, never what a student's program prints or
    /// how it stops, makes a program that never reached its first test the machine's fault.
    func machineCheck(_ lesson: Lesson, folder: String) -> MachineCheck? {
        let build = LessonFolders(root: referenceRoot, lesson: lesson.id).build
        let program = "\(build)/\(lesson.module)Tests"
        guard fileSystem.exists(program) else { return nil }
        let probe = "\(folder)-machine-check"
        let runner = processRunner, fileSystem = fileSystem, sandbox = sandbox, toolchain = toolchain
        let environment = environment(home: probe)
        let timeout = max(60, limits.perTestTimeout * 6)
        return {
            try? fileSystem.remove(probe)
            try? fileSystem.createDirectory("\(probe)/tmp")
            let command = sandbox.launcher(SandboxView(readOnly: [build] + Sandbox.runtimeLibraries(of: toolchain))) + [program, "--list-tests"]
            let result = runner.run(ProcessRequest(executable: command[0], arguments: Array(command.dropFirst()), environment: environment,
                                                   workingDirectory: probe, timeout: timeout, outputLimit: 64 * 1024))
            try? fileSystem.remove(probe)
            return result.termination == .exited(0)
        }
    }

    /// A compile the grader's own clock stopped, as its builder marked it (`Diagnostic.stoppedSeverity`): never read
    /// from what the compiler printed, which the code under compile can write (`#warning` text over several lines).
    static func stoppedByGrader(_ outcome: BuildOutcome) -> Bool {
        failedWithoutPlace(outcome) && diagnostics(of: outcome).contains { $0.severity == Diagnostic.stoppedSeverity }
    }

    /// A failed compile whose every message has no place in a file.
    static func failedWithoutPlace(_ outcome: BuildOutcome) -> Bool {
        let found = diagnostics(of: outcome)
        return !found.isEmpty && found.allSatisfy { $0.file.isEmpty }
    }

    /// A failed compile with an error in one of the lesson's files (the student's sources or the tests,
    /// both compiled by paths relative to their folders): the code's answer, never the machine's.
    /// An error placed in the toolchain's or the module cache's files (absolute paths) is not.
    static func errorInLessonFiles(_ outcome: BuildOutcome) -> Bool {
        diagnostics(of: outcome).contains(where: \.isInLessonFile)
    }

    static func diagnostics(of outcome: BuildOutcome) -> [Diagnostic] {
        switch outcome {
        case .ready: return []
        case .moduleFailed(let diagnostics, _), .testsFailed(let diagnostics, _): return diagnostics
        }
    }

    // MARK: one lesson of one student

    func gradeLesson(_ lesson: Lesson, intake: LessonIntake, folder: String, expected: [ExpectedTest]?,
                     takenHash: String = "", studentDeadline: Date? = nil, secrets: Set<String> = [], phase: LessonPhase = .whole,
                     credit: @escaping @Sendable (Double) -> Void = { _ in }) -> GradedLesson {
        let testsMax = expected.map { $0.map(\.maxScore).reduce(0, +) } ?? lesson.metadata.points
        let maxPoints = testsMax
        func allError(_ kind: String, _ message: String, grading: LessonGrading = .ok, evidence: [String] = []) -> GradedLesson {
            var tests = (expected ?? [ExpectedTest(id: "", name: "the lesson's tests", function: "", fileName: "", hidden: false, maxScore: lesson.metadata.points)]).map {
                GradedTest(name: $0.name, function: $0.function, lesson: lesson.id, status: .error, errorKind: kind,
                           message: message, output: "", score: 0, maxScore: $0.maxScore, durationMs: 0, hidden: $0.hidden)
            }
            var maxScore = maxPoints
            if lesson.metadata.learnerTests != nil {
                tests.append(GradedTest(name: Self.learnerTestsFunction, function: Self.learnerTestsFunction, lesson: lesson.id, status: .error,
                                        errorKind: kind, message: "not judged: \(kind)", output: "", score: 0, maxScore: 0, durationMs: 0,
                                        hidden: false, kind: "learner-tests"))
            }
            // The lesson's rules are entries of every student's lesson, judged or not: the same rows and
            // the same points for all, whatever happened to this one.
            if ruleJudge != nil || lesson.metadata.learnerTests != nil {
                let unjudged = ruleJudge == nil ? [] : CourseVetting.ruleIDs(of: lesson).map { RuleEntry(id: $0.id, points: $0.points, findings: []) }
                let entries = Self.ruleEntries(unjudged, lesson: lesson, tests: tests, clean: { $0 })
                tests = entries.tests.map { test in var test = test; test.score = 0; return test }
                    + entries.rules.map { rule in
                        var rule = rule
                        rule.status = .error
                        rule.errorKind = kind
                        rule.score = 0
                        rule.message = "not judged: \(kind)"
                        return rule
                    }
                maxScore = tests.map(\.maxScore).reduce(0, +)
            }
            return GradedLesson(lesson: lesson.id, status: .error, message: message, score: 0, maxScore: PointsAllocator.round2(maxScore),
                                tests: tests, grading: grading, evidence: evidence)
        }
        if let missing = intake.missing { return allError("missing", missing) }
        if let studentDeadline, clock.now() >= studentDeadline {
            return allError("timed out", "timed out: the student's time budget (\(Int(caps.perStudent)) s, compiles included) ran out before this lesson was graded; the lessons graded before it keep their grades")
        }

        let clean = { (text: String) in Self.withheld(text.replacingOccurrences(of: "\(folder)/src/", with: ""), secrets: secrets) }
        // A path the student named (a file, a folder) is shown whole on one line: a newline or another control
        // character in it is written out (`\u{A}`), so no name can start a line of its own in a report.
        let path = { (text: String) in Shown.escaped(clean(text)) }
        if let vetter {
            let findings = vetter(lesson, intake.sourceFolder, intake.files, studentDeadline)
            if !findings.isEmpty {
                let lines = findings.prefix(20).map { "\(path($0.file)):\($0.line): \($0.rule): \(clean($0.message))" }
                let message = "rejected: the code uses what could tamper with the grading, so it was not built or run (\(lines[0]))"
                return allError("rejected", message, grading: .rejected, evidence: lines)
            }
        }

        let outcome = buildAndRun(lesson, sourceFolder: intake.sourceFolder, files: intake.files, folder: folder,
                                  displayRoot: "\(folder)/src", takenHash: takenHash, deadline: studentDeadline, phase: phase, credit: credit)
        // The hidden program runs in the second pass: this lesson is graded then, from the visible run kept now.
        if outcome.deferred { return allError("not run", "graded in the second pass") }
        let report = outcome.report
        // Code that compiles must be readable by the compiler's reading too: vetting and the rules judge that reading,
        // and a reading that cannot be made or decoded would leave them only the token reader, which a spelling can fool.
        if report.stage == .run, let programReading, programReading.program(lesson, intake.sourceFolder, intake.files) == nil {
            let message = "the code compiles, but the compiler's reading of it (swiftc -dump-ast) could not be made or decoded, or is larger than 8 MB, so vetting and the rules cannot judge it; simplify deeply nested expressions and long runs of string interpolations"
            return allError("rejected", "rejected: \(message)", grading: .rejected, evidence: ["\(lesson.module): vetting:reading: \(message)"])
        }
        if let overBudget = outcome.overBudget {
            return allError("timed out", "timed out: \(overBudget); the lessons built before it keep their grades")
        }
        if let rejection = outcome.rejection {
            let line = "\(lesson.module): vetting:symbols: \(rejection)"
            return allError("rejected", "rejected: \(rejection)", grading: .rejected, evidence: [line])
        }
        if let problem = outcome.gradingProblem, report.stage != .run || report.tests.allSatisfy({ $0.errorKind == .notRun }) {
            return allError("grading error", "grading error: \(problem). Grade this lesson again.", grading: .gradingError, evidence: [problem])
        }
        if report.stage != .run, !outcome.evidence.isEmpty {
            return allError("suspicious", "suspicious: \(outcome.evidence[0])", grading: .suspicious, evidence: outcome.evidence)
        }
        switch report.stage {
        case .module, .tests:
            let hidden = Set(lesson.metadata.hiddenTests.map { "Tests/Lessons/\(lesson.id)/\($0)" })
            let shown = report.diagnostics.filter { !hidden.contains(DiagnosticParser.relative($0.file, to: course.root)) }
            // The compiler's words are the code's to shape (`#error("...")`, a name it declares), and so is the file's name:
            // they are quoted on a line of their own, never run on from the grader's.
            let first = shown.first.map { d in d.file.isEmpty ? clean(d.message) : "\(path(DiagnosticParser.relative(d.file, to: course.root))):\(d.line):\(d.column): \(clean(d.message))" }
            let what = report.stage == .module ? "does not compile" : "does not compile against the tests"
            guard let first else { return allError("does not compile", "\(what): the hidden tests do not compile against this code") }
            return allError("does not compile", "\(what); the compiler says:\n\(first)")
        case .run:
            break
        }

        let byID = Dictionary(report.tests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let list: [ExpectedTest] = expected ?? expectedTests(lesson, verdicts: report.tests.filter { $0.id.hasPrefix("\(lesson.module)Tests.") || $0.id.hasPrefix("\(lesson.module)Tests/") })
        var tests: [GradedTest] = []
        for test in list {
            guard let verdict = byID[test.id] else {
                let why = report.tests.isEmpty ? ReportText.lastLine(report.output).map { "no test ran; the test program's last line:\n\(clean($0))" } ?? "no test ran; the test program printed nothing" : "this test did not run"
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
                // A hidden test's duration is the code's to set (sleep in proportion to what it read): never reported.
                durationMs: test.hidden ? 0 : verdict.durationMs ?? 0, hidden: test.hidden, file: verdict.file.map(clean), line: verdict.line))
        }
        var evidence = outcome.evidence
        if !outcome.unsteady.isEmpty {
            let named = outcome.unsteady.prefix(3).map { id in list.first { $0.id == id }.map { $0.hidden ? "a hidden test of \(lesson.id)" : "\"\($0.name)\"" } ?? id }
            evidence.append("the same program gave another verdict when it ran again: \(named.joined(separator: ", "))\(outcome.unsteady.count > 3 ? " and \(outcome.unsteady.count - 3) more" : "") passed one time and not the other (a verdict drawn from chance, the clock or where memory lands would make a regrade differ)")
        }
        let stray = report.tests.filter { verdict in !list.contains { $0.id == verdict.id } }
        for verdict in stray.prefix(10) { evidence.append("a test that is not the course's ran: \(verdict.id)") }
        evidence = evidence.map { Self.label(clean($0), tests: list, lesson: lesson.id) }

        let status: Status = tests.allSatisfy { $0.status == .pass } ? .pass
            : tests.allSatisfy({ $0.status == .error }) ? .error : .fail
        var score = PointsAllocator.round2(tests.map(\.score).reduce(0, +))
        var message = ""
        var grading = LessonGrading.ok
        if !evidence.isEmpty {
            grading = .suspicious
            score = 0
            for index in tests.indices { tests[index].score = 0 }
            message = "suspicious, not counted: \(evidence[0])\(evidence.count > 1 ? " (and \(evidence.count - 1) more)" : "")"
        } else if let problem = outcome.gradingProblem {
            grading = .gradingError
            evidence = [problem]
            message = "grading error: \(problem)"
        } else if status == .error {
            message = Self.whyAllErrored(tests)
        }
        var graded = GradedLesson(lesson: lesson.id, status: status, message: message, score: score, maxScore: PointsAllocator.round2(maxPoints),
                                  tests: tests, grading: grading, evidence: evidence)
        var learnerShare: Double?
        if lesson.metadata.learnerTests != nil {
            let learner = grading == .ok
                ? gradeLearnerTests(lesson, intake: intake, folder: folder, studentDeadline: studentDeadline, credit: credit, clean: clean)
                : nil
            var entry = learner?.entry ?? GradedTest(name: Self.learnerTestsFunction, function: Self.learnerTestsFunction, lesson: lesson.id,
                                                     status: .error, errorKind: "not run", message: "not judged: the lesson was not counted",
                                                     output: "", score: 0, maxScore: 0, durationMs: 0, hidden: false, kind: "learner-tests")
            entry.kind = "learner-tests"
            graded.tests.append(entry)
            learnerShare = learner?.share ?? 0
            if entry.status != .pass, graded.status == .pass { graded.status = .fail }
        }
        addRules(to: &graded, lesson: lesson, intake: intake, clean: clean, learnerShare: learnerShare)
        return graded
    }

    /// Each rule of the lesson as an entry of its own ("rule: ID"), its points shared out like a test's; the student's
    /// own tests (`learnerShare`: the share of mistakes they caught) likewise, scored by that share.
    func addRules(to graded: inout GradedLesson, lesson: Lesson, intake: LessonIntake, clean: (String) -> String, learnerShare: Double? = nil) {
        let rules = ruleJudge.map { $0(lesson, intake.sourceFolder, intake.files) } ?? []
        guard !rules.isEmpty || learnerShare != nil else { return }
        let entries = Self.ruleEntries(rules, lesson: lesson, tests: graded.tests, clean: clean)
        graded.tests = entries.tests
        graded.tests += entries.rules
        if let learnerShare, let index = graded.tests.firstIndex(where: { $0.kind == "learner-tests" }) {
            graded.tests[index].score = PointsAllocator.round2(graded.tests[index].maxScore * max(0, min(1, learnerShare)))
        }
        if graded.grading != .ok { for index in graded.tests.indices { graded.tests[index].score = 0 } }
        graded.score = PointsAllocator.round2(graded.tests.map(\.score).reduce(0, +))
        graded.maxScore = PointsAllocator.round2(graded.tests.map(\.maxScore).reduce(0, +))
        if graded.status == .pass, entries.rules.contains(where: { $0.status != .pass }) { graded.status = .fail }
    }

    /// Tests and rules share the lesson's points: `test_points` and each rule's `points` first,
    /// the rest evenly over the entries without their own.
    static func ruleEntries(_ rules: [RuleEntry], lesson: Lesson, tests: [GradedTest], clean: (String) -> String) -> (tests: [GradedTest], rules: [GradedTest]) {
        let keys = tests.map(\.function) + rules.map { "rule: \($0.id)" }
        var given = lesson.metadata.testPoints
        for rule in rules { if let points = rule.points { given["rule: \(rule.id)"] = points } }
        let points = PointsAllocator.allocate(points: lesson.metadata.points, testPoints: given, functions: keys)
        var newTests = tests
        for index in newTests.indices {
            newTests[index].maxScore = points[index]
            newTests[index].score = newTests[index].status == .pass ? points[index] : 0
        }
        // A rule says what working code must not do: code that does nothing keeps every rule, and has earned nothing by
        // it. A kept rule is worth the share of the lesson's test points the code earned (all of them: the rule's whole
        // points; half: half), so a stub that passes only the tests an inert object passes gets as little for the rules.
        let graded = newTests.filter { $0.kind != "learner-tests" }
        let testMax = graded.map(\.maxScore).reduce(0, +)
        let share = testMax > 0 ? graded.map(\.score).reduce(0, +) / testMax : (tests.contains { $0.status == .pass } ? 1 : 0)
        let ruleTests = rules.enumerated().map { offset, rule -> GradedTest in
            let maxScore = points[tests.count + offset]
            let first = rule.findings.first
            var message = rule.findings.prefix(5).map { "\(clean($0.file)):\($0.line): \(clean($0.message))" }.joined(separator: "\n")
            let kept = rule.findings.isEmpty && share > 0
            if rule.findings.isEmpty && share <= 0 { message = "kept, but no test of the lesson passed: a kept rule is worth the share of the tests' points the code earned" }
            if kept && share < 1 {
                message = "kept; worth \(Int((share * 100).rounded(.down)))% of its points: a kept rule is worth the share of the tests' points the code earned"
            }
            return GradedTest(name: "rule: \(rule.id)", function: "rule: \(rule.id)", lesson: lesson.id,
                              status: kept ? .pass : .fail, errorKind: nil, message: message, output: "",
                              score: kept ? (share >= 1 ? maxScore : PointsAllocator.round2(maxScore * share)) : 0, maxScore: maxScore, durationMs: 0, hidden: false,
                              file: first.map { clean($0.file) }, line: first?.line, kind: "rule")
        }
        return (newTests, ruleTests)
    }

    /// Why every test of a lesson is an error, in one line the instructor can act on.
    static func whyAllErrored(_ tests: [GradedTest]) -> String {
        var kinds: [String: Int] = [:]
        for test in tests { kinds[test.errorKind ?? "error", default: 0] += 1 }
        let summary = kinds.sorted { $0.value == $1.value ? $0.key < $1.key : $0.value > $1.value }
            .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let example = tests.first { !$0.hidden }?.message ?? tests.first.map { _ in "details of hidden tests are not shown" } ?? ""
        return "every test ended in an error (\(summary)): \(example.split(separator: "\n").first.map(String.init) ?? "")"
    }

    /// Test ids in evidence become what reports may show: a visible test's name, or "a hidden test of LESSON" (never
    /// which one: see `GradeReports.studentTests`).
    static func label(_ text: String, tests: [ExpectedTest], lesson: String) -> String {
        var result = text
        for test in tests {
            guard !test.id.isEmpty, result.contains(test.id) else { continue }
            result = result.replacingOccurrences(of: test.id, with: test.hidden ? "a hidden test of \(lesson)" : "\"\(test.name)\"")
        }
        for test in tests where test.hidden && !test.function.isEmpty {
            result = result.replacingOccurrences(of: test.function, with: "a hidden test")
            if !test.fileName.isEmpty { result = result.replacingOccurrences(of: test.fileName, with: "a hidden file") }
        }
        return trim(result, to: 400)
    }

    /// Lines only the course holds (hidden tests, the reference solutions of every lesson): none may
    /// reach a report through what a test printed. The starters' and the public tests' lines are not secret.
    func courseSecrets(_ lessons: [Lesson]) -> Set<String> {
        func lines(_ folder: String, keep: (String) -> Bool = { _ in true }) -> Set<String> {
            var found: Set<String> = []
            for file in (try? fileSystem.filesRecursively(folder, withExtension: "swift")) ?? [] where keep((file as NSString).lastPathComponent) {
                guard let text = try? fileSystem.readText("\(folder)/\(file)") else { continue }
                for line in text.split(separator: "\n") {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    if trimmed.count >= Self.secretLineLength { found.insert(trimmed) }
                }
            }
            return found
        }
        var secret: Set<String> = []
        var open: Set<String> = []
        for lesson in lessons {
            let hidden = Set(lesson.metadata.hiddenTests.map { ($0 as NSString).lastPathComponent })
            secret.formUnion(lines(lesson.solutionSources))
            secret.formUnion(lines(lesson.tests) { hidden.contains($0) })
            open.formUnion(lines(lesson.sources))
            open.formUnion(lines(lesson.tests) { !hidden.contains($0) })
        }
        return secret.subtracting(open)
    }

    static let secretLineLength = 24

    /// The course's secrets less what the student wrote (their own code is theirs to see).
    func secrets(_ all: Set<String>, less intake: SubmissionIntake) -> Set<String> {
        guard !all.isEmpty else { return [] }
        var result = all
        for lesson in intake.lessons.values {
            for file in lesson.files {
                for line in ((try? fileSystem.readText(file)) ?? "").split(separator: "\n") {
                    result.remove(line.trimmingCharacters(in: .whitespaces))
                }
            }
        }
        return result
    }

    /// `text`, unless it quotes a secret line: then only a note that it was withheld.
    static func withheld(_ text: String, secrets: Set<String>) -> String {
        guard !secrets.isEmpty, !text.isEmpty else { return text }
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.count >= secretLineLength, secrets.contains(trimmed) {
                return "[withheld: this text quotes the course's hidden tests or reference solution]"
            }
        }
        return text
    }

    /// Many notes of one kind become one: "2,000 files: ... (first: path)".
    static func summarized(_ notes: [IntakeNote], each: Int = 5, total: Int = 40) -> [IntakeNote] {
        var groups: [String: [IntakeNote]] = [:]
        var order: [String] = []
        for note in notes {
            let key = "\(note.lesson ?? "")\u{0}\(note.problem.replacingOccurrences(of: #"\d+"#, with: "#", options: .regularExpression))"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(note)
        }
        var result: [IntakeNote] = []
        for key in order {
            let group = groups[key]!
            if group.count <= each {
                result += group
            } else {
                result += group.prefix(each - 1)
                let rest = group.dropFirst(each - 1)
                result.append(IntakeNote(lesson: group[0].lesson, path: "\(rest.first!.path) and \(rest.count - 1) more",
                                         problem: "\(rest.count) more files: \(rest.first!.problem)"))
            }
        }
        if result.count > total {
            let cut = result.count - (total - 1)
            result = Array(result.prefix(total - 1))
            result.append(IntakeNote(lesson: nil, path: "(submission)", problem: "\(cut) more notes not listed"))
        }
        return result
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
        for lesson in graded where lesson.status == .error || lesson.grading != .ok {
            // Only the grader's own first line: what the compiler or the program said stays in the lesson's quote.
            parts.append("\(lesson.lesson): \(ReportText.headline(lesson.message))")
        }
        if !intake.notes.isEmpty { parts.append("\(intake.notes.count) note\(intake.notes.count == 1 ? "" : "s") about the submission") }
        return StudentGrade(student: intake.student, status: status, message: parts.joined(separator: "; "), score: score,
                            maxScore: maxScore, lessons: graded, notes: intake.notes, failure: nil, submissionSHA256: intake.sha256)
    }
}

/// Vetting and rules over a lesson's files, as the grader's closures.
struct CourseVetting: Sendable {
    var vetters: [String: SubmissionVetter]
    var fileSystem: any FileSystem
    /// The numbers each lesson states, for `no-unstated-numbers` (the same for every student).
    let stated = OnceCache<Set<Int>>()
    /// The compiler's reading of the code, for vetting (`ProgramVetter`) and the rules (`MeaningJudge`);
    /// nil: the token reader alone.
    var reading: ProgramReading?

    func texts(_ folder: String, _ files: [String]) -> [(name: String, text: String)] {
        files.map { (name: DiagnosticParser.relative($0, to: folder), text: (try? fileSystem.readText($0)) ?? "") }
    }

    @Sendable func vet(_ lesson: Lesson, _ folder: String, _ files: [String], deadline: Date? = nil) -> [GradeFinding] {
        guard let vetter = vetters[lesson.id] else { return [] }
        // A file that is not valid UTF-8 is read by the compiler one way and by every other reader another
        // (Foundation gives no text at all): vetting would judge other code than the compiler builds.
        let unreadable = files.filter { file in
            guard let data = try? fileSystem.read(file) else { return true }
            return String(data: data, encoding: .utf8) == nil
        }
        if !unreadable.isEmpty {
            return unreadable.map { file in
                GradeFinding(file: DiagnosticParser.relative(file, to: folder), line: 1, rule: "vetting:encoding",
                             message: "This file is not valid UTF-8 text: graded code is UTF-8, so that the compiler and the grader read the same code. Save it as UTF-8.")
            }
        }
        let program = reading?.program(lesson, folder, files, deadline: deadline)
        var tokens = vetter
        tokens.compilerReadsNames = program != nil
        let read = texts(folder, files)
        var findings = tokens.vet(read)
        if let program {
            findings += ProgramVetter(module: lesson.module, imports: lesson.metadata.allowedImports, namesTheTestsUse: vetter.namesTheTestsUse,
                                      givenFiles: lesson.metadata.fileSystem ? nil : Set(LessonFiles.fixed(lesson, fileSystem: fileSystem))).vet(program)
            findings += Self.subscriptDefaults(program, texts: read)
        }
        return findings.map(GradeFinding.init)
    }

    /// A subscript's default argument is compiled, but neither of the compiler's readings prints it, so no rule and no
    /// vetting could judge it: refused wherever the compiler says a subscript is declared. The text is read only from
    /// there (the subscript's own line, up to its parameters' closing parenthesis), where no literal can stand before a
    /// parameter's `=`, so text between regex literals elsewhere cannot move or hide it.
    static func subscriptDefaults(_ program: ResolvedProgram, texts: [(name: String, text: String)]) -> [RuleFinding] {
        var byName: [String: [Substring]] = [:]
        for (name, text) in texts { byName[name] = text.split(separator: "\n", omittingEmptySubsequences: false) }
        var found: [RuleFinding] = []
        for member in program.members.values where member.kind == "subscript_decl" && !member.isImplicit {
            guard let lines = byName[member.file], member.line >= 1, member.line <= lines.count else { continue }
            let rest = lines[(member.line - 1)...].joined(separator: "\n")
            if Self.declaresADefault(subscriptText: rest) {
                found.append(RuleFinding(file: member.file, line: member.line, rule: "vetting:subscript-default", messages: LocalizedText(
                    english: "A subscript's parameter has a default value here: the compiler builds that code, but its reading never shows it, so the grader cannot judge it. Graded code gives subscript parameters no default value.",
                    chinese: "这里给下标（subscript）的参数设了默认值：编译器会编译这段代码，但它的读取结果里从不显示它，评分程序无法判断。被评分的代码不给下标参数设默认值。")))
            }
        }
        return found
    }

    /// Whether the first subscript declared in `text` gives a parameter a default: an `=` at the top level of its
    /// parameter clause. Read as tokens, as the compiler reads it: a comment or a string that says `subscript(` is
    /// neither the keyword nor its clause, and a generic clause (`subscript<Tag>(...)`) comes before the parameters.
    static func declaresADefault(subscriptText text: String) -> Bool {
        let tokens = SwiftLexer.tokens(of: text)
        guard var index = tokens.firstIndex(where: { $0.isIdentifier && $0.text == "subscript" }) else { return false }
        index += 1
        // The generic clause, however long: its angle brackets counted until they close (`->` is an arrow, not one).
        if index < tokens.count, tokens[index].text.hasPrefix("<") {
            var angles = 0
            while index < tokens.count {
                let token = tokens[index]
                if token.kind == .operator || token.kind == .punctuation, token.text != "->" {
                    angles += token.text.filter { $0 == "<" }.count - token.text.filter { $0 == ">" }.count
                }
                index += 1
                if angles <= 0 { break }
            }
        }
        guard index < tokens.count, tokens[index].is("(") else { return true }
        var depth = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.is("(") || token.is("[") {
                depth += 1
            } else if token.is(")") || token.is("]") {
                depth -= 1
                if depth == 0 { return false }
            } else if token.is("="), depth == 1 {
                return true
            }
            index += 1
        }
        return false
    }

    /// The entry of every lesson that stands for the rules it has without listing them (`CourseRules`): what
    /// `kata check` refuses in every lesson costs points in a grade too.
    static let courseRulesID = "course-wide"

    /// The rule entries of a lesson, in the order `rules` gives them: its own rules, then the course-wide one.
    static func ruleIDs(of lesson: Lesson) -> [(id: String, points: Double?)] {
        lesson.metadata.rules.map { ($0.id, $0.points) } + [(courseRulesID, nil)]
    }

    @Sendable func rules(_ lesson: Lesson, _ folder: String, _ files: [String]) -> [RuleEntry] {
        let rules = lesson.metadata.rules
        let read = texts(folder, files)
        var findings = rules.isEmpty ? [] : RuleChecker(rules: rules).findings(in: SourceModel.read(read))
        if let program = reading?.program(lesson, folder, files, last: true) {
            findings = LessonChecker.merge(findings, MeaningJudge(rules: rules).findings(in: program))
        }
        let shown = read.map { (shown: $0.name, text: $0.text) }
        if UnstatedNumbers.holdsCandidates(shown) {
            findings = LessonChecker.merge(findings, UnstatedNumbers.findings(in: shown, stated: statedNumbers(lesson)))
        }
        let course = findings.filter { CourseRules.ids.contains($0.rule) }.map { finding in
            var graded = GradeFinding(finding)
            graded.message = "[\(finding.rule)] \(finding.message)"
            return graded
        }
        return rules.map { rule in
            RuleEntry(id: rule.id, points: rule.points, findings: findings.filter { $0.rule == rule.id }.map(GradeFinding.init))
        } + [RuleEntry(id: Self.courseRulesID, points: nil, findings: course)]
    }

    /// The whole numbers the lesson states (its texts and its starter), as `kata check` reads them; read once per lesson.
    func statedNumbers(_ lesson: Lesson) -> Set<Int> {
        stated.value(for: lesson.id) {
            UnstatedNumbers.stated(in: UnstatedNumbers.lessonTexts(lesson, fileSystem: fileSystem) + UnstatedNumbers.sourceTexts(lesson, fileSystem: fileSystem))
        } ?? []
    }
}

/// When each student's first lesson started: the student's time cap counts from there.
private final class StudentClocks: @unchecked Sendable {
    private let lock = NSLock()
    private var starts: [Date?]
    private var credits: [Double]
    init(count: Int) {
        starts = Array(repeating: nil, count: count)
        credits = Array(repeating: 0, count: count)
    }
    func start(_ index: Int, now: Date) -> Date {
        lock.withLock {
            if let start = starts[index] { return start }
            starts[index] = now
            return now
        }
    }
    /// The student's deadline: the budget from the first lesson's start, plus the time the student's programs waited
    /// for another's to finish (see `ProgramPhases`), which is not the student's.
    func deadline(_ index: Int, now: Date, budget: Double) -> Date {
        let start = self.start(index, now: now)
        return lock.withLock { start.addingTimeInterval(budget + credits[index]) }
    }
    func credit(_ index: Int, _ seconds: Double) {
        lock.withLock { credits[index] += max(0, seconds) }
    }
    private var paused: [Int: Date] = [:]
    /// A lesson of the student's first pass ended: their clock stops here until their second pass starts.
    func pause(_ index: Int, now: Date) {
        lock.withLock { paused[index] = max(paused[index] ?? now, now) }
    }
    /// The student's second pass starts: the time between the passes (other students' first passes) is not theirs.
    func resume(_ index: Int, now: Date) {
        lock.withLock {
            guard let since = paused.removeValue(forKey: index) else { return }
            credits[index] += max(0, now.timeIntervalSince(since))
        }
    }
}

/// When a lesson's programs run in a class's grading: `whole`, all at once; `visibleFirst`, the visible tests' program
/// only (its outcome kept); `hiddenAfter`, in the second pass, the hidden tests' program, with the visible outcome kept.
enum LessonPhase: Sendable {
    case whole, visibleFirst, hiddenAfter
}

/// The visible runs of the first pass, by student folder and lesson, until the second pass takes them.
final class VisibleRuns: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [String: Grader.RunOutcome?] = [:]
    func keep(_ key: String, _ outcome: Grader.RunOutcome?) { lock.withLock { outcomes[key] = .some(outcome) } }
    func isKept(_ key: String) -> Bool { lock.withLock { outcomes[key] != nil } }
    func take(_ key: String) -> Grader.RunOutcome? { lock.withLock { outcomes.removeValue(forKey: key) ?? nil } }
}

/// Keeps a program that runs hidden tests from running at the same time as one whose output reaches a student.
/// Programs that run at once share the machine (its memory counters, its CPU, its clock's pace), and whatever one
/// changes the other can read: a hidden-test program could spell a hidden test's name in how much memory it holds
/// while a visible one, of the same student or a classmate, reads it and prints it. So the two kinds take turns:
/// any number of programs of one kind run together, never one of each; a kind that waits goes next.
final class ProgramPhases: @unchecked Sendable {
    private let condition = NSCondition()
    private var running = [0, 0]
    private var waiting = [0, 0]

    /// Runs `body` in its turn, handing it how many seconds it waited for the other kind.
    func run<T>(hidden: Bool, clock: any Clock, _ body: (Double) -> T) -> T {
        let mine = hidden ? 1 : 0, other = 1 - mine
        let asked = clock.now()
        condition.lock()
        waiting[mine] += 1
        while running[other] > 0 || (waiting[other] > 0 && running[mine] > 0) { condition.wait() }
        waiting[mine] -= 1
        running[mine] += 1
        condition.unlock()
        let waited = max(0, clock.now().timeIntervalSince(asked))
        defer {
            condition.lock()
            running[mine] -= 1
            condition.broadcast()
            condition.unlock()
        }
        return body(waited)
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

/// The compiler's reading of a submission's lesson, made once and kept for vetting and the rules.
final class ProgramReading: @unchecked Sendable {
    let reader: ProgramReader
    let fileSystem: any FileSystem
    /// The grader's clock, which student deadlines are read on.
    let clock: any Clock
    private let lock = NSLock()
    private var programs: [String: ResolvedProgram?] = [:]

    /// The largest reading of a lesson the grader decodes in its own process.
    static let largestReading = 8 * 1024 * 1024

    init(reader: ProgramReader, fileSystem: any FileSystem, clock: any Clock = SystemClock()) {
        self.reader = reader
        self.fileSystem = fileSystem
        self.clock = clock
    }

    /// Nil when the compiler gives no reading (code that does not compile: its build says why).
    /// `last`: the last use of this reading (the rules, after the run): it is not kept.
    /// `deadline`: the student's budget, which the reading's compile counts against (a reading stopped by it is no reading).
    func program(_ lesson: Lesson, _ folder: String, _ files: [String], last: Bool = false, deadline: Date? = nil) -> ResolvedProgram? {
        let inputs = files.sorted().map { (path: $0, shown: DiagnosticParser.relative($0, to: folder), text: (try? fileSystem.readText($0)) ?? "") }
        var hasher = SHA256()
        hasher.update(part: lesson.id)
        hasher.update(part: folder)
        for input in inputs { hasher.update(part: input.shown); hasher.update(part: input.text) }
        let key = hasher.hexDigest()
        if let known = lock.withLock({ last ? programs.removeValue(forKey: key) : programs[key] }) { return known }
        var reader = reader
        if let deadline {
            let left = deadline.timeIntervalSince(clock.now())
            guard left > 0 else { return nil }
            reader.timeout = min(reader.timeout, left)
        }
        let program = reader.read(module: lesson.module, files: inputs)
        // A reading that failed under a timeout the budget shortened is not kept: with more time it may succeed.
        if program == nil && reader.timeout < self.reader.timeout { return nil }
        if !last { lock.withLock { programs[key] = .some(program) } }
        return program
    }
}

/// Values made once per key, whichever thread asks first; later askers get the same value.
final class OnceCache<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]

    /// The value made for `key`, if one was.
    func value(for key: String) -> Value? {
        lock.withLock { values[key] }
    }

    func value(for key: String, make: () -> Value?) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        if let value = values[key] { return value }
        guard let made = make() else { return nil }
        values[key] = made
        return made
    }
}

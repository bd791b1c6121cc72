import Foundation
import Testing
@testable import KataCore

/// The grader's decisions that need no compiler: vetting, compiles stopped by its own clock.
@Suite("Grader: rejected code, grading errors")
struct GraderTests {
    static let metadata = LessonMetadata(module: "Greeting", title: LocalizedText(english: "G", chinese: "问"),
                                         summary: LocalizedText(english: "G", chinese: "问"), hints: [], points: 10)
    static let lesson = Lesson(id: "01-greeting", number: 1, slug: "greeting", metadata: metadata, root: "/course")

    func grader(_ runner: ScriptedProcessRunner, fileSystem: InMemoryFileSystem) -> Grader {
        let sandbox = Sandbox(isolation: .reduced, detail: "limits only", unshare: nil, prlimit: nil, limits: GradeLimits())
        return Grader(course: Course(root: "/course", lessons: [Self.lesson]), toolchain: Toolchain(swiftc: "/usr/bin/swiftc", identity: "6.3"),
                      fileSystem: fileSystem, processRunner: runner, clock: FixedClock(), sandbox: sandbox, limits: GradeLimits(),
                      scratch: "/scratch", jobs: 1)
    }

    @Test("a verdict counts only if the second run gives it again: a pass that then fails, crashes or times out, and a failure that then passes, are unsteady; the same verdict, or none, is not")
    func secondRunVerdicts() {
        func verdict(_ id: String, _ status: Status, _ kind: ErrorKind? = nil) -> TestVerdict {
            TestVerdict(name: id, id: id, status: status, message: "", errorKind: kind)
        }
        let first = [verdict("steady", .pass), verdict("fails", .pass), verdict("crashes", .pass), verdict("hangs", .pass),
                     verdict("heals", .fail), verdict("still-fails", .fail), verdict("gone", .pass), verdict("crashed-first", .error, .crashed)]
        let second = [verdict("steady", .pass), verdict("fails", .fail), verdict("crashes", .error, .crashed), verdict("hangs", .error, .timedOut),
                      verdict("heals", .pass), verdict("still-fails", .fail), verdict("crashed-first", .pass)]
        #expect(Grader.unsteady(first: first, second: second) == ["fails", "crashes", "hangs", "heals"])
    }

    @Test("the compiler's reading of a student's code is a compile of that student's: it stops at the student's deadline, and none starts after it")
    func readingKeepsToTheBudget() {
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("/scratch/src/Sources/Greeter.swift", "struct Greeter {}\n")
        let runner = ScriptedProcessRunner { _ in ProcessResult(termination: .exited(1), output: "") }
        let clock = FixedClock()
        var reader = ProgramReader(swiftc: "/usr/bin/swiftc", processRunner: runner, environment: [:])
        reader.timeout = 180
        let reading = ProgramReading(reader: reader, fileSystem: fileSystem, clock: clock)
        let files = ["/scratch/src/Sources/Greeter.swift"]
        _ = reading.program(Self.lesson, "/scratch/src", files, deadline: clock.now().addingTimeInterval(30))
        #expect(runner.requests.map(\.timeout) == [30], "the reading gets what is left of the budget, not the compile cap")
        _ = reading.program(Self.lesson, "/scratch/src", files, deadline: clock.now().addingTimeInterval(-1))
        #expect(runner.requests.count == 1, "no reading starts once the budget is spent")
        _ = reading.program(Self.lesson, "/scratch/src", files)
        #expect(runner.requests.last?.timeout == 180, "without a deadline: the compile cap (a reading the budget cut short is not kept)")
    }

    @Test("a subscript's default argument, which neither of the compiler's readings prints, is found from where the compiler says the subscript is, and from the object file")
    func subscriptDefaults() {
        #expect(CourseVetting.declaresADefault(subscriptText: "public subscript(slot: Int, engine: any Engine = V8Engine.shared) -> RaceCar {"))
        #expect(CourseVetting.declaresADefault(subscriptText: "subscript<T>(f: () -> T, p: Int =\n 3) -> T { f() }"), "an arrow in a parameter's type is no closing bracket")
        #expect(!CourseVetting.declaresADefault(subscriptText: "subscript(i: Int) -> Int { let x = 1; return x + i }"), "an = in the body is no default")
        #expect(!CourseVetting.declaresADefault(subscriptText: "subscript(f: (Int) -> Int, m: [String: Int]) -> Int { 0 }"))
        // Read as the compiler reads it: a comment naming `subscript()` first, a generic clause of any length.
        #expect(CourseVetting.declaresADefault(subscriptText: "/* subscript() */ subscript<Tag>(lap: Int = garage().shared.horsepower, tag: Tag) -> String {"))
        #expect(CourseVetting.declaresADefault(subscriptText: "subscript<\((1...40).map { "T\($0): Equatable" }.joined(separator: ", "))>(x: Int = 1) -> Int { x }"))
        #expect(!CourseVetting.declaresADefault(subscriptText: "subscript<T>(x: T) -> String { \"subscript(a: Int = 1)\" }"), "a string is no clause")
        #expect(Grader.isUnseenCode(demangled: "default argument 0 of M.PitBoard.subscript<A>(lap: Swift.Int, tag: A) -> Swift.String"))
        #expect(Grader.isUnseenCode(demangled: "default argument 1 of M.S.subscript(Swift.Int, Swift.Int) -> Swift.Int"))
        #expect(!Grader.isUnseenCode(demangled: "default argument 1 of M.S.f(i: Swift.Int, p: Swift.Int) -> Swift.Int"), "a function's default argument is in the reading")
    }

    @Test("a hidden-test program never runs while a program whose output reaches a student does: they take turns, any number of one kind at once, and a kind that waits goes next")
    func hiddenAndVisibleTakeTurns() {
        /// What runs now, by kind, and how often both kinds ran at once.
        final class Watch: @unchecked Sendable {
            let lock = NSLock()
            var running = [0, 0], overlaps = 0
            func enter(_ kind: Int) { lock.withLock { running[kind] += 1; if running[0] > 0 && running[1] > 0 { overlaps += 1 } } }
            func leave(_ kind: Int) { lock.withLock { running[kind] -= 1 } }
        }
        let phases = ProgramPhases(), watch = Watch()
        DispatchQueue.concurrentPerform(iterations: 24) { index in
            let hidden = index % 3 == 0
            phases.run(hidden: hidden, clock: SystemClock()) { _ in
                watch.enter(hidden ? 1 : 0)
                Thread.sleep(forTimeInterval: 0.005)
                watch.leave(hidden ? 1 : 0)
            }
        }
        #expect(watch.overlaps == 0, "a hidden and a visible program ran at once \(watch.overlaps) times")
        #expect(watch.running == [0, 0])
    }

    @Test("the C math library's functions (what Double.rounded() calls) are no foreign call; every other C function is")
    func pureMath() {
        for symbol in ["ceil", "floor", "rint", "round", "sqrtf", "powl", "trunc", "fmod"] { #expect(!Grader.isForeignCall(symbol), "\(symbol)") }
        for symbol in ["write", "dup2", "getuid", "ceilx", "f", "l", "system"] { #expect(Grader.isForeignCall(symbol), "\(symbol)") }
    }

    @Test("a vetting finding rejects the lesson before anything is built, with rule, file and line")
    func rejectedIsNeverBuilt() {
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("/scratch/students/0/src/Lessons/01-greeting/Sources/Greeter.swift", "@_cdecl(\"fwrite\") func w() {}\n")
        let runner = ScriptedProcessRunner()
        var grader = grader(runner, fileSystem: fileSystem)
        grader.vetter = { _, _, _, _ in [GradeFinding(file: "Greeter.swift", line: 1, rule: "vetting:_cdecl", message: "`@_cdecl` replaces C functions")] }
        let expected = [ExpectedTest(id: "GreetingTests.S/a()/T.swift:3:4", name: "a", function: "a()", fileName: "T.swift", hidden: false, maxScore: 10)]
        let intake = LessonIntake(lesson: "01-greeting", files: ["/scratch/students/0/src/Lessons/01-greeting/Sources/Greeter.swift"],
                                  sourceFolder: "/scratch/students/0/src/Lessons/01-greeting/Sources", missing: nil)
        let graded = grader.gradeLesson(Self.lesson, intake: intake, folder: "/scratch/students/0", expected: expected)
        #expect(graded.grading == .rejected && graded.shownStatus == "rejected")
        #expect(graded.score == 0 && graded.tests.map(\.errorKind) == ["rejected"])
        #expect(graded.evidence == ["Greeter.swift:1: vetting:_cdecl: `@_cdecl` replaces C functions"])
        #expect(runner.requests.isEmpty, "nothing was compiled or run")
    }

    @Test("a file at the top of the submissions folder is not a student: it is named in the class's warnings, escaped; a folder or a link stays a student")
    func strayFilesAreNoStudents() throws {
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("/class/alice/Lessons/01-greeting/Sources/Greeter.swift", "public struct Greeter {}\n")
        fileSystem.add("/class/grades.csv", "student,total\n")
        fileSystem.add("/class/notes\u{1B}[31m.txt", "remember\n")
        let grader = grader(ScriptedProcessRunner(), fileSystem: fileSystem)
        let students = try grader.students(in: "/class")
        #expect(students.map(\.id) == ["alice"])
        #expect(grader.strayFiles(in: "/class").count == 2)
        let graded = grader.gradeClass(submissions: "/class", lessons: [], info: GradeReportTests.info)
        #expect(graded.students.map(\.student) == ["alice"])
        let warning = graded.info.warnings.first { $0.contains("not graded: 2 files") } ?? ""
        #expect(warning.contains("grades.csv"), "\(graded.info.warnings)")
        #expect(!warning.contains("\u{1B}"), "a name is shown escaped: \(warning.debugDescription)")
    }

    @Test("a lesson not started has the same entries as a graded one: its tests and its rules, sharing the same points")
    func notStartedHasTheRules() {
        var metadata = Self.metadata
        metadata.rules = [LessonRule(id: "no-shared-name", kind: .forbiddenReference, fix: LocalizedText(english: "Hand it over", chinese: "交给它"))]
        let lesson = Lesson(id: "01-greeting", number: 1, slug: "greeting", metadata: metadata, root: "/course")
        var grader = grader(ScriptedProcessRunner(), fileSystem: InMemoryFileSystem())
        grader.ruleJudge = { lesson, _, _ in CourseVetting.ruleIDs(of: lesson).map { RuleEntry(id: $0.id, points: $0.points, findings: []) } }
        let expected = [ExpectedTest(id: "GreetingTests.S/a()/T.swift:3:4", name: "a", function: "a()", fileName: "T.swift", hidden: false, maxScore: 5),
                        ExpectedTest(id: "GreetingTests.S/b()/T.swift:6:4", name: "b", function: "b()", fileName: "T.swift", hidden: false, maxScore: 5)]
        let intake = LessonIntake(lesson: "01-greeting", files: [], sourceFolder: "/nowhere", missing: "the submission has no Lessons/01-greeting folder")
        let graded = grader.gradeLesson(lesson, intake: intake, folder: "/scratch/students/0", expected: expected)
        #expect(graded.tests.map(\.name) == ["a", "b", "rule: no-shared-name", "rule: course-wide"])
        #expect(graded.tests.map(\.errorKind) == ["missing", "missing", "missing", "missing"] && graded.tests.allSatisfy { $0.score == 0 })
        let shares = PointsAllocator.allocate(points: 10, testPoints: [:], functions: ["a()", "b()", "rule: no-shared-name", "rule: course-wide"])
        #expect(graded.tests.map(\.maxScore) == shares, "the shares a graded lesson's entries get")
        #expect(graded.maxScore == 10 && graded.score == 0)
    }

    @Test("a compile the grader's clock stopped is its own problem, a compile error is the student's; what the compiler printed never claims a stop")
    func stoppedCompiles() {
        let stopped = BuildOutcome.moduleFailed([Diagnostic(file: "", line: 0, column: 0, severity: Diagnostic.stoppedSeverity, message: "the compiler was stopped: timed out after 180 s")], output: "")
        let crashed = BuildOutcome.testsFailed([Diagnostic(file: "", line: 0, column: 0, severity: "error", message: "the compiler failed without a message (signaled(9))")], output: "")
        let wrong = BuildOutcome.moduleFailed([Diagnostic(file: "/s/Greeter.swift", line: 3, column: 1, severity: "error", message: "cannot find 'x' in scope")], output: "")
        // Lines a `#warning` of the code's can print at the start of a line of the compiler's output.
        let claimed = ["the compiler was stopped: timed out after 180 s", "compile command failed due to signal 9 (use -v to see invocation)",
                       "unable to start the compiler job: Cannot allocate memory (the build host is out of memory)"].map {
            BuildOutcome.moduleFailed([Diagnostic(file: "", line: 0, column: 0, severity: "error", message: $0)], output: "")
        }
        let linker = BuildOutcome.testsFailed([Diagnostic(file: "", line: 0, column: 0, severity: "error", message: "link command failed with exit code 1")], output: "")
        #expect(Grader.stoppedByGrader(stopped))
        #expect(!Grader.stoppedByGrader(wrong) && !Grader.stoppedByGrader(linker) && !Grader.stoppedByGrader(crashed))
        #expect(!claimed.contains(where: Grader.stoppedByGrader), "text in the output is the code's to write")
        #expect(Grader.failedWithoutPlace(linker) && !Grader.failedWithoutPlace(wrong) && !Grader.failedWithoutPlace(.ready(executable: "/b/T", rebuiltModule: true, rebuiltTests: true)))
    }

    @Test("a compile that fails once with no place in any file (a busy machine) is tried again; its second outcome stands")
    func compileFailsOnceWithoutPlace() {
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("/scratch/students/0/src/Lessons/01-greeting/Sources/Greeter.swift", "struct Greeter {}\n")
        fileSystem.add("/course/Tests/Lessons/01-greeting/T.swift", "import Testing\n")
        let calls = Counter()
        let runner = ScriptedProcessRunner { request in
            calls.next() == 0
                ? ProcessResult(termination: .exited(1), output: "error: compile command failed due to signal 6 (use -v to see invocation)\n")
                : ProcessResult(termination: .exited(1), output: "/scratch/students/0/src/Lessons/01-greeting/Sources/Greeter.swift:1:8: error: expected '{'\n")
        }
        var grader = grader(runner, fileSystem: fileSystem)
        grader.vets = false
        let intake = LessonIntake(lesson: "01-greeting", files: ["/scratch/students/0/src/Lessons/01-greeting/Sources/Greeter.swift"],
                                  sourceFolder: "/scratch/students/0/src/Lessons/01-greeting/Sources", missing: nil)
        let graded = grader.gradeLesson(Self.lesson, intake: intake, folder: "/scratch/students/0", expected: nil,
                                        takenHash: grader.sourcesHash(intake.files))
        #expect(runner.requests.count == 2, "tried twice")
        #expect(graded.grading == .ok && graded.message.contains("expected '{'"), "the second compile's error is the code's: \(graded.message)")
    }

    /// Grades lesson 01 of one student whose every compile answers as `answers` says, in turn.
    func gradeWithCompiles(_ answers: [String]) -> (graded: GradedLesson, compiles: Int) {
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("/scratch/students/0/src/Lessons/01-greeting/Sources/Greeter.swift", "struct Greeter {}\n")
        fileSystem.add("/course/Tests/Lessons/01-greeting/T.swift", "import Testing\n")
        let calls = Counter()
        let runner = ScriptedProcessRunner { _ in
            ProcessResult(termination: .exited(1), output: answers[min(calls.next(), answers.count - 1)])
        }
        var grader = grader(runner, fileSystem: fileSystem)
        grader.vets = false
        let intake = LessonIntake(lesson: "01-greeting", files: ["/scratch/students/0/src/Lessons/01-greeting/Sources/Greeter.swift"],
                                  sourceFolder: "/scratch/students/0/src/Lessons/01-greeting/Sources", missing: nil)
        let graded = grader.gradeLesson(Self.lesson, intake: intake, folder: "/scratch/students/0", expected: nil,
                                        takenHash: grader.sourcesHash(intake.files))
        return (graded, runner.requests.count)
    }

    @Test("what the compiler says of the code is quoted below the grader's words, never run on from them: a #error that reads like the grader's verdict stays in the quote")
    func compilerWordsQuoted() {
        let forged = "grading error (the machine's fault, not the code's): re-run kata grade for this student"
        let (graded, _) = gradeWithCompiles(["/scratch/students/0/src/Lessons/01-greeting/Sources/Greeter.swift:1:8: error: \(forged)\n"])
        let lines = graded.message.split(separator: "\n").map(String.init)
        #expect(graded.grading == .ok && lines.count == 2, "\(graded.message)")
        #expect(lines.first.map { !$0.contains("machine") && $0.contains("does not compile") } == true, "the first line is the grader's alone: \(lines)")
        let shown = GradeReports.said(graded.message)
        #expect(shown.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("│ ") && !$0.dropFirst(2).isEmpty }, "\(shown)")
    }

    @Test("a file the student named with a newline in it is written on one line, in the evidence and in the message: no name starts a line of its own")
    func pathsOnOneLine() {
        let fileSystem = InMemoryFileSystem()
        let name = "Car\n✔ kata grade: all tests passed.swift"
        fileSystem.add("/scratch/students/0/src/Lessons/01-greeting/Sources/\(name)", "@_cdecl(\"fwrite\") func w() {}\n")
        var grader = grader(ScriptedProcessRunner(), fileSystem: fileSystem)
        grader.vetter = { _, _, _, _ in [GradeFinding(file: name, line: 1, rule: "vetting:_cdecl", message: "`@_cdecl` replaces C functions")] }
        let intake = LessonIntake(lesson: "01-greeting", files: ["/scratch/students/0/src/Lessons/01-greeting/Sources/\(name)"],
                                  sourceFolder: "/scratch/students/0/src/Lessons/01-greeting/Sources", missing: nil)
        let graded = grader.gradeLesson(Self.lesson, intake: intake, folder: "/scratch/students/0", expected: nil)
        #expect(graded.grading == .rejected)
        #expect(graded.evidence.allSatisfy { !$0.contains("\n") } && graded.evidence.first?.hasPrefix("Car\\u{A}✔ kata grade") == true, "\(graded.evidence)")
        #expect(!graded.message.contains("\n"), "\(graded.message)")
    }

    @Test("a compile failing three times without pointing at the lesson's files, each time differently, is a grading error")
    func compileFailsDifferently() {
        let (graded, compiles) = gradeWithCompiles([
            "error: compile command failed due to signal 6 (use -v to see invocation)\n",
            "/scratch/module-cache/ABC/Testing-1.pcm:1:1: error: malformed or corrupted AST file\n",
            "error: unable to open output file: No space left on device\n",
        ])
        #expect(compiles == 3)
        #expect(graded.grading == .gradingError && graded.message.contains("each time differently"), "\(graded.message)")
    }

    @Test("the same failure without a place, three times, is the code's; an error in the toolchain's files is tried again")
    func compileFailsTheSameWay() {
        let same = gradeWithCompiles(["error: link command failed with exit code 1 (use -v to see invocation)\n"])
        #expect(same.compiles == 3)
        #expect(same.graded.grading == .ok && same.graded.message.contains("does not compile"), "\(same.graded.message)")

        let cache = gradeWithCompiles([
            "/opt/swift/usr/lib/swift/linux/Testing.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface:1:1: error: failed to build module 'Testing'\n",
            "/scratch/students/0/src/Lessons/01-greeting/Sources/Greeter.swift:1:8: error: expected '{'\n",
        ])
        #expect(cache.compiles == 2)
        #expect(cache.graded.grading == .ok && cache.graded.message.contains("expected '{'"), "\(cache.graded.message)")
    }

    @Test("a compile stopped twice by the grader's clock is a grading error, tried with a longer limit first")
    func compileStoppedTwice() {
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("/scratch/students/0/src/Lessons/01-greeting/Sources/Greeter.swift", "struct Greeter {}\n")
        fileSystem.add("/course/Tests/Lessons/01-greeting/T.swift", "import Testing\n")
        let runner = ScriptedProcessRunner { _ in ProcessResult(termination: .killed(reason: "timed out after 180 s"), output: "") }
        var grader = grader(runner, fileSystem: fileSystem)
        grader.vets = false
        let intake = LessonIntake(lesson: "01-greeting", files: ["/scratch/students/0/src/Lessons/01-greeting/Sources/Greeter.swift"],
                                  sourceFolder: "/scratch/students/0/src/Lessons/01-greeting/Sources", missing: nil)
        let graded = grader.gradeLesson(Self.lesson, intake: intake, folder: "/scratch/students/0", expected: nil,
                                        takenHash: grader.sourcesHash(intake.files))
        #expect(graded.grading == .gradingError)
        #expect(graded.message.hasPrefix("grading error: the compiler was stopped twice"))
        #expect(runner.requests.map(\.timeout) == [180, 360])

        // The course's own solution built and ran in 12 s in this run: the machine is not too busy, the code is slow to compile.
        _ = grader.referenceSeconds.value(for: Self.lesson.id) { 12 }
        let slow = grader.gradeLesson(Self.lesson, intake: intake, folder: "/scratch/students/0", expected: nil,
                                      takenHash: grader.sourcesHash(intake.files))
        #expect(slow.grading == .ok, "the code's doing, not the machine's: \(slow.message)")
        #expect(slow.message.contains("while the course's own solution builds and runs here in 12 s"), "\(slow.message)")
    }
    @Test("compiles that fail differently with no place in the lesson's files are the code's while the course's own solution builds here quickly; the machine's only without that measure")
    func differentFailuresAreTheCodes() {
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("/scratch/students/0/src/Lessons/01-greeting/Sources/Greeter.swift", "struct Greeter {}\n")
        fileSystem.add("/course/Tests/Lessons/01-greeting/T.swift", "import Testing\n")
        let calls = Counter()
        // Each compile prints another place-less line (a `#warning` of the code's can print any), then fails.
        let runner = ScriptedProcessRunner { _ in
            ProcessResult(termination: .exited(1), output: "error: unable to execute command: swift-frontend lost its connection (\(calls.next()))\n")
        }
        var grader = grader(runner, fileSystem: fileSystem)
        grader.vets = false
        let intake = LessonIntake(lesson: "01-greeting", files: ["/scratch/students/0/src/Lessons/01-greeting/Sources/Greeter.swift"],
                                  sourceFolder: "/scratch/students/0/src/Lessons/01-greeting/Sources", missing: nil)
        let unmeasured = grader.gradeLesson(Self.lesson, intake: intake, folder: "/scratch/students/0", expected: nil, takenHash: grader.sourcesHash(intake.files))
        #expect(unmeasured.grading == .gradingError, "no measure of the machine: \(unmeasured.message)")
        _ = grader.referenceSeconds.value(for: Self.lesson.id) { 6 }
        let measured = grader.gradeLesson(Self.lesson, intake: intake, folder: "/scratch/students/0", expected: nil, takenHash: grader.sourcesHash(intake.files))
        #expect(measured.grading == .ok && measured.message.contains("while the course's own solution builds and runs here in 6 s"), "\(measured.message)")
    }

    @Test("one time budget per student covers the compiles: a compile gets what is left of it, and a budget used up is the code's, not the machine's")
    func compilesCountInTheBudget() {
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("/scratch/students/0/src/Lessons/01-greeting/Sources/Greeter.swift", "struct Greeter {}\n")
        fileSystem.add("/course/Tests/Lessons/01-greeting/T.swift", "import Testing\n")
        let clock = FixedClock()
        // Every compile runs until the grader stops it, and takes the whole time it was given.
        let runner = ScriptedProcessRunner { request in
            clock.advance(request.timeout ?? 0)
            return ProcessResult(termination: .killed(reason: "timed out after \(Int(request.timeout ?? 0)) s"), output: "")
        }
        let sandbox = Sandbox(isolation: .reduced, detail: "limits only", unshare: nil, prlimit: nil, limits: GradeLimits())
        var grader = Grader(course: Course(root: "/course", lessons: [Self.lesson]), toolchain: Toolchain(swiftc: "/usr/bin/swiftc", identity: "6.3"),
                            fileSystem: fileSystem, processRunner: runner, clock: clock, sandbox: sandbox, limits: GradeLimits(),
                            scratch: "/scratch", jobs: 1)
        grader.vets = false
        let intake = LessonIntake(lesson: "01-greeting", files: ["/scratch/students/0/src/Lessons/01-greeting/Sources/Greeter.swift"],
                                  sourceFolder: "/scratch/students/0/src/Lessons/01-greeting/Sources", missing: nil)
        let graded = grader.gradeLesson(Self.lesson, intake: intake, folder: "/scratch/students/0", expected: nil,
                                        takenHash: grader.sourcesHash(intake.files), studentDeadline: clock.now().addingTimeInterval(200))
        #expect(runner.requests.map(\.timeout) == [180, 20], "the second compile gets only what is left of the budget")
        #expect(graded.grading == .ok, "a budget used up is not the machine's fault")
        #expect(graded.message.contains("time budget (1200 s, compiles included) ran out while this lesson was compiled"), "\(graded.message)")
        #expect(graded.tests.allSatisfy { $0.errorKind == "timed out" })

        // Past the budget, the next lesson is not even built.
        let next = grader.gradeLesson(Self.lesson, intake: intake, folder: "/scratch/students/0", expected: nil,
                                      takenHash: grader.sourcesHash(intake.files), studentDeadline: clock.now())
        #expect(runner.requests.count == 2, "nothing more was compiled")
        #expect(next.message.contains("ran out before this lesson was graded"), "\(next.message)")
    }

    @Test("a file that is not valid UTF-8 is refused: the compiler and the grader's readers would read different code")
    func notUTF8() throws {
        let fileSystem = InMemoryFileSystem(["/sub/Lessons/01-greeting/Sources/Good.swift": "public struct Greeting {}\n"])
        var bytes = Array("// comment \u{1}".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\npublic func hello() {}\n".utf8)
        bytes[11] = 0x20
        try fileSystem.writeAtomically(Data(bytes), to: "/sub/Lessons/01-greeting/Sources/Bad.swift")
        let vetting = CourseVetting(vetters: [Self.lesson.id: SubmissionVetter(module: "Greeting", imports: [])],
                                    fileSystem: fileSystem, reading: nil)
        let folder = "/sub/Lessons/01-greeting/Sources"
        let findings = vetting.vet(Self.lesson, folder, ["\(folder)/Good.swift", "\(folder)/Bad.swift"])
        #expect(findings.map(\.rule) == ["vetting:encoding"] && findings.first?.file == "Bad.swift", "\(findings)")
        #expect(vetting.vet(Self.lesson, folder, ["\(folder)/Good.swift"]).isEmpty)
    }

    @Test("a kept rule is worth the share of the tests' points the code earned: nothing when no test passed, all when every test did, a quarter for a stub that passes only what an inert object passes")
    func rulesNeedAPassingTest() {
        func test(_ status: Status) -> GradedTest {
            GradedTest(name: "t", function: "t()", lesson: Self.lesson.id, status: status, errorKind: status == .error ? "crashed" : nil,
                       message: "", output: "", score: 0, maxScore: 5, durationMs: 1, hidden: false)
        }
        let kept = [RuleEntry(id: "no-shared", points: nil, findings: [])]
        let none = Grader.ruleEntries(kept, lesson: Self.lesson, tests: [test(.error), test(.fail)], clean: { $0 })
        #expect(none.rules.map(\.score) == [0] && none.rules.first?.message.contains("no test of the lesson passed") == true,
                "a program that stops before its first test keeps every rule, and earns nothing for it: \(none.rules)")
        let all = Grader.ruleEntries(kept, lesson: Self.lesson, tests: [test(.pass), test(.pass)], clean: { $0 })
        #expect(all.rules.first.map { $0.score > 0 && $0.score == $0.maxScore && $0.status == .pass } == true, "\(all.rules)")
        let stub = Grader.ruleEntries(kept, lesson: Self.lesson, tests: [test(.pass), test(.fail), test(.fail), test(.fail)], clean: { $0 })
        let rule = stub.rules[0]
        let earnedShare = stub.tests.map(\.score).reduce(0, +) / stub.tests.map(\.maxScore).reduce(0, +)
        #expect(abs(earnedShare - 0.25) < 0.001 && abs(rule.score - PointsAllocator.round2(rule.maxScore * earnedShare)) < 0.001 && rule.score < rule.maxScore,
                "one of four tests passed: a quarter of the rule's points, not all: \(rule)")
        #expect(rule.message.contains("25%"), "the entry says why it counts less: \(rule.message)")
    }
}

@Suite("Grading intake: files the lesson gives as they are")
struct FixedFilesIntakeTests {
    @Test("a lesson's sources are taken up to 256 KiB in all (25 times the course's largest solution): past that a file is left out with a note, so the grader's own reading and judging stay bounded")
    func sourcesAreBounded() throws {
        let fileSystem = InMemoryFileSystem()
        let lesson = GraderTests.lesson
        fileSystem.add("/course/Lessons/01-greeting/Sources/Greeter.swift", "public struct Greeter {}\n")
        fileSystem.add("/class/max/Lessons/01-greeting/Sources/Greeter.swift", "public struct Greeter {}\n")
        let chain = (1...3_000).map { "    func pit\($0)() -> Int { pit\($0 + 1)() }" }.joined(separator: "\n")
        for part in 1...3 { fileSystem.add("/class/max/Lessons/01-greeting/Sources/Chain\(part).swift", "extension Greeter {\n\(chain)\n}\n") }
        let max = SubmissionIntakeReader(fileSystem: fileSystem).take(student: "max", folder: "/class/max", lessons: [lesson], course: "/course", scratch: "/scratch/max")
        let taken = max.lessons["01-greeting"]?.files ?? []
        let bytes = taken.compactMap { fileSystem.text($0)?.utf8.count }.reduce(0, +)
        #expect(bytes <= 256 * 1024 && taken.contains { $0.hasSuffix("Greeter.swift") }, "\(bytes) bytes taken: \(taken)")
        #expect(!max.notes.isEmpty, "what was left out is said")
    }

    @Test("a starter file that says 'You do not change this file' is graded as the course gives it: changed or missing, the course's copy is used, with a note")
    func fixedFilesComeFromTheCourse() throws {
        let fileSystem = InMemoryFileSystem()
        let lesson = GraderTests.lesson
        let given = "/// You do not change this file.\npublic final class V8Engine { public static let shared = V8Engine() }\n"
        fileSystem.add("/course/Lessons/01-greeting/Sources/V8Engine.swift", given)
        fileSystem.add("/course/Lessons/01-greeting/Sources/Greeter.swift", "public struct Greeter {}\n")
        fileSystem.add("/class/eve/Lessons/01-greeting/Sources/Greeter.swift", "public struct Greeter { let e = V8Engine.instance }\n")
        fileSystem.add("/class/eve/Lessons/01-greeting/Sources/V8Engine.swift", given.replacingOccurrences(of: "}\n", with: "\n public static let instance = shared }\n"))
        fileSystem.add("/class/bob/Lessons/01-greeting/Sources/Greeter.swift", "public struct Greeter {}\n")
        #expect(LessonFiles.fixed(lesson, fileSystem: fileSystem) == ["V8Engine.swift"])
        let reader = SubmissionIntakeReader(fileSystem: fileSystem)
        let eve = reader.take(student: "eve", folder: "/class/eve", lessons: [lesson], course: "/course", scratch: "/scratch/eve")
        #expect(fileSystem.text("/scratch/eve/Lessons/01-greeting/Sources/V8Engine.swift") == given)
        #expect(fileSystem.text("/scratch/eve/Lessons/01-greeting/Sources/Greeter.swift")?.contains("instance") == true, "the student's own files stay theirs")
        #expect(eve.notes.contains { $0.path.hasSuffix("V8Engine.swift") && $0.problem.contains("changed in the submission") })
        #expect(fileSystem.text("/class/eve/Lessons/01-greeting/Sources/V8Engine.swift")?.contains("instance") == true, "the submission is never modified")
        let bob = reader.take(student: "bob", folder: "/class/bob", lessons: [lesson], course: "/course", scratch: "/scratch/bob")
        #expect(fileSystem.text("/scratch/bob/Lessons/01-greeting/Sources/V8Engine.swift") == given)
        #expect(bob.lessons["01-greeting"]?.files.contains("/scratch/bob/Lessons/01-greeting/Sources/V8Engine.swift") == true)
        #expect(bob.notes.contains { $0.problem.hasPrefix("missing: a file the lesson gives") })
        // A folder named like the given file, holding the student's own version of it: it gives way, with what it holds.
        fileSystem.add("/class/mallory/Lessons/01-greeting/Sources/Greeter.swift", "public struct Greeter {}\n")
        fileSystem.add("/class/mallory/Lessons/01-greeting/Sources/V8Engine.swift/Engine.swift", "public final class V8Engine { public static let shared = V8Engine() }\n")
        let mallory = reader.take(student: "mallory", folder: "/class/mallory", lessons: [lesson], course: "/course", scratch: "/scratch/mallory")
        let taken = mallory.lessons["01-greeting"]?.files ?? []
        #expect(fileSystem.text("/scratch/mallory/Lessons/01-greeting/Sources/V8Engine.swift") == given, "the course's file takes the folder's place")
        #expect(taken.contains("/scratch/mallory/Lessons/01-greeting/Sources/V8Engine.swift") && !taken.contains { $0.contains("V8Engine.swift/") }, "\(taken)")
        #expect(mallory.notes.contains { $0.path.hasSuffix("V8Engine.swift") && $0.problem.hasPrefix("not a file in the submission") }, "\(mallory.notes)")
        #expect(fileSystem.text("/class/mallory/Lessons/01-greeting/Sources/V8Engine.swift/Engine.swift") != nil, "the submission is never modified")
    }
}

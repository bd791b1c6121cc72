import Foundation
import Testing
@testable import KataCore

/// A course in memory with one lesson, `01-engines`, whose tests include a hidden file.
private func teacherCourse(root: String = "/course") -> FakeKata {
    var kata = FakeKata()
    kata.workingDirectory = root
    let fs = kata.fileSystem
    fs.add("\(root)/Package.swift", "// the package\n")
    fs.add("\(root)/README.md", "# DI Kata\n")
    fs.add("\(root)/.gitignore", ".build/\n")
    fs.add("\(root)/Sources/kata/main.swift", "print(1)\n")
    fs.add("\(root)/Lessons/01-engines/lesson.json", lessonJSON(module: "Engines", extra: #", "hidden_tests": ["HiddenTests.swift"]"#))
    fs.add("\(root)/Lessons/01-engines/README.md", "# Engines\n")
    fs.add("\(root)/Lessons/01-engines/README.zh-Hans.md", "# 引擎\n")
    fs.add("\(root)/Lessons/01-engines/Sources/Engine.swift", "struct Engine {}\n")
    fs.add("\(root)/Tests/Lessons/01-engines/EngineTests.swift", "// visible\n")
    fs.add("\(root)/Tests/Lessons/01-engines/HiddenTests.swift", "// SECRET hidden expectation\n")
    fs.add("\(root)/Solutions/01-engines/Sources/Engine.swift", "struct Engine { let solved = true }\n")
    fs.add("\(root)/.kata/progress.json", "{}\n")
    fs.add("\(root)/.build/debug/kata", "binary\n")
    fs.add("\(root)/.git/HEAD", "ref: main\n")
    return kata
}

@Suite("kata new")
struct NewLessonTests {
    @Test("scaffolds the next lesson in the course format, module named after the slug")
    func scaffoldsNextLesson() throws {
        let kata = teacherCourse()
        #expect(kata.run("new", "clock-injection") == 0, "\(kata.console.errors)")
        let fs = kata.fileSystem
        let id = "02-clock-injection"
        for path in [
            "Lessons/\(id)/lesson.json", "Lessons/\(id)/README.md", "Lessons/\(id)/README.zh-Hans.md",
            "Lessons/\(id)/Sources/ClockInjection.swift", "Tests/Lessons/\(id)/ClockInjectionTests.swift",
            "Solutions/\(id)/Sources/ClockInjection.swift", "Solutions/\(id)/Wrong/keeps-the-singleton/ClockInjection.swift",
            "Solutions/\(id)/steps.json",
        ] {
            #expect(fs.isFile("/course/\(path)"), "missing \(path)")
        }
        let metadata = try LessonMetadata.parse(try fs.read("/course/Lessons/\(id)/lesson.json"))
        #expect(metadata.module == "ClockInjection")
        #expect(metadata.hints.count == 3)
        #expect(fs.text("/course/Tests/Lessons/\(id)/ClockInjectionTests.swift")?.contains("@testable import ClockInjection") == true)
        #expect(kata.console.output.contains("kata verify 02"))
        let course = try kata.context().loadCourse()
        #expect(course.lesson(named: "clock-injection")?.id == id)
        #expect(course.problems.isEmpty && course.broken.isEmpty)
    }

    @Test("--module and --number choose the module and the number")
    func moduleAndNumber() throws {
        let kata = teacherCourse()
        #expect(kata.run("new", "retry-policy", "--module", "Retries", "--number", "51") == 0, "\(kata.console.errors)")
        let metadata = try LessonMetadata.parse(try kata.fileSystem.read("/course/Lessons/51-retry-policy/lesson.json"))
        #expect(metadata.module == "Retries")
        #expect(kata.fileSystem.isFile("/course/Lessons/51-retry-policy/Sources/Retries.swift"))
    }

    @Test("refuses, with a reason, a slug or module that is invalid or taken", arguments: [
        (["new", "Clock_Injection"], "is not a lesson slug"),
        (["new", "-"], "is not a lesson slug"),
        (["new", "engines"], "already used by lesson 01-engines"),
        (["new", "03-timers"], "without its number"),
        (["new", "timers", "--module", "Engines"], "already lesson 01-engines's"),
        (["new", "timers", "--module", "1Timers"], "Swift identifier"),
        (["new", "timers", "--module", "Testing"], "taken by the runner or the toolchain"),
        (["new", "timers", "--number", "1"], "already used by 01-engines"),
        (["new", "timers", "--number", "100"], "from 1 to 99"),
        (["new"], "kata new <slug>"),
    ])
    func refuses(arguments: [String], reason: String) {
        let kata = teacherCourse()
        let before = kata.fileSystem.allFiles
        #expect(kata.run(arguments) == 2)
        #expect(kata.console.errors.contains(reason), "\(kata.console.errors)")
        #expect(kata.fileSystem.allFiles == before, "a refused kata new must not write anything")
    }

    @Test("a folder left behind under Solutions/ also takes its number and slug")
    func leftoverFolders() {
        let kata = teacherCourse()
        kata.fileSystem.add("/course/Solutions/02-timers/Sources/T.swift", "")
        #expect(kata.run("new", "timers") == 2)
        #expect(kata.console.errors.contains("already used by lesson 02-timers"))
        #expect(kata.run("new", "watches") == 0)
        #expect(kata.fileSystem.isFile("/course/Lessons/03-watches/lesson.json"))
    }

    @Test("upper camel case of a slug")
    func camelCase() {
        #expect(LessonScaffold.upperCamelCase("clock-injection") == "ClockInjection")
        #expect(LessonScaffold.upperCamelCase("http2-client") == "Http2Client")
        #expect(!LessonScaffold.isValidSlug("clock--injection"))
        #expect(!LessonScaffold.isValidSlug("clock-"))
        #expect(!LessonScaffold.isValidSlug("2fa"))
        #expect(LessonScaffold.isValidSlug("two-factor-2"))
    }
}

@Suite("still to write")
struct CompletenessTests {
    @Test("a fresh scaffold is reported file by file; written out, nothing is left")
    func scaffoldThenFilled() throws {
        let kata = teacherCourse()
        #expect(kata.run("new", "clock-injection") == 0)
        let fs = kata.fileSystem
        var lesson = try #require(try kata.context().loadCourse().lesson(named: "02"))
        let problems = LessonCompleteness(fileSystem: fs).problems(of: lesson)
        #expect(problems.count == 8, "\(problems)")
        #expect(problems.contains { $0.contains("lesson.json title.en, title.zh-Hans, summary.en") && $0.contains("hints[2].zh-Hans") })
        for file in ["Lessons/02-clock-injection/README.md", "Lessons/02-clock-injection/README.zh-Hans.md",
                     "Lessons/02-clock-injection/Sources/ClockInjection.swift", "Tests/Lessons/02-clock-injection/ClockInjectionTests.swift",
                     "Solutions/02-clock-injection/Sources/ClockInjection.swift", "Solutions/02-clock-injection/steps.json"] {
            #expect(problems.contains { $0.hasPrefix("still to write: \(file), line") }, "nothing said about \(file): \(problems)")
        }

        for path in fs.allFiles where path.contains("02-clock-injection") {
            let text = try #require(fs.text(path))
            fs.add(path, text.replacingOccurrences(of: Placeholder.marker, with: "written"))
        }
        lesson = try #require(try kata.context().loadCourse().lesson(named: "02"))
        #expect(LessonCompleteness(fileSystem: fs).problems(of: lesson) == [])
    }

    @Test("a hidden test file that does not exist is reported: a typo would hand the test out")
    func missingHiddenTest() throws {
        let kata = teacherCourse()
        kata.fileSystem.add("/course/Lessons/01-engines/lesson.json", lessonJSON(module: "Engines", extra: #", "hidden_tests": ["HidenTests.swift", "../x.swift"]"#))
        let lesson = try #require(try kata.context().loadCourse().lesson(named: "01"))
        let problems = LessonCompleteness(fileSystem: kata.fileSystem).problems(of: lesson)
        #expect(problems.contains { $0.contains("\"HidenTests.swift\", but Tests/Lessons/01-engines/HidenTests.swift does not exist") })
        #expect(problems.contains { $0.contains("\"../x.swift\": name a .swift file directly inside") })
    }

    @Test("a lesson whose every test is hidden leaves a learner nothing to check")
    func everythingHidden() throws {
        let kata = teacherCourse()
        kata.fileSystem.add("/course/Lessons/01-engines/lesson.json", lessonJSON(module: "Engines", extra: #", "hidden_tests": ["HiddenTests.swift", "EngineTests.swift"]"#))
        let lesson = try #require(try kata.context().loadCourse().lesson(named: "01"))
        #expect(LessonCompleteness(fileSystem: kata.fileSystem).problems(of: lesson).contains { $0.contains("every test file of the lesson is in hidden_tests") })
    }

    @Test("an ordinary TODO in starter code is the learner's, not the author's")
    func ordinaryTodoIsFine() throws {
        let kata = teacherCourse()
        kata.fileSystem.add("/course/Lessons/01-engines/Sources/Engine.swift", "// TODO: inject the engine\nstruct Engine {}\n")
        let lesson = try #require(try kata.context().loadCourse().lesson(named: "01"))
        #expect(LessonCompleteness(fileSystem: kata.fileSystem).problems(of: lesson) == [])
    }
}

/// Records what a teacher's earlier `kata verify` found for every lesson as it is now (passing
/// unless `problems` names a lesson).
func recordVerified(_ kata: FakeKata, problems: [String: [String]] = [:]) throws {
    var context = kata.context()
    context.extraCourseRoots = kata.environment["KATA_EXTRA_COURSE"].map { [$0] } ?? []
    let course = try context.loadCourse()
    let records = VerifyRecords(fileSystem: kata.fileSystem, stateFolder: context.stateFolder)
    let store = StarterStore(context: context)
    for lesson in course.lessons {
        let starter = store.published(lesson, progress: context.loadProgress())?.files
        records.save(CourseVerifier.LessonResult(lesson: lesson.id, problems: problems[lesson.id] ?? [], facts: []),
                     fingerprint: records.fingerprint(lesson, starter: starter))
    }
}

@Suite("kata export")
struct ExportTests {
    @Test("the handout holds the package without Solutions/, hidden tests, or build and state folders")
    func exportsHandout() throws {
        let kata = teacherCourse()
        try recordVerified(kata)
        #expect(kata.run("export", "../handout") == 0, "\(kata.console.errors)")
        let files = kata.fileSystem.allFiles.filter { $0.hasPrefix("/handout/") }.map { String($0.dropFirst("/handout/".count)) }
        #expect(files == [
            ".gitignore", ".kata-handout", "Lessons/01-engines/README.md", "Lessons/01-engines/README.zh-Hans.md",
            "Lessons/01-engines/Sources/Engine.swift", "Lessons/01-engines/lesson.json", "Package.swift", "README.md",
            "Sources/kata/main.swift", "Tests/Lessons/01-engines/EngineTests.swift",
        ])
        #expect(!files.contains { $0.contains("SECRET") || $0.hasPrefix("Solutions") })
        #expect(kata.fileSystem.text("/handout/Lessons/01-engines/Sources/Engine.swift") == "struct Engine {}\n")
        #expect(kata.fileSystem.text("/handout/.kata-handout")?.contains("stay with the instructor") == true)
        #expect(kata.console.output.contains("left out (hidden test): Tests/Lessons/01-engines/HiddenTests.swift"))
        #expect(kata.fileSystem.isFile("/course/Solutions/01-engines/Sources/Engine.swift"), "the instructor's copy is left as it was")
    }

    @Test("refuses a folder that is not empty, inside the course, or a file", arguments: [
        ("/course/handout", "inside the course"),
        ("/", "holds the course itself"),
        ("/full", "is not empty"),
        ("/afile", "is not a folder"),
    ])
    func refusesTarget(target: String, reason: String) {
        let kata = teacherCourse()
        kata.fileSystem.add("/full/keep.txt", "mine\n")
        kata.fileSystem.add("/afile", "x")
        #expect(kata.run("export", target) == 2)
        #expect(kata.console.errors.contains(reason), "\(kata.console.errors)")
        #expect(kata.fileSystem.text("/full/keep.txt") == "mine\n")
    }

    @Test("refuses a course with a broken lesson.json: its hidden tests are unknown")
    func refusesBrokenCourse() {
        let kata = teacherCourse()
        kata.fileSystem.add("/course/Lessons/02-broken/lesson.json", "{")
        #expect(kata.run("export", "/handout") == 1)
        #expect(kata.console.errors.contains("problems to fix before it is handed out"))
        #expect(!kata.fileSystem.exists("/handout/Package.swift"))
    }

    @Test("refuses when hidden_tests names a file that does not exist: the real one would be handed out")
    func refusesMisspeltHiddenTest() {
        let kata = teacherCourse()
        kata.fileSystem.add("/course/Lessons/01-engines/lesson.json", lessonJSON(module: "Engines", extra: #", "hidden_tests": ["HidenTests.swift"]"#))
        #expect(kata.run("export", "/handout") == 1)
        #expect(kata.console.errors.contains("Tests/Lessons/01-engines/HidenTests.swift"))
        #expect(!kata.fileSystem.allFiles.contains { $0.hasPrefix("/handout/") })
    }

    @Test("in a handout, list works and verify says the instructor kept the solutions")
    func handoutCommands() throws {
        let kata = teacherCourse()
        try recordVerified(kata)
        #expect(kata.run("export", "/handout") == 0)
        var student = FakeKata()
        student.fileSystem = kata.fileSystem
        student.workingDirectory = "/handout"
        #expect(student.run("list") == 0)
        #expect(student.console.output.contains("01-engines"))
        #expect(student.run("verify") == 1)
        #expect(student.console.errors.contains("the instructor kept the solutions"))
        #expect(student.run("export", "/again") == 2)
        #expect(student.console.errors.contains("is itself a handout"))
    }

    @Test("lessons of an extra course folder join the handout")
    func extraLessonsInHandout() throws {
        var kata = teacherCourse()
        kata.fileSystem.add("/mine/Lessons/51-timers/lesson.json", lessonJSON(module: "Timers"))
        kata.fileSystem.add("/mine/Lessons/51-timers/Sources/Timer.swift", "struct Timer {}\n")
        kata.fileSystem.add("/mine/Tests/Lessons/51-timers/TimerTests.swift", "// timer tests\n")
        kata.fileSystem.add("/mine/Solutions/51-timers/Sources/Timer.swift", "struct Timer { let solved = 1 }\n")
        kata.environment["KATA_EXTRA_COURSE"] = "/mine"
        try recordVerified(kata)
        #expect(kata.run("export", "/handout") == 0, "\(kata.console.errors)")
        #expect(kata.fileSystem.text("/handout/Lessons/51-timers/Sources/Timer.swift") == "struct Timer {}\n")
        #expect(kata.fileSystem.isFile("/handout/Tests/Lessons/51-timers/TimerTests.swift"))
        #expect(!kata.fileSystem.allFiles.contains { $0.hasPrefix("/handout/Solutions") })
    }
}

@Suite("kata export hands out only what kata verify accepts")
struct ExportGateTests {
    @Test("a lesson kata verify reported stops the export; --warn-only exports it and lists the problems")
    func brokenLessonStopsExport() throws {
        let kata = teacherCourse()
        try recordVerified(kata, problems: ["01-engines": ["the starter code already passes every test: the tests prove nothing yet"]])
        #expect(kata.run("export", "/handout") == 1)
        #expect(kata.console.errors.contains("01-engines") && kata.console.errors.contains("the starter code already passes every test"), "\(kata.console.errors)")
        #expect(kata.console.errors.contains("--warn-only"), "says how to export anyway")
        #expect(!kata.fileSystem.allFiles.contains { $0.hasPrefix("/handout/") }, "nothing written")

        #expect(kata.run("export", "/handout", "--warn-only") == 0, "\(kata.console.errors)")
        #expect(kata.console.output.contains("exported with problems"), "\(kata.console.output)")
        #expect(kata.console.output.contains("the starter code already passes every test"))
        #expect(kata.fileSystem.isFile("/handout/Lessons/01-engines/Sources/Engine.swift"))
    }

    @Test("a record of kata verify counts only while the lesson's files are unchanged; a changed lesson is verified again")
    func changedLessonIsVerifiedAgain() throws {
        let kata = teacherCourse()
        try recordVerified(kata)
        kata.fileSystem.add("/course/Tests/Lessons/01-engines/EngineTests.swift", "// visible, rewritten\n")
        // No toolchain here: verifying now cannot pass, so the export stops.
        #expect(kata.run("export", "/handout") == 1)
        #expect(kata.console.output.contains("kata verify has no result for these lessons as they are now; verifying them: 01-engines"), "\(kata.console.output)")
        #expect(kata.console.errors.contains("cannot be verified here"), "\(kata.console.errors)")
        #expect(!kata.fileSystem.exists("/handout/Package.swift"))
    }

    @Test("--warn-only with no record of kata verify: only the checks that need no build, and the lesson is listed as not verified")
    func warnOnlyWithoutRecord() throws {
        let kata = teacherCourse()
        kata.fileSystem.add("/course/Lessons/01-engines/README.md", "# \(Placeholder.marker): the text\n")
        #expect(kata.run("export", "/handout", "--warn-only") == 0, "\(kata.console.errors)")
        #expect(kata.console.output.contains("still to write: Lessons/01-engines/README.md"), "\(kata.console.output)")

        let clean = teacherCourse()
        #expect(clean.run("export", "/handout", "--warn-only") == 0, "\(clean.console.errors)")
        #expect(clean.console.output.contains("kata verify has no result for these lessons as they are now (run kata verify): 01-engines"), "\(clean.console.output)")
    }

    @Test("the gate reuses a fresh record without building, and verifies (and records) a lesson without one")
    func gateReusesRecords() throws {
        let kata = teacherCourse()
        let context = kata.context()
        let lesson = try #require(try context.loadCourse().lessons.first)
        let records = VerifyRecords(fileSystem: kata.fileSystem, stateFolder: context.stateFolder)
        let asked = LockedList()
        let gate = ExportGate(records: records, starters: { _ in nil }, verify: { lessons in
            asked.append(lessons.map(\.id))
            return lessons.map { CourseVerifier.LessonResult(lesson: $0.id, problems: [], facts: []) }
        }, quickProblems: { _ in ["should not be asked"] })
        let first = gate.judge([lesson], verifyNow: true)
        #expect(first.verifiedNow == ["01-engines"] && first.ok)
        let second = gate.judge([lesson], verifyNow: true)
        #expect(second.reused == ["01-engines"] && second.ok)
        #expect(asked.items == [["01-engines"]], "verified once, then the record was reused")
        kata.fileSystem.add("/course/Solutions/01-engines/Sources/Engine.swift", "struct Engine { let solved = false }\n")
        #expect(gate.judge([lesson], verifyNow: true).verifiedNow == ["01-engines"], "a changed solution is verified again")
    }
}

final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [[String]] = []
    func append(_ item: [String]) { lock.withLock { stored.append(item) } }
    var items: [[String]] { lock.withLock { stored } }
}

@Suite("starters of lessons their author is writing")
struct AuthoredStarterTests {
    @Test("kata new, kata list, then writing the starter: the export ships what was written, and says where it came from")
    func newListWriteExport() throws {
        let kata = teacherCourse()
        #expect(kata.run("new", "clock-injection") == 0, "\(kata.console.errors)")
        #expect(kata.run("list") == 0, "\(kata.console.errors)")
        let starter = "/course/Lessons/02-clock-injection/Sources/ClockInjection.swift"
        #expect(kata.fileSystem.text(starter)?.contains(Placeholder.marker) == true)
        kata.fileSystem.add(starter, "// The legacy greeter, as its author wrote it.\nstruct Greeter {}\n")
        #expect(kata.run("list") == 0)
        #expect(!kata.fileSystem.exists("/course/.kata/starters/02-clock-injection"), "no first-seen copy of a lesson its author writes")
        try recordVerified(kata)
        #expect(kata.run("export", "/handout") == 0, "\(kata.console.errors)")
        #expect(kata.fileSystem.text("/handout/Lessons/02-clock-injection/Sources/ClockInjection.swift") == "// The legacy greeter, as its author wrote it.\nstruct Greeter {}\n")
        #expect(kata.console.output.contains("starter from your working files (lessons you are writing, not in git HEAD): 02-clock-injection"), "\(kata.console.output)")
    }

    @Test("a first-seen copy of a scaffold kept before is dropped: the written starter stands")
    func staleScaffoldCopyIsDropped() throws {
        let kata = teacherCourse()
        let context = kata.context()
        let lesson = try #require(try context.loadCourse().lessons.first)
        kata.fileSystem.add("/course/.kata/starters/01-engines/starter.json", #"{"files": ["Engine.swift"], "origin": "first seen"}"#)
        kata.fileSystem.add("/course/.kata/starters/01-engines/Sources/Engine.swift", "// \(Placeholder.marker): write the starter\n")
        let starter = try #require(StarterStore(context: context).remember(lesson, progress: Progress()))
        #expect(starter.origin == .authorsFiles)
        #expect(starter.texts == ["Engine.swift": "struct Engine {}\n"])
        #expect(!kata.fileSystem.exists("/course/.kata/starters/01-engines"))
    }

    @Test("a learner's first-seen copy stays the starter after the learner's edits")
    func learnersCopyStays() throws {
        let kata = teacherCourse()
        let context = kata.context()
        let lesson = try #require(try context.loadCourse().lessons.first)
        let store = StarterStore(context: context)
        #expect(store.remember(lesson, progress: Progress())?.origin == .firstSeen)
        kata.fileSystem.add("/course/Lessons/01-engines/Sources/Engine.swift", "struct Engine { let solved = true }\n")
        let later = try #require(store.published(lesson, progress: Progress()))
        #expect(later.origin == .firstSeen && later.texts == ["Engine.swift": "struct Engine {}\n"])
    }
}

@Suite("hidden tests")
struct HiddenTestsTests {
    func lesson(_ fs: InMemoryFileSystem) throws -> Lesson {
        let kata = teacherCourse()
        for path in kata.fileSystem.allFiles { fs.add(path, kata.fileSystem.text(path) ?? "") }
        return try #require(try CourseLoader(fileSystem: fs).load(root: "/course").lesson(named: "01"))
    }

    @Test("a learner's check builds every test file but the hidden ones")
    func studentFiles() throws {
        let fs = InMemoryFileSystem()
        let lesson = try lesson(fs)
        #expect(HiddenTests.studentTestFiles(of: lesson, fileSystem: fs) == ["/course/Tests/Lessons/01-engines/EngineTests.swift"])
        var open = lesson
        open.metadata.hiddenTests = []
        #expect(HiddenTests.studentTestFiles(of: open, fileSystem: fs) == nil)
    }

    @Test("a report for a student names no hidden test and shows none of its text")
    func studentView() throws {
        let lesson = try lesson(InMemoryFileSystem())
        let report = CheckReport(lesson: lesson.id, status: .fail, stage: .run, tests: [
            TestVerdict(name: "starts", id: "EnginesTests.EngineTests/starts()/EngineTests.swift:4:6", status: .pass),
            TestVerdict(name: "SECRET name", id: "EnginesTests.Hidden/secret()/HiddenTests.swift:9:6", status: .fail,
                        message: "SECRET expectation", file: "Tests/Lessons/01-engines/HiddenTests.swift", line: 10),
        ], output: "SECRET printed")
        let view = HiddenTests.studentView(of: report, lesson: lesson)
        let text = String(decoding: try JSONEncoder().encode(view), as: UTF8.self)
        #expect(!text.contains("SECRET"))
        #expect(!text.contains("HiddenTests.swift"))
        #expect(view.tests.map(\.name) == ["starts", "hidden tests: 0 of 1 passed"])
        #expect(view.tests.map(\.status) == [.pass, .fail])

        let compile = CheckReport(lesson: lesson.id, status: .error, stage: .tests, diagnostics: [
            Diagnostic(file: "Tests/Lessons/01-engines/HiddenTests.swift", line: 3, column: 1, severity: "error", message: "SECRET", excerpt: "SECRET"),
        ], output: "SECRET")
        let compileText = String(decoding: try JSONEncoder().encode(HiddenTests.studentView(of: compile, lesson: lesson)), as: UTF8.self)
        #expect(!compileText.contains("SECRET") && !compileText.contains("HiddenTests.swift"))
    }
}

@Suite("a course of one's own")
struct ExtraCourseTests {
    func kataWithExtra() -> FakeKata {
        var kata = teacherCourse()
        kata.fileSystem.add("/mine/Lessons/51-timers/lesson.json", lessonJSON(module: "Timers"))
        kata.environment["KATA_EXTRA_COURSE"] = "../mine"
        return kata
    }

    @Test("KATA_EXTRA_COURSE adds its lessons to the course, each read from its own folder")
    func listsBoth() throws {
        let kata = kataWithExtra()
        #expect(kata.run("list", "--json") == 0, "\(kata.console.errors)")
        #expect(kata.console.output.contains("01-engines") && kata.console.output.contains("51-timers"))
        var context = kata.context()
        context.extraCourseRoots = ["/mine"]
        let course = try context.loadCourse()
        #expect(course.lessons.map(\.id) == ["01-engines", "51-timers"])
        #expect(course.lesson(named: "timers")?.sources == "/mine/Lessons/51-timers/Sources")
    }

    @Test("kata new writes into the extra folder, numbered after every lesson")
    func newGoesIntoExtra() throws {
        let kata = kataWithExtra()
        #expect(kata.run("new", "alarms") == 0, "\(kata.console.errors)")
        #expect(kata.fileSystem.isFile("/mine/Lessons/52-alarms/lesson.json"))
        #expect(!kata.fileSystem.exists("/course/Lessons/52-alarms"))
    }

    @Test("clashes between the course and the extra folder are course problems, never a crash")
    func clashes() {
        let base = Course(root: "/course", lessons: [
            Lesson(id: "01-engines", number: 1, slug: "engines", metadata: meta("Engines"), root: "/course"),
        ])
        let extra = Course(root: "/mine", lessons: [
            Lesson(id: "01-engines", number: 1, slug: "engines", metadata: meta("Other"), root: "/mine"),
            Lesson(id: "02-wheels", number: 2, slug: "wheels", metadata: meta("Engines"), root: "/mine"),
        ])
        let merged = ExtraCourses.merge(base, [extra])
        #expect(merged.lessons.map(\.id) == ["01-engines", "02-wheels"])
        #expect(merged.lessons.first?.root == "/course")
        #expect(merged.problems.contains { $0.contains("/mine/Lessons/01-engines has the same folder name") })
        #expect(merged.problems.contains { $0.contains("module \"Engines\" is used in more than one course folder") })
    }

    @Test("an extra folder without Lessons/ is a usage error that says what it needs")
    func badExtra() {
        var kata = teacherCourse()
        kata.environment["KATA_EXTRA_COURSE"] = "/nowhere"
        #expect(kata.run("list") == 2)
        #expect(kata.console.errors.contains("/nowhere has no Lessons/ folder"))
    }

    func meta(_ module: String) -> LessonMetadata {
        LessonMetadata(module: module, title: LocalizedText(english: "T", chinese: "T"), summary: LocalizedText(english: "S", chinese: "S"), hints: [])
    }
}

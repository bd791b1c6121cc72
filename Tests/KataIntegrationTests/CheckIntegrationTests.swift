import Foundation
import Testing
import KataCore

/// The real `kata` binary and the real toolchain against the fixture course
/// in Tests/Fixtures/SpineCourse: one lesson for each case a check meets.
@Suite("kata check, for real")
struct CheckIntegrationTests {
    struct Checked: Decodable {
        struct Test: Decodable { var name: String; var status: String; var message: String; var errorKind: String?; var file: String?; var line: Int? }
        struct Diagnostic: Decodable { var file: String; var line: Int; var message: String }
        var lesson: String
        var status: String
        var stage: String
        var tests: [Test]
        var diagnostics: [Diagnostic]
    }

    func check(_ lesson: String, in course: String, extra: [String] = []) throws -> (KataBinary.Run, Checked) {
        let run = KataBinary.run(["check", lesson, "--json"] + extra, in: course)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let checked = try decoder.decode(Checked.self, from: Data(run.output.utf8))
        return (run, checked)
    }

    func test(_ name: String, _ checked: Checked) throws -> Checked.Test {
        try #require(checked.tests.first { $0.name == name }, "no test named \(name) in \(checked.tests.map(\.name))")
    }

    @Test("a lesson whose tests pass exits 0 with every test passed")
    func passes() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let (run, checked) = try check("01", in: course)
        #expect(run.status == 0)
        #expect(checked.status == "pass")
        #expect(checked.tests.map(\.status) == ["pass", "pass"])
    }

    @Test("a failing expectation names the expectation, the message and the test's line")
    func fails() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let (run, checked) = try check("fails", in: course)
        #expect(run.status == 1)
        #expect(checked.status == "fail")
        let failing = try test("two doubles to four", checked)
        #expect(failing.status == "fail")
        #expect(failing.message.contains("Expectation failed: (double(2) → 5) == 4"))
        #expect(failing.message.contains("add the number to itself"))
        #expect(failing.file == "Tests/Lessons/02-fails/DoublerTests.swift")
        #expect(failing.line == 9)
        #expect(try test("grows with its input", checked).status == "pass")
    }

    @Test("compile errors point at the learner's own file, each error once")
    func doesNotCompile() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let (run, checked) = try check("03", in: course)
        #expect(run.status == 1)
        #expect(checked.status == "error")
        #expect(checked.stage == "module")
        #expect(checked.diagnostics.map(\.file) == [
            "Lessons/03-does-not-compile/Sources/Answer.swift",
            "Lessons/03-does-not-compile/Sources/Answer.swift",
        ])
        #expect(checked.diagnostics.map(\.line) == [2, 6])
        #expect(checked.diagnostics[0].message.contains("cannot convert return expression of type 'String'"))
    }

    @Test("tests that do not compile against the starter are a red, not a failure of the runner")
    func testsDoNotCompile() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let (run, checked) = try check("07", in: course)
        #expect(run.status == 1)
        #expect(checked.stage == "tests")
        #expect(checked.diagnostics.first?.file == "Tests/Lessons/07-tests-do-not-compile/CarTests.swift")
        #expect(checked.diagnostics.first?.line == 5)
        let text = KataBinary.run(["check", "07"], in: course).output
        #expect(text.contains("Change your code in Lessons/07-tests-do-not-compile/Sources/, not the tests."))
    }

    @Test("a crash names the test that crashed; the other tests still get their verdict")
    func crashes() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let (run, checked) = try check("04", in: course)
        #expect(run.status == 1)
        #expect(checked.tests.count == 4)
        let pastTheEnd = try test("reads past the end", checked)
        #expect(pastTheEnd.status == "error")
        #expect(pastTheEnd.errorKind == "crashed")
        #expect(pastTheEnd.message.contains("Index out of range"))
        #expect(pastTheEnd.message.contains("in your code: element(at:) at Lessons/04-crashes/Sources/Shelf.swift:3"))
        let unwrap = try test("unwraps nil", checked)
        #expect(unwrap.errorKind == "crashed")
        #expect(unwrap.message.contains("Lessons/04-crashes/Sources/Shelf.swift:8: Fatal error: Unexpectedly found nil"))
        #expect(try test("reads the first element", checked).status == "pass")
        #expect(try test("reads the last element", checked).status == "pass")
    }

    @Test("a hanging test times out, the others pass, and no test process is left")
    func hangs() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let (run, checked) = try check("05", in: course, extra: ["--timeout", "2"])
        #expect(run.status == 1)
        let spinning = try test("spins forever", checked)
        #expect(spinning.status == "error")
        #expect(spinning.errorKind == "timed out")
        #expect(try test("answers quickly", checked).status == "pass")
        #expect(try test("answers quickly again", checked).status == "pass")
        #expect(ProcessTable.commands().filter { $0.contains(course) }.isEmpty)
    }

    @Test("exit(0) in a test and a printed \"passed\" line are not a pass")
    func exits() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let (run, checked) = try check("08", in: course)
        #expect(run.status == 1)
        #expect(checked.status == "fail")
        let early = try test("finishes early", checked)
        #expect(early.status == "error")
        #expect(early.errorKind == "exited")
        #expect(try test("one is one", checked).status == "pass")
    }

    @Test("ten megabytes of output are capped and the verdict still comes")
    func floods() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let (run, checked) = try check("09", in: course)
        #expect(run.status == 0)
        #expect(checked.status == "pass")
        #expect(run.output.utf8.count < 200_000)
    }

    @Test("broken metadata is listed as broken and explained when checked")
    func brokenMetadata() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let list = KataBinary.run(["list", "--json"], in: course)
        #expect(list.status == 0)
        #expect(list.output.contains(#""id" : "06-broken-metadata""#))
        #expect(list.output.contains(#""status" : "broken""#))
        let run = KataBinary.run(["check", "06-broken-metadata"], in: course)
        #expect(run.status == 1)
        #expect(run.output.contains("is missing the field \"hints\""))
        #expect(run.output.contains("\"title\" has no Simplified Chinese text"))
    }

    @Test("an unknown lesson is a usage error with a suggestion")
    func unknownLesson() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let run = KataBinary.run(["check", "pases"], in: course)
        #expect(run.status == 2)
        #expect(run.output.contains("Did you mean 01-passes?"))
    }

    @Test("an edit saved right after a check is always seen")
    func neverStale() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let file = course + "/Lessons/02-fails/Sources/Doubler.swift"
        let wrong = "public func double(_ x: Int) -> Int {\n    x + x + 1\n}\n"
        let right = "public func double(_ x: Int) -> Int {\n    x + x\n}\n"
        for round in 0..<6 {
            let text = round.isMultiple(of: 2) ? right : wrong
            try text.write(toFile: file, atomically: false, encoding: .utf8)
            let (run, checked) = try check("02", in: course)
            #expect(checked.status == (round.isMultiple(of: 2) ? "pass" : "fail"), "round \(round)")
            #expect(run.status == (round.isMultiple(of: 2) ? 0 : 1))
        }
    }

    @Test("two checks of one lesson at once (an editor and watch mode) both get whole verdicts")
    func concurrentChecks() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            results.append(KataBinary.run(["check", "04", "--json"], in: course))
        }
        for run in results.all {
            #expect(run.status == 1)
            #expect(run.output.contains(#""name" : "reads the last element""#))
            #expect(run.output.components(separatedBy: #""error_kind" : "crashed""#).count == 3, "\(run.output)")
        }
    }

    @Test("Ctrl-C during a check leaves no process behind")
    func interrupt() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: KataBinary.path)
        process.arguments = ["check", "05", "--timeout", "60"]
        process.currentDirectoryURL = URL(fileURLWithPath: course)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the hanging test program runs, then press Ctrl-C.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !ProcessTable.commands().contains(where: { $0.contains(course) && $0.contains("HangingTests") }) {
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(ProcessTable.commands().contains { $0.contains(course) && $0.contains("HangingTests") })
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(ProcessTable.commands().filter { $0.contains(course) }.isEmpty)
    }

    @Test("a grading stopped by SIGTERM leaves no working folder and no process behind")
    func stoppedGrading() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        let root = course + "-grading"
        defer { try? FileManager.default.removeItem(atPath: course); try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/class/ada", withIntermediateDirectories: true)
        // A compiler that never answers, so the grading is stopped while its working folder is in use.
        let compiler = root + "/slow-swiftc"
        try "#!/bin/sh\nexec /bin/sh -c 'sleep 300; :' \"\(root)-swiftc\"\n".write(toFile: compiler, atomically: true, encoding: .utf8)
        chmod(compiler, 0o755)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: KataBinary.path)
        process.arguments = ["grade", root + "/class", "--out", root + "/out"]
        process.currentDirectoryURL = URL(fileURLWithPath: course)
        process.environment = ProcessInfo.processInfo.environment.merging(["KATA_SWIFTC": compiler]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let work = root + "/out/.kata-grade-work"
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !ProcessTable.commands().contains(where: { $0.contains("\(root)-swiftc") }) {
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(FileManager.default.fileExists(atPath: work), "the grading never made its working folder")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + SIGTERM)
        #expect(!FileManager.default.fileExists(atPath: work), "the working folder was left behind")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(ProcessTable.commands().filter { $0.contains(root) }.isEmpty)
    }

    #if os(Linux)
    @Test("kata killed outright (kill -9) mid-compile or mid-test leaves no process behind")
    func killedOutright() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        // A compiler that starts a worker in a session of its own, as the driver starts its frontends, and never ends.
        let compiler = course + "/slow-swiftc"
        try "#!/bin/sh\n/usr/bin/setsid /bin/sh -c 'sleep 300; :' \"\(course)-frontend\" &\nexec /bin/sh -c 'sleep 300; :' \"\(course)-driver\"\n"
            .write(toFile: compiler, atomically: true, encoding: .utf8)
        chmod(compiler, 0o755)
        for (environment, running) in [(["KATA_SWIFTC": compiler], "\(course)-frontend"), ([:], "HangingTests")] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: KataBinary.path)
            process.arguments = ["check", "05", "--timeout", "60"]
            process.currentDirectoryURL = URL(fileURLWithPath: course)
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline, !ProcessTable.commands().contains(where: { $0.contains(running) }) {
                Thread.sleep(forTimeInterval: 0.1)
            }
            #expect(ProcessTable.commands().contains { $0.contains(running) }, "\(running) never started")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            var left = ProcessTable.commands().filter { $0.contains(course) }
            let settled = Date().addingTimeInterval(10)
            while !left.isEmpty && Date() < settled {
                Thread.sleep(forTimeInterval: 0.1)
                left = ProcessTable.commands().filter { $0.contains(course) }
            }
            #expect(left.isEmpty, "left running after kill -9: \(left)")
            if !left.isEmpty {
                let sweep = Process()
                sweep.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
                sweep.arguments = ["-KILL", "-f", course]
                try? sweep.run()
                sweep.waitUntilExit()
            }
        }
    }
    #endif

    @Test("the runner's builds leave nothing in the learner's temporary folder")
    func noTemporaryLitter() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        let temporary = NSTemporaryDirectory() + "kata-tmp-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(atPath: course)
            try? FileManager.default.removeItem(atPath: temporary)
        }
        _ = KataBinary.run(["check", "04"], in: course, environment: ["TMPDIR": temporary])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    }

    @Test("a corrupt progress file is set aside, not a crash")
    func corruptProgress() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        try FileManager.default.createDirectory(atPath: course + "/.kata", withIntermediateDirectories: true)
        try "{ not json".write(toFile: course + "/.kata/progress.json", atomically: true, encoding: .utf8)
        let run = KataBinary.run(["list"], in: course)
        #expect(run.status == 0)
        #expect(run.output.contains("was set aside"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: course + "/.kata")
        #expect(kept.contains { $0.hasPrefix("progress.json.unreadable-") })
    }

    @Test("kata show prints the lesson text in the chosen language")
    func show() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        #expect(KataBinary.run(["show", "01"], in: course).output.contains("The fixture lesson Passing."))
        #expect(KataBinary.run(["show", "01", "--lang", "zh-Hans"], in: course).output.contains("测试课程 Passing。"))
    }

    @Test("kata verify lists what breaks the lesson contract")
    func verifyFindsProblems() throws {
        let course = try KataBinary.copyFixture("SpineCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let run = KataBinary.run(["verify", "01", "02"], in: course)
        #expect(run.status == 1)
        #expect(run.output.contains("the starter code already passes every test"))
        #expect(run.output.contains("no reference solution in Solutions/01-passes/Sources"))
        #expect(run.output.contains("wrong/times-three: rejected"))
        #expect(run.output.contains("solution: 2/2 tests pass"))
    }
}

final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var runs: [KataBinary.Run] = []
    func append(_ run: KataBinary.Run) { lock.withLock { runs.append(run) } }
    var all: [KataBinary.Run] { lock.withLock { runs } }
}

/// The command lines of the processes running now (Linux /proc; `ps` elsewhere).
enum ProcessTable {
    static func commands() -> [String] {
        let manager = FileManager.default
        if let entries = try? manager.contentsOfDirectory(atPath: "/proc") {
            return entries.filter { Int($0) != nil }.compactMap { pid in
                guard let data = manager.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else { return nil }
                return String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            }
        }
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/bin/ps")
        ps.arguments = ["-axo", "command"]
        let pipe = Pipe()
        ps.standardOutput = pipe
        try? ps.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        ps.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

@Suite("kata check --builder swiftpm, for real")
struct SwiftPMBuilderIntegrationTests {
    /// In a student handout (no Solutions/) only the starter's red verdict is checked: the green one
    /// needs the reference solution.
    @Test("the SwiftPM fallback builds a lesson of the package and gives the same verdicts")
    func swiftPMBuilder() throws {
        let package = try KataBinary.copyCourse()
        defer { try? FileManager.default.removeItem(atPath: package) }
        try FileManager.default.copyItem(atPath: KataBinary.packageRoot + "/Package.swift", toPath: package + "/Package.swift")
        let red = KataBinary.run(["check", "01", "--builder", "swiftpm"], in: package, timeout: 600)
        #expect(red.status == 1)
        #expect(red.output.contains("the tests do not compile against it yet"))
        #expect(red.output.contains("Tests/Lessons/01-constructor-injection/RaceCarTests.swift:"))
        guard KataBinary.hasSolutions else { return }
        let lesson = package + "/Lessons/01-constructor-injection/Sources/RaceCar.swift"
        try FileManager.default.removeItem(atPath: lesson)
        try FileManager.default.copyItem(atPath: package + "/Solutions/01-constructor-injection/Sources/RaceCar.swift", toPath: lesson)
        let green = KataBinary.run(["check", "01", "--builder", "swiftpm"], in: package, timeout: 600)
        #expect(green.status == 0, "\(green.output)")
        #expect(green.output.range(of: #"All \d+ tests pass\."#, options: .regularExpression) != nil, "\(green.output)")
    }
}

/// Lesson 17 with the real toolchain: the learner's own tests are built, run, and run again against mutants.
@Suite("Learner-written tests, for real")
struct LearnerTestsIntegrationTests {
    @Test("a contract suite too weak to catch every mutant fails with the survivor named; the reference suite passes")
    func weakSuiteFailsReferencePasses() throws {
        guard KataBinary.hasSolutions else { return }
        let course = try KataBinary.copyCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        let manager = FileManager.default
        let lesson = course + "/Lessons/17-test-doubles"
        let solution = course + "/Solutions/17-test-doubles"
        for folder in ["Sources", "LearnerTests"] {
            try manager.removeItem(atPath: "\(lesson)/\(folder)")
            try manager.copyItem(atPath: "\(solution)/\(folder)", toPath: "\(lesson)/\(folder)")
        }
        try manager.removeItem(atPath: "\(lesson)/LearnerTests")
        try manager.copyItem(atPath: "\(solution)/Wrong/contract-suite-too-weak/LearnerTests", toPath: "\(lesson)/LearnerTests")
        let checker = CheckIntegrationTests()
        let (weakRun, weak) = try checker.check("17", in: course)
        #expect(weakRun.status == 1)
        #expect(weak.tests.filter { $0.name.hasPrefix("your test: ") }.allSatisfy { $0.status == "pass" })
        let mutants = weak.tests.filter { $0.name.hasPrefix("your tests catch: ") }
        // Twelve mutants of the general operators (`max_mutants`) and every mistake the lesson wrote for an edge of its contract.
        let spec = try #require(try Lesson17Spec.load(course))
        #expect(mutants.count == spec.maxMutants + spec.promiseMutants.count, "\(weak.tests.map(\.name))")
        #expect(spec.maxMutants == 12 && !spec.promiseMutants.isEmpty)
        let survivor = try #require(mutants.first { $0.status == "fail" })
        #expect(survivor.message.contains("TimingLogLapStore.swift:"))
        #expect(survivor.message.contains("your contract suite does not notice when"))
        #expect(survivor.file == "Lessons/17-test-doubles/Sources/TimingLogLapStore.swift")
        #expect(mutants.contains { $0.status == "pass" }, "the happy path still catches a line left out")

        try manager.removeItem(atPath: "\(lesson)/LearnerTests")
        try manager.copyItem(atPath: "\(solution)/LearnerTests", toPath: "\(lesson)/LearnerTests")
        let (run, reference) = try checker.check("17", in: course)
        #expect(run.status == 0, "\(reference.tests.filter { $0.status != "pass" }.map(\.message))")
        #expect(reference.tests.filter { $0.name.hasPrefix("your tests catch: ") }.count == spec.maxMutants + spec.promiseMutants.count)
    }
}

/// Lesson 17's `learner_tests`, read as kata reads it.
enum Lesson17Spec {
    static func load(_ course: String) throws -> LearnerTestsSpec? {
        let data = try Data(contentsOf: URL(fileURLWithPath: course + "/Lessons/17-test-doubles/lesson.json"))
        return try LessonMetadata.parse(data).learnerTests
    }
}

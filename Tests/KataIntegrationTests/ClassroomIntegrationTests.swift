import Foundation
import Testing
import KataCore

/// The classroom commands with the real `kata` binary and the real toolchain:
/// an author's own course from `kata new`, a handout from `kata export`, and
/// extra lessons next to a course (`KATA_EXTRA_COURSE`).
@Suite("Classroom, for real", .serialized)
struct ClassroomIntegrationTests {
    let manager = FileManager.default

    func temporaryFolder(_ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "kata-classroom-\(name)-\(UUID().uuidString)"
        try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A copy of Tests/Fixtures/Classroom/TeacherCourse: lesson 01-doubler with a hidden test file.
    func teacherCourse() throws -> String {
        let target = try temporaryFolder("teacher") + "/course"
        try manager.copyItem(atPath: KataBinary.packageRoot + "/Tests/Fixtures/Classroom/TeacherCourse", toPath: target)
        return target
    }

    func files(under root: String) -> [String] {
        (manager.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
    }

    /// Writes what a scaffold leaves to its author, the way an author would:
    /// every placeholder text becomes real text, every placeholder comment goes.
    func writeOut(_ lessonID: String, in course: String) throws {
        for folder in ["Lessons", "Tests/Lessons", "Solutions"] {
            let root = "\(course)/\(folder)/\(lessonID)"
            for file in files(under: root) {
                let path = "\(root)/\(file)"
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
                let written: String
                if file.hasSuffix(".swift") {
                    written = text.split(separator: "\n", omittingEmptySubsequences: false)
                        .filter { !$0.contains(Placeholder.marker) }.joined(separator: "\n")
                } else {
                    written = text.replacingOccurrences(of: Placeholder.marker + ": ", with: "Written: ")
                        .replacingOccurrences(of: Placeholder.marker + "：", with: "已写：")
                        .replacingOccurrences(of: Placeholder.marker, with: "Written")
                }
                try written.write(toFile: path, atomically: true, encoding: .utf8)
            }
        }
    }

    @Test("an author's own course: kata new, verify lists what is left, written out it passes; list, show and check work there")
    func ownCourseFromScaffold() throws {
        let folder = try temporaryFolder("own")
        defer { try? manager.removeItem(atPath: folder) }
        let course = folder + "/my-lessons"
        try manager.createDirectory(atPath: course + "/Lessons", withIntermediateDirectories: true)

        let created = KataBinary.run(["--course", course, "new", "clock-injection"], in: folder)
        #expect(created.status == 0, "\(created.output)")
        #expect(created.output.contains("Created lesson 01-clock-injection (module ClockInjection)"))
        // The README's order: kata list right after kata new, before a line is written.
        let listed = KataBinary.run(["--course", course, "list"], in: folder)
        #expect(listed.status == 0, "\(listed.output)")

        let first = KataBinary.run(["--course", course, "verify", "01"], in: folder)
        #expect(first.status == 1, "a fresh scaffold must not pass verify:\n\(first.output)")
        #expect(first.output.contains("starter: red"), "\(first.output)")
        #expect(first.output.contains("solution: 2/2 tests pass"), "\(first.output)")
        #expect(first.output.contains("wrong/keeps-the-singleton: rejected"), "\(first.output)")
        for part in ["lesson.json title.en", "Lessons/01-clock-injection/README.md, lines", "Lessons/01-clock-injection/README.zh-Hans.md, lines",
                     "Lessons/01-clock-injection/Sources/ClockInjection.swift, line 1", "Tests/Lessons/01-clock-injection/ClockInjectionTests.swift, line 1",
                     "Solutions/01-clock-injection/Sources/ClockInjection.swift, line 1", "Solutions/01-clock-injection/steps.json, lines"] {
            #expect(first.output.contains("still to write: " + part) || first.output.contains(part), "verify did not report \(part):\n\(first.output)")
        }
        #expect(first.output.components(separatedBy: "still to write").count - 1 == 8, "\(first.output)")

        try writeOut("01-clock-injection", in: course)
        let second = KataBinary.run(["verify", "01"], in: folder, environment: ["KATA_COURSE": course])
        #expect(second.status == 0, "the written-out lesson should hold the contract:\n\(second.output)")
        #expect(second.output.contains("The course holds its contract (1 lesson)"))

        let list = KataBinary.run(["list", "--json"], in: course)
        #expect(list.status == 0)
        #expect(list.output.contains("\"01-clock-injection\""))
        let show = KataBinary.run(["show", "01"], in: course)
        #expect(show.status == 0)
        #expect(show.output.contains("Greeter(hours:)"))
        let check = KataBinary.run(["check", "01", "--json"], in: course)
        #expect(check.status == 1, "the starter must be red")
        #expect(check.output.contains("\"stage\" : \"tests\""), "\(check.output)")

        // The handout carries the starter as written, not the scaffold kata list saw first.
        let exported = KataBinary.run(["export", "../handout"], in: course)
        #expect(exported.status == 0, "\(exported.output)")
        #expect(exported.output.contains("starter from your working files"), "\(exported.output)")
        let starter = "Lessons/01-clock-injection/Sources/ClockInjection.swift"
        let handed = try String(contentsOfFile: folder + "/handout/" + starter, encoding: .utf8)
        #expect(handed == (try String(contentsOfFile: course + "/" + starter, encoding: .utf8)))
        #expect(!handed.contains(Placeholder.marker), "\(handed)")
    }

    @Test("kata verify in a git checkout where the teacher solved a lesson judges the starter from HEAD, as export ships it")
    func verifyJudgesPristineStarter() throws {
        let course = try teacherCourse()
        let parent = (course as NSString).deletingLastPathComponent
        defer { try? manager.removeItem(atPath: parent) }
        #expect(KataBinary.shell("cd '\(course)' && git init -q && git add -A && git -c user.name=Teacher -c user.email=teacher@example.com commit -qm course"))
        // The teacher tries the lesson in their own checkout and solves it.
        try manager.removeItem(atPath: course + "/Lessons/01-doubler/Sources/Doubler.swift")
        try manager.copyItem(atPath: course + "/Solutions/01-doubler/Sources/Doubler.swift", toPath: course + "/Lessons/01-doubler/Sources/Doubler.swift")
        let verify = KataBinary.run(["verify"], in: course)
        #expect(verify.status == 0, "\(verify.output)")
        #expect(verify.output.contains("starter: judged as a handout carries it, from git HEAD"), "\(verify.output)")
        #expect(verify.output.contains("starter: red (1/2 tests pass)"), "\(verify.output)")
        #expect(!verify.output.contains("already passes"), "\(verify.output)")
        // The teacher's solved file is theirs, untouched.
        #expect(try String(contentsOfFile: course + "/Lessons/01-doubler/Sources/Doubler.swift", encoding: .utf8)
                == (try String(contentsOfFile: course + "/Solutions/01-doubler/Sources/Doubler.swift", encoding: .utf8)))
    }

    @Test("kata export: the handout has no Solutions/ and no hidden tests, checks a lesson, and refuses verify")
    func exportAndCheckInHandout() throws {
        let course = try teacherCourse()
        let parent = (course as NSString).deletingLastPathComponent
        defer { try? manager.removeItem(atPath: parent) }
        try manager.createDirectory(atPath: course + "/.kata", withIntermediateDirectories: true)
        try "{}".write(toFile: course + "/.kata/progress.json", atomically: true, encoding: .utf8)

        // The instructor's own check runs what a student's would: the hidden test stays out of it.
        let instructorCheck = KataBinary.run(["check", "01", "--json"], in: course)
        #expect(instructorCheck.status == 0, "\(instructorCheck.output)")
        #expect(!instructorCheck.output.contains("SECRET"), "a hidden test showed in kata check:\n\(instructorCheck.output)")
        // verify uses every test: the reference solution passes both, the starter fails the hidden one.
        let verify = KataBinary.run(["verify"], in: course)
        #expect(verify.status == 0, "\(verify.output)")
        #expect(verify.output.contains("solution: 2/2 tests pass"), "\(verify.output)")
        #expect(verify.output.contains("starter: red (1/2 tests pass)"), "\(verify.output)")

        let exported = KataBinary.run(["export", "../handout"], in: course)
        #expect(exported.status == 0, "\(exported.output)")
        let handout = parent + "/handout"
        let handed = files(under: handout)
        #expect(handed.contains(".kata-handout"))
        #expect(handed.contains("README.md"))
        #expect(handed.contains("Tests/Lessons/01-doubler/DoublerTests.swift"))
        #expect(!handed.contains { $0.hasPrefix("Solutions") || $0.contains("HiddenTests") || $0.hasPrefix(".kata/") }, "\(handed)")

        let again = KataBinary.run(["export", "../handout"], in: course)
        #expect(again.status == 2)
        #expect(again.output.contains("is not empty"))

        let check = KataBinary.run(["--course", handout, "check", "01", "--json"], in: parent)
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("two doubles to four"))
        #expect(!check.output.contains("SECRET"))
        let list = KataBinary.run(["list"], in: handout)
        #expect(list.status == 0)
        #expect(list.output.contains("01-doubler"))
        let refused = KataBinary.run(["verify"], in: handout)
        #expect(refused.status == 1)
        #expect(refused.output.contains("the instructor kept the solutions"), "\(refused.output)")
    }

    @Test("kata export of the real package: the runner and the course, without Solutions/ or build folders",
          .enabled(if: !KataBinary.isHandout, "a handout is not exported again"))
    func exportThePackage() throws {
        let folder = try temporaryFolder("package")
        defer { try? manager.removeItem(atPath: folder) }
        let handout = folder + "/handout"
        // --warn-only: verifying all of the course's lessons takes minutes; CourseContractTests holds them to it.
        let exported = KataBinary.run(["export", handout, "--warn-only"], in: KataBinary.packageRoot)
        #expect(exported.status == 0, "\(exported.output)")
        let handed = files(under: handout)
        #expect(handed.contains("Package.swift"))
        #expect(handed.contains("Sources/KataCore/Commands/Kata.swift"))
        #expect(handed.contains("Lessons/01-constructor-injection/lesson.json"))
        #expect(!handed.contains { $0.hasPrefix("Solutions") || $0.hasPrefix(".build") || $0.hasPrefix(".git/") || $0 == ".git" }, "\(handed.filter { $0.hasPrefix(".") })")
        let list = KataBinary.run(["list", "--json"], in: handout)
        #expect(list.status == 0)
        #expect(list.output.contains("01-constructor-injection"))

        // `swift test` there: the package holds the runner and its own tests, and no lesson's tests
        // (they would run against the starters, which fail them by design); the runner's tests that
        // need Solutions/ know a handout by its absence (KataBinary.hasSolutions, isHandout).
        let describe = AutogradingTests.run(KataBinary.swift, ["package", "describe", "--type", "json"], in: handout)
        #expect(describe.status == 0, "\(describe.output)")
        let json = describe.output.firstIndex(of: "{").map { String(describe.output[$0...]) } ?? ""
        let package = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let targets = Set((package?["targets"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(targets == ["KataCore", "kata", "KataCoreTests", "KataIntegrationTests"], "\(targets)")
        let variant = AutogradingTests.run(KataBinary.swift, ["package", "describe"], in: handout,
                                           environment: ["KATA_LESSON": "01-constructor-injection", "KATA_VARIANT": "Solutions"])
        #expect(variant.status != 0)
        #expect(variant.output.contains("a student handout has no reference solutions"), "\(variant.output)")
    }

    @Test("a teacher's extra lessons join a course through KATA_EXTRA_COURSE: new, list, check and verify")
    func extraCourse() throws {
        let course = try teacherCourse()
        let parent = (course as NSString).deletingLastPathComponent
        defer { try? manager.removeItem(atPath: parent) }
        let extra = parent + "/extra"
        try manager.createDirectory(atPath: extra + "/Lessons", withIntermediateDirectories: true)
        let environment = ["KATA_EXTRA_COURSE": extra]

        let created = KataBinary.run(["new", "timers", "--number", "51"], in: course, environment: environment)
        #expect(created.status == 0, "\(created.output)")
        #expect(manager.fileExists(atPath: extra + "/Lessons/51-timers/lesson.json"), "kata new should write into the extra folder")
        #expect(!manager.fileExists(atPath: course + "/Lessons/51-timers"))

        let list = KataBinary.run(["list", "--json"], in: course, environment: environment)
        #expect(list.status == 0)
        #expect(list.output.contains("01-doubler") && list.output.contains("51-timers"), "\(list.output)")
        let plain = KataBinary.run(["list", "--json"], in: course)
        #expect(!plain.output.contains("51-timers"), "without the variable the course is the built-in one")

        let check = KataBinary.run(["check", "51", "--json"], in: course, environment: environment)
        #expect(check.status == 1)
        #expect(check.output.contains("\"stage\" : \"tests\""), "\(check.output)")

        try writeOut("51-timers", in: extra)
        let verify = KataBinary.run(["verify"], in: course, environment: environment)
        #expect(verify.status == 0, "\(verify.output)")
        #expect(verify.output.contains("51-timers") && verify.output.contains("01-doubler"))
    }
}

extension KataBinary {
    /// Whether these tests run inside a student handout (made by `kata export`).
    static let isHandout = FileManager.default.fileExists(atPath: packageRoot + "/" + Handout.markerName)
}

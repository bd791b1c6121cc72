import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import KataCore

/// What GitHub Actions and Gradescope call, run the way they call it.
@Suite("autograding integrations", .serialized)
struct AutogradingTests {
    static let fixture = KataBinary.packageRoot + "/Tests/Fixtures/GradingClass"

    @Test("Gradescope: run_autograder grades /autograder/submission into results/results.json, in Gradescope's format")
    func gradescope() throws {
        let manager = FileManager.default
        let root = NSTemporaryDirectory() + "kata-autograder-\(UUID().uuidString)"
        defer { try? manager.removeItem(atPath: root) }
        try manager.createDirectory(atPath: root + "/source", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: root + "/results", withIntermediateDirectories: true)
        try manager.copyItem(atPath: KataBinary.packageRoot + "/Autograding/gradescope/run_autograder", toPath: root + "/source/run_autograder")
        try manager.copyItem(atPath: Self.fixture + "/course", toPath: root + "/source/course")
        try manager.copyItem(atPath: Self.fixture + "/submissions/crashes", toPath: root + "/submission")

        let result = PosixProcessRunner(groups: ProcessGroupRegistry()).run(ProcessRequest(
            executable: "/bin/bash", arguments: [root + "/source/run_autograder"],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": root,
                          "AUTOGRADER_ROOT": root, "KATA": KataBinary.path, "KATA_TEST_TIMEOUT": "4", "LANG": "C.UTF-8"],
            timeout: 600, outputLimit: 1 << 20))
        #expect(result.termination == .exited(0), "\(result.output)")

        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/results/results.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        // The course-wide rules are an entry of every lesson; a kept rule is worth the share of the test points earned.
        #expect(json["score"] as? Double == 11.5)
        let tests = try #require(json["tests"] as? [[String: Any]])
        #expect(tests.count == 10)
        for test in tests {
            #expect(test["name"] is String && test["score"] is Double && test["max_score"] is Double)
            #expect(["passed", "failed"].contains(test["status"] as? String ?? ""))
        }
        #expect(tests.filter { $0["status"] as? String == "failed" }.count == 3)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("SECRET-HIDDEN") && !text.contains("stranger"), "hidden tests do not leak")
        #expect(text.contains("average is not written yet"))
        #expect(manager.fileExists(atPath: root + "/submission/Lessons/02-tally/Sources/Tally.swift"))
    }

    /// Runs a program for the autograding scripts; its exit status and output.
    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil, environment extra: [String: String] = [:],
                    timeout: Double = 600) -> (status: Int32, output: String) {
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8",
                           "HOME": ProcessInfo.processInfo.environment["HOME"] ?? NSTemporaryDirectory(), "TMPDIR": NSTemporaryDirectory()]
        for (key, value) in extra { environment[key] = value }
        let result = PosixProcessRunner(groups: ProcessGroupRegistry()).run(ProcessRequest(
            executable: executable, arguments: arguments, environment: environment,
            workingDirectory: directory, timeout: timeout, outputLimit: 1 << 20))
        if case .exited(let code) = result.termination { return (code, result.output) }
        return (-1, result.output)
    }

    @Test("Gradescope from the zip: make-zip.sh (verify first, extra lessons merged), setup.sh and run_autograder in a fake /autograder")
    func gradescopeFromTheZip() throws {
        let manager = FileManager.default
        let folder = NSTemporaryDirectory() + "kata-zip-\(UUID().uuidString)"
        defer { try? manager.removeItem(atPath: folder) }
        // The teacher's course (it holds its contract) and an extra folder with a lesson that does not:
        // it has no wrong solution, so kata verify reports it.
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try manager.copyItem(atPath: KataBinary.packageRoot + "/Tests/Fixtures/Classroom/TeacherCourse", toPath: folder + "/course")
        let extra = folder + "/extra"
        for part in ["Lessons", "Tests/Lessons", "Solutions"] {
            try manager.createDirectory(atPath: "\(extra)/\(part)", withIntermediateDirectories: true)
            try manager.copyItem(atPath: "\(Self.fixture)/course/\(part)/01-greeting", toPath: "\(extra)/\(part)/51-greeting")
        }
        let makeZip = KataBinary.packageRoot + "/Autograding/gradescope/make-zip.sh"
        let zip = folder + "/autograder.zip"
        let environment = ["KATA": KataBinary.path, "KATA_EXTRA_COURSE": extra, "KATA_VERIFY_JOBS": "1"]

        let refused = Self.run("/bin/bash", [makeZip, folder + "/course", zip], in: folder, environment: environment)
        #expect(refused.status == 1, "\(refused.output)")
        #expect(refused.output.contains("✘ 51-greeting") && refused.output.contains("no plausible wrong solution"), "\(refused.output)")
        #expect(refused.output.contains("--warn-only"), "says how to pack anyway: \(refused.output)")
        #expect(!manager.fileExists(atPath: zip), "a course kata verify reports is not packed")

        let made = Self.run("/bin/bash", [makeZip, "--warn-only", "--allow-reduced-isolation", "--timeout", "8", folder + "/course", zip],
                            in: folder, environment: environment)
        #expect(made.status == 0, "\(made.output)")
        #expect(made.output.contains("packing them anyway"), "\(made.output)")

        // Gradescope's layout, rooted in the temporary folder.
        let root = folder + "/autograder"
        for part in ["source", "results", "submission/Lessons/51-greeting"] {
            try manager.createDirectory(atPath: "\(root)/\(part)", withIntermediateDirectories: true)
        }
        let unzipped = Self.run("/usr/bin/unzip", ["-q", zip, "-d", root + "/source"])
        try #require(unzipped.status == 0, "\(unzipped.output)")
        for path in ["setup.sh", "run_autograder", "autograder.conf", "kata/Package.swift", "kata/Sources/kata/main.swift",
                     "course/Lessons/01-doubler/lesson.json", "course/Tests/Lessons/01-doubler/HiddenTests.swift",
                     "course/Solutions/01-doubler/Sources/Doubler.swift",
                     "course/Lessons/51-greeting/lesson.json", "course/Tests/Lessons/51-greeting/HiddenTests.swift",
                     "course/Solutions/51-greeting/Sources/Greeter.swift"] {
            #expect(manager.fileExists(atPath: "\(root)/source/\(path)"), "the zip lacks \(path)")
        }
        let settings = try String(contentsOfFile: root + "/source/autograder.conf", encoding: .utf8)
        #expect(settings.contains("KATA_ALLOW_REDUCED_ISOLATION=1\n") && settings.contains("KATA_TEST_TIMEOUT=8\n"), "\(settings)")

        // The zip's package is one SwiftPM reads, with the product setup.sh builds (a release build takes
        // minutes, so setup below installs the kata this test run built).
        let describe = Self.run(KataBinary.swift, ["package", "describe", "--type", "json"], in: root + "/source/kata")
        #expect(describe.status == 0, "\(describe.output)")
        let jsonStart = describe.output.firstIndex(of: "{") ?? describe.output.endIndex
        let package = try JSONSerialization.jsonObject(with: Data(describe.output[jsonStart...].utf8)) as? [String: Any]
        let products = (package?["products"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(products == ["kata"], "\(describe.output.prefix(2000))")

        let setup = Self.run("/bin/bash", [root + "/source/setup.sh"],
                             environment: ["AUTOGRADER_ROOT": root, "KATA_SKIP_SYSTEM_SETUP": "1", "KATA_PREBUILT": KataBinary.path])
        #expect(setup.status == 0, "\(setup.output)")
        #expect(manager.isExecutableFile(atPath: root + "/source/kata/.build/release/kata"))

        // A correct submission of the extra lesson, nothing of the other.
        try manager.copyItem(atPath: extra + "/Solutions/51-greeting/Sources", toPath: root + "/submission/Lessons/51-greeting/Sources")
        func grade(_ environment: [String: String]) throws -> [String: Any] {
            try? manager.removeItem(atPath: root + "/results/results.json")
            let graded = Self.run("/bin/bash", [root + "/source/run_autograder"], environment: ["AUTOGRADER_ROOT": root].merging(environment) { $1 })
            #expect(graded.status == 0, "\(graded.output)")
            let data = try Data(contentsOf: URL(fileURLWithPath: root + "/results/results.json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(graded.output)")
        }
        let results = try grade([:])
        let tests = try #require(results["tests"] as? [[String: Any]])
        let greeting = tests.filter { ($0["name"] as? String ?? "").hasPrefix("51-greeting · ") }
        #expect(try #require(results["score"] as? Double) > 0)
        #expect(results["score"] as? Double == 10, "the extra lesson's 10 points, none of the lesson not started: \(results)")
        #expect(Set(greeting.compactMap { $0["name"] as? String }).isSuperset(of: [
            "51-greeting · greets the name its source gives", "51-greeting · two sources give two greetings"]), "\(tests)")
        #expect(!greeting.isEmpty && greeting.allSatisfy { $0["status"] as? String == "passed" }, "\(greeting)")
        #expect(tests.contains { $0["name"] as? String == "01-doubler · two doubles to four" && $0["status"] as? String == "failed" })

        // No user namespaces (stood in for by KATA_SANDBOX=none): refused when the settings say so...
        let refusedGrade = try grade(["KATA_SANDBOX": "none", "KATA_ALLOW_REDUCED_ISOLATION": "0"])
        #expect(refusedGrade["score"] as? Double == 0)
        #expect((refusedGrade["output"] as? String ?? "").contains("KATA_ALLOW_REDUCED_ISOLATION=1 in autograder.conf"), "\(refusedGrade)")
        // ...graded with limits only when autograder.conf allows it, as this zip's does.
        let reduced = try grade(["KATA_SANDBOX": "none"])
        #expect(reduced["score"] as? Double == 10, "\(reduced)")
        #expect((reduced["output"] as? String ?? "").contains("isolation: reduced"), "\(reduced)")
    }

    @Test("GitHub Actions: kata check --all writes JUnit XML and fails while a lesson fails")
    func checkAll() throws {
        let manager = FileManager.default
        let course = NSTemporaryDirectory() + "kata-check-all-\(UUID().uuidString)"
        defer { try? manager.removeItem(atPath: course) }
        try manager.copyItem(atPath: Self.fixture + "/course", toPath: course)
        // Lesson 01 solved, lesson 02 still the starter.
        try manager.removeItem(atPath: course + "/Lessons/01-greeting/Sources")
        try manager.copyItem(atPath: course + "/Solutions/01-greeting/Sources", toPath: course + "/Lessons/01-greeting/Sources")

        let run = KataBinary.run(["check", "--all", "--junit", "kata-junit.xml", "--timeout", "4"], in: course, timeout: 600)
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("1 of 2 lessons pass"))
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: course + "/kata-junit.xml"))
        #expect(try document.nodes(forXPath: "//testcase[@classname='kata.01-greeting']").count == 3, "the visible tests, as in a student's repository")
        #expect(try document.nodes(forXPath: "//testcase[@classname='kata.01-greeting']/failure").isEmpty)
        #expect(try document.nodes(forXPath: "//testcase[@classname='kata.02-tally']/error").count == 1)
        #expect(try document.nodes(forXPath: "/testsuites[@name='kata check']").count == 1, "named after the check")
        let suiteTimes = try document.nodes(forXPath: "//testsuite/@time").compactMap { Double($0.stringValue ?? "") }
        #expect(suiteTimes.count == 2 && suiteTimes.allSatisfy { $0 > 0 }, "measured times, not 0.000: \(suiteTimes)")
        let caseTimes = try document.nodes(forXPath: "//testcase[@classname='kata.01-greeting']/@time").compactMap { Double($0.stringValue ?? "") }
        #expect(caseTimes.contains { $0 > 0 }, "\(caseTimes)")

        let usage = KataBinary.run(["check", "--all", "01"], in: course)
        #expect(usage.status == 2)
    }
}

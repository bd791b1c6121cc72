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
        #expect(json["score"] as? Double == 11.5)
        let tests = try #require(json["tests"] as? [[String: Any]])
        #expect(tests.count == 8)
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

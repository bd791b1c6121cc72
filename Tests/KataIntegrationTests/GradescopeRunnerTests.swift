import Foundation
import Testing
import KataCore

/// run_autograder as Gradescope runs it (as root), with a stand-in for kata that behaves like
/// hostile student code: it leaves a process behind that would rewrite the results later.
@Suite("Gradescope: run_autograder runs kata as an unprivileged user and leaves nothing running",
       .serialized, .enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/setpriv") && getpwnam("nobody") != nil,
                             "needs root, setpriv and the user nobody, as in Gradescope's image"))
struct GradescopeRunnerTests {
    static let standIn = #"""
        #!/bin/bash
        # Stands in for kata grade: says who it runs as, leaves a process that would rewrite the result.
        out=""
        while [ $# -gt 0 ]; do [ "$1" = --gradescope ] && out="$2"; shift; done
        printf '{"score": 1, "output": "uid=%s", "tests": []}\n' "$(id -u)" > "$out"
        setsid bash -c 'sleep 30; echo "{\"score\": 100, \"output\": \"rewritten\", \"tests\": []}" > "$1"' "MARKER" "$out" &
        exit 0
        """#

    @Test("kata grade runs as the runner user; its processes are killed before results.json is written")
    func runsAsRunnerAndKillsItsProcesses() throws {
        let manager = FileManager.default
        let root = NSTemporaryDirectory() + "kata-gradescope-\(UUID().uuidString)"
        defer { try? manager.removeItem(atPath: root) }
        let marker = "kata-gradescope-linger-\(UUID().uuidString)"
        for folder in ["/source", "/results", "/submission/Lessons/01-a/Sources"] {
            try manager.createDirectory(atPath: root + folder, withIntermediateDirectories: true)
        }
        try manager.copyItem(atPath: KataBinary.packageRoot + "/Autograding/gradescope/run_autograder", toPath: root + "/source/run_autograder")
        try "public struct A {}\n".write(toFile: root + "/submission/Lessons/01-a/Sources/A.swift", atomically: true, encoding: .utf8)
        let kata = root + "/source/fake-kata"
        try Self.standIn.replacingOccurrences(of: "MARKER", with: marker).write(toFile: kata, atomically: true, encoding: .utf8)
        chmod(kata, 0o755)
        chmod(root, 0o755)
        chmod(root + "/source", 0o755)

        let result = PosixProcessRunner(groups: ProcessGroupRegistry()).run(ProcessRequest(
            executable: "/bin/bash", arguments: [root + "/source/run_autograder"],
            environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "AUTOGRADER_ROOT": root, "KATA": kata,
                          "KATA_RUNNER_USER": "nobody", "TMPDIR": NSTemporaryDirectory()],
            timeout: 120))
        #expect(result.termination == .exited(0), "\(result.output)")

        let written = try String(contentsOfFile: root + "/results/results.json", encoding: .utf8)
        let nobody = getpwnam("nobody")!.pointee.pw_uid
        #expect(written.contains("\"uid=\(nobody)\""), "kata ran as nobody, not root: \(written)")
        let left = SandboxHostProcesses.mentioning(marker)
        #expect(left.isEmpty, "still running after run_autograder: \(left)")
        #expect(manager.fileExists(atPath: root + "/submission/Lessons/01-a/Sources/A.swift"))
    }
}

/// Processes whose command line mentions a marker, from /proc.
enum SandboxHostProcesses {
    static func mentioning(_ marker: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard Int32(entry) != nil, Int32(entry) != getpid(),
                  let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(marker) ? "\(entry): \(line)" : nil
        }
    }
}

import Foundation
import Testing
@testable import KataCore

@Suite("grading sandbox: probe once, fall back, say which")
struct SandboxTests {
    static let tools = ["/usr/bin/prlimit": "", "/usr/bin/unshare": ""]

    @Test("a host that forbids user namespaces gets limits only, and the reports say reduced")
    func fallsBackWhenNamespacesAreForbidden() {
        let fileSystem = InMemoryFileSystem(Self.tools)
        let runner = ScriptedProcessRunner { request in
            request.executable.hasSuffix("unshare")
                ? ProcessResult(termination: .exited(1), output: "unshare: write failed /proc/self/uid_map: Operation not permitted")
                : ProcessResult(termination: .exited(0), output: "")
        }
        let sandbox = Sandbox.probe(processRunner: runner, fileSystem: fileSystem, environment: ["PATH": "/usr/bin"],
                                    probeFolder: "/scratch/probe", limits: GradeLimits())
        #expect(sandbox.isolation == .reduced)
        #expect(sandbox.detail.contains("unshare could not isolate the tests") && sandbox.detail.contains("Operation not permitted"))
        let launcher = sandbox.launcher(writable: "/scratch/students/0")
        #expect(launcher.first == "/usr/bin/prlimit")
        #expect(launcher.contains("--as=\(1 << 30)") && launcher.last == "--")
        #expect(!launcher.contains("/usr/bin/unshare"))
    }

    @Test("namespaces that really isolate are used, with the student's folder the only writable one")
    func usesNamespacesWhenTheyWork() {
        let fileSystem = InMemoryFileSystem(Self.tools)
        let runner = ScriptedProcessRunner { request in
            // The probe writes inside/ok and cannot write outside, as a working sandbox would.
            if request.executable.hasSuffix("unshare"), let inside = request.arguments.last {
                fileSystem.add(inside + "/ok", "")
            }
            return ProcessResult(termination: .exited(0), output: "")
        }
        let sandbox = Sandbox.probe(processRunner: runner, fileSystem: fileSystem, environment: ["PATH": "/usr/bin"],
                                    probeFolder: "/scratch/probe", limits: GradeLimits())
        #if os(Linux)
        #expect(sandbox.isolation == .full)
        let launcher = sandbox.launcher(writable: "/scratch/students/3")
        #expect(Array(launcher.prefix(2)) == ["/usr/bin/unshare", "--user"])
        #expect(launcher.contains("--net") && launcher.contains("--pid") && launcher.contains("--kill-child"))
        #expect(launcher.contains("/scratch/students/3"))
        #expect(launcher.contains("/usr/bin/prlimit"))
        #else
        #expect(sandbox.isolation == .reduced)
        #endif
    }

    @Test("no prlimit: the shell's ulimit sets the limits")
    func ulimitWithoutPrlimit() {
        let sandbox = Sandbox.probe(processRunner: ScriptedProcessRunner(), fileSystem: InMemoryFileSystem(), environment: ["PATH": "/nowhere"],
                                    probeFolder: "/scratch/probe", limits: GradeLimits())
        #expect(sandbox.isolation == .reduced)
        let launcher = sandbox.launcher(writable: "/scratch/students/0")
        #expect(Array(launcher.prefix(2)) == ["/bin/sh", "-c"])
        #expect(launcher[2].contains("ulimit -v"))
        #expect(sandbox.detail.contains("ulimit"))
    }
}

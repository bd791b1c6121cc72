import Foundation
import Testing
@testable import KataCore

@Suite("grading sandbox: probe once, fall back, say which")
struct SandboxTests {
    static let tools = ["/usr/bin/prlimit": "", "/usr/bin/unshare": "", "/usr/bin/setpriv": "", "/usr/bin/setsid": "",
                        "/usr/sbin/pivot_root": "", "/usr/bin/umount": "", "/usr/bin/mount": ""]

    /// A runner that answers the namespace probe as a host would: `answer` is what the probe's
    /// shell writes to its one writable file, `escape` whether a write to the read-only folder got through.
    static func runner(_ fileSystem: InMemoryFileSystem, answer: String?, escape: Bool = false, refusal: String = "") -> ScriptedProcessRunner {
        ScriptedProcessRunner { request in
            // The sandbox starts with `unshare` (behind `setpriv --pdeathsig`, which hands over to it).
            guard request.executable.hasSuffix("unshare") || request.arguments.contains("/usr/bin/unshare") else {
                return ProcessResult(termination: .exited(0), output: "")
            }
            let arguments = request.arguments
            guard let answer, let writable = arguments.last, let readOnly = arguments.dropLast().last else {
                return ProcessResult(termination: .exited(1), output: refusal)
            }
            fileSystem.add(writable, answer)
            if escape { fileSystem.add(readOnly + "/escaped", "") }
            return ProcessResult(termination: .exited(0), output: "")
        }
    }

    static func probe(_ fileSystem: InMemoryFileSystem, _ runner: ScriptedProcessRunner, path: String = "/usr/bin:/usr/sbin", userID: UInt32 = 1000) -> Sandbox {
        Sandbox.probe(processRunner: runner, fileSystem: fileSystem, environment: ["PATH": path],
                      probeFolder: "/scratch/probe", rootFolder: "/scratch/root", limits: GradeLimits(), userID: userID)
    }

    @Test("a host that forbids user namespaces gets limits only, says what was missing, and the reports say reduced")
    func fallsBackWhenNamespacesAreForbidden() {
        let fileSystem = InMemoryFileSystem(Self.tools)
        let runner = Self.runner(fileSystem, answer: nil, refusal: "unshare: write failed /proc/self/uid_map: Operation not permitted")
        let sandbox = Self.probe(fileSystem, runner)
        #expect(sandbox.isolation == .reduced)
        #if os(Linux)
        #expect(sandbox.missing.joined().contains("Operation not permitted"))
        #endif
        #expect(sandbox.detail.hasPrefix("no sandbox: "))
        let launcher = sandbox.launcher(SandboxView(readOnly: ["/scratch/students/0/build"], writableFiles: ["/scratch/e.jsonl"]))
        #expect(launcher.first == "/usr/bin/prlimit")
        #expect(launcher.contains("--as=\(1 << 30)") && launcher.last == "--")
        #expect(!launcher.contains("/usr/bin/unshare"))
        #expect(sandbox.compileLauncher().first == "/usr/bin/prlimit", "the compiler gets limits even without namespaces")
        #expect(!fileSystem.exists("/scratch/probe"), "the probe cleans up after itself")
    }

    #if os(Linux)
    @Test("a sandbox that really holds is used: minimal root, the view's paths, unprivileged, limits inside")
    func usesNamespacesWhenTheyHold() {
        let fileSystem = InMemoryFileSystem(Self.tools)
        let runner = Self.runner(fileSystem, answer: "ok\n")
        let sandbox = Self.probe(fileSystem, runner)
        #expect(sandbox.isolation == .full, "\(sandbox.detail)")
        #expect(sandbox.missing.isEmpty)
        #expect(sandbox.detail.contains("no capabilities") && sandbox.detail.contains("prlimit"))

        // The probe ran its shell inside a sandbox that saw a host folder read-only and one writable file.
        let probe = runner.commands.first { $0.contains("/usr/bin/unshare") } ?? []
        #expect(probe.contains("--ro") && probe.contains("--rw"))
        #expect(probe.last == "/scratch/probe/answer")

        let launcher = sandbox.launcher(SandboxView(readOnly: ["/scratch/s/build", "/toolchain/lib"], writableFiles: ["/scratch/s/build/events.jsonl"]))
        // The kernel kills the sandbox's first process when the grader's ends, however it ends: nothing runs on unwatched.
        #expect(Array(launcher.prefix(6)) == ["/usr/bin/setpriv", "--pdeathsig", "KILL", "/usr/bin/unshare", "--user", "--map-root-user"])
        for namespace in ["--mount", "--pid", "--net", "--ipc", "--uts", "--kill-child"] {
            #expect(launcher.contains(namespace), "\(namespace)")
        }
        #expect(launcher.last == "--")
        let ro = launcher.firstIndex(of: "--ro")!, rw = launcher.firstIndex(of: "--rw")!
        #expect(Array(launcher[(ro + 1)..<rw]) == ["/scratch/s/build", "/toolchain/lib"])
        #expect(Array(launcher[(rw + 1)..<(launcher.count - 1)]) == ["/scratch/s/build/events.jsonl"])
        #expect(launcher.contains("/scratch/root"), "sandboxes mount their root on the grader's empty folder")
        #expect(launcher.contains("--nproc=\(GradeLimits().processes)") && launcher.contains("--as=\(1 << 30)"))
        #expect(launcher.contains(String(GradeLimits().scratchBytes)), "/tmp and /dev/shm are size-limited")
        let script = launcher.first { $0.contains("pivot_root") } ?? ""
        #expect(script.contains("--no-new-privs") && script.contains("--bounding-set=-all") && script.contains("--map-user=1000"))
        #expect(script.contains("setsid"), "the program gets a session of its own: kill(0, ...) reaches nothing outside")

        let compile = sandbox.compileLauncher()
        #expect(Array(compile.prefix(6)) == ["/usr/bin/setpriv", "--pdeathsig", "KILL", "/usr/bin/unshare", "--user", "--map-root-user"])
        #expect(compile.contains("--net") && compile.contains("--pid") && compile.contains("--kill-child"))
        #expect(compile.contains("/usr/bin/prlimit") && compile.last == "--")
        #expect(launcher.contains("user") && !launcher.contains("root"))
    }

    @Test("a grader running as root mounts without a user namespace and gives the program a uid of its own")
    func rootGrader() {
        let fileSystem = InMemoryFileSystem(Self.tools)
        let sandbox = Self.probe(fileSystem, Self.runner(fileSystem, answer: "ok\n"), userID: 0)
        #expect(sandbox.isolation == .full)
        let launcher = sandbox.launcher(SandboxView(readOnly: ["/b"], writableFiles: ["/b/e"]))
        #expect(launcher[3] == "/usr/bin/unshare" && !launcher.contains("--user") && launcher.contains("--pid"))
        #expect(launcher.contains("root"), "the script is told to drop to a uid of its own")
        let script = launcher.first { $0.contains("pivot_root") } ?? ""
        #expect(script.contains("--reuid=\"$uid\"") && script.contains("--clear-groups") && script.contains("--pdeathsig=KILL"))
        #expect(sandbox.detail.contains("a uid of its own"))
    }

    @Test("a sandbox that starts but lets a write through, or does not answer, is not called full")
    func refusesASandboxThatLeaks() {
        let leaky = InMemoryFileSystem(Self.tools)
        #expect(Self.probe(leaky, Self.runner(leaky, answer: "ok\n", escape: true)).isolation == .reduced)
        let silent = InMemoryFileSystem(Self.tools)
        let sandbox = Self.probe(silent, Self.runner(silent, answer: "capabilities left\n"))
        #expect(sandbox.isolation == .reduced)
        #expect(sandbox.missing.joined().contains("did not hold"))
    }

    @Test("missing util-linux tools are named, and nothing is tried without them")
    func namesMissingTools() {
        var tools = Self.tools
        tools["/usr/bin/setpriv"] = nil
        let fileSystem = InMemoryFileSystem(tools)
        let runner = Self.runner(fileSystem, answer: "ok\n")
        let sandbox = Self.probe(fileSystem, runner)
        #expect(sandbox.isolation == .reduced)
        #expect(sandbox.missing.joined().contains("setpriv"))
        #expect(!runner.commands.contains { $0[0].hasSuffix("unshare") })
    }
    #endif

    @Test("no prlimit: the shell's ulimit sets the limits")
    func ulimitWithoutPrlimit() {
        let sandbox = Self.probe(InMemoryFileSystem(), ScriptedProcessRunner(), path: "/nowhere")
        #expect(sandbox.isolation == .reduced)
        let launcher = sandbox.launcher(SandboxView(readOnly: []))
        #expect(Array(launcher.prefix(2)) == ["/bin/sh", "-c"])
        #expect(launcher[2].contains("ulimit -v"))
        #expect(sandbox.detail.contains("ulimit"))
    }

    @Test("bubblewrap or nsjail on the host is named in the detail, not silently used")
    func namesOtherSandboxes() {
        var tools = Self.tools
        tools["/usr/bin/bwrap"] = ""
        let fileSystem = InMemoryFileSystem(tools)
        let sandbox = Self.probe(fileSystem, Self.runner(fileSystem, answer: "ok\n"))
        #expect(sandbox.detail.contains("bwrap is installed but not used"))
    }

    @Test("the cgroup note says what per-student totals were possible")
    func cgroupNote() {
        #expect(Sandbox.cgroupNote(fileSystem: InMemoryFileSystem()).contains("no cgroup v2"))
        let partial = InMemoryFileSystem(["/sys/fs/cgroup/cgroup.controllers": "cpuset cpu io\n"])
        #expect(Sandbox.cgroupNote(fileSystem: partial).contains("memory, pids"))
    }
}

@Suite("the compiler and the test program are started through the sandbox")
struct SandboxLaunchTests {
    @Test("the builder puts the launcher in front of swiftc and compiles by relative path from the sources' root")
    func builderUsesLauncherAndRelativePaths() {
        let fileSystem = InMemoryFileSystem([
            "/scratch/s/src/Lessons/01-a/Sources/A.swift": "public struct A {}",
            "/course/Tests/Lessons/01-a/ATests.swift": "import Testing",
        ])
        let runner = ScriptedProcessRunner { _ in ProcessResult(termination: .exited(0), output: "") }
        var builder = SwiftcLessonBuilder(toolchain: Toolchain(swiftc: "/toolchain/bin/swiftc", identity: "t"), fileSystem: fileSystem,
                                          processRunner: runner, displayRoot: "/scratch/s/src", environment: [:])
        builder.launcher = ["/usr/bin/unshare", "--net", "--"]
        builder.pathRoots = ["/scratch/s/src", "/course"]
        fileSystem.add("/scratch/s/build/libA.so", "")
        fileSystem.add("/scratch/s/build/A.swiftmodule", "")
        fileSystem.add("/scratch/s/build/ATests", "")
        _ = builder.build(BuildInput(module: "A", sourceFiles: ["/scratch/s/src/Lessons/01-a/Sources/A.swift"],
                                     testFiles: ["/course/Tests/Lessons/01-a/ATests.swift"], buildDirectory: "/scratch/s/build"))
        let requests = runner.requests
        #expect(requests.count == 2)
        for request in requests {
            #expect(request.executable == "/usr/bin/unshare")
            #expect(Array(request.arguments.prefix(3)) == ["--net", "--", "/toolchain/bin/swiftc"])
            #expect(request.arguments.contains("-file-compilation-dir"))
        }
        #expect(requests.first?.workingDirectory == "/scratch/s/src")
        #expect(requests.first?.arguments.last == "Lessons/01-a/Sources/A.swift")
        #expect(requests.last?.workingDirectory == "/course")
        #expect(requests.last?.arguments.contains("Tests/Lessons/01-a/ATests.swift") == true)
        #expect(requests.last?.arguments.contains { $0.hasPrefix("/course/") } == false, "no argument names the course's folder")
    }

    @Test("without path roots the builder passes absolute paths and keeps its old cache keys")
    func builderWithoutRoots() {
        let fileSystem = InMemoryFileSystem(["/c/Lessons/01-a/Sources/A.swift": "public struct A {}"])
        let runner = ScriptedProcessRunner { _ in ProcessResult(termination: .exited(1), output: "") }
        let builder = SwiftcLessonBuilder(toolchain: Toolchain(swiftc: "/toolchain/bin/swiftc", identity: "t"), fileSystem: fileSystem,
                                          processRunner: runner, displayRoot: "/c", environment: [:])
        _ = builder.build(BuildInput(module: "A", sourceFiles: ["/c/Lessons/01-a/Sources/A.swift"], testFiles: [], buildDirectory: "/c/.kata/build"))
        #expect(runner.requests.first?.executable == "/toolchain/bin/swiftc")
        #expect(runner.requests.first?.workingDirectory == nil)
        #expect(runner.requests.first?.arguments.last == "/c/Lessons/01-a/Sources/A.swift")
    }

    @Test("kata grade refuses to run student code without a sandbox unless --allow-reduced-isolation is given")
    func gradeRefusesReducedIsolation() {
        var kata = FakeKata()
        kata.environment["PATH"] = "/toolchain/bin"
        kata.fileSystem.add("/toolchain/bin/swiftc", "")
        kata.fileSystem.add("/course/Lessons/01-a/lesson.json", lessonJSON(module: "A"))
        kata.fileSystem.add("/course/Lessons/01-a/Sources/A.swift", "public struct A {}")
        kata.fileSystem.add("/class/amy/Lessons/01-a/Sources/A.swift", "public struct A {}")
        let status = kata.run("grade", "/class", "--out", "/reports")
        #expect(status == 2)
        let said = kata.console.errors
        #expect(said.contains("--allow-reduced-isolation"), "\(said)")
        #expect(said.contains("without a sandbox"))
        #expect(!kata.processRunner.commands.contains { $0.contains { $0.contains("Tests") } }, "no student code was built or run")
        #expect(!kata.fileSystem.exists("/reports/grades.csv"))

        let allowed = kata.run("grade", "/class", "--out", "/reports", "--allow-reduced-isolation")
        #expect(allowed == 0, "\(kata.console.output + kata.console.errors)")
        let results = (try? kata.fileSystem.readText("/reports/amy/results.json")) ?? ""
        #expect(results.contains("\"isolation\" : \"reduced\""))
        #expect(results.contains("reduced isolation allowed by --allow-reduced-isolation"))
    }
}

@Suite("a learner's children end with kata, however kata ends")
struct ProcessTetherTests {
    #if os(Linux)
    @Test("with setpriv and working namespaces a compile gets a PID namespace, a test program only the parent-death signal")
    func namespaceWhereAllowed() {
        let runner = ScriptedProcessRunner()
        let tether = ProcessTether.probe(processRunner: runner, fileSystem: InMemoryFileSystem(["/usr/bin/setpriv": "", "/usr/bin/unshare": ""]))
        #expect(tether.compile.prefix(3) == ["/usr/bin/setpriv", "--pdeathsig", "KILL"])
        #expect(tether.compile.contains("--pid") && tether.compile.contains("--kill-child") && tether.compile.last == "--")
        #expect(tether.program == ["/usr/bin/setpriv", "--pdeathsig", "KILL"])
        #expect(runner.commands.count == 1)
    }

    @Test("where user namespaces are forbidden both get the parent-death signal alone, and the detail says so")
    func parentDeathWhereNamespacesAreForbidden() {
        let runner = ScriptedProcessRunner { _ in ProcessResult(termination: .exited(1), output: "unshare: write failed /proc/self/uid_map: Operation not permitted") }
        let tether = ProcessTether.probe(processRunner: runner, fileSystem: InMemoryFileSystem(["/usr/bin/setpriv": "", "/usr/bin/unshare": ""]))
        #expect(tether.compile == ["/usr/bin/setpriv", "--pdeathsig", "KILL"])
        #expect(tether.program == tether.compile)
        #expect(tether.detail.contains("without namespaces"))
    }

    @Test("what this boot of the machine allows is kept: a later check starts no probe; another boot asks again")
    func rememberedForThisBoot() {
        let files = InMemoryFileSystem(["/usr/bin/setpriv": "", "/usr/bin/unshare": "", "/proc/sys/kernel/random/boot_id": "boot-1\n"])
        let runner = ScriptedProcessRunner()
        let first = ProcessTether.remembered(in: "/state/tether", processRunner: runner, fileSystem: files)
        #expect(first.compile.contains("--pid") && runner.commands.count == 1)
        let again = ProcessTether.remembered(in: "/state/tether", processRunner: runner, fileSystem: files)
        #expect(again == first && runner.commands.count == 1, "the kept answer is used: \(runner.commands)")
        files.add("/proc/sys/kernel/random/boot_id", "boot-2\n")
        _ = ProcessTether.remembered(in: "/state/tether", processRunner: runner, fileSystem: files)
        #expect(runner.commands.count == 2, "another boot probes again")
    }

    @Test("without setpriv nothing is put in front of any child")
    func nothingWithoutSetpriv() {
        let runner = ScriptedProcessRunner()
        let tether = ProcessTether.probe(processRunner: runner, fileSystem: InMemoryFileSystem(["/usr/bin/unshare": ""]))
        #expect(tether.compile.isEmpty && tether.program.isEmpty)
        #expect(tether.detail.contains("no setpriv"))
        #expect(runner.commands.isEmpty)
    }
    #endif
}

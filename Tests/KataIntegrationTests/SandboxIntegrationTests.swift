import Foundation
import Testing
import KataCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

#if os(Linux)
/// The real sandbox of `kata grade` on this host, and a hostile program built to run in it
/// (Tests/Fixtures/SandboxAttacks/Attack.swift).
enum SandboxHost {
    struct Setup: Sendable {
        var sandbox: Sandbox
        var folder: String
        var build: String
        var program: String
        var compileOutput: String
        var runtime: [String]
    }

    static let setup: Setup? = {
        let fileSystem = LocalFileSystem()
        let runner = PosixProcessRunner(groups: ProcessGroupRegistry())
        let environment = ProcessInfo.processInfo.environment
        let folder = Sandbox.canonical(NSTemporaryDirectory()) + "/kata-sandbox-\(UUID().uuidString)"
        let sandbox = Sandbox.probe(processRunner: runner, fileSystem: fileSystem, environment: environment,
                                    probeFolder: folder + "/probe", rootFolder: folder + "/root", limits: GradeLimits())
        guard sandbox.isolation == .full, let toolchain = try? ToolchainLocator(fileSystem: fileSystem, environment: environment).locate() else {
            return nil
        }
        let build = folder + "/build"
        try? fileSystem.createDirectory(build)
        createdFolder.withLock { $0 = folder }
        atexit { SandboxHost.removeFolder() }
        let program = build + "/attack"
        let compiled = runner.run(ProcessRequest(
            executable: toolchain.swiftc,
            arguments: ["-O", KataBinary.packageRoot + "/Tests/Fixtures/SandboxAttacks/Attack.swift", "-o", program],
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder, "TMPDIR": folder], timeout: 300))
        return Setup(sandbox: sandbox, folder: folder, build: build, program: program,
                     compileOutput: compiled.termination.succeeded ? "" : "the attack program does not compile: \(compiled.output)",
                     runtime: Sandbox.runtimeLibraries(of: toolchain))
    }()

    static var available: Bool { setup != nil }

    /// The setup's folder, removed when the test process ends.
    static let createdFolder = Mutex<String?>(nil)
    static func removeFolder() {
        if let folder = createdFolder.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Runs the attack program in `mode` through the launcher `kata grade` uses for a test program.
    static func attack(_ mode: String, _ arguments: [String] = [], timeout: Double = 120, environment: [String: String] = [:],
                       moved: [String: String] = [:]) -> ProcessResult {
        guard let setup else { return ProcessResult(termination: .exited(127), output: "no sandbox") }
        guard setup.compileOutput.isEmpty else {
            Issue.record(Comment(rawValue: setup.compileOutput))
            return ProcessResult(termination: .exited(127), output: setup.compileOutput)
        }
        let launcher = setup.sandbox.launcher(SandboxView(readOnly: [setup.build] + setup.runtime,
                                                          writableFiles: [setup.build + "/events.jsonl"], moved: moved))
        let command = launcher + [setup.program, mode] + arguments
        return PosixProcessRunner(groups: ProcessGroupRegistry()).run(ProcessRequest(
            executable: command[0], arguments: Array(command.dropFirst()),
            environment: ["PATH": "/usr/bin:/bin", "HOME": setup.folder, "LANG": "C.UTF-8"].merging(environment) { $1 },
            workingDirectory: setup.build, timeout: timeout, outputLimit: 1 << 20))
    }

    /// Processes whose command line mentions `marker`, from the host's /proc.
    static func processes(mentioning marker: String) -> [String] {
        let me = getpid()
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard let pid = Int32(entry), pid != me,
                  let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(marker) ? "\(pid): \(line)" : nil
        }
    }

    static func lines(_ output: String, _ prefix: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    }
}

@Suite("the grading sandbox holds against hostile code (real unshare, real program)",
       .serialized, .enabled(if: SandboxHost.available, "this host gives no full sandbox (no unprivileged user namespaces or no util-linux): kata grade would refuse to grade here"))
struct SandboxIntegrationTests {
    @Test("a verdict drawn from the hash seed is the same in every run: graded programs start with the seed fixed")
    func hashSeedFixed() {
        let graded = Grader.programEnvironment(home: "/tmp")
        let runs = (0..<3).map { _ in SandboxHost.attack("coin", environment: graded).output }
        #expect(runs.allSatisfy { $0.hasPrefix("coin: ") && $0 == runs[0] }, "\(runs)")
        let unfixed = (0..<3).map { _ in SandboxHost.attack("coin").output }
        #expect(Set(unfixed).count > 1, "without it the seed differs from run to run, so the fixed one is what makes them equal: \(unfixed)")
    }

    @Test("where a program's objects land is the same in every sandboxed run (address randomization off), so a verdict drawn from an object's hash cannot change with a regrade")
    func fixedMemoryLayout() throws {
        let setup = try #require(SandboxHost.setup)
        // A host without util-linux's setarch runs the sandbox with randomization on, and its reports say so.
        guard !setup.sandbox.detail.contains("address randomization on") else {
            #expect(setup.sandbox.detail.contains("no setarch"))
            return
        }
        let graded = Grader.programEnvironment(home: "/tmp")
        let inside = (0..<3).map { _ in SandboxHost.lines(SandboxHost.attack("address", environment: graded).output, "address: ").first ?? "none" }
        #expect(inside.allSatisfy { $0 != "none" && $0 == inside[0] }, "\(inside)")
        // On a host that randomizes addresses (the usual setting, `kernel.randomize_va_space` above 0), runs outside differ.
        let setting = (try? String(contentsOfFile: "/proc/sys/kernel/randomize_va_space", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard setting != "0" else { return }
        let runner = PosixProcessRunner(groups: ProcessGroupRegistry())
        let outside = (0..<3).map { _ in
            SandboxHost.lines(runner.run(ProcessRequest(executable: setup.program, arguments: ["address"], environment: ["PATH": "/usr/bin:/bin"], timeout: 60)).output, "address: ").first ?? "none"
        }
        #expect(Set(outside).count > 1, "outside the sandbox the host randomizes addresses, so the sandbox is what fixes them: \(outside)")
    }

    @Test("a moved folder is where the program sees itself: its command line, its working folder and its mounts name no folder of the grader's")
    func movedFolders() throws {
        let setup = try #require(SandboxHost.setup)
        let run = SandboxHost.attack("whereami", ["--event-stream-output-path", setup.build + "/events.jsonl"], moved: [setup.build: "/kata/build"])
        #expect(run.termination == .exited(0), "\(run.output)")
        let cmdline = SandboxHost.lines(run.output, "cmdline: ").first ?? ""
        #expect(cmdline.hasPrefix("cmdline: /kata/build/attack whereami --event-stream-output-path /kata/build/events.jsonl"), "\(cmdline)")
        #expect(SandboxHost.lines(run.output, "cwd: ") == ["cwd: /kata/build"], "\(run.output)")
        let mounts = SandboxHost.lines(run.output, "mount: ")
        #expect(mounts.contains("mount: /kata/build") && mounts.contains("mount: /kata/build/events.jsonl"), "\(mounts)")
        #expect(!run.output.contains(setup.folder), "the grader's folder shows inside: \(run.output)")
        let unmoved = SandboxHost.attack("whereami")
        #expect(unmoved.output.contains(setup.build), "without the move the host's folder shows, so the move is what hides it: \(unmoved.output)")
    }

    @Test("the program runs as a uid that is not root, with no capabilities and no_new_privs, first to go when memory runs out")
    func unprivileged() {
        let run = SandboxHost.attack("identity")
        #expect(run.termination == .exited(0), "\(run.output)")
        #expect(run.output.contains("root: held"), "\(run.output)")
        #expect(run.output.contains("CapEff:\t0000000000000000") && run.output.contains("CapPrm:\t0000000000000000"), "\(run.output)")
        #expect(run.output.contains("CapBnd:\t0000000000000000") && run.output.contains("NoNewPrivs:\t1"), "\(run.output)")
        #expect(run.output.contains("oom_score_adj: 1000"), "the first to go when memory runs out: \(run.output)")
    }

    @Test("remounting read-write or unmounting fails, also from a user namespace of its own")
    func mountsStayShut() {
        let run = SandboxHost.attack("remount")
        #expect(!run.output.contains("GOT THROUGH"), "\(run.output)")
        #expect(SandboxHost.lines(run.output, "remount / rw:").first?.contains("held") == true, "\(run.output)")
        #expect(SandboxHost.lines(run.output, "unmount /usr/lib").allSatisfy { $0.contains("held") })
        #expect(!FileManager.default.fileExists(atPath: "/usr/lib/kata-escaped"))
    }

    @Test("/etc/shadow, the course, Solutions/, submissions, reports, classmates and $HOME are not there")
    func seesNothingOfTheHost() throws {
        let setup = try #require(SandboxHost.setup)
        let course = KataBinary.packageRoot
        let classmate = setup.folder + "/classmate"
        try FileManager.default.createDirectory(atPath: classmate, withIntermediateDirectories: true)
        try "secret".write(toFile: classmate + "/Solution.swift", atomically: true, encoding: .utf8)
        let targets = [course + "/Solutions", course + "/Tests/Lessons", course + "/Lessons", course + "/Package.swift",
                       classmate + "/Solution.swift", classmate, NSHomeDirectory(), "/run", "/var"]
        let run = SandboxHost.attack("read", targets)
        #expect(!run.output.contains("GOT THROUGH"), "\(run.output)")
        #expect(SandboxHost.lines(run.output, "read ").count == targets.count + 3, "\(run.output)")
        #expect(SandboxHost.lines(run.output, "read /etc/shadow").first?.contains("No such file") == true, "\(run.output)")
    }

    @Test("writes outside /tmp and /dev/shm fail; its own build is read-only; its /tmp and /dev/shm are private and vanish")
    func writesStayInside() throws {
        let setup = try #require(SandboxHost.setup)
        for leftover in ["/tmp/kata-private", "/dev/shm/kata-private"] { try? FileManager.default.removeItem(atPath: leftover) }
        // (Not the setup's own folder: it lies under /tmp, which inside is the sandbox's private /tmp.)
        let folders = [setup.build, KataBinary.packageRoot, KataBinary.packageRoot + "/Solutions"]
        let run = SandboxHost.attack("write", folders)
        #expect(!run.output.contains("GOT THROUGH"), "\(run.output)")
        #expect(SandboxHost.lines(run.output, "write \(setup.build)/").first?.contains("Read-only file system") == true, "\(run.output)")
        #expect(run.output.contains("tmp writable: true") && run.output.contains("shm writable: true"), "\(run.output)")
        for folder in folders + ["/", "/usr/lib", "/etc", "/tmp", "/dev/shm"] {
            #expect(!FileManager.default.fileExists(atPath: folder + "/kata-escaped"), "\(folder)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/kata-private") && !FileManager.default.fileExists(atPath: "/dev/shm/kata-private"),
                "the host's /tmp and /dev/shm are not the sandbox's")
        let again = SandboxHost.attack("leftovers")
        #expect(SandboxHost.lines(again.output, "an earlier run").count == 2 && !again.output.contains("GOT THROUGH"), "\(again.output)")
    }

    @Test("the disk quota holds: /tmp and /dev/shm stop at their size")
    func diskQuota() throws {
        let run = SandboxHost.attack("disk")
        let limit = GradeLimits().scratchBytes
        func bytes(_ prefix: String) -> Int? {
            SandboxHost.lines(run.output, prefix).first.flatMap { Int($0.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)) }
        }
        let tmp = try #require(bytes("tmp bytes:"), "\(run.output)")
        let shm = try #require(bytes("shm bytes:"), "\(run.output)")
        #expect(tmp <= limit && shm <= limit, "wrote \(tmp) and \(shm) bytes with a limit of \(limit)")
        #expect(tmp > 0 && shm > 0)
    }

    @Test("host Unix sockets (by path or abstract) and the network are out of reach")
    func socketsAndNetwork() throws {
        let setup = try #require(SandboxHost.setup)
        let path = setup.folder + "/host.sock"
        let abstract = "kata-test-\(UUID().uuidString.prefix(8))"
        var listeners: [Int32] = []
        defer { for fd in listeners { close(fd) } }
        func listenUnix(_ name: String, abstract: Bool) -> Int32 {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(name.utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in bytes.enumerated() { raw[index + (abstract ? 1 : 0)] = byte }
            }
            let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 1 : 0))
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
            #expect(bound == 0 && listen(fd, 4) == 0)
            return fd
        }
        listeners.append(listenUnix(path, abstract: false))
        listeners.append(listenUnix(abstract, abstract: true))
        let tcp = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        listeners.append(tcp)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(tcp, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        listen(tcp, 4)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(tcp, $0, &length) } }
        let port = UInt16(bigEndian: address.sin_port)

        let run = SandboxHost.attack("socket", [path, "@" + abstract, "tcp:\(port)"])
        #expect(SandboxHost.lines(run.output, "connect ").count == 3, "\(run.output)")
        #expect(!run.output.contains("GOT THROUGH"), "\(run.output)")
    }

    @Test("kill(-1, SIGKILL) and kill(0, SIGKILL) inside reach nothing outside: the launcher reports the program's own exit")
    func killDoesNotReachTheLauncher() throws {
        let sentinel = Process()
        sentinel.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sentinel.arguments = ["120"]
        try sentinel.run()
        defer { kill(sentinel.processIdentifier, SIGKILL); sentinel.waitUntilExit() }
        for _ in 0..<3 {
            let run = SandboxHost.attack("kill")
            #expect(run.termination == .exited(7), "the same result every time: \(run.termination) \(run.output)")
            #expect(run.output.contains("still here"), "\(run.output)")
        }
        #expect(kill(sentinel.processIdentifier, 0) == 0 && sentinel.isRunning, "a process of the same user outside was not killed")
    }

    @Test("a program stopped by the grader's clock ends with everything it started")
    func stoppedProgramLeavesNothing() {
        let marker = "kata-stopped-\(UUID().uuidString)"
        let run = SandboxHost.attack("linger", [marker])
        #expect(run.termination == .exited(0))
        let stopped = SandboxHost.attack("sleep-forever", [marker], timeout: 2)
        #expect(stopped.termination == .killed(reason: "timed out after 2 s"), "\(stopped.termination)")
        #expect(SandboxHost.processes(mentioning: marker).isEmpty, "still running: \(SandboxHost.processes(mentioning: marker))")
    }

    @Test("a double-forked child in a session of its own is gone when the run returns")
    func noProcessOutlivesTheRun() {
        let marker = "kata-linger-\(UUID().uuidString)"
        let run = SandboxHost.attack("linger", [marker])
        #expect(run.output.contains("left a grandchild behind"), "\(run.output)")
        #expect(SandboxHost.processes(mentioning: marker).isEmpty, "still running: \(SandboxHost.processes(mentioning: marker))")
    }

    @Test("the process limit holds for the sandbox as a whole, and the fork bomb dies with the run")
    func forkBomb() throws {
        let setup = try #require(SandboxHost.setup)
        let run = SandboxHost.attack("forkbomb")
        let line = try #require(SandboxHost.lines(run.output, "children:").first, "\(run.output)")
        let children = Int(line.dropFirst("children:".count).trimmingCharacters(in: .whitespaces)) ?? -1
        #expect(children >= 0 && children < GradeLimits().processes, "\(children) children with a limit of \(GradeLimits().processes)")
        #expect(SandboxHost.processes(mentioning: setup.program).isEmpty)
    }

    @Test("a stopped compile ends with its whole process tree, even what left the process group")
    func compilerTreeIsKilled() throws {
        let setup = try #require(SandboxHost.setup)
        let marker = "kata-compile-\(UUID().uuidString)"
        // Like swiftc: a child in a process group (here a session) of its own, that keeps running.
        let tree = "setsid sh -c 'sleep 600; echo \(marker)' & sh -c 'sleep 601; echo \(marker)'"
        let command = setup.sandbox.compileLauncher() + ["/bin/sh", "-c", tree]
        let result = PosixProcessRunner(groups: ProcessGroupRegistry()).run(ProcessRequest(
            executable: command[0], arguments: Array(command.dropFirst()), environment: ["PATH": "/usr/bin:/bin"], timeout: 2))
        #expect(result.termination == .killed(reason: "timed out after 2 s"), "\(result.termination) \(result.output)")
        #expect(SandboxHost.processes(mentioning: marker).isEmpty, "still running: \(SandboxHost.processes(mentioning: marker))")
    }

    @Test("the compiler has no network")
    func compilerHasNoNetwork() throws {
        let setup = try #require(SandboxHost.setup)
        let command = setup.sandbox.compileLauncher() + ["/bin/cat", "/proc/net/dev"]
        let result = PosixProcessRunner(groups: ProcessGroupRegistry()).run(ProcessRequest(
            executable: command[0], arguments: Array(command.dropFirst()), environment: ["PATH": "/usr/bin:/bin"], timeout: 60))
        let interfaces = result.output.split(separator: "\n").dropFirst(2).compactMap { $0.split(separator: ":").first?.trimmingCharacters(in: .whitespaces) }
        #expect(result.termination == .exited(0), "\(result.output)")
        #expect(interfaces == ["lo"], "only a loopback that is down: \(interfaces)")
    }
}
#endif

#if os(Linux)
/// `kata grade` on Tests/Fixtures/SandboxClass: an honest student and a hostile one whose correct code
/// also attacks the sandbox (files in /tmp, /dev/shm and /, a remount, a double fork, kill(-1), kill(0)).
@Suite("kata grade: hostile code next to an honest student changes nothing, twice the same",
       .serialized, .enabled(if: SandboxHost.available, "this host gives no full sandbox: kata grade would refuse to grade here"))
struct SandboxClassTests {
    @Test("both score what their code earns, on every run; nothing is left in /tmp, /dev/shm, / or running")
    func hostileNextToHonest() throws {
        let manager = FileManager.default
        let root = NSTemporaryDirectory() + "kata-sandbox-class-\(UUID().uuidString)"
        defer { try? manager.removeItem(atPath: root) }
        try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
        try manager.copyItem(atPath: KataBinary.packageRoot + "/Tests/Fixtures/GradingClass/course", toPath: root + "/course")
        try manager.copyItem(atPath: KataBinary.packageRoot + "/Tests/Fixtures/SandboxClass/submissions", toPath: root + "/subs")
        let leftovers = ["/tmp/kata-sandbox-class-escaped", "/dev/shm/kata-sandbox-class-escaped", "/kata-sandbox-class-escaped"]
        for path in leftovers { try? manager.removeItem(atPath: path) }

        var scores: [[String: Double]] = []
        var honestLessons: [String] = []
        for run in 0..<2 {
            let reports = root + "/reports-\(run)"
            // Vetting off: the sandbox alone must hold (vetting is the fence before it, tested on its own).
            let result = KataBinary.run(["grade", root + "/subs", "--out", reports, "--jobs", "2", "--timeout", "20"], in: root + "/course",
                                        environment: ["KATA_GRADE_VETTING": "off"], timeout: 900)
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("isolation: full"), "\(result.output)")
            #expect(SandboxHost.processes(mentioning: reports).isEmpty, "no process outlives grading: \(SandboxHost.processes(mentioning: reports))")
            var lessonScores: [String: Double] = [:]
            for student in ["honest", "hostile", "excuses", "coin"] {
                let data = try Data(contentsOf: URL(fileURLWithPath: "\(reports)/\(student)/results.json"))
                let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                if student == "honest" {
                    // What each lesson and test said, to name the cause if honest work ever loses marks.
                    honestLessons.append("run \(run + 1): \(json["lessons"] ?? "") \(json["tests"] ?? "")")
                }
                // Which tests passed, as a number: two runs agree on it only if every verdict agrees.
                for (index, test) in (json["tests"] as? [[String: Any]] ?? []).enumerated() where test["status"] as? String == "pass" {
                    lessonScores["\(student)/passed", default: 0] += Double(1 << index)
                }
                for lesson in json["lessons"] as? [[String: Any]] ?? [] {
                    let id = lesson["lesson"] as? String ?? "?"
                    lessonScores["\(student)/\(id)"] = lesson["score"] as? Double
                    lessonScores["\(student)/\(id)/rejected"] = lesson["status"] as? String == "rejected" ? 1 : 0
                    lessonScores["\(student)/\(id)/machine"] = lesson["grading"] as? String == "grading_error" ? 1 : 0
                }
            }
            scores.append(lessonScores)
        }
        for path in leftovers {
            #expect(!manager.fileExists(atPath: path), "\(path) was written from inside the sandbox")
        }
        let first = try #require(scores.first)
        #expect(first["honest/01-greeting"] == 10 && first["honest/02-tally"] == 6, "\(first)\n\(honestLessons.joined(separator: "\n"))")
        #expect(first["hostile/02-tally"] == 6, "\(first)")
        // Graded with vetting off, so the sandbox itself is what holds here (vetting rejects this fixture: VettingCourseTests).
        #expect(first["hostile/01-greeting/rejected"] == 0, "the hostile code ran (not rejected by vetting): \(first)")
        #expect(first["hostile/01-greeting"] == 10, "the attacks neither cost nor earned points: \(first)")
        // Code that runs before main, prints a failed start's words and stops differently each time: the code's, not the machine's.
        #expect(first["excuses/01-greeting"] == 0 && first["excuses/01-greeting/machine"] == 0, "\(first)")
        #expect(first["excuses/02-tally"] == 6, "\(first)")
        // The coin's answers hang on four bits of the hash seed: graded programs start with it fixed, so a regrade gives
        // the same verdicts (with a seed of its own each run, the four would agree about one time in sixteen).
        #expect(first["coin/01-greeting"] == 10, "\(first)")
        #expect(scores[0] == scores[1], "the same verdicts on both runs: \(scores)\n\(honestLessons.joined(separator: "\n"))")
        let submissions = (try? manager.subpathsOfDirectory(atPath: root + "/subs"))?.sorted() ?? []
        let original = (try? manager.subpathsOfDirectory(atPath: KataBinary.packageRoot + "/Tests/Fixtures/SandboxClass/submissions"))?.sorted() ?? []
        #expect(submissions == original, "nothing was added to the submissions")
    }
}
#endif

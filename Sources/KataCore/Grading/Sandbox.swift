import Foundation

/// The fences around one test program of a student: how long, how much, how many.
public struct GradeLimits: Sendable, Equatable {
    /// Seconds one test may run without an event before it is stopped.
    public var perTestTimeout: Double = 10
    /// Address space of each process of the test program (RLIMIT_AS).
    public var memoryBytes: Int = 1 << 30
    /// CPU seconds of each process of the test program, a brake behind the per-test timeout.
    public var cpuSeconds: Int = 120
    /// Largest file the test program may write (RLIMIT_FSIZE).
    public var fileBytes: Int = 16 << 20
    public var openFiles: Int = 256
    /// Processes and threads of one sandbox (RLIMIT_NPROC, counted per sandbox in its own user namespace;
    /// without namespaces it counts every process of the user and is ignored for root: a brake only).
    public var processes: Int = 256
    /// Size of the sandbox's private `/tmp`, and of its private `/dev/shm`.
    public var scratchBytes: Int = 64 << 20
    /// Address space of each compiler process.
    public var compileMemoryBytes: Int = 8 << 30
    /// CPU seconds of each compiler process.
    public var compileCPUSeconds: Int = 300
    /// Bytes of the test program's output kept.
    public var outputBytes: Int = 64 * 1024

    public init() {}
}

/// How well a student's test program is fenced in on this host.
public enum IsolationLevel: String, Sendable, Codable, Equatable {
    /// A minimal root in its own namespaces, as an unprivileged user with no capabilities.
    case full
    /// Limits and a scratch copy only: the host forbids namespaces (or is not Linux).
    case reduced
}

/// What one sandboxed run sees of the host besides the system's libraries, at the same paths.
public struct SandboxView: Sendable, Equatable {
    /// Files and folders mounted read-only (the program, the toolchain's runtime libraries).
    public var readOnly: [String]
    /// Single files the program may write (the event stream); created when missing.
    public var writableFiles: [String]
    /// Folders of the grader's shown inside at another path (host folder: path inside), the paths of the files in them,
    /// the program's arguments and its working folder with them: the program's command line (`/proc/self/cmdline`)
    /// and its mounts then name no folder of the grader's (where the reports go, which student this is).
    public var moved: [String: String]

    public init(readOnly: [String], writableFiles: [String] = [], moved: [String: String] = [:]) {
        self.readOnly = readOnly
        self.writableFiles = writableFiles
        self.moved = moved
    }
}

/// The host tools the namespace sandbox is made of (all from util-linux).
public struct SandboxTools: Sendable, Equatable {
    public var unshare: String
    /// The folder holding `setsid`, `unshare` and `setpriv`, mounted into the sandbox.
    public var folder: String
    public var prlimit: String
    /// util-linux's `setarch`, when the host has it: the program starts with address randomization off (`-R`), so
    /// where its objects land, and what depends on that (an object's hash, a `Set` of objects' order), is the same in
    /// every run and every regrade.
    public var setarch: String? = nil

    /// Put before `unshare`: the kernel kills it the moment the grader's process ends, however it ends (a crash
    /// included), and `--kill-child` then ends everything in its namespaces. Without it a sandbox whose grader died
    /// would run on with no watchdog.
    public var diesWithGrader: [String] { ["\(folder)/setpriv", "--pdeathsig", "KILL"] }
}

/// Runs a test program fenced in: `launcher(view) + [program, args...]`.
///
/// With full isolation (Linux, unprivileged user namespaces allowed) the program runs in its own
/// user, mount, PID, network, IPC and UTS namespaces, in a minimal root built by
/// `SandboxScripts.minimalRoot`: the system's libraries, the toolchain's runtime and its own build
/// read-only, one writable event-stream file, private size-limited `/tmp` and `/dev/shm`, its own
/// `/proc`; as uid 1000 of a nested user namespace, with no capabilities and `no_new_privs`, in a
/// session of its own. Limits are per process (`prlimit`), the process count per sandbox.
/// Otherwise only the limits apply (`prlimit`, or the shell's `ulimit`) and every report says
/// `isolation: reduced`; `kata grade` then refuses to grade unless told `--allow-reduced-isolation`.
public struct Sandbox: Sendable, Equatable {
    public var isolation: IsolationLevel
    /// In words, for reports: what was used, what was missing.
    public var detail: String
    /// What full isolation lacked here (empty when full).
    public var missing: [String] = []
    var tools: SandboxTools?
    var prlimit: String?
    var limits: GradeLimits
    /// An empty folder of the grader's, where each sandbox mounts its root (in its own namespace).
    var rootFolder: String
    /// The grader runs as root: no user namespace is needed to mount, and the program gets a uid of its own.
    var asRoot = false

    /// The command to put in front of a test program that sees `view`.
    public func launcher(_ view: SandboxView) -> [String] {
        guard isolation == .full, let tools else { return limitPrefix }
        let limitArguments = [
            "--as=\(limits.memoryBytes)", "--cpu=\(limits.cpuSeconds)", "--fsize=\(limits.fileBytes)",
            "--nofile=\(limits.openFiles)", "--nproc=\(limits.processes)", "--core=0",
        ]
        return tools.diesWithGrader + [tools.unshare] + (asRoot ? [] : ["--user", "--map-root-user"])
            + ["--mount", "--pid", "--net", "--ipc", "--uts", "--fork", "--kill-child", "--propagation", "private"]
            + (tools.setarch.map { [$0, "-R"] } ?? [])
            + ["/bin/sh", "-c", SandboxScripts.minimalRoot, "kata-sandbox", asRoot ? "root" : "user",
               rootFolder, String(limits.scratchBytes), String(limits.scratchBytes), tools.folder, tools.prlimit]
            + limitArguments
            + ["--moved"] + view.moved.map { (Self.canonical($0.key), $0.value) }.sorted { $0.0.count > $1.0.count }.flatMap { [$0.0, $0.1] }
            + ["--ro"] + view.readOnly.map(Self.canonical) + ["--rw"] + view.writableFiles.map(Self.canonical) + ["--"]
    }

    /// The command to put in front of the compiler when it compiles a student's code: no network,
    /// its own PID namespace (a stopped compile ends with every process it started), limits.
    public func compileLauncher() -> [String] {
        var command: [String] = []
        if isolation == .full, let tools {
            command = tools.diesWithGrader + [tools.unshare, "--user", "--map-root-user", "--net", "--ipc", "--pid", "--fork", "--kill-child",
                       "--mount", "--mount-proc"]
        }
        guard let prlimit else { return command }
        return command + [prlimit, "--as=\(limits.compileMemoryBytes)", "--cpu=\(limits.compileCPUSeconds)",
                          "--fsize=\(256 << 20)", "--core=0", "--"]
    }

    var limitPrefix: [String] {
        if let prlimit {
            return [prlimit, "--as=\(limits.memoryBytes)", "--cpu=\(limits.cpuSeconds)", "--fsize=\(limits.fileBytes)",
                    "--nofile=\(limits.openFiles)", "--nproc=\(limits.processes)", "--core=0", "--"]
        }
        return ["/bin/sh", "-c", SandboxScripts.ulimit, "kata-limits",
                String(limits.fileBytes / 512), String(limits.cpuSeconds), String(limits.openFiles), String(limits.memoryBytes / 1024)]
    }

    /// The toolchain's runtime libraries (Swift, Foundation, Testing), which every test program loads.
    public static func runtimeLibraries(of toolchain: Toolchain) -> [String] {
        let bin = (canonical(toolchain.swiftc) as NSString).deletingLastPathComponent
        return [canonical((bin as NSString).deletingLastPathComponent + "/lib/swift/linux")]
    }

    /// A path with its links resolved: the sandbox mounts it at the same place, through no link.
    /// (A file not made yet: its folder's links resolved.)
    public static func canonical(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty, folder != path, folder != "/" else { return path }
        return (canonical(folder) as NSString).appendingPathComponent((path as NSString).lastPathComponent)
    }

    /// Tries the tools and the namespace sandbox once, in `probeFolder` (made and removed here);
    /// sandboxes mount their root on `rootFolder` (an empty folder that outlives the probe).
    /// `KATA_SANDBOX=none` in the environment skips the namespaces (to measure what they cost).
    public static func probe(
        processRunner: any ProcessRunning, fileSystem: any FileSystem,
        environment: [String: String], probeFolder: String, rootFolder: String, limits: GradeLimits,
        userID: UInt32 = geteuid()
    ) -> Sandbox {
        func find(_ tool: String) -> String? {
            let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/sbin", "/sbin"]
            return folders.map { "\($0)/\(tool)" }.first { fileSystem.exists($0) }
        }
        let childEnvironment = ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]
        var missing: [String] = []
        var notes: [String] = []

        var prlimit = find("prlimit")
        if let tool = prlimit {
            let result = processRunner.run(ProcessRequest(
                executable: tool, arguments: ["--as=\(limits.memoryBytes)", "--nofile=\(limits.openFiles)", "--core=0", "--", "/bin/sh", "-c", "exit 0"],
                environment: childEnvironment, timeout: 20))
            if !result.termination.succeeded {
                notes.append("prlimit does not work here (\(firstLine(result.output)))")
                prlimit = nil
            }
        } else {
            notes.append("no prlimit: limits set by the shell's ulimit")
        }

        var sandbox = Sandbox(isolation: .reduced, detail: "", tools: nil, prlimit: prlimit, limits: limits, rootFolder: rootFolder,
                              asRoot: userID == 0)
        #if os(Linux)
        let needed = ["unshare", "setpriv", "setsid", "pivot_root", "umount", "mount"]
        let absent = needed.filter { find($0) == nil }
        if environment["KATA_SANDBOX"] == "none" {
            missing.append("namespaces were not tried (KATA_SANDBOX=none)")
        } else if !absent.isEmpty {
            missing.append("the util-linux tools \(absent.joined(separator: ", ")) (install util-linux)")
        } else if prlimit == nil {
            missing.append("a working prlimit (util-linux)")
        } else if let unshare = find("unshare"), let setpriv = find("setpriv"), let prlimit,
                  (setpriv as NSString).deletingLastPathComponent == (unshare as NSString).deletingLastPathComponent,
                  find("setsid").map({ ($0 as NSString).deletingLastPathComponent }) == (unshare as NSString).deletingLastPathComponent {
            var candidate = sandbox
            candidate.isolation = .full
            candidate.tools = SandboxTools(unshare: unshare, folder: (unshare as NSString).deletingLastPathComponent, prlimit: prlimit,
                                           setarch: find("setarch"))
            let hostFolder = "\(probeFolder)/host"
            let answer = "\(probeFolder)/answer"
            try? fileSystem.createDirectory(hostFolder)
            try? fileSystem.writeText("", to: answer)
            let shell = canonical("/bin/sh")
            let command = candidate.launcher(SandboxView(readOnly: [shell, hostFolder], writableFiles: [answer]))
                + [shell, "-c", SandboxScripts.probe, "kata-probe", canonical(hostFolder), canonical(answer)]
            let result = processRunner.run(ProcessRequest(
                executable: command[0], arguments: Array(command.dropFirst()),
                environment: childEnvironment, timeout: 60))
            let said = (try? fileSystem.readText(answer)) ?? ""
            if result.termination.succeeded && said == "ok\n" && !fileSystem.exists("\(hostFolder)/escaped") {
                sandbox = candidate
            } else {
                let why = firstLine(result.output).isEmpty ? "\(result.termination)" : firstLine(result.output)
                missing.append("namespaces: the sandbox did not start or did not hold (\(why)); does the host forbid unprivileged user namespaces?")
            }
            try? fileSystem.remove(probeFolder)
        } else {
            missing.append("unshare, setpriv and setsid side by side (util-linux)")
        }
        #else
        missing.append("namespaces (Linux only): no private root, network, or process tree")
        #endif
        for other in ["bwrap", "nsjail"] where find(other) != nil {
            notes.append("\(other) is installed but not used: the sandbox is built from util-linux")
        }
        notes.append(cgroupNote(fileSystem: fileSystem))

        let limitWords = prlimit != nil ? "prlimit" : "ulimit"
        let fenced = "limits per process by \(limitWords): \(limits.memoryBytes >> 20) MiB memory, \(limits.cpuSeconds) s CPU, "
            + "\(limits.fileBytes >> 20) MiB per file, \(limits.openFiles) open files, \(Int(limits.perTestTimeout)) s per test"
        sandbox.missing = missing
        if sandbox.isolation == .full {
            sandbox.detail = "util-linux sandbox: " + (sandbox.asRoot ? "" : "user, ") + "mount, PID, network, IPC and UTS namespaces; minimal read-only root "
                + "(system libraries, toolchain runtime, the test program), private \(limits.scratchBytes >> 20) MiB /tmp and /dev/shm, "
                + "own /proc; " + (sandbox.asRoot ? "a uid of its own (3000000 and up, by setpriv)" : "uid 1000 in a nested user namespace")
                + ", no capabilities, no_new_privs, own session; "
                + "\(limits.processes) processes per sandbox; first to go when memory runs out (oom_score_adj 1000); "
                + (sandbox.tools?.setarch != nil ? "address randomization off (setarch -R): the same memory layout in every run; "
                    : "address randomization on (no setarch): a verdict drawn from where memory lands may differ between runs; ")
                + "compiler without network in its own PID namespace; "
                + ([fenced] + notes).joined(separator: "; ")
        } else {
            sandbox.detail = "no sandbox: " + (missing + [fenced] + notes).joined(separator: "; ")
        }
        return sandbox
    }

    /// Says whether cgroup v2 could give per-sandbox totals here; the sandbox does not use cgroups.
    static func cgroupNote(fileSystem: any FileSystem) -> String {
        guard let controllers = try? fileSystem.readText("/sys/fs/cgroup/cgroup.controllers") else {
            return "no cgroup v2 at /sys/fs/cgroup: no memory or CPU totals per student, per process limits only"
        }
        let available = Set(controllers.split(whereSeparator: \.isWhitespace).map(String.init))
        let wanted = ["memory", "pids", "cpu"].filter { !available.contains($0) }
        if !wanted.isEmpty {
            return "cgroup v2 lacks the \(wanted.joined(separator: ", ")) controller(s): per process limits only"
        }
        return "cgroup v2 controllers are present but not used: per process limits only"
    }

    private static func firstLine(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").first.map(String.init) ?? ""
    }
}

extension Sandbox {
    /// A sandbox made by hand (tests of the grader's other parts): with `unshare`, the util-linux tools
    /// beside it; without, limits only.
    init(isolation: IsolationLevel, detail: String, unshare: String?, prlimit: String?, limits: GradeLimits, rootFolder: String = "/nonexistent") {
        let tools = unshare.map { SandboxTools(unshare: $0, folder: ($0 as NSString).deletingLastPathComponent, prlimit: prlimit ?? "/usr/bin/prlimit") }
        self.init(isolation: isolation, detail: detail, missing: [], tools: tools, prlimit: prlimit, limits: limits, rootFolder: rootFolder)
    }
}

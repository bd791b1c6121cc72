import Foundation

/// The fences around one test program of a student: how long, how much, how many.
public struct GradeLimits: Sendable, Equatable {
    /// Seconds one test may run without an event before it is stopped.
    public var perTestTimeout: Double = 10
    /// Address space of the test program (RLIMIT_AS).
    public var memoryBytes: Int = 1 << 30
    /// CPU seconds of the whole test program, a brake behind the per-test timeout.
    public var cpuSeconds: Int = 120
    /// Largest file the test program may write (RLIMIT_FSIZE).
    public var fileBytes: Int = 16 << 20
    public var openFiles: Int = 256
    /// RLIMIT_NPROC: counts every process of the user and is ignored for root, so a fork-bomb brake only.
    public var processes: Int = 512
    /// Bytes of the test program's output kept.
    public var outputBytes: Int = 64 * 1024

    public init() {}
}

/// How well a student's test program is fenced in on this host.
public enum IsolationLevel: String, Sendable, Codable, Equatable {
    /// Own user, mount, network and PID namespaces: network off, read-only outside the scratch copy.
    case full
    /// Limits and a scratch copy only: the host forbids namespaces (or is not Linux).
    case reduced
}

/// Runs a test program fenced in: `launcher(writable:) + [program, args...]`.
///
/// On Linux with unprivileged user namespaces the program runs under
/// `unshare --user --map-root-user --net --mount --pid --fork --kill-child`,
/// with every mount remounted read-only except the student's scratch folder,
/// then under `prlimit`. Elsewhere only the limits apply (`prlimit`, or the
/// shell's `ulimit`), and every report says `isolation: reduced`.
public struct Sandbox: Sendable, Equatable {
    public var isolation: IsolationLevel
    /// In words, for reports: what was used, what was missing.
    public var detail: String
    var unshare: String?
    var prlimit: String?
    var limits: GradeLimits

    /// Remounts everything read-only but the scratch folder, then runs the rest.
    static let mountScript = """
        set -e
        scratch="$1"; shift
        mount --bind "$scratch" "$scratch"
        while read -r device point rest; do
          case "$point" in /proc|/proc/*|/dev|/dev/*|"$scratch"|*\\\\*) continue ;; esac
          mount -o remount,bind,ro "$point" 2>/dev/null || true
        done < /proc/self/mounts
        exec "$@"
        """

    static let ulimitScript = """
        ulimit -c 0 2>/dev/null
        ulimit -f "$1" 2>/dev/null
        ulimit -t "$2" 2>/dev/null
        ulimit -n "$3" 2>/dev/null
        ulimit -v "$4" 2>/dev/null
        shift 4
        exec "$@"
        """

    /// The command to put in front of a test program whose scratch folder is `writable`.
    public func launcher(writable: String) -> [String] {
        var command: [String] = []
        if isolation == .full, let unshare {
            command = [unshare, "--user", "--map-root-user", "--net", "--mount", "--pid", "--fork",
                       "--kill-child", "--mount-proc", "/bin/sh", "-c", Self.mountScript, "kata-sandbox", writable]
        }
        return command + limitPrefix
    }

    var limitPrefix: [String] {
        if let prlimit {
            return [prlimit, "--as=\(limits.memoryBytes)", "--cpu=\(limits.cpuSeconds)", "--fsize=\(limits.fileBytes)",
                    "--nofile=\(limits.openFiles)", "--nproc=\(limits.processes)", "--core=0", "--"]
        }
        return ["/bin/sh", "-c", Self.ulimitScript, "kata-limits",
                String(limits.fileBytes / 512), String(limits.cpuSeconds), String(limits.openFiles), String(limits.memoryBytes / 1024)]
    }

    /// Tries namespaces and `prlimit` once, in `probeFolder` (made and removed here).
    public static func probe(
        processRunner: any ProcessRunning, fileSystem: any FileSystem,
        environment: [String: String], probeFolder: String, limits: GradeLimits
    ) -> Sandbox {
        func find(_ tool: String) -> String? {
            let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/sbin", "/sbin"]
            return folders.map { "\($0)/\(tool)" }.first { fileSystem.exists($0) }
        }
        let childEnvironment = ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]
        var notes: [String] = []

        var prlimit = find("prlimit")
        if let tool = prlimit {
            let result = processRunner.run(ProcessRequest(
                executable: tool, arguments: ["--as=\(limits.memoryBytes)", "--nofile=\(limits.openFiles)", "--core=0", "--", "/bin/sh", "-c", "exit 0"],
                environment: childEnvironment, timeout: 20))
            if !result.termination.succeeded {
                notes.append("prlimit does not work here (\(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))")
                prlimit = nil
            }
        } else {
            notes.append("no prlimit: limits set by the shell's ulimit")
        }

        var sandbox = Sandbox(isolation: .reduced, detail: "", unshare: nil, prlimit: prlimit, limits: limits)
        #if os(Linux)
        if let unshare = find("unshare") {
            let inside = "\(probeFolder)/inside"
            let outside = "\(probeFolder)/outside"
            try? fileSystem.createDirectory(inside)
            var candidate = sandbox
            candidate.isolation = .full
            candidate.unshare = unshare
            let command = candidate.launcher(writable: inside) + [
                "/bin/sh", "-c", #"if (: > "$1") 2>/dev/null; then exit 3; fi; (: > "$2/ok") || exit 4; exit 0"#,
                "kata-probe", outside, inside,
            ]
            let result = processRunner.run(ProcessRequest(
                executable: command[0], arguments: Array(command.dropFirst()),
                environment: childEnvironment, timeout: 30))
            if result.termination.succeeded && !fileSystem.exists(outside) && fileSystem.exists("\(inside)/ok") {
                sandbox = candidate
            } else {
                let said = result.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").first.map(String.init) ?? "\(result.termination)"
                notes.append("unshare could not isolate the tests (\(said)): the host forbids unprivileged user namespaces?")
            }
            try? fileSystem.remove(probeFolder)
        } else {
            notes.append("no unshare: tests run without namespaces")
        }
        #else
        notes.append("namespaces exist on Linux only")
        #endif

        let limitWords = prlimit != nil ? "prlimit" : "ulimit"
        let memory = limits.memoryBytes >> 20
        let fenced = "limits by \(limitWords): \(memory) MiB memory, \(limits.cpuSeconds) s CPU, \(limits.fileBytes >> 20) MiB per file, \(limits.openFiles) open files, \(Int(limits.perTestTimeout)) s per test"
        if sandbox.isolation == .full {
            sandbox.detail = "user, mount, network and PID namespaces (network off, read-only outside the scratch copy); " + fenced
        } else {
            sandbox.detail = ([fenced] + notes).joined(separator: "; ")
        }
        return sandbox
    }
}

import Foundation

/// What ends kata's children when kata itself ends in a way no handler sees: `kill -9`, the
/// out-of-memory killer, a crash. Ctrl-C, SIGTERM and a closed terminal are handled by kata
/// (it kills every child's process group); this is the kernel's guarantee behind that.
///
/// On Linux, with util-linux's `setpriv` and `unshare`:
/// - a compile runs in a PID namespace of its own whose first process dies with kata
///   (`setpriv --pdeathsig KILL`), and `unshare --kill-child` then ends every process in it:
///   the compiler driver and the frontends it started in groups of their own;
/// - a test program is started by `setpriv --pdeathsig KILL`, so it dies with kata and keeps its
///   own pid and signals (a test that crashes is reported as it crashed).
///
/// Where user namespaces are forbidden the compile gets `setpriv` alone (the driver dies with kata,
/// a frontend it started finishes its file); on macOS, or without util-linux, nothing is put in front
/// and `detail` says so.
///
///     let tether = ProcessTether.probe(processRunner: runner, fileSystem: files)
///     builder.launcher = tether.compile
public struct ProcessTether: Sendable, Equatable {
    /// Put in front of the compiler.
    public var compile: [String]
    /// Put in front of a test program.
    public var program: [String]
    /// In words: which mechanism is used here.
    public var detail: String

    public init(compile: [String], program: [String], detail: String) {
        self.compile = compile
        self.program = program
        self.detail = detail
    }

    /// Nothing in front: children outlive a kata that is killed outright.
    public static let none = ProcessTether(compile: [], program: [], detail: "no tether: children end with kata only when kata can handle the signal")

    /// `probe`, its answer kept in `file` (a folder of kata's own state): a check after an edit does not start a
    /// process to find out again what this machine allows.
    public static func remembered(in file: String, processRunner: any ProcessRunning, fileSystem: any FileSystem) -> ProcessTether {
        #if os(Linux)
        // Kept for this boot of this machine only: another machine, or a changed setting after a reboot, asks again.
        let boot = ((try? fileSystem.readText("/proc/sys/kernel/random/boot_id")) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if let kept = try? fileSystem.readText(file), let setpriv = tool("setpriv", fileSystem),
           !boot.isEmpty, kept.hasSuffix(" \(boot)\n") {
            let parentDeath = Self.parentDeath(setpriv)
            switch kept.split(separator: " ").first.map(String.init) ?? "" {
            case "namespace":
                if let unshare = tool("unshare", fileSystem) {
                    return ProcessTether(compile: namespace(parentDeath, unshare), program: parentDeath, detail: namespaceDetail)
                }
            case "parent-death":
                return ProcessTether(compile: parentDeath, program: parentDeath, detail: parentDeathDetail)
            default: break
            }
        }
        let found = probe(processRunner: processRunner, fileSystem: fileSystem)
        let word = found.compile.contains("--pid") ? "namespace" : found.compile.isEmpty ? "none" : "parent-death"
        if !boot.isEmpty { try? fileSystem.writeAtomically(Data("\(word) \(boot)\n".utf8), to: file) }
        return found
        #else
        return none
        #endif
    }

    /// A util-linux tool, where Linux systems keep it.
    static func tool(_ name: String, _ fileSystem: any FileSystem) -> String? {
        ["/usr/bin", "/bin"].map { "\($0)/\(name)" }.first(where: fileSystem.exists)
    }

    static func parentDeath(_ setpriv: String) -> [String] { [setpriv, "--pdeathsig", "KILL"] }

    static func namespace(_ parentDeath: [String], _ unshare: String) -> [String] {
        parentDeath + [unshare, "--user", "--map-root-user", "--pid", "--fork", "--kill-child", "--"]
    }

    static let namespaceDetail = "setpriv --pdeathsig and a PID namespace (unshare): every child ends with kata"
    static let parentDeathDetail = "setpriv --pdeathsig without namespaces (forbidden here): a compiler frontend may finish its file after kata is killed"

    /// Finds the tools and tries the namespace once (a few milliseconds).
    public static func probe(processRunner: any ProcessRunning, fileSystem: any FileSystem) -> ProcessTether {
        #if os(Linux)
        guard let setpriv = tool("setpriv", fileSystem) else {
            return ProcessTether(compile: [], program: [], detail: "no setpriv (util-linux): " + none.detail)
        }
        let parentDeath = Self.parentDeath(setpriv)
        if let unshare = tool("unshare", fileSystem) {
            let namespace = Self.namespace(parentDeath, unshare)
            let trial = processRunner.run(ProcessRequest(executable: namespace[0], arguments: Array(namespace.dropFirst()) + ["/bin/sh", "-c", "exit 0"],
                                                         environment: ["PATH": "/usr/bin:/bin"], timeout: 10))
            if trial.termination.succeeded {
                return ProcessTether(compile: namespace, program: parentDeath, detail: namespaceDetail)
            }
        }
        return ProcessTether(compile: parentDeath, program: parentDeath, detail: parentDeathDetail)
        #else
        return none
        #endif
    }
}

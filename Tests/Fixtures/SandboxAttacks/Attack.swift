// A hostile test program: each mode tries one way out of the grading sandbox and prints
// one line per attempt, `name: held (why)` or `name: GOT THROUGH`. Built and run by
// SandboxIntegrationTests through the real launcher.
#if canImport(Glibc)
import Glibc

func report(_ name: String, _ gotThrough: Bool, _ why: String = "") {
    print("\(name): \(gotThrough ? "GOT THROUGH" : "held") \(why.isEmpty ? "" : "(\(why))")")
}

@_silgen_name("unshare") func unshareNamespaces(_ flags: Int32) -> Int32
let newUserNamespace: Int32 = 0x1000_0000, newMountNamespace: Int32 = 0x0002_0000

func error() -> String { String(cString: strerror(errno)) }

func canRead(_ path: String) -> (Bool, String) {
    let fd = open(path, O_RDONLY)
    if fd < 0 { return (false, error()) }
    close(fd)
    return (true, "")
}

func canCreate(_ path: String) -> (Bool, String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if fd < 0 { return (false, error()) }
    _ = "escaped\n".withCString { write(fd, $0, 8) }
    close(fd)
    return (true, "")
}

/// Bytes written to `path` before the write fails.
func fill(_ path: String, megabytes: Int) -> Int {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if fd < 0 { return 0 }
    defer { close(fd) }
    var chunk = [UInt8](repeating: 0x61, count: 1 << 20)
    var total = 0
    for _ in 0..<megabytes {
        let written = chunk.withUnsafeMutableBytes { write(fd, $0.baseAddress, 1 << 20) }
        if written <= 0 { break }
        total += written
    }
    return total
}

let arguments = Array(CommandLine.arguments.dropFirst())
let mode = arguments.first ?? ""
let paths = Array(arguments.dropFirst())
signal(SIGXFSZ, SIG_IGN)

switch mode {
case "identity":
    // uid, capabilities and no_new_privs, as the kernel sees them.
    var status = ""
    let file = fopen("/proc/self/status", "r")
    var line = [CChar](repeating: 0, count: 512)
    while let file, fgets(&line, 512, file) != nil {
        let text = String(cString: line)
        if text.hasPrefix("Uid:") || text.hasPrefix("CapEff:") || text.hasPrefix("CapPrm:") || text.hasPrefix("CapBnd:") || text.hasPrefix("NoNewPrivs:") {
            status += text
        }
    }
    print(status, terminator: "")
    if let adjust = fopen("/proc/self/oom_score_adj", "r") {
        var value = [CChar](repeating: 0, count: 32)
        if fgets(&value, 32, adjust) != nil { print("oom_score_adj: \(String(cString: value))", terminator: "") }
        fclose(adjust)
    }
    report("root", getuid() == 0 || geteuid() == 0, "uid \(getuid())")

case "remount":
    // As the program is, then again after making a user namespace of its own.
    report("remount / rw", mount(nil, "/", nil, UInt(MS_REMOUNT | MS_BIND), nil) == 0, error())
    report("remount /usr/lib rw", mount(nil, "/usr/lib", nil, UInt(MS_REMOUNT | MS_BIND), nil) == 0, error())
    report("unmount /usr/lib", umount2("/usr/lib", Int32(MNT_DETACH)) == 0, error())
    if unshareNamespaces(newUserNamespace | newMountNamespace) == 0 {
        report("remount / rw in a new user namespace", mount(nil, "/", nil, UInt(MS_REMOUNT | MS_BIND), nil) == 0, error())
        report("remount /usr/lib rw in a new user namespace", mount(nil, "/usr/lib", nil, UInt(MS_REMOUNT | MS_BIND), nil) == 0, error())
        report("unmount /usr/lib in a new user namespace", umount2("/usr/lib", Int32(MNT_DETACH)) == 0, error())
        let (wrote, why) = canCreate("/usr/lib/kata-escaped")
        report("write /usr/lib in a new user namespace", wrote, why)
    } else {
        report("new user namespace", false, error())
    }

case "address":
    // Where a fresh object lands: what an object's hash, and a Set of objects' order, follow.
    final class Box {}
    let box = Box()
    print("address: \(unsafeBitCast(box, to: Int.self))")
    withExtendedLifetime(box) {}

case "whereami":
    // What the program can learn of where it was started: its command line, its folder, its mounts.
    func contents(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        if fd < 0 { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4096) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
    print("cmdline: \(String(decoding: contents("/proc/self/cmdline").map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self))")
    var folder = [CChar](repeating: 0, count: 4096)
    print("cwd: \(getcwd(&folder, 4096).map { String(cString: $0) } ?? "")")
    for line in String(decoding: contents("/proc/self/mountinfo"), as: UTF8.self).split(separator: "\n") {
        print("mount: \(line.split(separator: " ").dropFirst(4).first.map(String.init) ?? "")")
    }

case "read":
    for path in ["/etc/shadow", "/root", "/home"] + paths {
        let (read, why) = canRead(path)
        report("read \(path)", read, why)
    }

case "write":
    for path in ["/kata-escaped", "/usr/lib/kata-escaped", "/etc/kata-escaped"] + paths.map({ $0 + "/kata-escaped" }) {
        let (wrote, why) = canCreate(path)
        report("write \(path)", wrote, why)
    }
    let (tmp, why) = canCreate("/tmp/kata-private")
    print("tmp writable: \(tmp) \(why)")
    let (shm, whyShm) = canCreate("/dev/shm/kata-private")
    print("shm writable: \(shm) \(whyShm)")

case "leftovers":
    // What an earlier run left in /tmp and /dev/shm.
    report("an earlier run's /tmp file", access("/tmp/kata-private", F_OK) == 0)
    report("an earlier run's /dev/shm file", access("/dev/shm/kata-private", F_OK) == 0)

case "disk":
    var total = 0
    for index in 0..<20 {
        let written = fill("/tmp/fill-\(index)", megabytes: 15)
        total += written
        if written < 15 << 20 { break }
    }
    var shmTotal = 0
    for index in 0..<20 {
        let written = fill("/dev/shm/fill-\(index)", megabytes: 15)
        shmTotal += written
        if written < 15 << 20 { break }
    }
    print("tmp bytes: \(total)")
    print("shm bytes: \(shmTotal)")

case "socket":
    // A Unix socket of the host by path, an abstract one, and TCP to the host's loopback.
    for path in paths where !path.hasPrefix("tcp:") {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let abstract = path.hasPrefix("@")
        let bytes = Array((abstract ? String(path.dropFirst()) : path).utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index + (abstract ? 1 : 0)] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 1 : 0))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
        }
        report("connect \(path)", result == 0, error())
        close(fd)
    }
    for spec in paths where spec.hasPrefix("tcp:") {
        let port = UInt16(spec.dropFirst(4)) ?? 1
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        report("connect 127.0.0.1:\(port)", result == 0, error())
        close(fd)
    }

case "kill":
    // Every process this program may signal, then its own process group; then say it lived.
    let all = kill(-1, SIGKILL)
    print("kill(-1): \(all) \(all == 0 ? "" : error())")
    let group = kill(0, SIGKILL)
    print("kill(0): \(group)")
    print("still here")
    exit(7)

case "linger":
    // Double fork: a grandchild in a session of its own, named by the marker, that outlives this program.
    let marker = paths.first ?? "kata-linger"
    if fork() == 0 {
        setsid()
        if fork() == 0 {
            let program = CommandLine.arguments[0]
            var argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), strdup("sleep-forever"), strdup(marker), nil]
            execv(program, &argv)
            _exit(1)
        }
        _exit(0)
    }
    var status: Int32 = 0
    wait(&status)
    print("left a grandchild behind")
    exit(0)

case "coin":
    // A verdict drawn from the hash seed: the same in every run only if the seed is fixed.
    var hasher = Hasher()
    hasher.combine(7)
    print("coin: \(hasher.finalize()) \(Set(0..<16).map { String($0) }.joined(separator: ","))")
    exit(0)

case "sleep-forever":
    while true { sleep(100) }

case "forkbomb":
    var children = 0
    while children < 5000 {
        let pid = fork()
        if pid == 0 { while true { pause() } }
        if pid < 0 { break }
        children += 1
    }
    print("children: \(children)")
    exit(0)

default:
    print("unknown mode \(mode)")
    exit(2)
}
#endif

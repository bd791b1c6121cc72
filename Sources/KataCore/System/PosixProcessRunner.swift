import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real `ProcessRunning`: every child gets its own process group, so a
/// timeout, a monitor or Ctrl-C kills the child and everything it started.
public final class PosixProcessRunner: ProcessRunning, @unchecked Sendable {
    private let groups: ProcessGroupRegistry

    public init(groups: ProcessGroupRegistry) {
        self.groups = groups
    }

    public func run(_ request: ProcessRequest, monitor: ProcessMonitor?) -> ProcessResult {
        let started = Date()
        var pipeEnds: [Int32] = [0, 0]
        guard Self.makePipe(&pipeEnds) == 0 else {
            return ProcessResult(termination: .exited(127), output: "kata: could not create a pipe (errno \(errno))")
        }
        let readEnd = pipeEnds[0], writeEnd = pipeEnds[1]

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        // Nothing else kata holds open reaches the child: not a file another job is writing (a test
        // program still open for writing cannot be started: "text file busy"), not a classmate's file.
        Self.closeInheritedDescriptors(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        sigaddset(&defaults, SIGPIPE)
        var noMask = sigset_t()
        sigemptyset(&noMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &noMask)
        posix_spawnattr_setpgroup(&attributes, 0)
        var flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        #if canImport(Darwin)
        flags |= POSIX_SPAWN_CLOEXEC_DEFAULT
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = [request.executable] + request.arguments
        let envp = request.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let spawnError: Int32 = withCStrings(argv) { argvPointers in
            withCStrings(envp) { envPointers in
                if let directory = request.workingDirectory {
                    return Self.spawnInDirectory(directory, &pid, request.executable, &actions, &attributes, argvPointers, envPointers)
                }
                return posix_spawn(&pid, request.executable, &actions, &attributes, argvPointers, envPointers)
            }
        }
        close(writeEnd)
        if spawnError != 0 {
            close(readEnd)
            let reason = String(cString: strerror(spawnError))
            return ProcessResult(termination: .exited(127), output: "kata: could not start \(request.executable): \(reason)")
        }
        let child = pid
        groups.insert(child)

        let collector = OutputCollector(limit: request.outputLimit)
        let readerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            collector.drain(readEnd)
            close(readEnd)
            readerDone.signal()
        }

        let exited = DispatchSemaphore(value: 0)
        let status = StatusBox()
        Thread.detachNewThread {
            var raw: Int32 = 0
            while waitpid(child, &raw, 0) == -1 && errno == EINTR {}
            status.value = raw
            exited.signal()
        }

        var killReason: String?
        let deadline = request.timeout.map { started.addingTimeInterval($0) }
        while exited.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
            if let deadline, Date() >= deadline {
                killReason = "timed out after \(Self.format(request.timeout ?? 0)) s"
            } else if let reason = monitor?() {
                killReason = reason
            }
            if killReason != nil {
                ProcessTree.kill([pid])
                exited.wait()
                break
            }
        }
        // Whatever the child left behind in its group goes with it.
        kill(-pid, SIGKILL)
        groups.remove(pid)
        if readerDone.wait(timeout: .now() + .seconds(2)) == .timedOut {
            // A grandchild that left the group still holds the pipe: stop reading.
            collector.abandon()
        }

        let termination: Termination
        if let killReason {
            termination = .killed(reason: killReason)
        } else {
            termination = Self.termination(from: status.value)
        }
        let (output, truncated) = collector.result()
        return ProcessResult(
            termination: termination,
            output: output,
            outputTruncated: truncated,
            duration: Date().timeIntervalSince(started)
        )
    }

    /// A pipe whose ends are closed in every child but the one they are handed to.
    private static func makePipe(_ ends: inout [Int32]) -> Int32 {
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return 0
    }

    /// Files opened by Foundation (a copy in progress, a file being read) are not close-on-exec, and
    /// a child started meanwhile by another thread would keep them open. On Linux the child closes every
    /// descriptor from 3 up before it starts (glibc 2.34 and later); where that call is missing, every
    /// descriptor open right now is closed in the child instead. macOS: `POSIX_SPAWN_CLOEXEC_DEFAULT`.
    static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        #if os(Linux)
        if let closeFrom = closeFromAction, closeFrom(&actions, 3) == 0 { return }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            guard let descriptor = Int32(name), descriptor > 2 else { continue }
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 && flags & FD_CLOEXEC == 0 { posix_spawn_file_actions_addclose(&actions, descriptor) }
        }
        #endif
    }

    #if os(Linux)
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    /// `posix_spawn_file_actions_addclosefrom_np`, looked up at run time: glibc has it from 2.34.
    private static let closeFromAction: CloseFrom? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()
    #endif

    private static func termination(from raw: Int32) -> Termination {
        let signal = raw & 0x7f
        if signal == 0 { return .exited((raw >> 8) & 0xff) }
        return .signaled(signal)
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }

    /// posix_spawn has no portable "change directory" action; a tiny shell does it.
    private static func spawnInDirectory(
        _ directory: String,
        _ pid: inout pid_t,
        _ executable: String,
        _ actions: inout posix_spawn_file_actions_t,
        _ attributes: inout posix_spawnattr_t,
        _ argv: [UnsafeMutablePointer<CChar>?],
        _ envp: [UnsafeMutablePointer<CChar>?]
    ) -> Int32 {
        let script = "cd \"$1\" && shift && exec \"$@\""
        var shellArguments = ["/bin/sh", "-c", script, "sh", directory]
        shellArguments += argv.compactMap { $0.map { String(cString: $0) } }
        return withCStrings(shellArguments) { shellArgv in
            posix_spawn(&pid, "/bin/sh", &actions, &attributes, shellArgv, envp)
        }
    }
}

/// The process groups alive right now, so Ctrl-C can kill every one of them.
/// Working folders a command made and removes when it ends; when kata is stopped (Ctrl-C, SIGTERM, a closed terminal)
/// its interrupt handler removes them too, once the processes that used them are killed: a stopped grading leaves no
/// build folder behind.
public final class WorkFolderRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: Set<String> = []

    public init() {}

    public func insert(_ folder: String) { lock.withLock { _ = folders.insert(folder) } }
    public func remove(_ folder: String) { lock.withLock { _ = folders.remove(folder) } }

    /// Removes every folder still registered; called by the interrupt handler after `ProcessGroupRegistry.killAll()`.
    public func removeAll() {
        let left = lock.withLock { folders }
        for folder in left { try? FileManager.default.removeItem(atPath: folder) }
    }
}

public final class ProcessGroupRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var groups: Set<pid_t> = []

    public init() {}

    func insert(_ pid: pid_t) { lock.withLock { _ = groups.insert(pid) } }
    func remove(_ pid: pid_t) { lock.withLock { _ = groups.remove(pid) } }

    /// Kills every live child, its group and everything it started; safe to call from a signal source.
    public func killAll() {
        let live = lock.withLock { groups }
        ProcessTree.kill(Array(live))
    }

    public var count: Int { lock.withLock { groups.count } }
}

/// Ends processes with everything below them, also what left their process group (the compiler
/// driver starts each `swift-frontend` in a group of its own, which a group kill misses).
enum ProcessTree {
    /// Stops each root's group, then every process whose parent is one found (so nothing new is started
    /// meanwhile), then kills them all. Where there is no `/proc`, the groups only.
    static func kill(_ roots: [pid_t]) {
        for root in roots { _ = sendSignal(-root, SIGSTOP) }
        var found = Set(roots)
        #if os(Linux)
        for _ in 0..<32 {
            let children = parentLinks().filter { found.contains($0.parent) && !found.contains($0.pid) }.map(\.pid)
            if children.isEmpty { break }
            for child in children { _ = sendSignal(child, SIGSTOP) }
            found.formUnion(children)
        }
        #endif
        for pid in found {
            _ = sendSignal(-pid, SIGKILL)
            _ = sendSignal(pid, SIGKILL)
        }
    }

    private static func sendSignal(_ target: pid_t, _ signal: Int32) -> Int32 {
        #if canImport(Glibc)
        return Glibc.kill(target, signal)
        #else
        return Darwin.kill(target, signal)
        #endif
    }

    #if os(Linux)
    /// Every process's parent, from `/proc/<pid>/stat` (the fourth field, after the name in parentheses).
    static func parentLinks() -> [(pid: pid_t, parent: pid_t)] {
        var links: [(pid: pid_t, parent: pid_t)] = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/stat"),
                  let text = String(data: data, encoding: .utf8), let close = text.lastIndex(of: ")") else { continue }
            let fields = text[text.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { links.append((pid, parent)) }
        }
        return links
    }
    #endif
}

private final class StatusBox: @unchecked Sendable {
    var value: Int32 = 0
}

/// Reads a pipe to its end, keeping the first `limit` bytes.
private final class OutputCollector: @unchecked Sendable {
    private let limit: Int
    private let lock = NSLock()
    private var data = Data()
    private var truncated = false
    private var abandoned = false

    init(limit: Int) { self.limit = limit }

    func drain(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            lock.withLock {
                if abandoned { return }
                let room = limit - data.count
                if room > 0 { data.append(contentsOf: buffer[0..<min(room, count)]) }
                if count > room { truncated = true }
            }
        }
    }

    func abandon() { lock.withLock { abandoned = true } }

    func result() -> (String, Bool) {
        lock.withLock { (String(decoding: data, as: UTF8.self), truncated) }
    }
}

private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
}

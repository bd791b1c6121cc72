import Foundation
import Testing
@testable import KataCore

/// The real process runner: what a child starts with.
@Suite("PosixProcessRunner on the real system")
struct ProcessRunnerTests {
    @Test("a child inherits no file kata holds open, not even one opened without close-on-exec by another thread")
    func childInheritsNoDescriptor() throws {
        let path = NSTemporaryDirectory() + "kata-fd-\(UUID().uuidString)"
        // Opened the way Foundation opens a copy it writes: no O_CLOEXEC.
        let held = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(held > 2)
        defer { close(held); unlink(path) }
        let runner = PosixProcessRunner(groups: ProcessGroupRegistry())
        // The shell lists its own descriptors; a busy one would show as a link to the file.
        let script = "for f in /proc/self/fd/* /dev/fd/*; do readlink \"$f\"; done 2>/dev/null; true"
        for directory in [nil, NSTemporaryDirectory()] {
            let result = runner.run(ProcessRequest(executable: "/bin/sh", arguments: ["-c", script],
                                                   environment: ["PATH": "/usr/bin:/bin"], workingDirectory: directory, timeout: 30))
            #expect(result.termination == .exited(0), "\(result.output)")
            #expect(!result.output.contains(path), "the child holds kata's file open: \(result.output)")
        }
    }

    @Test("a program written while another child started can be started at once (no “text file busy”)")
    func freshProgramStarts() throws {
        let folder = NSTemporaryDirectory() + "kata-busy-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let runner = PosixProcessRunner(groups: ProcessGroupRegistry())
        // One job writes a test program (a copy from the cache) while another job starts a slow child.
        let program = "\(folder)/program"
        let writing = open(program, O_WRONLY | O_CREAT | O_TRUNC, 0o755)
        try #require(writing > 2)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "/bin/true"))
        _ = bytes.withUnsafeBytes { write(writing, $0.baseAddress, bytes.count) }
        let slowStarted = DispatchSemaphore(value: 0)
        let slowDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            slowStarted.signal()
            _ = runner.run(ProcessRequest(executable: "/bin/sleep", arguments: ["3"], environment: [:], timeout: 10))
            slowDone.signal()
        }
        slowStarted.wait()
        Thread.sleep(forTimeInterval: 0.3)
        close(writing)
        // The copy is done; the slow child is still running. The program must start now.
        let result = runner.run(ProcessRequest(executable: program, arguments: [], environment: [:], timeout: 10))
        #expect(result.termination == .exited(0), "\(result.termination) \(result.output)")
        slowDone.wait()
    }
}


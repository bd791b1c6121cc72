import Foundation
import Testing
import KataCore

/// Watch mode as a person uses it: the real `kata` in tmux (scripts/watch-tmux.sh).
/// Runs when tmux is installed, or can be (root on a Debian-based machine).
@Suite("Watch mode in a real terminal (tmux)", .serialized)
struct WatchTmuxTests {
    static var canRunTmux: Bool {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        let has = { (tool: String) in paths.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") } }
        return has("tmux") || (getuid() == 0 && has("apt-get"))
    }

    @Test("open, save into the solution, see green; h, resize, q, Ctrl-C; a fix saved during a hang turns green without waiting for it; panels page and close with the verdict in sight; the list opens a lesson; 40 columns stay readable; nothing left running",
          .enabled(if: canRunTmux), .timeLimit(.minutes(10)))
    func learnerSession() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["KATA_BIN"] = KataBinary.path
        let result = PosixProcessRunner(groups: ProcessGroupRegistry()).run(ProcessRequest(
            executable: "/bin/bash", arguments: [KataBinary.packageRoot + "/scripts/watch-tmux.sh"],
            environment: environment, workingDirectory: KataBinary.packageRoot, timeout: 540, outputLimit: 1 << 20))
        #expect(result.termination == .exited(0), "\(result.output)")
        #expect(result.output.contains("watch-tmux: OK"))
    }
}

import Foundation

/// The starter as the course shipped it, read from git (`git show HEAD:path`)
/// through the injected process runner: the learner's folder holds their edits.
public struct PristineStarter: Sendable {
    public let fileSystem: any FileSystem
    public let processRunner: any ProcessRunning
    public let environment: [String: String]
    public let courseRoot: String

    public init(fileSystem: any FileSystem, processRunner: any ProcessRunning, environment: [String: String], courseRoot: String) {
        self.fileSystem = fileSystem
        self.processRunner = processRunner
        self.environment = environment
        self.courseRoot = courseRoot
    }

    public enum Unavailable: Error, Equatable {
        case noGit
        case notACheckout
        case notCommitted(String)
    }

    /// `git` on PATH.
    func git() -> String? {
        for folder in (environment["PATH"] ?? "/usr/bin:/usr/local/bin").split(separator: ":") where fileSystem.exists("\(folder)/git") {
            return "\(folder)/git"
        }
        return nil
    }

    func run(_ git: String, _ arguments: [String]) -> ProcessResult {
        processRunner.run(ProcessRequest(executable: git, arguments: ["-C", courseRoot] + arguments,
                                         environment: environment, timeout: 30, outputLimit: 16 * 1024 * 1024))
    }

    /// The files of `folder` (relative to the course) at HEAD: name → text.
    public func files(of folder: String) throws -> [String: String] {
        guard let git = git() else { throw Unavailable.noGit }
        let prefix = run(git, ["rev-parse", "--show-prefix"])
        guard prefix.termination.succeeded else { throw Unavailable.notACheckout }
        let tree = prefix.output.trimmingCharacters(in: .whitespacesAndNewlines) + folder
        let list = run(git, ["ls-tree", "-r", "--name-only", "HEAD:\(tree)"])
        guard list.termination.succeeded else { throw Unavailable.notCommitted(folder) }
        var files: [String: String] = [:]
        for name in list.output.split(separator: "\n").map(String.init) where name.hasSuffix(".swift") {
            let show = run(git, ["show", "HEAD:\(tree)/\(name)"])
            guard show.termination.succeeded else { throw Unavailable.notCommitted("\(folder)/\(name)") }
            files[name] = show.output
        }
        return files
    }
}

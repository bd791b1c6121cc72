import Foundation
import KataCore

/// The real `kata` program, built by `swift test` next to the test bundle.
enum KataBinary {
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let path: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        var candidates = [bundle.deletingLastPathComponent().appendingPathComponent("kata").path]
        // macOS: .../debug/DIKataPackageTests.xctest/Contents/MacOS/DIKataPackageTests
        candidates.append(bundle.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("kata").path)
        candidates.append(packageRoot + "/.build/debug/kata")
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }()

    struct Run {
        var status: Int32
        var output: String
        var termination: Termination
    }

    /// Runs kata as a learner would, with its own process group and a time limit.
    static func run(_ arguments: [String], in directory: String, environment extra: [String: String] = [:], timeout: Double = 300) -> Run {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["LANG"] = "C.UTF-8"
        for (key, value) in extra { environment[key] = value }
        let result = PosixProcessRunner(groups: ProcessGroupRegistry()).run(ProcessRequest(
            executable: path, arguments: arguments, environment: environment,
            workingDirectory: directory, timeout: timeout, outputLimit: 1 << 20))
        let status: Int32
        switch result.termination {
        case .exited(let code): status = code
        default: status = -1
        }
        return Run(status: status, output: result.output, termination: result.termination)
    }

    /// A fresh copy of a fixture course in a temporary folder (removed by the caller).
    static func copyFixture(_ name: String) throws -> String {
        let target = NSTemporaryDirectory() + "kata-fixture-\(name)-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: packageRoot + "/Tests/Fixtures/\(name)", toPath: target)
        return target
    }

    /// The `swift` driver beside the compiler kata uses (for `swift package describe`).
    static let swift: String = {
        let located = try? ToolchainLocator(fileSystem: LocalFileSystem(), environment: ProcessInfo.processInfo.environment).locate()
        return located.map { ($0.swiftc as NSString).deletingLastPathComponent + "/swift" } ?? "/usr/bin/swift"
    }()

    /// Whether the package holds the reference solutions (a student handout made by `kata export` does not).
    static let hasSolutions = FileManager.default.fileExists(atPath: packageRoot + "/Solutions")

    /// A copy of the real course (Lessons, Tests/Lessons, Solutions) in a temporary folder,
    /// its starters pristine (see `pristineCourse`) whatever a learner did in Lessons/.
    static func copyCourse() throws -> String {
        let target = NSTemporaryDirectory() + "kata-course-\(UUID().uuidString)"
        let manager = FileManager.default
        let source = try pristineCourse.get()
        try manager.createDirectory(atPath: target + "/Tests", withIntermediateDirectories: true)
        try manager.copyItem(atPath: source + "/Lessons", toPath: target + "/Lessons")
        // A student handout has no Solutions/: the copy then has none either.
        if hasSolutions { try manager.copyItem(atPath: packageRoot + "/Solutions", toPath: target + "/Solutions") }
        try manager.copyItem(atPath: packageRoot + "/Tests/Lessons", toPath: target + "/Tests/Lessons")
        return target
    }

    /// The course's `Lessons/` with every starter as shipped, in a temporary folder
    /// made once per test run. A learner solves lessons in the working `Lessons/`,
    /// so the project's tests never read starters from there: each lesson's
    /// `Sources/` comes from git `HEAD` when the package is a checkout, else from
    /// the pristine copy kata keeps in `.kata/starters/`; only a lesson that has
    /// neither (a new, uncommitted one) is taken as it is.
    static let pristineCourse: Result<String, any Error> = Result {
        let target = pristineFolder
        let manager = FileManager.default
        try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
        // Removed when the test run ends, not left in the temporary folder.
        atexit { try? FileManager.default.removeItem(atPath: KataBinary.pristineFolder) }
        try manager.copyItem(atPath: packageRoot + "/Lessons", toPath: target + "/Lessons")
        let fromGit = target + "/git-head"
        try manager.createDirectory(atPath: fromGit, withIntermediateDirectories: true)
        let extracted = manager.fileExists(atPath: packageRoot + "/.git") && shell(
            "git -C '\(packageRoot)' archive --format=tar HEAD -- Lessons | tar -x -C '\(fromGit)'")
        for lesson in try manager.contentsOfDirectory(atPath: target + "/Lessons") {
            let sources = "\(target)/Lessons/\(lesson)/Sources"
            let candidates = [extracted ? "\(fromGit)/Lessons/\(lesson)/Sources" : nil, "\(packageRoot)/.kata/starters/\(lesson)/Sources"]
            guard let pristine = candidates.compactMap({ $0 }).first(where: { manager.fileExists(atPath: $0) }) else { continue }
            try? manager.removeItem(atPath: sources)
            try manager.copyItem(atPath: pristine, toPath: sources)
        }
        try? manager.removeItem(atPath: fromGit)
        return target
    }

    static let pristineFolder = NSTemporaryDirectory() + "kata-pristine-\(UUID().uuidString)"

    /// Runs a shell command line; true when it succeeded.
    static func shell(_ line: String) -> Bool {
        let result = PosixProcessRunner(groups: ProcessGroupRegistry()).run(ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", line], environment: ProcessInfo.processInfo.environment,
            timeout: 120, outputLimit: 1 << 20))
        if case .exited(0) = result.termination { return true }
        return false
    }
}

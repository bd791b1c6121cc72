import Foundation

/// What to run, and the fences around it.
///
///     let result = runner.run(ProcessRequest(
///         executable: "/usr/bin/swiftc", arguments: ["--version"], timeout: 30))
///     print(result.output)
public struct ProcessRequest: Sendable, Equatable {
    public var executable: String
    public var arguments: [String]
    /// The whole environment of the child (nothing is inherited implicitly).
    public var environment: [String: String]
    public var workingDirectory: String?
    /// Seconds before the child's whole process group is killed.
    public var timeout: Double?
    /// Bytes of merged stdout and stderr kept; the rest is read and dropped.
    public var outputLimit: Int

    public init(
        executable: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        workingDirectory: String? = nil,
        timeout: Double? = nil,
        outputLimit: Int = 64 * 1024
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.timeout = timeout
        self.outputLimit = outputLimit
    }
}

/// How a child process ended.
public enum Termination: Sendable, Equatable {
    case exited(Int32)
    case signaled(Int32)
    /// Killed by the runner: the timeout passed, or a monitor asked for it.
    case killed(reason: String)

    public var succeeded: Bool { self == .exited(0) }
}

public struct ProcessResult: Sendable, Equatable {
    public var termination: Termination
    /// Merged stdout and stderr, cut at the request's output limit.
    public var output: String
    public var outputTruncated: Bool
    public var duration: Double

    public init(termination: Termination, output: String, outputTruncated: Bool = false, duration: Double = 0) {
        self.termination = termination
        self.output = output
        self.outputTruncated = outputTruncated
        self.duration = duration
    }
}

/// Asked every few milliseconds while a child runs; answering a reason kills it.
public typealias ProcessMonitor = @Sendable () -> String?

/// Starts programs. The runner never calls `Process` or `posix_spawn` directly:
/// it is handed a `ProcessRunning`, real in `kata`, fake in the unit tests.
public protocol ProcessRunning: Sendable {
    func run(_ request: ProcessRequest, monitor: ProcessMonitor?) -> ProcessResult
}

extension ProcessRunning {
    public func run(_ request: ProcessRequest) -> ProcessResult {
        run(request, monitor: nil)
    }
}

import Foundation
@testable import KataCore

/// A process runner that records every request and answers from a script.
final class ScriptedProcessRunner: ProcessRunning, @unchecked Sendable {
    private let lock = NSLock()
    private let respond: @Sendable (ProcessRequest) -> ProcessResult
    private(set) var requests: [ProcessRequest] = []

    init(_ respond: @escaping @Sendable (ProcessRequest) -> ProcessResult = { _ in ProcessResult(termination: .exited(0), output: "") }) {
        self.respond = respond
    }

    func run(_ request: ProcessRequest, monitor: ProcessMonitor?) -> ProcessResult {
        lock.withLock { requests.append(request) }
        return respond(request)
    }

    var commands: [[String]] {
        lock.withLock { requests.map { [$0.executable] + $0.arguments } }
    }
}

import Foundation
@testable import KataCore

/// A console that keeps what was written and types scripted keys and lines.
final class RecordingConsole: Console, @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""
    private var keys: [String]
    private var lines: [String]
    let isInteractive: Bool
    let width: Int?

    init(interactive: Bool = false, width: Int? = nil, keys: [String] = [], lines: [String] = []) {
        self.isInteractive = interactive
        self.width = width
        self.keys = keys
        self.lines = lines
    }

    var output: String { lock.withLock { out } }
    var errors: String { lock.withLock { err } }

    func write(_ text: String) { lock.withLock { out += text } }
    func writeError(_ text: String) { lock.withLock { err += text } }

    func readKey(timeout: Double) -> String? {
        lock.withLock { keys.isEmpty ? nil : keys.removeFirst() }
    }

    func readLine() -> String? {
        lock.withLock { lines.isEmpty ? nil : lines.removeFirst() }
    }
}

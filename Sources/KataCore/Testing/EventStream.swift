import Foundation

/// What Swift Testing reports in its JSON event stream
/// (`--event-stream-output-path F --event-stream-version 6.3`), reduced to
/// what a verdict needs.
public enum TestEvent: Sendable, Equatable {
    /// A test function was discovered (`"kind":"test"` records come first).
    case discovered(TestInfo)
    case runStarted
    case started(id: String, time: Double)
    case issue(id: String, TestIssue)
    case ended(id: String, time: Double)
    case skipped(id: String, reason: String?)
    case runEnded
}

public struct TestInfo: Sendable, Equatable {
    public var id: String
    /// `name` as written, or the display name given to `@Test("...")`.
    public var name: String
    public var file: String
    public var line: Int

    public init(id: String, name: String, file: String, line: Int) {
        self.id = id
        self.name = name
        self.file = file
        self.line = line
    }
}

public struct TestIssue: Sendable, Equatable {
    public var isFailure: Bool
    /// The expectation and any comment, one per line.
    public var message: String
    public var file: String?
    public var line: Int?
}

public enum EventStreamParser {
    /// Parses one JSON line; nil for records a verdict does not need.
    public static func parse(line: Substring) -> TestEvent? {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let payload = object["payload"] as? [String: Any]
        else { return nil }
        switch object["kind"] as? String {
        case "test":
            guard payload["kind"] as? String == "function", let id = payload["id"] as? String else { return nil }
            let location = payload["sourceLocation"] as? [String: Any]
            let name = (payload["displayName"] as? String) ?? (payload["name"] as? String) ?? id
            return .discovered(TestInfo(
                id: id, name: name,
                file: (location?["filePath"] as? String) ?? (location?["_filePath"] as? String) ?? "",
                line: (location?["line"] as? Int) ?? 0
            ))
        case "event":
            let id = payload["testID"] as? String ?? ""
            let time = ((payload["instant"] as? [String: Any])?["absolute"] as? Double) ?? 0
            let texts = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            switch payload["kind"] as? String {
            case "runStarted": return .runStarted
            case "runEnded": return .runEnded
            case "testStarted": return .started(id: id, time: time)
            case "testEnded": return .ended(id: id, time: time)
            case "testSkipped": return .skipped(id: id, reason: texts.first)
            case "issueRecorded":
                let issue = payload["issue"] as? [String: Any] ?? [:]
                let location = issue["sourceLocation"] as? [String: Any]
                return .issue(id: id, TestIssue(
                    isFailure: (issue["isFailure"] as? Bool) ?? true,
                    message: texts.joined(separator: "\n"),
                    file: (location?["filePath"] as? String) ?? (location?["_filePath"] as? String),
                    line: location?["line"] as? Int
                ))
            default: return nil
            }
        default: return nil
        }
    }
}

/// Follows an event stream file while the test process writes it.
public final class EventStreamTail: @unchecked Sendable {
    private let path: String
    private let fileSystem: any FileSystem
    private let lock = NSLock()
    private var consumed = 0
    private var events: [TestEvent] = []

    public init(path: String, fileSystem: any FileSystem) {
        self.path = path
        self.fileSystem = fileSystem
    }

    /// Reads whole lines written since the last call; returns every event so far.
    @discardableResult
    public func poll() -> [TestEvent] {
        lock.withLock {
            guard let data = try? fileSystem.read(path), data.count > consumed else { return events }
            let fresh = data.subdata(in: consumed..<data.count)
            guard let lastNewline = fresh.lastIndex(of: UInt8(ascii: "\n")) else { return events }
            let complete = fresh.subdata(in: 0..<(lastNewline + 1))
            consumed += complete.count
            let text = String(decoding: complete, as: UTF8.self)
            for line in text.split(separator: "\n") {
                if let event = EventStreamParser.parse(line: line) { events.append(event) }
            }
            return events
        }
    }
}

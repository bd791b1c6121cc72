import Foundation

/// `Solutions/NN-slug/hidden-dependencies.json`: what a lesson's starter hides
/// (each found exactly once by `kata graph`), what its solution keeps on
/// purpose, and which types are its composition roots.
///
///     {"format_version": 1,
///      "composition_root": ["Garage"],
///      "starter": [{"file": "RaceCar.swift", "line": 11, "kind": "singleton", "target": "V8Engine.shared"}],
///      "solution": []}
public struct KnownHiddenDependencies: Sendable, Equatable {
    public struct Entry: Sendable, Equatable, Hashable, Comparable {
        public var file: String
        public var line: Int
        public var kind: String
        public var target: String

        public init(file: String, line: Int, kind: String, target: String) {
            self.file = file
            self.line = line
            self.kind = kind
            self.target = target
        }

        public init(_ dependency: HiddenDependency) {
            self.init(file: dependency.file, line: dependency.line, kind: dependency.kind.rawValue, target: dependency.target)
        }

        public static func < (a: Entry, b: Entry) -> Bool { (a.file, a.line, a.target) < (b.file, b.line, b.target) }
        public var description: String { "\(file):\(line) \(kind) \(target)" }
    }

    public static let fileName = "hidden-dependencies.json"
    public var compositionRoots: [String]
    public var starter: [Entry]
    public var solution: [Entry]

    public static func path(of lesson: Lesson) -> String { "\(lesson.solutionFolder)/\(fileName)" }

    /// nil when the lesson has no such file.
    public static func load(_ lesson: Lesson, fileSystem: any FileSystem) throws -> KnownHiddenDependencies? {
        let path = path(of: lesson)
        guard fileSystem.exists(path) else { return nil }
        let shown = "Solutions/\(lesson.id)/\(fileName)"
        guard let object = try? JSONSerialization.jsonObject(with: fileSystem.read(path)) as? [String: Any] else {
            throw MetadataError(problems: ["\(shown) is not a JSON object"])
        }
        var problems: [String] = []
        func entries(_ key: String) -> [Entry] {
            guard let list = object[key] as? [[String: Any]] else {
                if object[key] != nil { problems.append("\(shown): \"\(key)\" must be a list of {\"file\", \"line\", \"kind\", \"target\"}") }
                return []
            }
            return list.enumerated().compactMap { index, item in
                guard let file = item["file"] as? String, let line = item["line"] as? Int,
                      let kind = item["kind"] as? String, let target = item["target"] as? String
                else {
                    problems.append("\(shown): \(key)[\(index)] needs \"file\", \"line\", \"kind\" (singleton, global state, construction) and \"target\"")
                    return nil
                }
                if HiddenDependency.Kind(rawValue: kind) == nil {
                    problems.append("\(shown): \(key)[\(index)] has the kind \"\(kind)\"; kinds are singleton, global state, construction")
                }
                return Entry(file: file, line: line, kind: kind, target: target)
            }
        }
        let known = KnownHiddenDependencies(
            compositionRoots: object["composition_root"] as? [String] ?? [],
            starter: entries("starter"), solution: entries("solution"))
        guard problems.isEmpty else { throw MetadataError(problems: problems) }
        return known
    }

    /// What differs between `expected` and what was `found`: missing, unexpected, found twice.
    public static func differences(expected: [Entry], found: [HiddenDependency]) -> [String] {
        let foundEntries = found.map(Entry.init)
        var problems: [String] = []
        for entry in Set(expected).sorted() {
            let count = foundEntries.filter { $0 == entry }.count
            if count == 0 { problems.append("not found: \(entry.description)") }
            if count > 1 { problems.append("found \(count) times: \(entry.description)") }
        }
        for entry in Set(foundEntries).subtracting(expected).sorted() {
            problems.append("not expected: \(entry.description)")
        }
        return problems
    }
}

import Foundation

/// What a learner has done: kept in `.kata/progress.json` at the course root.
public struct Progress: Sendable, Codable, Equatable {
    public static let formatVersion = 1

    public struct LessonProgress: Sendable, Codable, Equatable {
        public var status: Status?
        public var passedTests: Int?
        public var totalTests: Int?
        public var hintsShown: Int
        public var solutionSeen: Bool
        public var passedAt: Date?
        public var lastCheckedAt: Date?
        /// What failed first in the last check (nil when it passed, or in files written before it was kept).
        public var firstFailure: FirstFailure?

        public init() {
            hintsShown = 0
            solutionSeen = false
        }

        enum CodingKeys: String, CodingKey {
            case status, passedTests = "passed_tests", totalTests = "total_tests", hintsShown = "hints_shown"
            case solutionSeen = "solution_seen", passedAt = "passed_at", lastCheckedAt = "last_checked_at"
            case firstFailure = "first_failure"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            status = try container.decodeIfPresent(Status.self, forKey: .status)
            passedTests = try container.decodeIfPresent(Int.self, forKey: .passedTests)
            totalTests = try container.decodeIfPresent(Int.self, forKey: .totalTests)
            hintsShown = try container.decodeIfPresent(Int.self, forKey: .hintsShown) ?? 0
            solutionSeen = try container.decodeIfPresent(Bool.self, forKey: .solutionSeen) ?? false
            passedAt = try container.decodeIfPresent(Date.self, forKey: .passedAt)
            lastCheckedAt = try container.decodeIfPresent(Date.self, forKey: .lastCheckedAt)
            firstFailure = try? container.decodeIfPresent(FirstFailure.self, forKey: .firstFailure)
        }
    }

    /// The first thing a failed check reported: the code does not compile, a test fails, or (every test
    /// passing) a rule is broken. `kata hint` and watch mode's `h` answer it with the lesson's nudge.
    ///
    ///     {"kind": "test", "key": "differentEnginesDifferentCars()", "name": "two cars, two engines"}
    public struct FirstFailure: Sendable, Codable, Equatable {
        public enum Kind: String, Sendable, Codable, Equatable {
            /// The lesson's code does not compile on its own.
            case module
            /// The code compiles, but the tests do not compile against it.
            case tests
            case test
            case rule
        }
        public var kind: Kind
        /// The key of `nudges` in lesson.json: the test function (`name()`) or the rule's id; nil for a compile error.
        public var key: String?
        /// What the learner saw: the test's display name, the rule's id, or the first error's place (`RaceCar.swift:8`).
        public var name: String

        public init(kind: Kind, key: String?, name: String) {
            self.kind = kind
            self.key = key
            self.name = name
        }

        /// The test function of a Swift Testing id, as `nudges` keys it:
        /// `Module.Suite/holdsItsEngine()/File.swift:12:6` and `Module.holdsItsEngine()/File.swift:12:6` → `holdsItsEngine()`.
        static func function(of id: String) -> String {
            let function = Grader.function(of: id)
            let open = function.firstIndex(of: "(") ?? function.endIndex
            let name = function[..<open].split(separator: ".").last.map(String.init) ?? String(function[..<open])
            return name + function[open...]
        }

        /// What failed first in `report`; nil when it passed.
        public init?(_ report: CheckReport) {
            guard report.status != .pass else { return nil }
            switch report.stage {
            case .module, .tests:
                let first = report.diagnostics.first { $0.severity == "error" } ?? report.diagnostics.first
                let place = first.map { diagnostic in
                    diagnostic.file.isEmpty ? "" : "\((diagnostic.file as NSString).lastPathComponent):\(diagnostic.line)"
                } ?? ""
                self.init(kind: report.stage == .module ? .module : .tests, key: nil, name: place)
            case .run:
                if let test = report.tests.first(where: { $0.status != .pass }) {
                    self.init(kind: .test, key: Self.function(of: test.id), name: test.name)
                } else if let finding = report.findings.first {
                    self.init(kind: .rule, key: finding.rule, name: finding.rule)
                } else {
                    return nil
                }
            }
        }
    }

    public var formatVersion: Int
    public var lessons: [String: LessonProgress]
    /// The lesson the learner works on now (watch mode opens it).
    public var current: String?
    public var welcomed: Bool

    public init() {
        formatVersion = Self.formatVersion
        lessons = [:]
        current = nil
        welcomed = false
    }

    enum CodingKeys: String, CodingKey {
        case formatVersion = "format_version", lessons, current, welcomed
    }

    public subscript(lesson: String) -> LessonProgress {
        get { lessons[lesson] ?? LessonProgress() }
        set { lessons[lesson] = newValue }
    }

    public func hasPassed(_ lesson: String) -> Bool { lessons[lesson]?.passedAt != nil }
}

/// Loads and saves progress atomically; a corrupt or foreign file is set aside, never a crash.
public struct ProgressStore: Sendable {
    public let fileSystem: any FileSystem
    public let clock: any Clock
    public let path: String
    /// The language of the warnings `load()` returns.
    public var words = Words(language: .english)

    public init(fileSystem: any FileSystem, clock: any Clock, courseRoot: String) {
        self.fileSystem = fileSystem
        self.clock = clock
        self.path = "\(courseRoot)/.kata/progress.json"
    }

    /// Progress kept in another state folder (`KATA_STATE_DIR`).
    public init(fileSystem: any FileSystem, clock: any Clock, stateFolder: String) {
        self.fileSystem = fileSystem
        self.clock = clock
        self.path = "\(stateFolder)/progress.json"
    }

    /// The progress, and a warning when the file had to be set aside.
    public func load() -> (Progress, warning: String?) {
        guard fileSystem.exists(path) else { return (Progress(), nil) }
        do {
            let data = try fileSystem.read(path)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = InternetDate.decoding
            let progress = try decoder.decode(Progress.self, from: data)
            guard progress.formatVersion == Progress.formatVersion else {
                return (Progress(), setAside(words.say("it has format_version \(progress.formatVersion), this kata reads \(Progress.formatVersion)",
                                                   "它的 format_version 是 \(progress.formatVersion)，而这个 kata 读取 \(Progress.formatVersion)")))
            }
            return (progress, nil)
        } catch {
            return (Progress(), setAside(words.say("it is not a progress file kata can read", "它不是 kata 能读取的进度文件")))
        }
    }

    public func save(_ progress: Progress) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = InternetDate.encoding
        try fileSystem.writeAtomically(try encoder.encode(progress), to: path)
    }

    /// Loads, changes and saves in one step.
    public func update(_ change: (inout Progress) -> Void) throws {
        var (progress, _) = load()
        change(&progress)
        try save(progress)
    }

    private func setAside(_ why: String) -> String {
        let stamp = Int(clock.now().timeIntervalSince1970)
        let aside = "\(path).unreadable-\(stamp)"
        do {
            try fileSystem.move(path, to: aside)
            return words.say("progress file \(path) was set aside as \(aside): \(why). Starting with fresh progress.",
                             "进度文件 \(path) 已另存为 \(aside)：\(why)。从新的进度开始。")
        } catch {
            return words.say("progress file \(path) cannot be read (\(why)) nor moved aside; progress will not be saved until it is fixed or removed.",
                             "进度文件 \(path) 无法读取（\(why)），也无法移开；在修好或删除它之前，进度不会被保存。")
        }
    }
}

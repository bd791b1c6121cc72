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

        public init() {
            hintsShown = 0
            solutionSeen = false
        }

        enum CodingKeys: String, CodingKey {
            case status, passedTests = "passed_tests", totalTests = "total_tests", hintsShown = "hints_shown"
            case solutionSeen = "solution_seen", passedAt = "passed_at", lastCheckedAt = "last_checked_at"
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
            decoder.dateDecodingStrategy = .iso8601
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
        encoder.dateEncodingStrategy = .iso8601
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

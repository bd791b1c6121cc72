import Foundation

/// What `kata verify` last found for each lesson, kept in `.kata/verified/<lesson>.json`
/// with a fingerprint of everything it judged (the pristine starter, `lesson.json` and
/// the texts, the tests, `Solutions/`, kata's version). `kata export` reads it: a lesson
/// whose files have not changed since it was verified is not built again.
///
///     let records = VerifyRecords(fileSystem: fs, stateFolder: context.stateFolder)
///     let print = records.fingerprint(lesson, starter: starter?.files)
///     records.save(result, fingerprint: print)
///     records.recorded(lesson, fingerprint: print)   // the result, or nil when anything changed
public struct VerifyRecords: Sendable {
    public let fileSystem: any FileSystem
    public let stateFolder: String

    public init(fileSystem: any FileSystem, stateFolder: String) {
        self.fileSystem = fileSystem
        self.stateFolder = stateFolder
    }

    struct Record: Codable {
        var formatVersion = 1
        var fingerprint: String
        var result: CourseVerifier.LessonResult

        enum CodingKeys: String, CodingKey {
            case formatVersion = "format_version", fingerprint, result
        }
    }

    func path(of lessonID: String) -> String { "\(stateFolder)/verified/\(lessonID).json" }

    /// A digest of what verify judges; `starter` stands in for `Lessons/<id>/Sources` when given.
    public func fingerprint(_ lesson: Lesson, starter: [String: Data]?) -> String {
        var hasher = SHA256()
        hasher.update("kata-verify-v1\u{0}\(Kata.version)\u{0}\(lesson.id)\u{0}")
        func add(_ label: String, _ files: [(String, Data?)]) {
            for (name, data) in files.sorted(by: { $0.0 < $1.0 }) {
                hasher.update("\(label)/\(name)\u{0}\(data?.count ?? -1)\u{0}")
                if let data { hasher.update(data) }
            }
        }
        func files(in folder: String, skipping: String? = nil) -> [(String, Data?)] {
            ((try? fileSystem.filesRecursively(folder)) ?? [])
                .filter { name in skipping.map { !(name == $0 || name.hasPrefix($0 + "/")) } ?? true }
                .map { ($0, try? fileSystem.read("\(folder)/\($0)")) }
        }
        if let starter {
            add("lesson", files(in: lesson.folder, skipping: "Sources"))
            add("starter", starter.map { ($0.key, Optional($0.value)) })
        } else {
            add("lesson", files(in: lesson.folder))
        }
        add("tests", files(in: lesson.tests))
        add("solutions", files(in: lesson.solutionFolder))
        return hasher.hexDigest()
    }

    public func save(_ result: CourseVerifier.LessonResult, fingerprint: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(Record(fingerprint: fingerprint, result: result)) else { return }
        try? fileSystem.writeAtomically(data, to: path(of: result.lesson))
    }

    /// The last result, when nothing verify judges has changed since.
    public func recorded(_ lesson: Lesson, fingerprint: String) -> CourseVerifier.LessonResult? {
        guard let data = try? fileSystem.read(path(of: lesson.id)),
              let record = try? JSONDecoder().decode(Record.self, from: data),
              record.fingerprint == fingerprint, record.result.lesson == lesson.id
        else { return nil }
        return record.result
    }
}

/// Whether a course may be handed out: every lesson holds its contract as `kata verify`
/// judges it. Used by `kata export` (and so by the classroom template made from it).
///
///     let gate = ExportGate(records: records, starters: { store.published($0, progress: progress) },
///                           verify: { $0.map(verifier.verify) }, quickProblems: { verifier.quickProblems($0) })
///     let verdict = gate.judge(course.lessons, verifyNow: true)
public struct ExportGate: Sendable {
    public var records: VerifyRecords
    public var starters: @Sendable (Lesson) -> StarterStore.Starter?
    /// The whole contract of lessons with no record of their current files (`CourseVerifier.verify`).
    public var verify: @Sendable ([Lesson]) -> [CourseVerifier.LessonResult]
    /// The checks that need no build (texts, metadata, TODO(author), hidden tests).
    public var quickProblems: @Sendable (Lesson) -> [String]

    public init(records: VerifyRecords, starters: @escaping @Sendable (Lesson) -> StarterStore.Starter?,
                verify: @escaping @Sendable ([Lesson]) -> [CourseVerifier.LessonResult],
                quickProblems: @escaping @Sendable (Lesson) -> [String]) {
        self.records = records
        self.starters = starters
        self.verify = verify
        self.quickProblems = quickProblems
    }

    public struct Verdict: Sendable, Equatable, Codable {
        /// Lessons verify reports, with what it said.
        public var broken: [CourseVerifier.LessonResult] = []
        /// Lessons not verified since they last changed (only when not verified now).
        public var unverified: [String] = []
        /// Lessons verified now (no record of their current files).
        public var verifiedNow: [String] = []
        /// Lessons whose record of `kata verify` was reused.
        public var reused: [String] = []
        public var ok: Bool { broken.isEmpty && unverified.isEmpty }
    }

    /// Judges the lessons: a record of the current files is reused; the others are verified now
    /// (and recorded), or with `verifyNow` false only given the checks that need no build.
    public func judge(_ lessons: [Lesson], verifyNow: Bool) -> Verdict {
        var verdict = Verdict()
        var pending: [(Lesson, String)] = []
        for lesson in lessons {
            let print = records.fingerprint(lesson, starter: starters(lesson)?.files)
            if let result = records.recorded(lesson, fingerprint: print) {
                verdict.reused.append(lesson.id)
                if !result.ok { verdict.broken.append(result) }
            } else {
                pending.append((lesson, print))
            }
        }
        if verifyNow, !pending.isEmpty {
            let results = Dictionary(verify(pending.map(\.0)).map { ($0.lesson, $0) }, uniquingKeysWith: { first, _ in first })
            for (lesson, print) in pending {
                guard let result = results[lesson.id] else {
                    verdict.broken.append(CourseVerifier.LessonResult(lesson: lesson.id, problems: ["kata verify gave no result for it"], facts: []))
                    continue
                }
                records.save(result, fingerprint: print)
                verdict.verifiedNow.append(lesson.id)
                if !result.ok { verdict.broken.append(result) }
            }
        } else {
            for (lesson, _) in pending {
                let problems = quickProblems(lesson)
                if problems.isEmpty { verdict.unverified.append(lesson.id) } else {
                    verdict.broken.append(CourseVerifier.LessonResult(lesson: lesson.id, problems: problems, facts: []))
                }
            }
        }
        verdict.broken.sort { $0.lesson < $1.lesson }
        return verdict
    }
}

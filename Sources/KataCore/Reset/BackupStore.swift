import Foundation

/// Copies of a learner's files, taken before kata replaces them.
///
///     let backups = BackupStore(fileSystem: fileSystem, clock: clock, courseRoot: root)
///     let saved = try backups.backUp(lesson)     // .kata/backups/01-.../20261122-023000
///     try backups.replaceSources(of: lesson, with: starter.files)
///
/// Nothing is ever deleted here: a reset and a restore each take a backup
/// first, so every state the learner's code was in can be brought back.
public struct BackupStore: Sendable {
    public let fileSystem: any FileSystem
    public let clock: any Clock
    public let courseRoot: String

    public init(fileSystem: any FileSystem, clock: any Clock, courseRoot: String) {
        self.fileSystem = fileSystem
        self.clock = clock
        self.courseRoot = courseRoot
    }

    /// The state folder (`.kata` in the course unless `KATA_STATE_DIR` names another).
    public var stateFolder: String?

    public var root: String { "\(stateFolder ?? courseRoot + "/.kata")/backups" }

    public struct Backup: Sendable, Equatable {
        /// The lesson id (the folder above the backup).
        public var lesson: String
        /// The timestamp folder's name: `20261122-023000`.
        public var name: String
        public var path: String
    }

    /// Copies every file of the lesson's `Sources/` into a new timestamped folder; returns it.
    public func backUp(_ lesson: Lesson) throws -> Backup {
        let files = fileSystem.isDirectory(lesson.sources) ? try fileSystem.filesRecursively(lesson.sources) : []
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stamp = formatter.string(from: clock.now())
        var name = stamp
        var attempt = 2
        while fileSystem.exists("\(root)/\(lesson.id)/\(name)") {
            name = "\(stamp)-\(attempt)"
            attempt += 1
        }
        let folder = "\(root)/\(lesson.id)/\(name)"
        try fileSystem.createDirectory(folder)
        for file in files {
            try fileSystem.writeAtomically(try fileSystem.read("\(lesson.sources)/\(file)"), to: "\(folder)/\(file)")
        }
        // Read back: a backup that is not all there must not let a reset go on.
        for file in files {
            guard try fileSystem.read("\(folder)/\(file)") == fileSystem.read("\(lesson.sources)/\(file)") else {
                throw KataError.failure("the backup of \(file) in \(folder) does not match your file; nothing was changed")
            }
        }
        return Backup(lesson: lesson.id, name: name, path: folder)
    }

    /// Every backup, oldest first; of one lesson when given.
    public func backups(of lesson: String? = nil) -> [Backup] {
        let lessons = lesson.map { [$0] } ?? ((try? fileSystem.contentsOfDirectory(root)) ?? []).sorted()
        var found: [Backup] = []
        for id in lessons {
            let folder = "\(root)/\(id)"
            for name in ((try? fileSystem.contentsOfDirectory(folder)) ?? []).sorted() where fileSystem.isDirectory("\(folder)/\(name)") {
                found.append(Backup(lesson: id, name: name, path: "\(folder)/\(name)"))
            }
        }
        return found.sorted { ($0.name, $0.lesson) < ($1.name, $1.lesson) }
    }

    /// The files of a backup, by path relative to the lesson's `Sources/`.
    public func files(of backup: Backup) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try fileSystem.filesRecursively(backup.path) {
            files[name] = try fileSystem.read("\(backup.path)/\(name)")
        }
        return files
    }

    /// Makes the lesson's `Sources/` hold exactly `files`. Call only after `backUp`.
    public func replaceSources(of lesson: Lesson, with files: [String: Data]) throws {
        let existing = fileSystem.isDirectory(lesson.sources) ? try fileSystem.filesRecursively(lesson.sources) : []
        for (name, data) in files.sorted(by: { $0.key < $1.key }) {
            try fileSystem.writeAtomically(data, to: "\(lesson.sources)/\(name)")
        }
        for name in existing where files[name] == nil {
            try fileSystem.remove("\(lesson.sources)/\(name)")
        }
    }
}

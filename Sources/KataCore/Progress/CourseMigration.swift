import Foundation

/// Keeps a learner's state when the course renumbers its lessons.
///
/// A lesson's folder is `NN-slug`; inserting a lesson moves the ones after it
/// (`09-container-lifetimes` becomes `10-container-lifetimes`). What kata kept
/// under the old name (progress in `progress.json`, the first-seen starter copy
/// under `starters/`, the backups under `backups/`) follows the lesson by its
/// slug, the part after the number:
///
///     let moved = try CourseMigration(fileSystem: fs, clock: clock, stateFolder: ".kata").migrate(to: course)
///     // ["09-container-lifetimes → 10-container-lifetimes"]
///
/// A name moves only when the course no longer has it and exactly one lesson of
/// the course has its slug; nothing kept under the new name is ever replaced
/// (the old state then stays where it is, and is reported).
public struct CourseMigration: Sendable {
    public let fileSystem: any FileSystem
    public let clock: any Clock
    public let stateFolder: String

    public init(fileSystem: any FileSystem, clock: any Clock, stateFolder: String) {
        self.fileSystem = fileSystem
        self.clock = clock
        self.stateFolder = stateFolder
    }

    public struct Outcome: Sendable, Equatable {
        /// `old → new`, one per lesson whose state moved.
        public var moved: [String] = []
        /// State that could not move because the new name already has some.
        public var kept: [String] = []
    }

    /// The slug of a lesson id: `container-lifetimes` for `09-container-lifetimes`; nil without a number.
    public static func slug(of id: String) -> String? {
        guard let dash = id.firstIndex(of: "-"), dash > id.startIndex,
              id[..<dash].allSatisfy(\.isNumber) else { return nil }
        let slug = id[id.index(after: dash)...]
        return slug.isEmpty ? nil : String(slug)
    }

    /// Where each old id kept in the state goes: ids the course lacks whose slug one lesson of the course has.
    func renames(of oldIDs: Set<String>, courseIDs: [String]) -> [String: String] {
        let current = Set(courseIDs)
        let bySlug = Dictionary(grouping: courseIDs, by: { Self.slug(of: $0) ?? "" })
        var renames: [String: String] = [:]
        for old in oldIDs where !current.contains(old) {
            guard let slug = Self.slug(of: old), let matches = bySlug[slug], matches.count == 1 else { continue }
            renames[old] = matches[0]
        }
        return renames
    }

    public func migrate(to course: Course) throws -> Outcome {
        let courseIDs = course.lessons.map(\.id) + course.broken.map(\.id)
        let progressStore = ProgressStore(fileSystem: fileSystem, clock: clock, stateFolder: stateFolder)
        // Read without `load()`: a file kata cannot read is left as it is, for the next load to set aside and say so.
        var progress: Progress? = nil
        if let data = try? fileSystem.read(progressStore.path) {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = InternetDate.decoding
            if let loaded = try? decoder.decode(Progress.self, from: data), loaded.formatVersion == Progress.formatVersion { progress = loaded }
        }
        let folders = ["starters", "backups"].map { "\(stateFolder)/\($0)" }
        var kept: Set<String> = Set(progress?.lessons.keys.map { $0 } ?? [])
        if let current = progress?.current { kept.insert(current) }
        for folder in folders where fileSystem.isDirectory(folder) {
            kept.formUnion(try fileSystem.contentsOfDirectory(folder))
        }
        let renames = renames(of: kept, courseIDs: courseIDs)
        guard !renames.isEmpty else { return Outcome() }

        var outcome = Outcome()
        var blocked: Set<String> = []
        if var updated = progress {
            for (old, new) in renames.sorted(by: { $0.key < $1.key }) {
                guard let entry = updated.lessons[old] else { continue }
                if updated.lessons[new] != nil { blocked.insert(old); continue }
                updated.lessons[new] = entry
                updated.lessons[old] = nil
            }
            if let current = updated.current, let new = renames[current] { updated.current = new }
            try progressStore.save(updated)
        }
        for folder in folders where fileSystem.isDirectory(folder) {
            for (old, new) in renames.sorted(by: { $0.key < $1.key }) where fileSystem.exists("\(folder)/\(old)") {
                if fileSystem.exists("\(folder)/\(new)") { blocked.insert(old); continue }
                try fileSystem.move("\(folder)/\(old)", to: "\(folder)/\(new)")
            }
        }
        for (old, new) in renames.sorted(by: { $0.key < $1.key }) {
            if blocked.contains(old) { outcome.kept.append("\(old) → \(new)") } else { outcome.moved.append("\(old) → \(new)") }
        }
        return outcome
    }
}

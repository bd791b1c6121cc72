import Foundation

/// A pristine copy of a lesson's starter code, the one `kata reset` restores.
///
///     let store = StarterStore(context: context)
///     store.rememberUnseen(course, progress: progress)   // early, before any edit
///     let starter = try store.starter(for: lesson)        // later, to reset
///
/// Where the copy comes from, best first:
/// 1. `.kata/starters/<lesson>/`, taken the first time kata met the lesson;
/// 2. the course's git history (`git show HEAD:Lessons/<lesson>/Sources/...`)
///    when the course is a git checkout: the learner's edits are not in HEAD
///    unless they committed them;
/// 3. the lesson's own files, but only while kata has no record of the learner
///    touching the lesson (no check, no hint): the files as shipped.
/// A copy, once taken, is never replaced, so later edits can't creep into it.
/// When none of them exists, `starter(for:)` says what to do instead.
///
/// A lesson its author is still writing has no copy: one `kata new` made
/// (recorded in `.kata/authored.json`), one a git checkout does not have in
/// `HEAD`, or one whose starter still holds `TODO(author)`. Its starter is
/// what git `HEAD` holds once it is committed, and its working files until
/// then (origin `.authorsFiles`); a first-seen copy kept of it before is
/// dropped, so a scaffold's starter can never stand in for the written one.
/// `published(_:progress:)` is the starter as `kata export` and `kata verify`
/// see it: git `HEAD` as it is now whenever the lesson is committed.
public struct StarterStore: Sendable {
    public let fileSystem: any FileSystem
    public let processRunner: any ProcessRunning
    public let environment: [String: String]
    public let courseRoot: String
    public let clock: any Clock
    /// The state folder (`.kata` in the course unless `KATA_STATE_DIR` names another).
    public var stateFolder: String?

    public init(fileSystem: any FileSystem, processRunner: any ProcessRunning, environment: [String: String], courseRoot: String, clock: any Clock) {
        self.fileSystem = fileSystem
        self.processRunner = processRunner
        self.environment = environment
        self.courseRoot = courseRoot
        self.clock = clock
    }

    public init(context: KataContext) {
        self.init(fileSystem: context.fileSystem, processRunner: context.processRunner,
                  environment: context.environment, courseRoot: context.courseRoot, clock: context.clock)
        self.stateFolder = context.stateFolder
    }

    /// The starter's files by path relative to `Sources/`, and where they came from.
    public struct Starter: Sendable, Equatable {
        public var files: [String: Data]
        public var origin: Origin

        /// The files as text, for diffs.
        public var texts: [String: String] { files.mapValues { String(decoding: $0, as: UTF8.self) } }
    }

    public enum Origin: String, Sendable, Equatable {
        /// `git show HEAD:...` of the course checkout.
        case gitHead = "git HEAD"
        /// The lesson's files the first time kata saw it, before any check or hint.
        case firstSeen = "first seen"
        /// The working files of a lesson its author is writing (not in git HEAD): they are the starter.
        case authorsFiles = "author's working files"

        public func describe(_ words: Words) -> String {
            switch self {
            case .gitHead: return words.say("the course's git history (HEAD)", "课程的 git 历史（HEAD）")
            case .firstSeen: return words.say("the copy kata kept when it first saw the lesson", "kata 第一次见到这一课时保存的副本")
            case .authorsFiles: return words.say("your working files (you are writing this lesson, and git HEAD does not have it yet)",
                                                 "你的工作文件（这一课由你编写，git HEAD 中还没有它）")
            }
        }
    }

    public func folder(of lesson: Lesson) -> String { "\(stateFolder ?? courseRoot + "/.kata")/starters/\(lesson.id)" }

    /// Takes a copy of every lesson that has none yet and that kata can still see pristine.
    public func rememberUnseen(_ course: Course, progress: Progress) {
        for lesson in course.lessons { _ = remember(lesson, progress: progress) }
    }

    /// The stored copy, taking one now if that is still safe.
    @discardableResult
    public func remember(_ lesson: Lesson, progress: Progress) -> Starter? {
        let authored = isAuthored(lesson)
        let stored = stored(lesson)
        if let stored, !authored, stored.origin == .gitHead || !Self.holdsPlaceholder(stored.files) { return stored }
        // Nothing kept yet, or a first-seen copy of a lesson its author is writing.
        let git = locateGit(in: lesson.root)
        if git != nil, let head = fromGit(lesson) {
            if !authored && stored == nil { save(head, of: lesson, origin: .gitHead) }
            return Starter(files: head, origin: .gitHead)
        }
        guard let files = fromWorkingCopy(lesson), !files.isEmpty else { return stored }
        // The author's own lesson: one kata new made, one a checkout does not have, a scaffold still marked.
        if authored || git != nil || Self.holdsPlaceholder(files) || stored != nil {
            if stored != nil { try? fileSystem.remove(folder(of: lesson)) }
            return Starter(files: files, origin: .authorsFiles)
        }
        guard progress.lessons[lesson.id] == nil else { return nil }
        save(files, of: lesson, origin: .firstSeen)
        return Starter(files: files, origin: .firstSeen)
    }

    /// The starter a handout carries and `kata verify` judges: git `HEAD` as it is now when the
    /// lesson is committed (a kept copy may be older), else what `remember` has.
    public func published(_ lesson: Lesson, progress: Progress) -> Starter? {
        if locateGit(in: lesson.root) != nil, let head = fromGit(lesson) { return Starter(files: head, origin: .gitHead) }
        return remember(lesson, progress: progress)
    }

    /// The starter as the learner was handed it, for what `kata check` compares with (the files it gives as they are,
    /// the numbers it states): in a checkout that follows a branch (a cloned course, `origin/main`), that branch's
    /// copy, where the learner's own commits are not; otherwise the published starter. A learner who commits their
    /// work changes neither what the starter gave nor the numbers it states.
    public func handedOut(_ lesson: Lesson, progress: Progress) -> Starter? {
        if let git = locateGit(in: lesson.root),
           let upstream = runGit(git, in: lesson.root, ["rev-parse", "--verify", "--quiet", "@{upstream}"])?.trimmingCharacters(in: .whitespacesAndNewlines),
           upstream.count >= 40, upstream.allSatisfy(\.isHexDigit), let files = fromGit(lesson, revision: upstream) {
            return Starter(files: files, origin: .gitHead)
        }
        return published(lesson, progress: progress)
    }

    /// Records that the author made this lesson (`kata new`): it never gets a first-seen copy.
    public func markAuthored(_ lessonID: String) throws {
        var ids = authoredLessons()
        guard ids.insert(lessonID).inserted else { return }
        let object: [String: Any] = ["format_version": 1, "lessons": ids.sorted()]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        try fileSystem.writeAtomically(data, to: authoredFile)
    }

    /// The lessons `kata new` made here.
    public func authoredLessons() -> Set<String> {
        guard let data = try? fileSystem.read(authoredFile),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let ids = object["lessons"] as? [String]
        else { return [] }
        return Set(ids)
    }

    func isAuthored(_ lesson: Lesson) -> Bool { authoredLessons().contains(lesson.id) }

    private var authoredFile: String { "\(stateFolder ?? courseRoot + "/.kata")/authored.json" }

    /// Whether files still hold the scaffold's `TODO(author)`: a lesson not written yet.
    static func holdsPlaceholder(_ files: [String: Data]) -> Bool {
        files.values.contains { String(decoding: $0, as: UTF8.self).contains(Placeholder.marker) }
    }

    /// The pristine starter for `kata reset`, or an error that says what to do.
    public func starter(for lesson: Lesson, progress: Progress, words: Words = Words(language: .english)) throws -> Starter {
        if let starter = remember(lesson, progress: progress) { return starter }
        throw KataError.failure(words.say("""
            kata has no pristine copy of lesson \(lesson.id)'s starter code, so it cannot reset it.
            kata keeps one in .kata/starters/ from the first time it sees a lesson, and this lesson
            was already changed then (and the course folder is not a git checkout).
            Your files were not touched. To start over, copy Lessons/\(lesson.id)/Sources from a fresh
            download of the course over yours (keep a copy of yours first).
            """, """
            kata 没有第 \(lesson.shownNumber) 课初始代码的原始副本，所以无法重置。
            kata 会在第一次见到一课时把它保存在 .kata/starters/ 中，而这一课当时已经被修改过
            （课程文件夹也不是 git 仓库）。你的文件没有被改动。要重新开始，请先备份你的文件，
            再从重新下载的课程中把 Lessons/\(lesson.id)/Sources 复制过来覆盖。
            """))
    }

    func stored(_ lesson: Lesson) -> Starter? {
        let folder = folder(of: lesson)
        guard let manifest = try? fileSystem.read("\(folder)/starter.json"),
              let object = try? JSONSerialization.jsonObject(with: manifest) as? [String: Any],
              let names = object["files"] as? [String]
        else { return nil }
        var files: [String: Data] = [:]
        for name in names {
            guard let data = try? fileSystem.read("\(folder)/Sources/\(name)") else { return nil }
            files[name] = data
        }
        let origin = (object["origin"] as? String).flatMap(Origin.init(rawValue:)) ?? .firstSeen
        return Starter(files: files, origin: origin)
    }

    private func save(_ files: [String: Data], of lesson: Lesson, origin: Origin) {
        let folder = folder(of: lesson)
        do {
            for (name, data) in files { try fileSystem.writeAtomically(data, to: "\(folder)/Sources/\(name)") }
            let formatter = ISO8601DateFormatter()
            let manifest: [String: Any] = [
                "format_version": 1, "lesson": lesson.id, "origin": origin.rawValue,
                "taken_at": formatter.string(from: clock.now()), "files": files.keys.sorted(),
            ]
            let data = try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys])
            // The manifest is written last: a copy without one is never trusted.
            try fileSystem.writeAtomically(data, to: "\(folder)/starter.json")
        } catch {
            try? fileSystem.remove(folder)
        }
    }

    private func fromWorkingCopy(_ lesson: Lesson) -> [String: Data]? {
        guard let names = try? fileSystem.filesRecursively(lesson.sources) else { return nil }
        var files: [String: Data] = [:]
        for name in names {
            guard let data = try? fileSystem.read("\(lesson.sources)/\(name)") else { return nil }
            files[name] = data
        }
        return files
    }

    /// The lesson's files as committed at HEAD, when the course is a git checkout.
    /// (A lesson from an extra course folder is read from that folder's git.)
    private func fromGit(_ lesson: Lesson, revision: String = "HEAD") -> [String: Data]? {
        guard let git = locateGit(in: lesson.root) else { return nil }
        let folder = "Lessons/\(lesson.id)/Sources"
        let listing = runGit(git, in: lesson.root, ["ls-tree", "-r", "--name-only", revision, "--", folder])
        guard let listing, !listing.isEmpty else { return nil }
        var files: [String: Data] = [:]
        for path in listing.split(separator: "\n").map(String.init) where path.hasPrefix(folder + "/") {
            guard let text = runGit(git, in: lesson.root, ["show", "\(revision):./\(path)"]) else { return nil }
            files[String(path.dropFirst(folder.count + 1))] = Data(text.utf8)
        }
        return files.isEmpty ? nil : files
    }

    private func runGit(_ git: String, in root: String, _ arguments: [String]) -> String? {
        var childEnvironment: [String: String] = ["GIT_PAGER": "cat", "LC_ALL": "C"]
        for key in ["PATH", "HOME"] { childEnvironment[key] = environment[key] }
        let result = processRunner.run(ProcessRequest(
            executable: git, arguments: ["-C", root, "-c", "core.quotepath=off"] + arguments,
            environment: childEnvironment, timeout: 20, outputLimit: 4 << 20))
        guard result.termination.succeeded, !result.outputTruncated else { return nil }
        return result.output
    }

    private func locateGit(in root: String) -> String? {
        guard fileSystem.exists("\(root)/.git") else { return nil }
        for folder in (environment["PATH"] ?? "/usr/bin:/usr/local/bin").split(separator: ":") {
            let candidate = "\(folder)/git"
            if fileSystem.exists(candidate) { return candidate }
        }
        return nil
    }
}

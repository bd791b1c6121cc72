import Foundation

/// A student handout: the course without `Solutions/` and hidden tests,
/// marked by a `.kata-handout` file at its root.
public enum Handout {
    public static let markerName = ".kata-handout"

    public static func isHandout(_ root: String, fileSystem: any FileSystem) -> Bool {
        fileSystem.isFile("\(root)/\(markerName)")
    }

    /// For the commands that need the solutions (`kata verify`, `kata solution`):
    /// in a handout, says that the instructor kept them.
    ///
    ///     try Handout.requireInstructorCopy(context, command: "verify")
    public static func requireInstructorCopy(_ context: KataContext, command: String) throws {
        guard isHandout(context.courseRoot, fileSystem: context.fileSystem) else { return }
        throw KataError.failure(context.words.say(
            "`kata \(command)` needs the reference solutions, and this folder is a student handout: the instructor kept the solutions and the hidden tests. Use `kata check <lesson>` to test your code, and `kata hint <lesson>` when you are stuck.",
            "`kata \(command)` 需要参考答案，而这个文件夹是发给学生的版本：参考答案和隐藏测试都留在老师那里。请用 `kata check <课>` 测试你的代码，卡住时用 `kata hint <课>`。"))
    }

    /// What a lesson here can offer: watch mode's keys and `kata diff` /
    /// `kata refactor` read it to offer only what exists.
    ///
    ///     let can = Handout.capabilities(of: lesson, courseRoot: root, fileSystem: fs)
    ///     if can.solution { ... } else { print(can.whyNoSolution(words)) }
    public static func capabilities(of lesson: Lesson, courseRoot: String, fileSystem: any FileSystem) -> Capabilities {
        let handout = isHandout(courseRoot, fileSystem: fileSystem)
        let solution = fileSystem.isDirectory(lesson.solutionSources)
        let steps = solution && fileSystem.isFile((lesson.solutionSources as NSString).deletingLastPathComponent + "/steps.json")
        return Capabilities(isHandout: handout, solution: solution, refactoringSteps: steps)
    }

    /// What a lesson can offer beyond checks and hints.
    public struct Capabilities: Sendable, Equatable {
        /// The course is a student handout (`.kata-handout`).
        public var isHandout: Bool
        /// The reference solution is here: `kata solution`, the diff against it, the before/after graph.
        public var solution: Bool
        /// The refactoring's named steps are here (`kata refactor`, watch mode's refactoring panel).
        public var refactoringSteps: Bool

        public init(isHandout: Bool, solution: Bool, refactoringSteps: Bool) {
            self.isHandout = isHandout
            self.solution = solution
            self.refactoringSteps = refactoringSteps
        }

        /// Why the solution is not here, in a sentence.
        public func whyNoSolution(_ words: Words, lesson: Lesson) -> String {
            isHandout
                ? words.say("This is a student handout: the instructor kept the reference solutions, so there is none to compare with.",
                            "这是发给学生的版本：参考答案留在老师那里，所以这里没有可以对比的答案。")
                : words.say("This course has no reference solution for \(words.lesson(lesson)) (Solutions/\(lesson.id)/Sources is missing).",
                            "本课程没有\(words.lesson(lesson))的参考答案（缺少 Solutions/\(lesson.id)/Sources）。")
        }
    }

    /// The text of the marker file.
    static func markerText(version: String, date: Date, lessons: [String]) -> String {
        let day = ISO8601DateFormatter.string(from: date, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        return """
            This folder is a DI Kata student handout, exported by kata \(version) on \(day).
            The reference solutions and the hidden tests stay with the instructor, so
            `kata verify` and `kata solution` do not run here; `kata check` does.
            Lessons: \(lessons.joined(separator: ", "))

            """
    }
}

/// What an export did.
public struct HandoutSummary: Sendable, Equatable, Codable {
    public var folder: String
    public var lessons: [String]
    public var filesCopied: Int
    /// Hidden test files left out, relative to the course (`Tests/Lessons/01-x/HiddenTests.swift`).
    public var hiddenTestsWithheld: [String]
    /// Symbolic links and other non-regular files that were not copied.
    public var skipped: [String]
    /// Lessons whose working files differ from the pristine starter that was exported instead.
    public var workingFilesDiffer: [String] = []
    /// Lessons whose starter is the author's working files (written here, not in git HEAD yet).
    public var startersFromWorkingFiles: [String] = []
    /// Lessons `kata verify` reports, exported anyway (--warn-only).
    public var lessonsWithProblems: [String] = []
    /// Lessons not verified since they changed, exported anyway (--warn-only).
    public var lessonsNotVerified: [String] = []
}

/// Writes the student handout of a course into an empty folder.
///
///     let summary = try HandoutExporter(fileSystem: fs, clock: clock)
///         .export(course: course, from: "/teacher/di-kata", to: "/teacher/handout")
///
/// It copies the package (runner, `Package.swift`, texts, `Lessons/`, `Tests/`),
/// and the lessons of any extra course folder, leaving out `Solutions/`, the
/// hidden test files, and build and state folders (`.build*`, `.kata`, `.git`,
/// `.swiftpm`). Regular files only: links are reported, never followed.
public struct HandoutExporter: Sendable {
    public let fileSystem: any FileSystem
    public let clock: any Clock
    /// The pristine starter of a lesson (git HEAD or `.kata/starters`): what a
    /// handout's `Lessons/<id>/Sources` holds, never the working files. nil for
    /// a lesson when no pristine copy exists (the export then stops).
    public var starters: (@Sendable (Lesson) -> [String: Data]?)?
    /// The language of the exporter's errors.
    public var words = Words(language: .english)

    public init(fileSystem: any FileSystem, clock: any Clock, starters: (@Sendable (Lesson) -> [String: Data]?)? = nil) {
        self.fileSystem = fileSystem
        self.clock = clock
        self.starters = starters
    }

    /// Names never copied, at any depth.
    static let excludedNames: Set<String> = [".git", ".kata", ".swiftpm", ".DS_Store", "Package.resolved", Handout.markerName]

    static func isExcluded(_ name: String) -> Bool {
        excludedNames.contains(name) || name.hasPrefix(".build")
    }

    /// What stops an export before anything is judged or written: the target folder, a handout
    /// exported again, a broken course, hidden tests that do not exist, a lesson with no pristine starter.
    public func preflight(course: Course, from root: String, to target: String) throws {
        _ = try pristineStarters(course: course, from: (root as NSString).standardizingPath, to: (target as NSString).standardizingPath)
    }

    public func export(course: Course, from root: String, to target: String) throws -> HandoutSummary {
        let root = (root as NSString).standardizingPath
        let target = (target as NSString).standardizingPath
        let pristine = try pristineStarters(course: course, from: root, to: target)

        try fileSystem.createDirectory(target)
        return try copyAll(course: course, root: root, target: target, pristine: pristine)
    }

    /// The checks of `preflight`; the lessons' pristine starters by their `Sources/` folder.
    private func pristineStarters(course: Course, from root: String, to target: String) throws -> [String: [String: Data]] {
        try checkTarget(target, course: course, root: root)
        if Handout.isHandout(root, fileSystem: fileSystem) {
            throw KataError.usage(words.say("\(root) is itself a handout (it has \(Handout.markerName)): export from the instructor's copy, the one with Solutions/", "\(root) 本身就是学生版本（它有 \(Handout.markerName)）：请从老师的副本（有 Solutions/ 的那个）导出"))
        }
        if !course.broken.isEmpty || !course.problems.isEmpty {
            let all = course.problems + course.broken.flatMap(\.problems)
            throw KataError.failure(words.say("the course has problems to fix before it is handed out (a broken lesson.json could hide a hidden test):\n", "课程有问题，修好之后才能发给学生（有错的 lesson.json 可能漏掉隐藏测试）：\n")
                + all.map { "  - \($0)" }.joined(separator: "\n") + "\nRun `kata verify` for the whole list.")
        }

        let missing = course.lessons.flatMap { lesson in
            lesson.metadata.hiddenTests.filter { !fileSystem.isFile("\(lesson.tests)/\($0)") }.map { "Tests/Lessons/\(lesson.id)/\($0)" }
        }
        if !missing.isEmpty {
            throw KataError.failure(words.say("hidden_tests names files that do not exist, so the real hidden tests may be misspelt and would be handed out:\n", "hidden_tests 列出的文件不存在，真正的隐藏测试可能拼错了名字，会被发给学生：\n")
                + missing.map { "  - \($0)" }.joined(separator: "\n") + "\nFix the names in lesson.json (kata verify lists them), then export again.")
        }

        // The starters come from the pristine copy, read before anything is written.
        var pristine: [String: [String: Data]] = [:]
        if let starters {
            var none: [String] = []
            for lesson in course.lessons {
                if let files = starters(lesson) { pristine[(lesson.sources as NSString).standardizingPath] = files } else { none.append(lesson.id) }
            }
            if !none.isEmpty {
                throw KataError.failure(words.say("no pristine starter exists for \(none.joined(separator: ", ")): the course is not a git checkout and kata saw these lessons only after they were changed, so a handout could carry solved code. Export from a fresh git clone of the course.", "\(none.joined(separator: "、")) 没有原始的初始代码：课程不是 git 仓库，而且 kata 第一次见到这些课时它们已经被修改过，学生版本可能带上已解好的代码。请从课程的全新 git clone 导出。"))
            }
        }
        return pristine
    }

    private func copyAll(course: Course, root: String, target: String, pristine: [String: [String: Data]]) throws -> HandoutSummary {
        var withheld: [String] = []
        var skipped: [String] = []
        var differ: [String] = []
        var copied = 0
        let lessonsByTestFolder = Dictionary(course.lessons.map { (($0.tests as NSString).standardizingPath, $0) }, uniquingKeysWith: { first, _ in first })


        func copyTree(_ source: String, _ destination: String, shownAs shown: String, topLevel: Bool) throws {
            let hidden = Set(lessonsByTestFolder[(source as NSString).standardizingPath]?.metadata.hiddenTests ?? [])
            for name in try fileSystem.contentsOfDirectory(source).sorted() {
                if Self.isExcluded(name) { continue }
                if topLevel && name == "Solutions" { continue }
                let from = "\(source)/\(name)"
                let to = "\(destination)/\(name)"
                let label = shown.isEmpty ? name : "\(shown)/\(name)"
                switch fileSystem.kind(of: from) {
                case .directory:
                    try fileSystem.createDirectory(to)
                    if let files = pristine[(from as NSString).standardizingPath] {
                        try writeStarter(files, from: from, to: to, label: label)
                        continue
                    }
                    try copyTree(from, to, shownAs: label, topLevel: false)
                case .file:
                    if hidden.contains(name) { withheld.append(label); continue }
                    try copyFile(from, to)
                    copied += 1
                default:
                    skipped.append(label)
                }
            }
        }

        /// A lesson's `Sources/` as the pristine starter has it; notes when the working files differ.
        func writeStarter(_ files: [String: Data], from: String, to: String, label: String) throws {
            for (name, data) in files.sorted(by: { $0.key < $1.key }) {
                try fileSystem.writeAtomically(data, to: "\(to)/\(name)")
                copied += 1
            }
            let working = (try? fileSystem.filesRecursively(from)) ?? []
            let same = Set(working) == Set(files.keys) && working.allSatisfy { (try? fileSystem.read("\(from)/\($0)")) == files[$0] }
            if !same { differ.append(label) }
        }

        try copyTree(root, target, shownAs: "", topLevel: true)

        // Lessons of extra course folders join the handout's own Lessons/ and Tests/Lessons/.
        for lesson in course.lessons where (lesson.root as NSString).standardizingPath != root {
            for (from, to) in [(lesson.folder, "\(target)/Lessons/\(lesson.id)"), (lesson.tests, "\(target)/Tests/Lessons/\(lesson.id)")] {
                guard fileSystem.isDirectory(from) else { continue }
                if fileSystem.exists(to) {
                    throw KataError.failure(words.say("\(lesson.id) from \(lesson.root) would overwrite a lesson of the same name in the handout: give it another number", "来自 \(lesson.root) 的 \(lesson.id) 会覆盖学生版本中同名的课：请给它换一个编号"))
                }
                try fileSystem.createDirectory(to)
                try copyTree(from, to, shownAs: DiagnosticParser.relative(from, to: lesson.root), topLevel: false)
            }
        }

        let ids = course.lessons.map(\.id).sorted()
        try fileSystem.writeText(Handout.markerText(version: Kata.version, date: clock.now(), lessons: ids), to: "\(target)/\(Handout.markerName)")
        return HandoutSummary(folder: target, lessons: ids, filesCopied: copied, hiddenTestsWithheld: withheld.sorted(), skipped: skipped.sorted(),
                              workingFilesDiffer: differ.sorted())
    }

    private func checkTarget(_ target: String, course: Course, root: String) throws {
        let roots = [root] + course.lessons.map { ($0.root as NSString).standardizingPath }
        for courseRoot in Set(roots) where target == courseRoot || target.hasPrefix(courseRoot + "/") {
            throw KataError.usage(words.say("\(target) is inside the course \(courseRoot): export to a folder outside it, like ../handout", "\(target) 在课程 \(courseRoot) 里面：请导出到课程之外的文件夹，例如 ../handout"))
        }
        if root.hasPrefix(target.hasSuffix("/") ? target : target + "/") {
            throw KataError.usage(words.say("\(target) holds the course itself: export to a new folder outside it", "\(target) 包含课程本身：请导出到课程之外的新文件夹"))
        }
        switch fileSystem.kind(of: target) {
        case nil: return
        case .directory:
            let entries = (try? fileSystem.contentsOfDirectory(target)) ?? []
            if !entries.isEmpty {
                throw KataError.usage(words.say("\(target) is not empty: export into a new or empty folder, so nothing there is overwritten", "\(target) 不是空的：请导出到新的或空的文件夹，这样不会覆盖任何东西"))
            }
        default:
            throw KataError.usage(words.say("\(target) exists and is not a folder: name a new folder to export into", "\(target) 已存在且不是文件夹：请指定一个新的文件夹"))
        }
    }

    private func copyFile(_ from: String, _ to: String) throws {
        try fileSystem.writeAtomically(try fileSystem.read(from), to: to)
        if let permissions = fileSystem as? any ExecutableBits, permissions.isExecutable(from) {
            try permissions.makeExecutable(to)
        }
    }
}

/// File systems that can carry the executable bit (scripts in `.ci/`, say).
public protocol ExecutableBits {
    func isExecutable(_ path: String) -> Bool
    func makeExecutable(_ path: String) throws
}

extension LocalFileSystem: ExecutableBits {
    public func isExecutable(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return info.st_mode & S_IXUSR != 0
    }

    public func makeExecutable(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0, chmod(path, (info.st_mode & 0o7777) | S_IXUSR | S_IXGRP | S_IXOTH) == 0 else {
            throw FileSystemError(path: path, reason: "cannot be made executable")
        }
    }
}

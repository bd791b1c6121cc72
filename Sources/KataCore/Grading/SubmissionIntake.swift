import Foundation

/// Caps on what is taken from one submission.
public struct IntakeLimits: Sendable, Equatable {
    /// The course's largest solution is 10 KiB in all: a lesson's sources are kept to 25 times that, so that every
    /// reading and judging the grader does in its own process (vetting, the rules) works on a bounded program.
    public var fileBytes = 128 * 1024
    public var filesPerLesson = 64
    public var bytesPerLesson = 256 * 1024
    public var depth = 6
    public init() {}
}

/// One thing about a submission the student (or instructor) should know.
public struct IntakeNote: Sendable, Codable, Equatable, Hashable {
    /// The lesson it concerns, or nil for the submission as a whole.
    public var lesson: String?
    /// Path inside the submission, on one line: the student chose its names, so every control character and line end
    /// in them is spelled out (`\u{A}`) here, once, for every report that shows it.
    public var path: String
    public var problem: String

    public init(lesson: String?, path: String, problem: String) {
        self.lesson = lesson
        self.path = ReportText.oneLine(path)
        self.problem = ReportText.oneLine(problem)
    }
}

/// A lesson's sources as taken from a submission.
public struct LessonIntake: Sendable, Equatable {
    public var lesson: String
    /// Absolute paths of the copies in the scratch folder (empty when missing).
    public var files: [String]
    /// The folder holding the copies (`<scratch>/Lessons/<id>/Sources`).
    public var sourceFolder: String
    /// Why there is nothing to build, when so.
    public var missing: String?
    /// The student's own tests, for a lesson that asks for them (`learner_tests`): copies in `<scratch>/Lessons/<id>/<folder>`.
    public var learnerTests: [String] = []
    public var learnerTestsFolder: String?
}

/// What was taken from one student's folder, and what was wrong with it.
public struct SubmissionIntake: Sendable, Equatable {
    public var student: String
    /// When the submission as a whole could not be graded (not a folder, no lessons, ...).
    public var failure: String?
    public var lessons: [String: LessonIntake]
    public var notes: [IntakeNote]
    /// SHA-256 of every file taken (paths and contents), in a stable order.
    public var sha256: String
}

/// Copies the Swift sources of each lesson out of an untrusted submission, and nothing else.
///
/// Only regular `.swift` files are read (never through a link, never from a FIFO),
/// with caps on size and count; links, special files and names that are not UTF-8
/// are reported, not followed. The submission itself is only read, never written:
/// files are opened without updating their access time where the host allows it.
public struct SubmissionIntakeReader: Sendable {
    public let fileSystem: any FileSystem
    public let limits: IntakeLimits

    public init(fileSystem: any FileSystem, limits: IntakeLimits = IntakeLimits()) {
        self.fileSystem = fileSystem
        self.limits = limits
    }

    /// Reads `folder` (the student `student`) into `scratch/Lessons/<id>/Sources`.
    public func take(student: String, folder: String, lessons: [Lesson], course: String, scratch: String) -> SubmissionIntake {
        var notes: [IntakeNote] = []
        var hasher = SHA256()
        func fail(_ why: String) -> SubmissionIntake {
            SubmissionIntake(student: student, failure: why, lessons: [:], notes: notes, sha256: SHA256.hex(""))
        }
        switch fileSystem.kind(of: folder) {
        case .directory: break
        case .symlink: return fail("is a symbolic link: not followed. Put the student's files in a real folder.")
        case .file: return fail("is a file, not a folder: each student is a folder holding Lessons/ (or the lesson folders).")
        default: return fail("is not a folder (a FIFO or a device?)")
        }

        // Where the lesson folders are: Lessons/, the folder itself, or one level down (an unzipped folder).
        let ids = Set(lessons.map(\.id))
        func holdsLessons(_ path: String) -> Bool {
            guard let listing = try? fileSystem.listEntries(path) else { return false }
            return listing.names.contains { ids.contains($0) && fileSystem.isDirectory("\(path)/\($0)") }
        }
        var root = folder
        var lessonsRoot: String?
        var prefix = ""
        if fileSystem.kind(of: "\(folder)/Lessons") == .directory {
            lessonsRoot = "\(folder)/Lessons"; prefix = "Lessons/"
            // Lesson folders beside Lessons/ as well: two copies, one graded. The other is named, never silently left.
            for id in lessons.map(\.id) where fileSystem.isDirectory("\(folder)/\(id)") {
                notes.append(IntakeNote(lesson: id, path: id, problem: "a second copy of the lesson beside Lessons/: the copy in Lessons/\(id) was graded, this one was not read"))
            }
        } else if holdsLessons(folder) {
            lessonsRoot = folder
        } else if let top = try? fileSystem.listEntries(folder) {
            let folders = top.names.filter { !$0.hasPrefix(".") && fileSystem.kind(of: "\(folder)/\($0)") == .directory }
            if folders.count == 1 {
                let inner = "\(folder)/\(folders[0])"
                if fileSystem.kind(of: "\(inner)/Lessons") == .directory {
                    root = inner; lessonsRoot = "\(inner)/Lessons"; prefix = "\(folders[0])/Lessons/"
                } else if holdsLessons(inner) {
                    root = inner; lessonsRoot = inner; prefix = "\(folders[0])/"
                }
                if lessonsRoot != nil {
                    notes.append(IntakeNote(lesson: nil, path: folders[0], problem: "the lessons are one folder down (an unzipped archive?): graded from there"))
                }
            }
        }
        guard let lessonsRoot else {
            let listing = try? fileSystem.listEntries(folder)
            let seen = ((listing?.names ?? []) + (listing?.undecodable ?? [])).filter { !$0.hasPrefix(".") }
            let what = seen.isEmpty ? "the folder is empty" : "found only: " + seen.prefix(8).joined(separator: ", ")
            return fail("no Lessons/ folder and no lesson folders (like \(lessons.first?.id ?? "01-name")/Sources) in it; \(what)")
        }

        var taken: [String: LessonIntake] = [:]
        for lesson in lessons {
            let shownSources = "\(prefix)\(lesson.id)/Sources"
            let sources = "\(lessonsRoot)/\(lesson.id)/Sources"
            let target = "\(scratch)/Lessons/\(lesson.id)/Sources"
            var intake = LessonIntake(lesson: lesson.id, files: [], sourceFolder: target, missing: nil)
            switch fileSystem.kind(of: "\(lessonsRoot)/\(lesson.id)") {
            case .directory: break
            case nil:
                intake.missing = "missing: the submission has no \(prefix)\(lesson.id) folder"
                taken[lesson.id] = intake; continue
            default:
                intake.missing = "\(prefix)\(lesson.id) is not a folder (a link or a file): not followed"
                taken[lesson.id] = intake; continue
            }
            // The lesson's sources and the student's own tests share the lesson's caps.
            var budget = Budget(files: limits.filesPerLesson, bytes: limits.bytesPerLesson)
            switch fileSystem.kind(of: sources) {
            case .directory:
                copy(from: sources, shown: shownSources, to: target, lesson: lesson.id, depth: 0,
                     budget: &budget, notes: &notes, hasher: &hasher, taken: &intake.files)
                if intake.files.isEmpty {
                    intake.missing = "no Swift files could be taken from \(shownSources)"
                } else {
                    keepFixedFiles(lesson, target: target, shown: shownSources, intake: &intake, notes: &notes)
                }
            case nil:
                intake.missing = "missing: the submission has no \(shownSources) folder"
            default:
                intake.missing = "\(shownSources) is not a folder (a link or a file): not followed"
            }
            if let spec = lesson.metadata.learnerTests, intake.missing == nil {
                let shownTests = "\(prefix)\(lesson.id)/\(spec.folder)"
                let testsTarget = "\(scratch)/Lessons/\(lesson.id)/\(spec.folder)"
                intake.learnerTestsFolder = testsTarget
                switch fileSystem.kind(of: "\(lessonsRoot)/\(lesson.id)/\(spec.folder)") {
                case .directory:
                    copy(from: "\(lessonsRoot)/\(lesson.id)/\(spec.folder)", shown: shownTests, to: testsTarget, lesson: lesson.id, depth: 0,
                         budget: &budget, notes: &notes, hasher: &hasher, taken: &intake.learnerTests)
                case nil:
                    notes.append(IntakeNote(lesson: lesson.id, path: shownTests, problem: "missing: the lesson asks for the student's own tests here; none to grade"))
                default:
                    notes.append(IntakeNote(lesson: lesson.id, path: shownTests, problem: "not a folder (a link or a file): not followed"))
                }
            }
            taken[lesson.id] = intake
        }

        notes += changedCourseFiles(root: root, lessons: lessons, course: course, testsShown: root == folder ? "" : prefix.replacingOccurrences(of: "Lessons/", with: ""))
        return SubmissionIntake(student: student, failure: nil, lessons: taken, notes: notes, sha256: hasher.hexDigest())
    }

    /// A starter file that says "You do not change this file" is graded as the course gives it: the student's
    /// copy, changed or missing, is replaced, and a note says so (an edited given file could grant itself a
    /// door the lesson closes, such as a second way to the singleton).
    private func keepFixedFiles(_ lesson: Lesson, target: String, shown: String, intake: inout LessonIntake, notes: inout [IntakeNote]) {
        for name in LessonFiles.fixed(lesson, fileSystem: fileSystem) {
            guard let ours = try? fileSystem.read("\(lesson.sources)/\(name)") else { continue }
            let path = "\(target)/\(name)"
            let kind = fileSystem.kind(of: path)
            let theirs = kind == .file ? try? fileSystem.read(path) : nil
            guard theirs != ours else { continue }
            // Whatever holds the name in the grader's copy (the student's file, or a folder of theirs named like the
            // file, with whatever it holds) gives way to the course's file: the name is the lesson's, never the student's.
            if kind != nil && kind != .file {
                try? fileSystem.remove(path)
                intake.files.removeAll { $0.hasPrefix(path + "/") }
            }
            do {
                try fileSystem.writeAtomically(ours, to: path)
            } catch {
                // Not graded without the lesson's file: the lesson's verdict would rest on the student's version of it.
                intake.missing = "\(shown)/\(name): the course's copy of a file the lesson gives could not be put in place (\(error))"
                intake.files = []
                notes.append(IntakeNote(lesson: lesson.id, path: "\(shown)/\(name)", problem: "a file the lesson gives as it is could not be put in place: the lesson was not graded"))
                continue
            }
            if !intake.files.contains(path) { intake.files.append(path) }
            let problem: String
            switch kind {
            case .file?: problem = "changed in the submission: a file the lesson gives as it is (\"You do not change this file\"); the course's copy is graded"
            case nil: problem = "missing: a file the lesson gives as it is (\"You do not change this file\"); the course's copy is graded"
            default: problem = "not a file in the submission (a folder or a link named like a file the lesson gives as it is): not read; the course's copy is graded"
            }
            notes.append(IntakeNote(lesson: lesson.id, path: "\(shown)/\(name)", problem: problem))
        }
    }

    private struct Budget {
        var files: Int
        var bytes: Int
    }

    private func copy(
        from folder: String, shown: String, to target: String, lesson: String, depth: Int,
        budget: inout Budget, notes: inout [IntakeNote], hasher: inout SHA256, taken: inout [String]
    ) {
        guard depth <= limits.depth else {
            notes.append(IntakeNote(lesson: lesson, path: shown, problem: "folders nested deeper than \(limits.depth): not read"))
            return
        }
        guard let listing = try? fileSystem.listEntries(folder) else {
            notes.append(IntakeNote(lesson: lesson, path: shown, problem: "cannot be listed: skipped"))
            return
        }
        for name in listing.undecodable {
            notes.append(IntakeNote(lesson: lesson, path: "\(shown)/\(name)", problem: "the file name is not valid UTF-8: unreadable, skipped (rename it with plain letters)"))
        }
        for name in listing.names where !name.hasPrefix(".") {
            let path = "\(folder)/\(name)"
            let shownPath = "\(shown)/\(name)"
            guard name != "..", !name.contains("/"), !name.contains("\u{0}") else {
                notes.append(IntakeNote(lesson: lesson, path: shownPath, problem: "a path that leaves the folder: refused"))
                continue
            }
            switch fileSystem.kind(of: path) {
            case .directory:
                copy(from: path, shown: shownPath, to: "\(target)/\(name)", lesson: lesson, depth: depth + 1,
                     budget: &budget, notes: &notes, hasher: &hasher, taken: &taken)
            case .symlink:
                notes.append(IntakeNote(lesson: lesson, path: shownPath, problem: "a symbolic link: not followed, skipped"))
            case .other, nil:
                notes.append(IntakeNote(lesson: lesson, path: shownPath, problem: "not a regular file (a FIFO, socket or device): skipped"))
            case .file:
                guard name.hasSuffix(".swift") else { continue }
                guard budget.files > 0 else {
                    notes.append(IntakeNote(lesson: lesson, path: shownPath, problem: "more than \(limits.filesPerLesson) Swift files in this lesson: skipped"))
                    continue
                }
                let data: Data
                do {
                    data = try fileSystem.readRegularFile(path, limit: min(limits.fileBytes, budget.bytes))
                } catch let error as FileSystemError {
                    notes.append(IntakeNote(lesson: lesson, path: shownPath, problem: "\(error.reason): skipped"))
                    continue
                } catch {
                    notes.append(IntakeNote(lesson: lesson, path: shownPath, problem: "cannot be read: skipped"))
                    continue
                }
                budget.files -= 1
                budget.bytes -= data.count
                let copyPath = "\(target)/\(name)"
                do {
                    try fileSystem.writeAtomically(data, to: copyPath)
                } catch {
                    notes.append(IntakeNote(lesson: lesson, path: shownPath, problem: "could not be copied to the scratch folder"))
                    continue
                }
                hasher.update(part: shownPath)
                hasher.update(part: data)
                taken.append(copyPath)
            }
        }
    }

    /// Regular Swift files below `folder` (relative paths), read the careful way: no links, no access times.
    private func swiftFiles(in folder: String, depth: Int = 0) -> [String] {
        guard depth <= limits.depth, let listing = try? fileSystem.listEntries(folder) else { return [] }
        var found: [String] = []
        for name in listing.names where !name.hasPrefix(".") {
            switch fileSystem.kind(of: "\(folder)/\(name)") {
            case .directory: found += swiftFiles(in: "\(folder)/\(name)", depth: depth + 1).map { "\(name)/\($0)" }
            case .file where name.hasSuffix(".swift"): found.append(name)
            default: break
            }
        }
        return found.sorted()
    }

    /// Tests and the manifest always come from the course: say so when the student changed them.
    private func changedCourseFiles(root: String, lessons: [Lesson], course: String, testsShown: String) -> [IntakeNote] {
        var notes: [IntakeNote] = []
        let manifest = "\(root)/Package.swift"
        if fileSystem.kind(of: manifest) != nil {
            let theirs = try? fileSystem.readRegularFile(manifest, limit: limits.fileBytes)
            let ours = try? fileSystem.read("\(course)/Package.swift")
            if theirs == nil || theirs != ours {
                notes.append(IntakeNote(lesson: nil, path: "\(testsShown)Package.swift",
                                        problem: "differs from the course's Package.swift: ignored (the course's manifest and build are used; it was never run)"))
            }
        }
        let testsRoot = "\(root)/Tests/Lessons"
        guard fileSystem.kind(of: testsRoot) == .directory else { return notes }
        for lesson in lessons {
            let hidden = Set(lesson.metadata.hiddenTests)
            let ours = ((try? fileSystem.filesRecursively(lesson.tests, withExtension: "swift")) ?? []).filter { !hidden.contains($0) }
            let folder = "\(testsRoot)/\(lesson.id)"
            let theirs = fileSystem.kind(of: folder) == .directory ? swiftFiles(in: folder) : []
            let shown = "\(testsShown)Tests/Lessons/\(lesson.id)"
            for file in ours {
                if !theirs.contains(file) {
                    notes.append(IntakeNote(lesson: lesson.id, path: "\(shown)/\(file)", problem: "deleted in the submission: ignored, the course's tests are used"))
                } else if (try? fileSystem.readRegularFile("\(folder)/\(file)", limit: limits.fileBytes)) != (try? fileSystem.read("\(lesson.tests)/\(file)")) {
                    notes.append(IntakeNote(lesson: lesson.id, path: "\(shown)/\(file)", problem: "edited in the submission: ignored, the course's tests are used"))
                }
            }
            for file in theirs where !ours.contains(file) && !hidden.contains(file) {
                notes.append(IntakeNote(lesson: lesson.id, path: "\(shown)/\(file)", problem: "added in the submission: ignored, only the course's tests are used"))
            }
        }
        return notes
    }
}

/// Files of a lesson's starter that the learner keeps as given: they say so in their text.
public enum LessonFiles {
    public static let fixedMarker = "you do not change this file"

    /// The starter's Swift files (top level of `Sources/`) that say "You do not change this file".
    public static func fixed(_ lesson: Lesson, fileSystem: any FileSystem) -> [String] {
        guard let names = try? fileSystem.contentsOfDirectory(lesson.sources) else { return [] }
        return names.sorted().filter { name in
            guard name.hasSuffix(".swift"), let text = try? fileSystem.readText("\(lesson.sources)/\(name)") else { return false }
            return isFixed(name, text: text)
        }
    }

    /// Whether a starter file (its name under `Sources/`, and its text) is one the learner keeps as given: a Swift file at
    /// the top level of `Sources/` that says so.
    public static func isFixed(_ name: String, text: String) -> Bool {
        !name.contains("/") && name.hasSuffix(".swift") && text.lowercased().contains(fixedMarker)
    }
}

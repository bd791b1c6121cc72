import Foundation

/// A teacher's own lessons next to the built-in course, without forking it.
///
///     KATA_EXTRA_COURSE=~/my-lessons kata list      # the built-in lessons and mine
///
/// An extra course folder has the course layout (`Lessons/`, `Tests/Lessons/`,
/// `Solutions/`) and holds only the teacher's lessons. Its lessons join the
/// course: `list`, `show`, `check`, `verify`, `export` and `grade` treat them
/// like the built-in ones. Several folders are separated by `:`.
public enum ExtraCourses {
    public static let environmentKey = "KATA_EXTRA_COURSE"

    /// The extra course folders named by `KATA_EXTRA_COURSE`, as absolute paths.
    public static func locate(environment: [String: String], workingDirectory: String, courseRoot: String, fileSystem: any FileSystem) throws -> [String] {
        guard let value = environment[environmentKey], !value.isEmpty else { return [] }
        var roots: [String] = []
        for entry in value.split(separator: ":").map(String.init) where !entry.isEmpty {
            let joined = entry.hasPrefix("/") ? entry : workingDirectory + "/" + entry
            let path = (joined as NSString).standardizingPath
            guard fileSystem.isDirectory(path + "/Lessons") else {
                throw KataError.usage("\(environmentKey)=\(value): \(entry) has no Lessons/ folder. An extra course folder holds Lessons/, Tests/Lessons/ and Solutions/ (kata --course \(entry) new <slug> starts one)")
            }
            if path != courseRoot && !roots.contains(path) { roots.append(path) }
        }
        return roots
    }

    /// One course of the base course's lessons and the extra ones, with every
    /// clash between them (number, slug, module) reported as a course problem.
    public static func merge(_ base: Course, _ extras: [Course]) -> Course {
        guard !extras.isEmpty else { return base }
        var merged = base
        for extra in extras {
            for lesson in extra.lessons {
                if let same = merged.lessons.first(where: { $0.id == lesson.id }) {
                    merged.problems.append("\(extra.root)/Lessons/\(lesson.id) has the same folder name as \(same.root)/Lessons/\(same.id) and is left out: renumber the extra lesson")
                } else {
                    merged.lessons.append(lesson)
                }
            }
            merged.broken += extra.broken.map { BrokenLesson(id: $0.id, problems: $0.problems.map { "\(extra.root)/\($0)" }) }
            merged.problems += extra.problems.map { "\(extra.root): \($0)" }
        }
        func clashes<Key: Hashable>(_ what: String, _ key: (Lesson) -> Key, _ show: (Key) -> String) {
            for (value, group) in Dictionary(grouping: merged.lessons, by: key) where Set(group.map(\.root)).count > 1 {
                merged.problems.append("\(what) \(show(value)) is used in more than one course folder: "
                    + group.map { "\($0.root)/Lessons/\($0.id)" }.joined(separator: ", ") + "; renumber or rename the extra lesson")
            }
        }
        clashes("lesson number", \.number) { String(format: "%02d", $0) }
        clashes("lesson id", \.slug) { "\"\($0)\"" }
        clashes("module", \.module) { "\"\($0)\"" }
        merged.lessons.sort { ($0.number, $0.id) < ($1.number, $1.id) }
        merged.problems.sort()
        return merged
    }
}

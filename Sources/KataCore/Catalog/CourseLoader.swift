import Foundation

/// Reads a course folder into a `Course`, reporting every problem it meets.
///
///     let course = try CourseLoader(fileSystem: LocalFileSystem()).load(root: "/path/to/course")
public struct CourseLoader: Sendable {
    public let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    public func load(root: String) throws -> Course {
        let lessonsFolder = "\(root)/Lessons"
        guard fileSystem.isDirectory(lessonsFolder) else {
            throw KataError.usage("no Lessons/ folder in \(root). Run kata from the course folder, or name one with --course PATH.")
        }
        var lessons: [Lesson] = []
        var broken: [BrokenLesson] = []
        var problems: [String] = []
        var folders: [(name: String, number: Int, slug: String)] = []
        for name in try fileSystem.contentsOfDirectory(lessonsFolder).sorted() where !name.hasPrefix(".") {
            guard fileSystem.isDirectory("\(lessonsFolder)/\(name)") else { continue }
            guard let (number, slug) = Self.split(id: name) else {
                problems.append("Lessons/\(name): a lesson folder is named NN-slug, like 01-constructor-injection")
                continue
            }
            folders.append((name, number, slug))
        }
        // Every command reads the whole course first: the lessons' metadata is read on both cores.
        let fileSystem = self.fileSystem
        let read = ConcurrentMap.map(folders, jobs: 2) { folder -> Result<LessonMetadata, Error> in
            Result { try LessonMetadata.parse(try fileSystem.read("\(lessonsFolder)/\(folder.name)/lesson.json")) }
        }
        for (folder, result) in zip(folders, read) {
            let name = folder.name
            switch result {
            case .success(let metadata):
                lessons.append(Lesson(id: name, number: folder.number, slug: folder.slug, metadata: metadata, root: root))
            case .failure(let error as MetadataError):
                broken.append(BrokenLesson(id: name, problems: error.problems.map { "Lessons/\(name)/lesson.json \($0)" }))
            case .failure:
                broken.append(BrokenLesson(id: name, problems: ["Lessons/\(name)/lesson.json is missing: every lesson folder needs one (see AUTHORING.md)"]))
            }
        }
        for (number, group) in Dictionary(grouping: lessons, by: \.number) where group.count > 1 {
            problems.append("duplicate lesson number \(String(format: "%02d", number)): \(group.map(\.id).joined(separator: ", "))")
        }
        for (slug, group) in Dictionary(grouping: lessons, by: \.slug) where group.count > 1 {
            problems.append("duplicate lesson id \"\(slug)\": \(group.map(\.id).joined(separator: ", "))")
        }
        for (module, group) in Dictionary(grouping: lessons, by: \.module) where group.count > 1 {
            problems.append("duplicate module \"\(module)\": \(group.map(\.id).joined(separator: ", "))")
        }
        return Course(root: root, lessons: lessons, broken: broken, problems: problems.sorted())
    }

    /// `01-constructor-injection` → (1, "constructor-injection").
    static func split(id: String) -> (Int, String)? {
        let parts = id.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let number = Int(parts[0]), !parts[1].isEmpty else { return nil }
        let slug = String(parts[1])
        guard slug.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" }) else { return nil }
        return (number, slug)
    }
}

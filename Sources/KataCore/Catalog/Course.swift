/// The lessons under a course folder, in order.
public struct Course: Sendable, Equatable {
    public var root: String
    public var lessons: [Lesson]
    public var broken: [BrokenLesson]
    /// Problems of the course as a whole (duplicate numbers or modules).
    public var problems: [String]

    public init(root: String, lessons: [Lesson], broken: [BrokenLesson] = [], problems: [String] = []) {
        self.root = root
        self.lessons = lessons
        self.broken = broken
        self.problems = problems
    }

    /// Every id, broken lessons included, in course order.
    public var allIDs: [String] {
        (lessons.map(\.id) + broken.map(\.id)).sorted()
    }

    /// Finds a lesson by its id (`01-constructor-injection`), slug (`constructor-injection`) or number (`1`).
    public func lesson(named name: String) -> Lesson? {
        let wanted = name.trimmingCharacters(in: CharacterSet(charactersIn: "/")).lowercased()
        if let lesson = lessons.first(where: { $0.id.lowercased() == wanted || $0.slug.lowercased() == wanted }) {
            return lesson
        }
        if let number = Int(wanted) {
            return lessons.first { $0.number == number }
        }
        return nil
    }

    public func brokenLesson(named name: String) -> BrokenLesson? {
        broken.first { $0.id == name || $0.id.drop(while: { $0.isNumber || $0 == "-" }) == name[...] }
    }

    /// Close names for a "did you mean" answer.
    public func suggestions(for name: String) -> [String] {
        let candidates = lessons.flatMap { [$0.id, $0.slug] }
        return Suggestions.closest(to: name, among: candidates).compactMap { candidate in
            lessons.first { $0.id == candidate || $0.slug == candidate }?.id
        }.uniqued()
    }
}

import Foundation

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}

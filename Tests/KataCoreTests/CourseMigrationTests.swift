import Foundation
import Testing
@testable import KataCore

@Suite("Renumbered lessons keep the learner's state")
struct CourseMigrationTests {
    /// A course whose lesson 09 became 10 (a lesson was inserted before it), and the state a learner kept before.
    func renumberedCourse() -> FakeKata {
        let kata = FakeKata()
        let fs = kata.fileSystem
        fs.add("/course/Lessons/01-constructor-injection/lesson.json", lessonJSON(module: "Constructor"))
        fs.add("/course/Lessons/09-container-internals/lesson.json", lessonJSON(module: "Internals"))
        fs.add("/course/Lessons/10-container-lifetimes/lesson.json", lessonJSON(module: "Lifetimes"))
        fs.add("/course/.kata/progress.json", """
            {"format_version": 1, "current": "09-container-lifetimes", "welcomed": true,
             "lessons": {"01-constructor-injection": {"hints_shown": 1, "solution_seen": false},
                         "09-container-lifetimes": {"hints_shown": 2, "solution_seen": true, "passed_tests": 3, "total_tests": 20}}}
            """)
        fs.add("/course/.kata/starters/09-container-lifetimes/Container.swift", "starter")
        fs.add("/course/.kata/backups/09-container-lifetimes/20261120-101500/Container.swift", "my work")
        return kata
    }

    @Test("the slug is the part after the number; an id without a number has none")
    func slugs() {
        #expect(CourseMigration.slug(of: "09-container-lifetimes") == "container-lifetimes")
        #expect(CourseMigration.slug(of: "120-x") == "x")
        #expect(CourseMigration.slug(of: "intro") == nil)
        #expect(CourseMigration.slug(of: "ab-cd") == nil)
        #expect(CourseMigration.slug(of: "09-") == nil)
    }

    @Test("progress, the current lesson, the starter copy and the backups follow a renumbered lesson by its slug, once")
    func followsTheSlug() throws {
        let kata = renumberedCourse()
        let course = try kata.context().loadCourse()
        #expect(kata.console.errors.contains("09-container-lifetimes → 10-container-lifetimes"), "\(kata.console.errors)")
        let progress = kata.context().loadProgress()
        #expect(progress.lessons["10-container-lifetimes"]?.hintsShown == 2)
        #expect(progress.lessons["10-container-lifetimes"]?.solutionSeen == true)
        #expect(progress.lessons["09-container-lifetimes"] == nil)
        #expect(progress.lessons["09-container-internals"] == nil, "the new lesson 09 starts fresh")
        #expect(progress.lessons["01-constructor-injection"]?.hintsShown == 1)
        #expect(progress.current == "10-container-lifetimes")
        #expect(kata.fileSystem.text("/course/.kata/starters/10-container-lifetimes/Container.swift") == "starter")
        #expect(kata.fileSystem.text("/course/.kata/backups/10-container-lifetimes/20261120-101500/Container.swift") == "my work")
        #expect(!kata.fileSystem.exists("/course/.kata/starters/09-container-lifetimes"))

        // A second load finds nothing more to move, and says nothing.
        let again = try CourseMigration(fileSystem: kata.fileSystem, clock: kata.clock, stateFolder: "/course/.kata").migrate(to: course)
        #expect(again == CourseMigration.Outcome())
    }

    @Test("state already kept under the new number is never replaced: the old stays where it was, and kata says so")
    func neverReplaces() throws {
        let kata = renumberedCourse()
        kata.fileSystem.add("/course/.kata/starters/10-container-lifetimes/Container.swift", "newer starter")
        _ = try kata.context().loadCourse()
        #expect(kata.fileSystem.text("/course/.kata/starters/10-container-lifetimes/Container.swift") == "newer starter")
        #expect(kata.fileSystem.text("/course/.kata/starters/09-container-lifetimes/Container.swift") == "starter")
        #expect(kata.console.errors.contains("stay in"), "\(kata.console.errors)")
    }

    @Test("a lesson the course dropped, or whose slug two lessons share, keeps its state under its old name")
    func ambiguousOrGone() throws {
        let fs = InMemoryFileSystem()
        fs.add("/s/starters/03-gone/A.swift", "a")
        fs.add("/s/starters/04-twice/B.swift", "b")
        let lessons = ["05-twice", "06-twice", "01-kept"].map { id in
            Lesson(id: id, number: Int(id.prefix(2)) ?? 0, slug: String(id.dropFirst(3)),
                   metadata: LessonMetadata(module: "M", title: LocalizedText(english: "T", chinese: "T"),
                                            summary: LocalizedText(english: "S", chinese: "S"), hints: []),
                   root: "/course")
        }
        let outcome = try CourseMigration(fileSystem: fs, clock: FixedClock(), stateFolder: "/s").migrate(to: Course(root: "/course", lessons: lessons))
        #expect(outcome == CourseMigration.Outcome())
        #expect(fs.text("/s/starters/03-gone/A.swift") == "a")
        #expect(fs.text("/s/starters/04-twice/B.swift") == "b")
    }

    @Test("the learner is told in Chinese too")
    func chinese() throws {
        let kata = renumberedCourse()
        _ = try kata.context(language: .simplifiedChinese).loadCourse()
        #expect(kata.console.errors.contains("课程给一课换了编号（09-container-lifetimes → 10-container-lifetimes）"), "\(kata.console.errors)")
    }
}

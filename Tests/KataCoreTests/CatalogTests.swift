import Foundation
import Testing
@testable import KataCore

@Suite("CourseLoader")
struct CatalogTests {
    func course(_ files: [String: String]) throws -> Course {
        try CourseLoader(fileSystem: InMemoryFileSystem(files)).load(root: "/course")
    }

    @Test("lessons are read in order, and found by id, slug or number")
    func readsLessons() throws {
        let course = try course([
            "/course/Lessons/02-setter-injection/lesson.json": lessonJSON(module: "Setter"),
            "/course/Lessons/01-constructor-injection/lesson.json": lessonJSON(module: "Constructor"),
        ])
        #expect(course.lessons.map(\.id) == ["01-constructor-injection", "02-setter-injection"])
        #expect(course.lesson(named: "2")?.id == "02-setter-injection")
        #expect(course.lesson(named: "02")?.id == "02-setter-injection")
        #expect(course.lesson(named: "constructor-injection")?.module == "Constructor")
        #expect(course.lesson(named: "01-constructor-injection/")?.number == 1)
        #expect(course.lesson(named: "3") == nil)
        #expect(course.suggestions(for: "setter-injektion") == ["02-setter-injection"])
    }

    @Test("a lesson with bad metadata is listed as broken with every problem")
    func brokenLesson() throws {
        let course = try course([
            "/course/Lessons/01-a/lesson.json": lessonJSON(module: "A"),
            "/course/Lessons/02-b/lesson.json": #"{"format_version": 1}"#,
            "/course/Lessons/03-c/Sources/C.swift": "",
        ])
        #expect(course.lessons.map(\.id) == ["01-a"])
        #expect(course.broken.map(\.id) == ["02-b", "03-c"])
        #expect(course.broken[0].problems.contains("Lessons/02-b/lesson.json is missing the field \"module\" (the Swift module name, like \"ConstructorInjection\")"))
        #expect(course.broken[1].problems == ["Lessons/03-c/lesson.json is missing: every lesson folder needs one (see AUTHORING.md)"])
    }

    @Test("duplicate numbers, ids and modules are course problems")
    func duplicates() throws {
        let course = try course([
            "/course/Lessons/01-a/lesson.json": lessonJSON(module: "Same"),
            "/course/Lessons/01-b/lesson.json": lessonJSON(module: "Same"),
            "/course/Lessons/03-a/lesson.json": lessonJSON(module: "Other"),
            "/course/Lessons/notes/lesson.json": lessonJSON(module: "Notes"),
        ])
        #expect(course.problems == [
            "Lessons/notes: a lesson folder is named NN-slug, like 01-constructor-injection",
            "duplicate lesson id \"a\": 01-a, 03-a",
            "duplicate lesson number 01: 01-a, 01-b",
            "duplicate module \"Same\": 01-a, 01-b",
        ])
    }

    @Test("a folder without Lessons/ is a usage error that says what to do")
    func noLessonsFolder() {
        #expect(throws: KataError.usage("no Lessons/ folder in /course. Run kata from the course folder, or name one with --course PATH.")) {
            try course([:])
        }
    }
}

@Suite("ProgressStore")
struct ProgressStoreTests {
    @Test("progress is saved and read back")
    func roundTrip() throws {
        let fileSystem = InMemoryFileSystem()
        let store = ProgressStore(fileSystem: fileSystem, clock: FixedClock(), courseRoot: "/course")
        try store.update { progress in
            progress["01-x"].hintsShown = 2
            progress["01-x"].passedAt = Date(timeIntervalSince1970: 1_800_000_000)
            progress.current = "01-x"
        }
        let (progress, warning) = store.load()
        #expect(warning == nil)
        #expect(progress["01-x"].hintsShown == 2)
        #expect(progress.hasPassed("01-x"))
        #expect(progress.current == "01-x")
    }

    @Test("a corrupt file is set aside with a warning, and progress starts fresh",
          arguments: ["{ not json", #"{"format_version": 99, "lessons": {}, "welcomed": false}"#, "[1, 2, 3]"])
    func corrupt(text: String) {
        let fileSystem = InMemoryFileSystem(["/course/.kata/progress.json": text])
        let store = ProgressStore(fileSystem: fileSystem, clock: FixedClock(Date(timeIntervalSince1970: 1234)), courseRoot: "/course")
        let (progress, warning) = store.load()
        #expect(progress == Progress())
        #expect(warning?.contains("was set aside as /course/.kata/progress.json.unreadable-1234") == true)
        #expect(fileSystem.text("/course/.kata/progress.json.unreadable-1234") == text)
        #expect(!fileSystem.exists("/course/.kata/progress.json"))
    }
}

import Foundation
import Testing
@testable import KataCore

@Suite("The refactoring view behind the d key")
struct RefactoringViewTests {
    func fakeCommand(_ name: String) -> CommandSpec {
        CommandSpec(name: name, summary: LocalizedText(english: "x", chinese: "x"), usage: "kata \(name)", help: "Example: kata \(name)") { invocation, context in
            context.console.write("\(name) of \(invocation.positional.joined())\n")
            return 0
        }
    }

    func view(_ commands: [CommandSpec]) -> FirstAvailable {
        FirstAvailable(views: [
            CommandRefactoringView(command: "refactor", onlyAfterPassing: true, commands: commands),
            CommandRefactoringView(command: "diff", onlyAfterPassing: false, commands: commands),
            StarterDiffView(),
        ])
    }

    func setUp() throws -> (KataContext, Lesson) {
        let kata = watchCourse()
        let context = kata.context()
        let course = try context.loadCourse()
        StarterStore(context: context).rememberUnseen(course, progress: context.loadProgress())
        kata.fileSystem.add("/course/Lessons/01-add/Sources/Main.swift", "func add(_ a: Int, _ b: Int) -> Int { a + b }\n")
        return (context, course.lessons[0])
    }

    @Test("before a pass the reference refactoring is never shown")
    func noSpoiler() throws {
        let (context, lesson) = try setUp()
        let text = view([fakeCommand("refactor")]).render(lesson, passed: false, context: context)
        #expect(!text.contains("refactor of"))
        #expect(text.contains("+func add(_ a: Int, _ b: Int) -> Int { a + b }"))
        #expect(text.contains("opens once the lesson passes"))
    }

    @Test("after a pass, kata refactor's text when the command exists")
    func refactorAfterPassing() throws {
        let (context, lesson) = try setUp()
        #expect(view([fakeCommand("refactor"), fakeCommand("diff")]).render(lesson, passed: true, context: context) == "refactor of 01-add\n")
    }

    @Test("kata diff's text when it exists and refactor does not apply")
    func diffCommand() throws {
        let (context, lesson) = try setUp()
        #expect(view([fakeCommand("refactor"), fakeCommand("diff")]).render(lesson, passed: false, context: context) == "diff of 01-add\n")
    }

    @Test("the built-in diff says when nothing changed yet")
    func unchanged() throws {
        let kata = watchCourse()
        let context = kata.context()
        let lesson = try context.loadCourse().lessons[1]
        #expect(StarterDiffView().render(lesson, passed: false, context: context).contains("No changes yet"))
    }
}

import Foundation
import Testing
@testable import KataCore

@Suite("kata diff")
struct DiffCommandTests {
    static let starter = "final class Car {\n    let engine = Engine.shared\n}\n"

    func course(git: Bool = true, checkout: Bool = true) -> FakeKata {
        var kata = FakeKata()
        let fs = kata.fileSystem
        fs.add("/course/Lessons/01-car/lesson.json", lessonJSON(module: "Car"))
        fs.add("/course/Lessons/01-car/Sources/Car.swift", "final class Car {\n    let engine: Engine\n    init(engine: Engine) { self.engine = engine }\n}\n")
        fs.add("/course/Solutions/01-car/Sources/Car.swift", "final class Car {\n    private let engine: Engine\n    init(engine: Engine) { self.engine = engine }\n}\n")
        if git { fs.add("/toolchain/bin/git", "") }
        if checkout { fs.add("/course/.git/HEAD", "ref: refs/heads/main\n") }
        kata.processRunner = ScriptedProcessRunner { request in
            let arguments = request.arguments
            if arguments.contains("ls-tree") { return ProcessResult(termination: .exited(0), output: "Lessons/01-car/Sources/Car.swift\n") }
            if arguments.last == "HEAD:./Lessons/01-car/Sources/Car.swift" {
                return ProcessResult(termination: .exited(0), output: Self.starter)
            }
            return ProcessResult(termination: .exited(128), output: "fatal: bad object")
        }
        return kata
    }

    @Test("the learner's change against the starter as git has it")
    func againstStarter() {
        let kata = course()
        #expect(kata.run("diff", "01") == 0)
        let output = kata.console.output
        #expect(output.contains("--- starter/Car.swift\n+++ yours/Car.swift\n"))
        #expect(output.contains("-    let engine = Engine.shared\n+    let engine: Engine\n+    init(engine: Engine) { self.engine = engine }\n"))
        #expect(output.contains("Pass the lesson (kata check 01-car)"))
        #expect(!output.contains("solution/Car.swift"))
        #expect(kata.processRunner.commands.contains(["/toolchain/bin/git", "-C", "/course", "-c", "core.quotepath=off", "show", "HEAD:./Lessons/01-car/Sources/Car.swift"]))
    }

    @Test("once the lesson passed, also against the reference solution")
    func againstSolution() throws {
        let kata = course()
        try kata.context().progressStore.update { $0["01-car"].passedAt = Date(timeIntervalSince1970: 100) }
        #expect(kata.run("diff", "01") == 0)
        let output = kata.console.output
        #expect(output.contains("--- yours/Car.swift\n+++ solution/Car.swift\n"))
        #expect(output.contains("-    let engine: Engine\n+    private let engine: Engine\n"))
    }

    @Test("without git, the copy kata kept when it first saw the lesson is the starter")
    func firstSeenCopy() {
        let kata = course(git: false, checkout: false)
        kata.fileSystem.add("/course/Lessons/01-car/Sources/Car.swift", Self.starter)
        #expect(kata.run("list") == 0)
        kata.fileSystem.add("/course/Lessons/01-car/Sources/Car.swift", "final class Car {\n    let engine: Engine\n}\n")
        #expect(kata.run("diff", "01") == 0)
        #expect(kata.console.output.contains("-    let engine = Engine.shared\n+    let engine: Engine\n"))
    }

    @Test("no checkout and a lesson already worked on: kata says no pristine copy exists")
    func noPristineCopy() throws {
        let kata = course(checkout: false)
        try kata.context().progressStore.update { $0["01-car"].hintsShown = 1 }
        #expect(kata.run("diff", "01") == 1)
        #expect(kata.console.errors.contains("no pristine copy of the starter exists: the course folder is not a git checkout"))
    }
}

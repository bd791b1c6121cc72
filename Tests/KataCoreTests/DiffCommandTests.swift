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
        kata.processRunner = ScriptedProcessRunner { request in
            let arguments = request.arguments
            guard checkout else { return ProcessResult(termination: .exited(128), output: "fatal: not a git repository") }
            if arguments.contains("rev-parse") { return ProcessResult(termination: .exited(0), output: "\n") }
            if arguments.contains("ls-tree") && arguments.last == "HEAD:Lessons/01-car/Sources" {
                return ProcessResult(termination: .exited(0), output: "Car.swift\n")
            }
            if arguments.last == "HEAD:Lessons/01-car/Sources/Car.swift" {
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
        #expect(kata.processRunner.commands.contains(["/toolchain/bin/git", "-C", "/course", "show", "HEAD:Lessons/01-car/Sources/Car.swift"]))
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

    @Test("without a git checkout kata says no pristine copy exists")
    func notACheckout() {
        let kata = course(checkout: false)
        #expect(kata.run("diff", "01") == 1)
        #expect(kata.console.errors.contains("no pristine copy of the starter exists: the course folder is not a git checkout"))
    }

    @Test("without git kata says so")
    func noGit() {
        let kata = course(git: false)
        #expect(kata.run("diff", "01") == 1)
        #expect(kata.console.errors.contains("no pristine copy of the starter exists: git is not installed"))
    }
}

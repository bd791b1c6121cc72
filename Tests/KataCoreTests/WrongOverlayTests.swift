import Foundation
import Testing
@testable import KataCore

/// A builder that records what it was asked to build and answers "does not compile".
final class RecordingBuilder: LessonBuilding, @unchecked Sendable {
    private let lock = NSLock()
    private var inputs: [BuildInput] = []
    var built: [BuildInput] { lock.withLock { inputs } }
    func build(_ input: BuildInput) -> BuildOutcome {
        lock.withLock { inputs.append(input) }
        return .moduleFailed([], output: "")
    }
}

@Suite("Wrong solutions as overlays on the reference solution")
struct WrongOverlayTests {
    @Test("a wrong solution holds only the files it changes; the others come from the reference solution")
    func overlay() {
        let metadata = LessonMetadata(module: "Greeting", title: LocalizedText(english: "G", chinese: "问"),
                                      summary: LocalizedText(english: "G", chinese: "问"), hints: [], points: 10)
        let lesson = Lesson(id: "01-greeting", number: 1, slug: "greeting", metadata: metadata, root: "/course")
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("\(lesson.solutionSources)/Greeter.swift", "struct Greeter {}\n")
        fileSystem.add("\(lesson.solutionSources)/Names/Source.swift", "protocol Source {}\n")
        fileSystem.add("\(lesson.wrongSolutions)/keeps-a-global/Greeter.swift", "var shared = 0\nstruct Greeter {}\n")
        fileSystem.add("\(lesson.tests)/GreeterTests.swift", "import Testing\n")
        let builder = RecordingBuilder()
        var checker = LessonChecker(builder: builder, testRunner: TestRunner(processRunner: ScriptedProcessRunner(), fileSystem: fileSystem, clock: FixedClock()),
                                    fileSystem: fileSystem, clock: FixedClock(), buildRoot: "/course/.kata/build", environment: [:])
        checker.checksRules = false
        _ = checker.check(lesson, variant: .wrong("keeps-a-global"))
        #expect(builder.built.first?.sourceFiles.sorted() == ["\(lesson.solutionSources)/Names/Source.swift", "\(lesson.wrongSolutions)/keeps-a-global/Greeter.swift"])
        _ = checker.check(lesson, variant: .custom(name: "submission", sources: "\(lesson.wrongSolutions)/keeps-a-global"))
        #expect(builder.built.last?.sourceFiles == ["\(lesson.wrongSolutions)/keeps-a-global/Greeter.swift"], "only a wrong solution is an overlay")
    }
}

@Suite("Files the lesson gives as they are, in kata check")
struct GivenFilesTests {
    let lesson = Lesson(id: "01-greeting", number: 1, slug: "greeting",
                        metadata: LessonMetadata(module: "Greeting", title: LocalizedText(english: "G", chinese: "问"),
                                                 summary: LocalizedText(english: "G", chinese: "问"), hints: [], points: 10),
                        root: "/course")
    let given = "// You do not change this file.\npublic final class Car {\n    public let engine: Int\n    public init(engine: Int) { self.engine = engine }\n}\n"

    func checker(_ fileSystem: InMemoryFileSystem) -> LessonChecker {
        var checker = LessonChecker(builder: RecordingBuilder(), testRunner: TestRunner(processRunner: ScriptedProcessRunner(), fileSystem: fileSystem, clock: FixedClock()),
                                    fileSystem: fileSystem, clock: FixedClock(), buildRoot: "/course/.kata/build", environment: [:])
        let given = self.given
        checker.givenFiles = { _ in ["Car.swift": given] }
        return checker
    }

    @Test("a given file changed in its code is a finding at the first changed line; a comment or a blank line is no change")
    func changed() {
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("\(lesson.tests)/CarTests.swift", "import Testing\n")
        fileSystem.add("\(lesson.sources)/Garage.swift", "struct Garage {}\n")
        fileSystem.add("\(lesson.sources)/Car.swift", given.replacingOccurrences(of: "public let engine", with: "public var engine"))
        let findings = checker(fileSystem).check(lesson).findings
        #expect(findings.map(\.rule) == ["keeps-given-files"] && findings.first?.line == 3 && findings.first?.file == "Lessons/01-greeting/Sources/Car.swift", "\(findings)")
        #expect(findings.first?.messages.english.contains("Undo the change") == true)
        fileSystem.add("\(lesson.sources)/Car.swift", "// my notes\n\n" + given + "\n// more notes\n")
        #expect(checker(fileSystem).check(lesson).findings.isEmpty)
    }

    @Test("a given file gone is a finding; a wrong solution or the reference solution is never judged by it")
    func gone() {
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("\(lesson.tests)/CarTests.swift", "import Testing\n")
        fileSystem.add("\(lesson.sources)/Garage.swift", "struct Garage {}\n")
        fileSystem.add("\(lesson.solutionSources)/Garage.swift", "struct Garage {}\n")
        let findings = checker(fileSystem).check(lesson).findings
        #expect(findings.map(\.rule) == ["keeps-given-files"] && findings.first?.messages.english.contains("it is gone") == true, "\(findings)")
        #expect(checker(fileSystem).check(lesson, variant: .solution).findings.isEmpty)
    }
}

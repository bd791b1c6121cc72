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

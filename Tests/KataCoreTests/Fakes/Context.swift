import Foundation
@testable import KataCore

/// Runs `kata` in-process with fakes; returns the exit status and what it printed.
struct FakeKata {
    var fileSystem = InMemoryFileSystem()
    var processRunner = ScriptedProcessRunner()
    var clock = FixedClock()
    var console = RecordingConsole()
    var environment: [String: String] = ["PATH": "/toolchain/bin", "HOME": "/home/learner"]
    var workingDirectory = "/course"

    @discardableResult
    func run(_ arguments: String...) -> Int32 {
        run(arguments)
    }

    @discardableResult
    func run(_ arguments: [String]) -> Int32 {
        Kata.run(
            arguments: arguments, environment: environment, workingDirectory: workingDirectory,
            fileSystem: fileSystem, processRunner: processRunner, clock: clock, console: console)
    }

    func context(language: Language = .english) -> KataContext {
        KataContext(
            fileSystem: fileSystem, processRunner: processRunner, clock: clock, console: console,
            environment: environment, courseRoot: workingDirectory, language: language, style: Style(enabled: false))
    }
}

/// A minimal valid lesson.json.
func lessonJSON(module: String, hints: Int = 3, extra: String = "") -> String {
    let hintList = (0..<hints).map { #"{"en": "hint \#($0)", "zh-Hans": "提示 \#($0)"}"# }.joined(separator: ", ")
    return """
        {"format_version": 1, "module": "\(module)",
         "title": {"en": "Title of \(module)", "zh-Hans": "标题"},
         "summary": {"en": "Summary", "zh-Hans": "摘要"},
         "hints": [\(hintList)]\(extra)}
        """
}

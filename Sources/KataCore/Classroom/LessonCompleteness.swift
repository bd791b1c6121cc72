import Foundation

/// What an author still has to write in a lesson, and hidden tests that do
/// not exist: the part of `kata verify` that belongs to writing lessons.
///
///     LessonCompleteness(fileSystem: fs).problems(of: lesson)
///     // ["still to write: lesson.json title.en, title.zh-Hans (marked TODO(author))",
///     //  "still to write: Lessons/05-clock-injection/README.md, lines 1, 3, 9 (marked TODO(author))"]
public struct LessonCompleteness: Sendable {
    public let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    public func problems(of lesson: Lesson) -> [String] {
        var problems: [String] = []
        let fields = placeholderFields(of: lesson.metadata)
        if !fields.isEmpty {
            problems.append("still to write: Lessons/\(lesson.id)/lesson.json \(fields.joined(separator: ", ")) (marked \(Placeholder.marker))")
        }
        let folders = [lesson.folder, lesson.tests, lesson.solutionFolder]
        for folder in folders where fileSystem.isDirectory(folder) {
            let files = (try? fileSystem.filesRecursively(folder)) ?? []
            for file in files where Self.scannedExtensions.contains((file as NSString).pathExtension) {
                let path = "\(folder)/\(file)"
                if path == "\(lesson.folder)/lesson.json" { continue }
                guard let text = try? fileSystem.readText(path) else { continue }
                let lines = Self.markedLines(in: text)
                if !lines.isEmpty {
                    let shown = lines.prefix(8).map(String.init).joined(separator: ", ") + (lines.count > 8 ? ", ..." : "")
                    problems.append("still to write: \(DiagnosticParser.relative(path, to: lesson.root)), line\(lines.count == 1 ? "" : "s") \(shown) (marked \(Placeholder.marker))")
                }
            }
        }
        for name in lesson.metadata.hiddenTests {
            if name.contains("/") || name.hasPrefix(".") || !name.hasSuffix(".swift") {
                problems.append("lesson.json hidden_tests names \"\(name)\": name a .swift file directly inside Tests/Lessons/\(lesson.id)/")
            } else if !fileSystem.isFile("\(lesson.tests)/\(name)") {
                problems.append("lesson.json hidden_tests names \"\(name)\", but Tests/Lessons/\(lesson.id)/\(name) does not exist: a misspelt name would hand the test out")
            }
        }
        if let visible = HiddenTests.studentTestFiles(of: lesson, fileSystem: fileSystem), visible.isEmpty {
            problems.append("every test file of the lesson is in hidden_tests: a learner's kata check would have no test to run; keep at least one visible")
        }
        return problems
    }

    static let scannedExtensions: Set<String> = ["swift", "md", "json"]

    /// 1-based numbers of the lines holding the marker.
    static func markedLines(in text: String) -> [Int] {
        var numbers: [Int] = []
        var number = 0
        text.enumerateLines { line, _ in
            number += 1
            if line.contains(Placeholder.marker) { numbers.append(number) }
        }
        return numbers
    }

    /// `title.en`, `hints[1].zh-Hans`, ... for every text still holding the marker.
    func placeholderFields(of metadata: LessonMetadata) -> [String] {
        var fields: [String] = []
        func look(_ name: String, _ text: LocalizedText) {
            if text.english.contains(Placeholder.marker) { fields.append("\(name).en") }
            if text.chinese.contains(Placeholder.marker) { fields.append("\(name).zh-Hans") }
        }
        look("title", metadata.title)
        look("summary", metadata.summary)
        for (index, hint) in metadata.hints.enumerated() { look("hints[\(index)]", hint) }
        return fields
    }
}

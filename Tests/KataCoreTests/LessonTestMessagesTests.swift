import Foundation
import Testing
@testable import KataCore

/// A learner who chose zh-Hans reads the lesson tests' explanations in
/// Chinese: every `#expect`, `#require` and `Issue.record` in Tests/Lessons
/// writes its message as "English. [zh-Hans] 中文。" (see AUTHORING.md).
@Suite("Lesson tests explain themselves in both languages")
struct LessonTestMessagesTests {
    /// One call of a testing macro in a lesson test, with its arguments' text.
    struct Call {
        var file: String
        var line: Int
        var text: String
    }

    static let macros = ["#expect(", "#require(", "Issue.record("]

    /// Every macro call in every Swift file under Tests/Lessons of this package.
    static func calls() throws -> [Call] {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let folder = root.appendingPathComponent("Tests/Lessons").path
        let files = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        var found: [Call] = []
        for file in files {
            let text = Array(try String(contentsOfFile: folder + "/" + file, encoding: .utf8))
            var index = 0
            var line = 1
            while index < text.count {
                if text[index] == "\n" { line += 1 }
                if text[index] == "/", index + 1 < text.count, text[index + 1] == "/" {
                    while index < text.count, text[index] != "\n" { index += 1 }
                    continue
                }
                if let macro = macros.first(where: { starts(text, at: index, with: $0) }) {
                    let open = index + macro.count
                    let end = callEnd(text, from: open)
                    found.append(Call(file: file, line: line, text: String(text[open..<end])))
                    line += text[index..<end].filter { $0 == "\n" }.count
                    index = end
                    continue
                }
                index += 1
            }
        }
        return found
    }

    static func starts(_ text: [Character], at index: Int, with word: String) -> Bool {
        let characters = Array(word)
        guard index + characters.count <= text.count else { return false }
        return Array(text[index..<index + characters.count]) == characters
    }

    /// Where the call whose arguments start at `start` closes: parentheses
    /// are counted outside string literals and inside their interpolations.
    static func callEnd(_ text: [Character], from start: Int) -> Int {
        enum Context { case code(Int), string }
        var stack: [Context] = [.code(1)]
        var index = start
        while index < text.count, let top = stack.last {
            let character = text[index]
            switch top {
            case .string:
                if character == "\\" {
                    if index + 1 < text.count, text[index + 1] == "(" { stack.append(.code(1)) }
                    index += 2
                    continue
                }
                if character == "\"" { stack.removeLast() }
            case .code(let depth):
                if character == "\"" {
                    stack.append(.string)
                } else if character == "(" {
                    stack[stack.count - 1] = .code(depth + 1)
                } else if character == ")" {
                    if depth == 1 {
                        stack.removeLast()
                        if stack.isEmpty { return index }
                    } else {
                        stack[stack.count - 1] = .code(depth - 1)
                    }
                }
            }
            index += 1
        }
        return min(index, text.count)
    }

    static func hasChinese(_ text: Substring) -> Bool {
        text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
    }

    @Test("every message has its Simplified Chinese half after [zh-Hans], and the English half has none")
    func everyMessageIsBilingual() throws {
        let calls = try Self.calls()
        #expect(calls.count > 200, "the lesson tests are found: \(calls.count) calls")
        for call in calls {
            let place = "Tests/Lessons/\(call.file):\(call.line)"
            guard let marker = call.text.range(of: " \(TestMessage.marker) ") else {
                Issue.record("\(place) has no \"\(TestMessage.marker)\" part: \(call.text)")
                continue
            }
            #expect(Self.hasChinese(call.text[marker.upperBound...]), "\(place): the part after the marker is not Chinese")
            #expect(!Self.hasChinese(call.text[..<marker.lowerBound]), "\(place): Chinese before the marker, in the English half")
            #expect(call.text.components(separatedBy: TestMessage.marker).count == 2, "\(place): one marker per message")
        }
    }

    @Test("messages count with proper plurals, never \"(s)\"")
    func properPlurals() throws {
        for call in try Self.calls() {
            #expect(!call.text.contains("(s)"), "Tests/Lessons/\(call.file):\(call.line) writes \"(s)\"; write \"\\(n) time\\(n == 1 ? \"\" : \"s\")\"")
        }
    }

    @Test("the scanner finds a message whose interpolation holds quotes and parentheses")
    func scanner() {
        let text = Array(#"x == 1, "saw \(list.map { "\"\($0)\"" } ?? "none") (s). [zh-Hans] 看到。") + 1"#)
        let end = Self.callEnd(text, from: 0)
        #expect(String(text[..<end]).hasSuffix("看到。\""))
    }
}

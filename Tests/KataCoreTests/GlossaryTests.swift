import Foundation
import Testing
@testable import KataCore

/// AUTHORING.md's glossary, read as a table: each idea's Chinese term, and the words not to use for it.
struct Glossary {
    /// Every Chinese term of the table (`课`, `git 仓库`, `键值存储`, `存储`).
    var terms: Set<String> = []
    /// Words of the "not" column (`电台`, `船员`), without their explanations.
    var avoided: [String] = []

    init(markdown: String) {
        let rows = markdown.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| ") && !$0.hasPrefix("|---") }
        for row in rows.dropFirst() {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            for part in Self.words(cells[2], keepingParenthesized: true) { terms.insert(part) }
            avoided += Self.words(cells[3], keepingParenthesized: false)
        }
    }

    static func hasChinese(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
    }

    /// The Chinese words of a cell, split at `/`, `,` and `、`; a parenthesized part is a word of its own
    /// (`键值存储（存储）`) or, in the "not" column, an explanation that is dropped.
    static func words(_ cell: String, keepingParenthesized: Bool) -> [String] {
        var text = cell
        var inner: [String] = []
        while let open = text.firstIndex(where: { $0 == "(" || $0 == "（" }),
              let close = text[open...].firstIndex(where: { $0 == ")" || $0 == "）" }) {
            inner.append(String(text[text.index(after: open)..<close]))
            text.removeSubrange(open...close)
        }
        var pieces = text.components(separatedBy: CharacterSet(charactersIn: "/,、"))
        if keepingParenthesized { pieces += inner.flatMap { $0.components(separatedBy: CharacterSet(charactersIn: "/,、")) } }
        return pieces.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && hasChinese($0) }
    }

    /// Places in `text` where an avoided word stands on its own, not inside a term of the table that holds it.
    func misuses(in text: String) -> [String] {
        var found: [String] = []
        for word in avoided where !terms.contains(word) {
            var searchFrom = text.startIndex
            while let range = text.range(of: word, range: searchFrom..<text.endIndex) {
                searchFrom = range.upperBound
                let covered = terms.contains { term in
                    term.count > word.count && term.contains(word) && text.ranges(of: term).contains { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound }
                }
                if !covered { found.append(word) }
            }
        }
        return found
    }
}

@Suite("The Chinese texts keep to one glossary")
struct GlossaryTests {
    @Test("the table's avoided words are found on their own, and not inside a term of the table")
    func reading() {
        let glossary = Glossary(markdown: """
            | English | 简体中文 | not |
            |---|---|---|
            | key-value store | 键值存储（存储） | 仓库 (reads as the Repository pattern) |
            | git repository | git 仓库 | |
            | team radio | 无线电 | 电台 (one word: 无线电), 对讲机 |
            | lesson | 课（第 05 课） | 课程 |
            | course | 课程 | 课 |
            """)
        #expect(glossary.avoided == ["仓库", "电台", "对讲机", "课程", "课"])
        #expect(glossary.terms.isSuperset(of: ["键值存储", "存储", "git 仓库", "无线电", "课", "第 05 课", "课程"]))
        #expect(glossary.misuses(in: "把引擎放进仓库，用电台呼叫。") == ["仓库", "电台"])
        #expect(glossary.misuses(in: "课程文件夹是 git 仓库，第 05 课用无线电。").isEmpty, "a term of the table that holds the word, and words that are terms themselves")
    }

    @Test("no Chinese text of the course or the runner uses a word the glossary rules out")
    func courseKeepsToTheGlossary() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let authoring = try String(contentsOf: root.appendingPathComponent("AUTHORING.md"), encoding: .utf8)
        let section = authoring.components(separatedBy: "## Words: one glossary for both languages").last ?? ""
        let glossary = Glossary(markdown: section.components(separatedBy: "\n## ").first ?? section)
        #expect(glossary.avoided.count >= 10, "the glossary table was read: \(glossary.avoided)")
        var files: [String] = []
        let manager = FileManager.default
        for folder in ["Lessons", "Tests/Lessons", "Sources"] {
            let base = root.appendingPathComponent(folder).path
            for case let relative as String in manager.enumerator(atPath: base) ?? NSEnumerator() {
                if relative.hasSuffix(".swift") || relative.hasSuffix("README.zh-Hans.md") || relative.hasSuffix("lesson.json") {
                    files.append("\(base)/\(relative)")
                }
            }
        }
        #expect(files.count > 50)
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            guard Glossary.hasChinese(text) else { continue }
            let misuses = glossary.misuses(in: text)
            #expect(misuses.isEmpty, "\(file.replacingOccurrences(of: root.path + "/", with: "")) uses \(Set(misuses).sorted()): use the glossary's term (AUTHORING.md, \"Words: one glossary for both languages\")")
        }
    }
}

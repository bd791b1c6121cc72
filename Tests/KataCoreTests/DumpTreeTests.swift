import Foundation
import Testing
@testable import KataCore

/// The tree as `JSONSerialization` would have given it: dictionaries, arrays, strings, numbers.
func foundationValue(_ tree: DumpTree, _ index: Int) -> Any {
    switch tree.nodes[index].kind {
    case .object:
        var object: [String: Any] = [:]
        for child in tree.children(index) { object[tree.name(ofSymbol: Int32(tree.nodes[child].key))] = foundationValue(tree, child) }
        return object
    case .array: return tree.children(index).map { foundationValue(tree, $0) }
    case .string: return tree.string(index)!
    case .number:
        let text = String(decoding: tree.bytes[Int(tree.nodes[index].a)..<Int(tree.nodes[index].b)], as: UTF8.self)
        return tree.int(index).map { NSNumber(value: $0) } ?? NSNumber(value: Double(text)!)
    case .true: return NSNumber(value: true)
    case .false: return NSNumber(value: false)
    case .null: return NSNull()
    }
}

@Suite("The syntax dump's decoder")
struct DumpTreeTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/GraphDump")

    /// The model of the fixture, one line per declaration and reference.
    static func modelLines(_ model: CodeModel) -> String {
        var lines: [String] = []
        for t in model.types { lines.append("type \(t)") }
        for m in model.members { lines.append("member \(m)") }
        for r in model.references { lines.append("reference \(r)") }
        return lines.joined(separator: "\n")
    }

    @Test("the walk of a real dump gives the model the dictionary-based walk gave")
    func sameModel() throws {
        let source = try String(contentsOf: Self.fixtures.appendingPathComponent("Sample.swift"), encoding: .utf8)
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("Sample.dump.json"))
        let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("Sample.model.txt"), encoding: .utf8)
        let parsed = try #require(SyntaxDumpReader.parseObject([UInt8](data), SyntaxDumpReader.objectRanges(data)[0]))
        #expect(!parsed.repaired)
        let model = SyntaxDumpReader.model(dump: parsed.tree, file: "Sample.swift", text: source)
        let lines = Self.modelLines(model)
        // KATA_WRITE_FIXTURES=1 writes the model as it now is, to review with `git diff` after the model gains a field.
        if ProcessInfo.processInfo.environment["KATA_WRITE_FIXTURES"] == "1" {
            try (lines + "\n").write(to: Self.fixtures.appendingPathComponent("Sample.model.txt"), atomically: true, encoding: .utf8)
        }
        #expect(lines == expected.trimmingCharacters(in: .newlines))
    }
}

/// A check by hand on a real code base (it needs the compiler, so it runs only when asked):
///
///     KATA_DUMP_COMPARE=/path/to/Sources swift test --filter DumpCompareTests
///
/// dumps each file with the `swift-frontend` on the PATH and prints every file whose model the
/// dictionary-based reader (OldDumpReader) and the tree-based one do not agree on.
@Suite("Old and new dump readers on real dumps")
struct DumpCompareTests {
    @Test func compareFolder() throws {
        guard let folder = ProcessInfo.processInfo.environment["KATA_DUMP_COMPARE"] else { return }
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted()
        var different = 0
        let dumpPath = NSTemporaryDirectory() + "/kata-compare-dump-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: dumpPath) }
        for relative in paths {
            let path = folder + "/" + relative
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "swift-frontend -frontend -dump-parse -dump-ast-format json -primary-file \"$0\" > \"$1\" 2>&1", path, dumpPath]
            try process.run(); process.waitUntilExit()
            let data = try Data(contentsOf: URL(fileURLWithPath: dumpPath))
            guard let chunk = SyntaxDumpReader.objectRanges(data).first else { continue }
            let source = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            let old = OldDumpReader.parseObject(data, chunk)
            let new = SyntaxDumpReader.parseObject([UInt8](data), chunk)
            if (old == nil) != (new == nil) || old?.repaired != new?.repaired {
                print("PARSE DIFFERS \(relative): old \(old.map { "\($0.repaired)" } ?? "nil") new \(new.map { "\($0.repaired)" } ?? "nil")")
                different += 1
                continue
            }
            guard let old, let new else { continue }
            let a = DumpTreeTests.modelLines(OldDumpReader.model(dump: old.object, file: relative, text: source)).split(separator: "\n").sorted()
            let b = DumpTreeTests.modelLines(SyntaxDumpReader.model(dump: new.tree, file: relative, text: source)).split(separator: "\n").sorted()
            if a != b {
                different += 1
                print("MODEL DIFFERS \(relative)")
                for line in Set(a).subtracting(b).prefix(5) { print("  - \(line.prefix(400))") }
                for line in Set(b).subtracting(a).prefix(5) { print("  + \(line.prefix(400))") }
            }
        }
        print("compared \(paths.count) files, \(different) differ")
    }
}

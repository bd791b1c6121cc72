import Foundation
import Testing
@testable import KataCore

@Suite("lesson.json")
struct MetadataTests {
    @Test("a complete lesson.json is read with every field")
    func readsCompleteMetadata() throws {
        let metadata = try LessonMetadata.parse(Data(lessonJSON(module: "Engines", extra: #", "points": 6, "hidden_tests": ["Hidden.swift"]"#).utf8))
        #expect(metadata.module == "Engines")
        #expect(metadata.hints.count == 3)
        #expect(metadata.points == 6)
        #expect(metadata.hiddenTests == ["Hidden.swift"])
        #expect(metadata.title.text(in: .simplifiedChinese) == "标题")
    }

    @Test("every problem is reported at once, in words an author can act on")
    func reportsEveryProblem() {
        let json = #"{"format_version": 3, "module": "1Bad", "title": {"en": "T"}, "colour": "red"}"#
        #expect {
            try LessonMetadata.parse(Data(json.utf8))
        } throws: { error in
            let problems = (error as? MetadataError)?.problems ?? []
            return problems.contains { $0.contains("format_version 3; this kata reads versions 1 and 2") }
                && problems.contains { $0.contains("\"module\" must be a Swift identifier") }
                && problems.contains { $0.contains("\"title\" has no Simplified Chinese text") }
                && problems.contains { $0.contains("missing the field \"summary\"") }
                && problems.contains { $0.contains("missing the field \"hints\"") }
                && problems.contains { $0.contains("unknown field \"colour\"") }
        }
    }

    @Test("text that is not JSON says so")
    func notJSON() {
        #expect(throws: MetadataError(problems: ["is not a JSON object (check for a missing comma or brace)"])) {
            try LessonMetadata.parse(Data("{".utf8))
        }
    }

    @Test("metadata written back reads the same")
    func roundTrip() throws {
        let original = try LessonMetadata.parse(Data(lessonJSON(module: "Wheels").utf8))
        #expect(try LessonMetadata.parse(original.encoded()) == original)
    }
}

@Suite("SHA-256")
struct SHA256Tests {
    @Test("a list of parts hashes by each part's length and bytes: a file holding the separator cannot pass for two files (the build cache a class shares is keyed so)")
    func framedParts() {
        var one = SHA256()
        one.update(part: "Pit.swift")
        one.update(part: Data("// notes\u{0}RaceCar.swift\u{0}/* code */".utf8))
        var two = SHA256()
        for part in ["Pit.swift", "// notes", "RaceCar.swift", "/* code */"] { two.update(part: part) }
        #expect(one.hexDigest() != two.hexDigest())
        var three = SHA256()
        three.update(part: "Pit.swift")
        three.update(part: Data("// notes\u{0}RaceCar.swift\u{0}/* code */".utf8))
        #expect(one.hexDigest() == three.hexDigest(), "the same parts hash alike")
    }

    @Test("known digests", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownDigests(input: String, digest: String) {
        #expect(SHA256.hex(input) == digest)
    }

    @Test("hashing in pieces equals hashing at once")
    func incremental() {
        let text = String(repeating: "race car ", count: 100)
        var hasher = SHA256()
        for chunk in text.split(separator: " ") { hasher.update(String(chunk) + " ") }
        #expect(hasher.hexDigest() == SHA256.hex(text))
    }
}

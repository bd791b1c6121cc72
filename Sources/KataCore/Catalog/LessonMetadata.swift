import Foundation

/// A lesson's `lesson.json`: the one source of truth for its metadata.
///
///     {
///       "format_version": 1,
///       "module": "ConstructorInjection",
///       "title": {"en": "Constructor injection", "zh-Hans": "构造器注入"},
///       "summary": {"en": "...", "zh-Hans": "..."},
///       "hints": [{"en": "...", "zh-Hans": "..."}, ...],
///       "points": 10,
///       "hidden_tests": ["HiddenTests.swift"]
///     }
public struct LessonMetadata: Sendable, Equatable {
    public static let formatVersion = 1

    public var module: String
    public var title: LocalizedText
    public var summary: LocalizedText
    public var hints: [LocalizedText]
    /// The lesson's worth when graded, shared among its tests (partial credit).
    public var points: Double
    /// Points of single tests by test function name, overriding the even share.
    public var testPoints: [String: Double]
    /// Test files (names under the lesson's test folder) kept out of handouts.
    public var hiddenTests: [String]

    public init(
        module: String,
        title: LocalizedText,
        summary: LocalizedText,
        hints: [LocalizedText],
        points: Double = 10,
        testPoints: [String: Double] = [:],
        hiddenTests: [String] = []
    ) {
        self.module = module
        self.title = title
        self.summary = summary
        self.hints = hints
        self.points = points
        self.testPoints = testPoints
        self.hiddenTests = hiddenTests
    }
}

/// What is wrong with a metadata file, said so a course author can fix it.
public struct MetadataError: Error, Equatable, CustomStringConvertible {
    public var problems: [String]
    public var description: String { problems.joined(separator: "\n") }
}

extension LessonMetadata {
    /// Reads `lesson.json`, collecting every problem rather than stopping at the first.
    public static func parse(_ data: Data) throws -> LessonMetadata {
        guard let any = try? JSONSerialization.jsonObject(with: data),
              let object = any as? [String: Any]
        else {
            throw MetadataError(problems: ["is not a JSON object (check for a missing comma or brace)"])
        }
        var problems: [String] = []

        switch object["format_version"] {
        case let version as Int where version == formatVersion: break
        case let version as Int:
            problems.append("has format_version \(version); this kata reads version \(formatVersion)")
        case nil: problems.append("is missing the field \"format_version\" (write \"format_version\": \(formatVersion))")
        default: problems.append("\"format_version\" must be a whole number")
        }

        var module = ""
        if let value = object["module"] as? String, isIdentifier(value) {
            module = value
        } else if object["module"] == nil {
            problems.append("is missing the field \"module\" (the Swift module name, like \"ConstructorInjection\")")
        } else {
            problems.append("\"module\" must be a Swift identifier, like \"ConstructorInjection\"")
        }

        func text(_ key: String, _ value: Any?, required: Bool = true) -> LocalizedText? {
            guard let value else {
                if required { problems.append("is missing the field \"\(key)\" ({\"en\": ..., \"zh-Hans\": ...})") }
                return nil
            }
            guard let dictionary = value as? [String: Any] else {
                problems.append("\"\(key)\" must be an object {\"en\": ..., \"zh-Hans\": ...}")
                return nil
            }
            let english = (dictionary["en"] as? String) ?? ""
            let chinese = (dictionary["zh-Hans"] as? String) ?? ""
            if english.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("\"\(key)\" has no English text (\"en\")")
            }
            if chinese.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("\"\(key)\" has no Simplified Chinese text (\"zh-Hans\")")
            }
            return LocalizedText(english: english, chinese: chinese)
        }

        let title = text("title", object["title"])
        let summary = text("summary", object["summary"])
        var hints: [LocalizedText] = []
        if let list = object["hints"] as? [Any] {
            for (index, item) in list.enumerated() {
                if let hint = text("hints[\(index)]", item) { hints.append(hint) }
            }
        } else if object["hints"] == nil {
            problems.append("is missing the field \"hints\" (a list of at least 3 hints)")
        } else {
            problems.append("\"hints\" must be a list")
        }

        var points = 10.0
        if let value = object["points"] {
            if let number = value as? Double, number >= 0 { points = number } else {
                problems.append("\"points\" must be a number of at least 0")
            }
        }
        var testPoints: [String: Double] = [:]
        if let value = object["test_points"] {
            if let dictionary = value as? [String: Double], dictionary.values.allSatisfy({ $0 >= 0 }) {
                testPoints = dictionary
            } else {
                problems.append("\"test_points\" must map test names to numbers of at least 0")
            }
        }
        var hidden: [String] = []
        if let value = object["hidden_tests"] {
            if let list = value as? [String] { hidden = list } else {
                problems.append("\"hidden_tests\" must be a list of file names")
            }
        }
        let known: Set<String> = ["format_version", "module", "title", "summary", "hints", "points", "test_points", "hidden_tests"]
        for key in object.keys.sorted() where !known.contains(key) {
            problems.append("has an unknown field \"\(key)\" (known: \(known.sorted().joined(separator: ", ")))")
        }

        guard problems.isEmpty, let title, let summary else {
            throw MetadataError(problems: problems)
        }
        return LessonMetadata(
            module: module, title: title, summary: summary, hints: hints,
            points: points, testPoints: testPoints, hiddenTests: hidden
        )
    }

    /// The same fields, written back in a stable order.
    public func encoded() -> Data {
        func text(_ value: LocalizedText) -> [String: Any] { ["en": value.english, "zh-Hans": value.chinese] }
        var object: [String: Any] = [
            "format_version": Self.formatVersion,
            "module": module,
            "title": text(title),
            "summary": text(summary),
            "hints": hints.map(text),
            "points": points,
        ]
        if !testPoints.isEmpty { object["test_points"] = testPoints }
        if !hiddenTests.isEmpty { object["hidden_tests"] = hiddenTests }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return data + Data("\n".utf8)
    }

    static func isIdentifier(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first,
              CharacterSet.letters.contains(first) || first == "_"
        else { return false }
        return value.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "_" }
    }
}

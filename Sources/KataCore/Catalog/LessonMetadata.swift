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
///
/// Version 2 adds `rules` (checked on the learner's code, see `LessonRule`) and
/// `imports` (the modules learner code may import when graded) and `nudges`
/// (one per test or rule, for what fails); version 1 files are still read.
public struct LessonMetadata: Sendable, Equatable {
    public static let formatVersion = 2
    public static let readableVersions = [1, 2]
    /// What learner code may import when no `imports` are declared.
    public static let defaultImports = ["Foundation", "Dispatch"]

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
    /// The lesson's rules about the learner's code (version 2).
    public var rules: [LessonRule] = []
    /// Modules learner code may import (vetting in `kata grade`); nil: `defaultImports`.
    public var imports: [String]?
    /// The version the file was written in.
    public var version: Int = formatVersion
    /// Sanitizers the lesson's module and tests are built with in `kata check`, watch mode and `kata verify`
    /// (`thread`: a data race fails the test that ran into it). The lessons about concurrency and lifetimes.
    public var sanitizers: [String] = []
    public static let knownSanitizers = ["thread", "address"]
    /// A nudge for one failure (version 2): keyed by a test function as `test_points` names it
    /// (`differentEnginesDifferentCars()`) or by a rule's `id`. `kata hint` and watch mode's `h`
    /// show the one for what failed first in the last check, before the graded hints.
    public var nudges: [String: LocalizedText] = [:]
    /// Tests the learner writes (`learner_tests`), run by `kata check` and against mutants of the real implementation.
    public var learnerTests: LearnerTestsSpec?

    public var allowedImports: [String] { imports ?? Self.defaultImports }
    /// `file_system`: the learner's code may read and write files. Without it, graded code outside the files the
    /// course gives touches no file (a program that reads its own files can tell a graded run from any other).
    public var fileSystem = false

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
        case let version as Int where readableVersions.contains(version): break
        case let version as Int:
            problems.append("has format_version \(version); this kata reads versions \(readableVersions.map(String.init).joined(separator: " and "))")
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
            if !english.contains(where: { !$0.isWhitespace }) {
                problems.append("\"\(key)\" has no English text (\"en\")")
            }
            if !chinese.contains(where: { !$0.isWhitespace }) {
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
        let version = object["format_version"] as? Int ?? formatVersion
        var rules: [LessonRule] = []
        if let value = object["rules"] {
            if version < 2 { problems.append("has \"rules\", which need \"format_version\": 2") }
            if let list = value as? [Any] {
                for (index, item) in list.enumerated() {
                    if let rule = LessonRule.parse(item, at: index, problems: &problems) { rules.append(rule) }
                }
                var seen: Set<String> = []
                for rule in rules where !seen.insert(rule.id).inserted {
                    problems.append("has two rules with the id \"\(rule.id)\"")
                }
            } else {
                problems.append("\"rules\" must be a list of rules")
            }
        }
        var imports: [String]?
        if let value = object["imports"] {
            if version < 2 { problems.append("has \"imports\", which needs \"format_version\": 2") }
            if let list = value as? [String] { imports = list } else { problems.append("\"imports\" must be a list of module names") }
        }
        var fileSystem = false
        if let value = object["file_system"] {
            if let flag = value as? Bool { fileSystem = flag } else { problems.append("\"file_system\" must be true or false") }
        }
        var sanitizers: [String] = []
        if let value = object["sanitizers"] {
            if let list = value as? [String], list.allSatisfy({ knownSanitizers.contains($0) }) { sanitizers = list } else {
                problems.append("\"sanitizers\" must be a list of \(knownSanitizers.map { "\"\($0)\"" }.joined(separator: " or "))")
            }
        }
        var learnerTests: LearnerTestsSpec?
        if let value = object["learner_tests"] {
            if version < 2 { problems.append("has \"learner_tests\", which need \"format_version\": 2") }
            learnerTests = LearnerTestsSpec.parse(value, problems: &problems)
        }
        var nudges: [String: LocalizedText] = [:]
        if let value = object["nudges"] {
            if version < 2 { problems.append("has \"nudges\", which need \"format_version\": 2") }
            if let dictionary = value as? [String: Any] {
                let ruleIDs = Set(rules.map(\.id))
                for key in dictionary.keys.sorted() {
                    if let problem = nudgeKeyProblem(key, ruleIDs: ruleIDs) {
                        problems.append(problem)
                    } else if let nudge = text("nudges[\"\(key)\"]", dictionary[key]) {
                        nudges[key] = nudge
                    }
                }
            } else {
                problems.append("\"nudges\" must be an object: a test function (\"differentEnginesDifferentCars()\") or a rule's id, each with {\"en\": ..., \"zh-Hans\": ...}")
            }
        }
        let known: Set<String> = ["format_version", "module", "title", "summary", "hints", "points", "test_points", "hidden_tests", "rules", "imports", "sanitizers", "nudges", "learner_tests", "file_system"]
        for key in object.keys.sorted() where !known.contains(key) {
            problems.append("has an unknown field \"\(key)\" (known: \(known.sorted().joined(separator: ", ")))")
        }

        guard problems.isEmpty, let title, let summary else {
            throw MetadataError(problems: problems)
        }
        var metadata = LessonMetadata(
            module: module, title: title, summary: summary, hints: hints,
            points: points, testPoints: testPoints, hiddenTests: hidden
        )
        metadata.rules = rules
        metadata.imports = imports
        metadata.sanitizers = sanitizers
        metadata.fileSystem = fileSystem
        metadata.nudges = nudges
        metadata.learnerTests = learnerTests
        metadata.version = version
        return metadata
    }

    /// The same fields, written back in a stable order.
    public func encoded() -> Data {
        func text(_ value: LocalizedText) -> [String: Any] { ["en": value.english, "zh-Hans": value.chinese] }
        var object: [String: Any] = [
            "format_version": version,
            "module": module,
            "title": text(title),
            "summary": text(summary),
            "hints": hints.map(text),
            "points": points,
        ]
        if !testPoints.isEmpty { object["test_points"] = testPoints }
        if !hiddenTests.isEmpty { object["hidden_tests"] = hiddenTests }
        if !rules.isEmpty { object["rules"] = rules.map { $0.encoded() } }
        if let imports { object["imports"] = imports }
        if !sanitizers.isEmpty { object["sanitizers"] = sanitizers }
        if fileSystem { object["file_system"] = true }
        if !nudges.isEmpty { object["nudges"] = nudges.mapValues(text) }
        if let learnerTests { object["learner_tests"] = learnerTests.encoded() }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return data + Data("\n".utf8)
    }

    /// Why `key` cannot name what a nudge is for: a test function is written as in the test file with its
    /// parentheses (`differentEnginesDifferentCars()`, `retries(attempts:)`), a rule by its `id`.
    static func nudgeKeyProblem(_ key: String, ruleIDs: Set<String>) -> String? {
        if let open = key.firstIndex(of: "(") {
            let name = String(key[..<open])
            let labels = key[key.index(after: open)...]
            let labelsWellFormed = labels.hasSuffix(")")
                && labels.dropLast().split(separator: ":", omittingEmptySubsequences: false).dropLast()
                    .allSatisfy { isIdentifier(String($0)) }
                && (labels == ")" || labels.dropLast().hasSuffix(":"))
            if isIdentifier(name) && labelsWellFormed { return nil }
            return "has a nudge for \"\(key)\", which is not a test function: write the function's name with its parentheses, as in \"test_points\" (\"differentEnginesDifferentCars()\")"
        }
        if ruleIDs.contains(key) { return nil }
        let known = ruleIDs.isEmpty ? "the lesson has no rules" : "its rules are " + ruleIDs.sorted().joined(separator: ", ")
        return "has a nudge for \"\(key)\", which is neither a test function (write it with its parentheses: \"\(key)()\") nor the id of a rule (\(known))"
    }

    /// A Swift identifier: a letter or `_`, then letters, digits and `_` (Unicode's identifier properties, which the
    /// standard library answers without building a character set for each call).
    static func isIdentifier(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, first.properties.isXIDStart || first == "_" else { return false }
        return value.unicodeScalars.allSatisfy { $0.properties.isXIDContinue }
    }
}

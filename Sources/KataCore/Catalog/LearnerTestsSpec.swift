import Foundation

/// `lesson.json`'s `learner_tests`: the lesson asks the learner to write tests of their own.
///
///     "learner_tests": {
///       "folder": "LearnerTests",
///       "implementation": "TimingLogLapStore.swift",
///       "max_mutants": 10,
///       "operators": ["negate-condition", "move-boundary", "remove-call"],
///       "skip": {"move-boundary@TimingLogLapStore.swift:30": "why no test can tell it from the original"},
///       "promises": {"record": {"en": "add a test that ...", "zh-Hans": "……"}}
///     }
///
/// The learner's Swift Testing files live in `Lessons/NN-slug/<folder>/` (the reference's in
/// `Solutions/NN-slug/<folder>/`) and `@testable import` the lesson's module. `kata check` builds them with
/// the learner's module and runs them (they must pass), then runs them against mutants of `implementation`,
/// a file of the module the learner keeps as given: each mutant must make at least one of them fail.
public struct LearnerTestsSpec: Sendable, Equatable {
    /// The folder of the learner's test files, next to `Sources/`.
    public var folder: String = "LearnerTests"
    /// The file under `Sources/` whose mutants the learner's tests must catch (the real implementation).
    public var implementation: String
    /// At most this many mutants, chosen evenly over the file (the same ones every time).
    public var maxMutants: Int = 10
    /// Only these operators' mutants (nil: every operator that applies to the file).
    public var operators: [String]?
    /// Mutants that are no mistake a test can see (an equivalent change), by id, with the reason.
    public var skip: [String: String] = [:]
    /// What to test next, by the name of the function (or property) of `implementation` a surviving mutant is in.
    public var promises: [String: LocalizedText] = [:]
    /// Mistakes written by the author, one per edge of the contract the text names (`"replace"` a piece of a line of
    /// `implementation` `"with"` another): the general operators change one token, and some promises (a refused lap
    /// changes nothing, the same number for another driver) are broken by no single token. Always judged, on top of
    /// `max_mutants`.
    public var promiseMutants: [PromiseMutant] = []

    /// Whole files put in place of one of the module's files, each a question about the learner's suite that a token's
    /// change cannot ask: the fake as it was handed out (a suite that never runs against the fake passes on it), or a
    /// real implementation that is down (a test that is not a contract test, the timer's, must not need it).
    public var standIns: [StandIn] = []

    public struct StandIn: Sendable, Equatable {
        public enum Expectation: String, Sendable, Equatable {
            /// At least one of the learner's contract tests (a parameterized test, run once per implementation) fails on it.
            case caught
            /// Every test of the learner's that is not parameterized (not run once per store) still passes on it.
            case unneeded
            /// It keeps every promise, making the choices the contract leaves open otherwise than the given implementation:
            /// every test of the learner's passes on it. A test that fails there checks the given implementation's exact
            /// answers (a copy of it, a recorded fingerprint), not its promises: a change detector, trusted with nothing.
            case kept
        }
        public var id: String
        /// The file under `Sources/` it replaces.
        public var file: String
        public var text: String
        public var expect: Expectation
        /// What the verdict is called (`the fake as it was handed out`).
        public var title: LocalizedText
        /// What a suite that does not meet `expect` gets wrong, and what to do.
        public var why: LocalizedText
    }

    public struct PromiseMutant: Sendable, Equatable {
        public var id: String
        public var replace: String
        public var with: String
        /// What a suite that misses it does not check, as "your suite does not notice when ...".
        public var breaks: LocalizedText
    }

    public init(implementation: String) {
        self.implementation = implementation
    }

    /// The verdicts the learner's tests add to a check, by function name (the key a nudge is written under).
    public static let compileVerdict = "yourTestsCompile"
    public static let runVerdict = "yourTestsRun"
    public static let mutantVerdict = "yourTestsCatchEveryMutant"
    public static var verdictFunctions: [String] { [compileVerdict, runVerdict, mutantVerdict].map { $0 + "()" } }

    static func parse(_ value: Any, problems: inout [String]) -> LearnerTestsSpec? {
        guard let object = value as? [String: Any] else {
            problems.append("\"learner_tests\" must be an object: {\"folder\": \"LearnerTests\", \"implementation\": \"File.swift\"}")
            return nil
        }
        guard let implementation = object["implementation"] as? String, implementation.hasSuffix(".swift"),
              !implementation.contains(".."), !implementation.hasPrefix("/") else {
            problems.append("\"learner_tests\" needs \"implementation\": the Swift file under Sources/ whose mutants the learner's tests must catch")
            return nil
        }
        var spec = LearnerTestsSpec(implementation: implementation)
        if let folder = object["folder"] {
            if let name = folder as? String, LessonMetadata.isIdentifier(name) { spec.folder = name } else {
                problems.append("\"learner_tests.folder\" must be a folder name next to Sources/, like \"LearnerTests\"")
            }
        }
        if let count = object["max_mutants"] {
            if let number = count as? Int, number >= 1 { spec.maxMutants = number } else {
                problems.append("\"learner_tests.max_mutants\" must be a whole number of at least 1")
            }
        }
        if let list = object["operators"] {
            if let names = list as? [String], names.allSatisfy({ MutationOperators.names.contains($0) }) { spec.operators = names } else {
                problems.append("\"learner_tests.operators\" must be a list of mutation operators (\(MutationOperators.names.sorted().joined(separator: ", ")))")
            }
        }
        if let skip = object["skip"] {
            if let reasons = skip as? [String: String], reasons.values.allSatisfy({ !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                spec.skip = reasons
            } else {
                problems.append("\"learner_tests.skip\" must map mutant ids to the reason each is no mistake a test can see")
            }
        }
        if let promises = object["promises"] {
            if let dictionary = promises as? [String: Any] {
                for key in dictionary.keys.sorted() {
                    guard let text = dictionary[key] as? [String: Any], let english = text["en"] as? String, let chinese = text["zh-Hans"] as? String,
                          !english.isEmpty, !chinese.isEmpty else {
                        problems.append("\"learner_tests.promises[\"\(key)\"]\" must be {\"en\": ..., \"zh-Hans\": ...}")
                        continue
                    }
                    spec.promises[key] = LocalizedText(english: english, chinese: chinese)
                }
            } else {
                problems.append("\"learner_tests.promises\" must map a function's name to {\"en\": ..., \"zh-Hans\": ...}")
            }
        }
        if let list = object["promise_mutants"] {
            if let items = list as? [[String: Any]] {
                for (index, item) in items.enumerated() {
                    guard let id = item["id"] as? String, LessonMetadata.isIdentifier(id.replacingOccurrences(of: "-", with: "_")),
                          let replace = item["replace"] as? String, !replace.isEmpty, let with = item["with"] as? String,
                          let breaks = item["breaks"] as? [String: Any], let english = breaks["en"] as? String, let chinese = breaks["zh-Hans"] as? String,
                          !english.isEmpty, !chinese.isEmpty else {
                        problems.append("\"learner_tests.promise_mutants[\(index)]\" must be {\"id\": \"a-name\", \"replace\": \"text in the file\", \"with\": \"its replacement\", \"breaks\": {\"en\": ..., \"zh-Hans\": ...}}")
                        continue
                    }
                    spec.promiseMutants.append(PromiseMutant(id: id, replace: replace, with: with, breaks: LocalizedText(english: english, chinese: chinese)))
                }
            } else {
                problems.append("\"learner_tests.promise_mutants\" must be a list of {\"id\", \"replace\", \"with\", \"breaks\"}")
            }
        }
        if let list = object["stand_ins"] {
            if let items = list as? [[String: Any]] {
                for (index, item) in items.enumerated() {
                    func text(_ key: String) -> LocalizedText? {
                        guard let value = item[key] as? [String: Any], let english = value["en"] as? String, let chinese = value["zh-Hans"] as? String,
                              !english.isEmpty, !chinese.isEmpty else { return nil }
                        return LocalizedText(english: english, chinese: chinese)
                    }
                    guard let id = item["id"] as? String, LessonMetadata.isIdentifier(id.replacingOccurrences(of: "-", with: "_")),
                          let file = item["file"] as? String, file.hasSuffix(".swift"), !file.contains("/"),
                          let lines = item["lines"] as? [String], !lines.isEmpty,
                          let expect = (item["expect"] as? String).flatMap(StandIn.Expectation.init(rawValue:)),
                          let title = text("title"), let why = text("why") else {
                        problems.append("\"learner_tests.stand_ins[\(index)]\" must be {\"id\": \"a-name\", \"file\": \"File.swift\", \"lines\": [the file's lines], \"expect\": \"caught\", \"unneeded\" or \"kept\", \"title\": {\"en\", \"zh-Hans\"}, \"why\": {\"en\", \"zh-Hans\"}}")
                        continue
                    }
                    spec.standIns.append(StandIn(id: id, file: file, text: lines.joined(separator: "\n") + "\n", expect: expect, title: title, why: why))
                }
            } else {
                problems.append("\"learner_tests.stand_ins\" must be a list of {\"id\", \"file\", \"lines\", \"expect\", \"title\", \"why\"}")
            }
        }
        let known: Set<String> = ["folder", "implementation", "max_mutants", "operators", "skip", "promises", "promise_mutants", "stand_ins"]
        for key in object.keys.sorted() where !known.contains(key) {
            problems.append("\"learner_tests\" has an unknown field \"\(key)\" (known: \(known.sorted().joined(separator: ", ")))")
        }
        return spec
    }

    func encoded() -> [String: Any] {
        var object: [String: Any] = ["folder": folder, "implementation": implementation, "max_mutants": maxMutants]
        if let operators { object["operators"] = operators }
        if !skip.isEmpty { object["skip"] = skip }
        if !promises.isEmpty { object["promises"] = promises.mapValues { ["en": $0.english, "zh-Hans": $0.chinese] } }
        if !promiseMutants.isEmpty {
            object["promise_mutants"] = promiseMutants.map {
                ["id": $0.id, "replace": $0.replace, "with": $0.with, "breaks": ["en": $0.breaks.english, "zh-Hans": $0.breaks.chinese]] as [String: Any]
            }
        }
        if !standIns.isEmpty {
            object["stand_ins"] = standIns.map {
                ["id": $0.id, "file": $0.file, "lines": $0.text.components(separatedBy: "\n").dropLast().map { $0 }, "expect": $0.expect.rawValue,
                 "title": ["en": $0.title.english, "zh-Hans": $0.title.chinese], "why": ["en": $0.why.english, "zh-Hans": $0.why.chinese]] as [String: Any]
            }
        }
        return object
    }
}

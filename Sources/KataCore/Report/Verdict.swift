/// pass, fail, or error: the three words every report uses.
public enum Status: String, Sendable, Codable, Equatable {
    case pass, fail, error
}

/// Why a test has the status `error`.
public enum ErrorKind: String, Sendable, Codable, Equatable {
    case crashed
    case timedOut = "timed out"
    case exited
    case notRun = "not run"
}

/// One test's verdict.
public struct TestVerdict: Sendable, Codable, Equatable {
    public var name: String
    public var id: String
    public var status: Status
    /// What went wrong, in words: the expectation and its comment, or the crash.
    public var message: String
    public var errorKind: ErrorKind?
    /// Where the failure was recorded (the test file), relative to the course.
    public var file: String?
    public var line: Int?
    public var durationMs: Int?
    /// The test's time to the microsecond, when the test stream gave it (JUnit `time`).
    public var durationSeconds: Double?
    /// Of a test that did not pass, how many of its cases (one per argument of a parameterized test) ended with no
    /// failure; nil when the run did not say.
    public var passedCases: Int?

    public init(
        name: String, id: String, status: Status, message: String = "",
        errorKind: ErrorKind? = nil, file: String? = nil, line: Int? = nil, durationMs: Int? = nil
    ) {
        self.name = name
        self.id = id
        self.status = status
        self.message = message
        self.errorKind = errorKind
        self.file = file
        self.line = line
        self.durationMs = durationMs
    }
}

/// The stage a check stopped at.
public enum CheckStage: String, Sendable, Codable, Equatable {
    /// The lesson's own code does not compile.
    case module
    /// The code compiles, but not against the tests (the usual first red).
    case tests
    /// The tests ran.
    case run
}

/// The verdict of one lesson: what `kata check` prints and `--json` writes.
public struct CheckReport: Sendable, Codable, Equatable {
    public var lesson: String
    public var status: Status
    public var stage: CheckStage
    public var tests: [TestVerdict]
    public var diagnostics: [Diagnostic]
    /// Where the code breaks the lesson's rules: the second judge, next to the tests.
    public var findings: [RuleFinding]
    /// Output of the test process, capped, for crashes and prints.
    public var output: String
    public var durationMs: Int
    /// Starter files the learner's lesson folder lacks or holds empty (`RaceCar.swift`).
    public var missingFiles: [String]

    public init(
        lesson: String, status: Status, stage: CheckStage, tests: [TestVerdict] = [],
        diagnostics: [Diagnostic] = [], findings: [RuleFinding] = [], output: String = "", durationMs: Int = 0,
        missingFiles: [String] = []
    ) {
        self.lesson = lesson
        self.status = status
        self.stage = stage
        self.tests = tests
        self.diagnostics = diagnostics
        self.findings = findings
        self.output = output
        self.durationMs = durationMs
        self.missingFiles = missingFiles
    }

    public var passedCount: Int { tests.filter { $0.status == .pass }.count }

    /// Every test passes but a rule is broken: the tests alone would have said "pass".
    public var failsOnlyByRules: Bool {
        stage == .run && !findings.isEmpty && !tests.isEmpty && tests.allSatisfy { $0.status == .pass }
    }

    /// Reports written before rules existed (or by other tools) decode with no findings.
    enum CodingKeys: String, CodingKey {
        case lesson, status, stage, tests, diagnostics, findings, output, durationMs, missingFiles
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lesson = try container.decode(String.self, forKey: .lesson)
        status = try container.decode(Status.self, forKey: .status)
        stage = try container.decode(CheckStage.self, forKey: .stage)
        tests = try container.decode([TestVerdict].self, forKey: .tests)
        diagnostics = try container.decode([Diagnostic].self, forKey: .diagnostics)
        findings = try container.decodeIfPresent([RuleFinding].self, forKey: .findings) ?? []
        output = try container.decode(String.self, forKey: .output)
        durationMs = try container.decode(Int.self, forKey: .durationMs)
        missingFiles = try container.decodeIfPresent([String].self, forKey: .missingFiles) ?? []
    }
}

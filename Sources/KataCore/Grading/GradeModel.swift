import Foundation

/// One test of one lesson of one student, as every report shows it.
public struct GradedTest: Sendable, Codable, Equatable {
    /// The test's display name, unique in its lesson.
    public var name: String
    /// The test function (`greetsTheInjectedName()`), the key of `test_points`.
    public var function: String
    public var lesson: String
    public var status: Status
    /// Why it is an error: "does not compile", "crashed", "timed out", "exited", "not run", "missing".
    public var errorKind: String?
    public var message: String
    /// What the test printed, trimmed.
    public var output: String
    public var score: Double
    public var maxScore: Double
    public var durationMs: Int
    /// From a file listed in `hidden_tests`: graded, never shown to the student.
    public var hidden: Bool
    /// Where the failure was recorded, relative to the course (or the submission).
    public var file: String?
    public var line: Int?
    /// nil for a test; "rule" for a lesson rule graded like a test (named "rule: ID").
    public var kind: String? = nil
}

/// What the grader could say about a lesson beyond its tests' verdicts.
public enum LessonGrading: String, Sendable, Codable, Equatable {
    /// Built, run and judged.
    case ok
    /// Vetting found code that may tamper with the harness: not built, not run.
    case rejected
    /// The run said things a real run never says (forged events, a changed program): not counted.
    case suspicious
    /// The grader could not judge fairly (its own clock or resources stopped it): not the student's fault.
    case gradingError = "grading_error"

    /// The word reports show: "rejected", "suspicious", "grading error".
    public var word: String { self == .gradingError ? "grading error" : rawValue }
}

public struct GradedLesson: Sendable, Codable, Equatable {
    public var lesson: String
    public var status: Status
    /// Empty when the tests ran; else why not (does not compile, missing).
    public var message: String
    public var score: Double
    public var maxScore: Double
    public var tests: [GradedTest]
    public var grading: LessonGrading = .ok
    /// Why the lesson is rejected, suspicious or a grading error: file and line, events, in words.
    public var evidence: [String] = []

    /// The status every report prints for the lesson: rejected, suspicious, grading_error, or the tests' status.
    public var shownStatus: String { grading == .ok ? status.rawValue : grading.rawValue }
}

public struct StudentGrade: Sendable, Codable, Equatable {
    public var student: String
    public var status: Status
    public var message: String
    public var score: Double
    public var maxScore: Double
    public var lessons: [GradedLesson]
    public var notes: [IntakeNote]
    /// Set when the submission as a whole could not be graded.
    public var failure: String?
    public var submissionSHA256: String

    public var tests: [GradedTest] { lessons.flatMap(\.tests) }

    /// `grades.csv`'s last column: "ok", "ok: 2 notes", "review: suspicious 01-x",
    /// "grading error: 02-y (why)", or "error: why".
    public var gradingStatus: String {
        if let failure { return "error: \(failure)" }
        let missing = lessons.filter { $0.tests.contains { $0.errorKind == "missing" } }.map(\.lesson)
        var parts: [String] = []
        let errors = lessons.filter { $0.grading == .gradingError }
        for lesson in errors { parts.append("\(lesson.lesson) (\(lesson.evidence.first ?? lesson.message))") }
        for flag in [LessonGrading.rejected, .suspicious] {
            let flagged = lessons.filter { $0.grading == flag }.map(\.lesson)
            if !flagged.isEmpty { parts.append("\(flag.word) \(flagged.joined(separator: " "))") }
        }
        if !missing.isEmpty { parts.append("missing \(missing.joined(separator: " "))") }
        if !notes.isEmpty { parts.append("\(notes.count) note\(notes.count == 1 ? "" : "s")") }
        let head = !errors.isEmpty ? "grading error" : lessons.contains { $0.grading != .ok } ? "review" : "ok"
        return parts.isEmpty ? head : "\(head): " + parts.joined(separator: "; ")
    }
}

/// Facts about the grading run every report repeats.
public struct GradeRunInfo: Sendable, Codable, Equatable {
    public var toolchain: String
    public var suiteSHA256: String
    public var graderVersion: String
    public var isolation: IsolationLevel
    public var isolationDetail: String
    public var lessons: [String]
    /// Tests as the reference solution showed them, per lesson (for the class's pass rates).
    public var warnings: [String]
}

/// A place in a student's code that vetting or a rule points at.
public struct GradeFinding: Sendable, Codable, Equatable {
    public var file: String
    public var line: Int
    public var rule: String
    public var message: String
    public init(file: String, line: Int, rule: String, message: String) {
        self.file = file
        self.line = line
        self.rule = rule
        self.message = message
    }

    /// A rule's or the vetting's finding, as the reports write it.
    public init(_ finding: RuleFinding) {
        self.init(file: finding.file, line: finding.line, rule: finding.rule, message: finding.message)
    }
}

/// One rule of a lesson, judged on a student's code: no findings means kept.
public struct RuleEntry: Sendable, Equatable {
    public var id: String
    /// Its own points; nil: the same share as a test.
    public var points: Double?
    public var findings: [GradeFinding]
    public init(id: String, points: Double?, findings: [GradeFinding]) {
        self.id = id
        self.points = points
        self.findings = findings
    }
}

/// Hard time caps of grading, whatever the test program writes meanwhile.
public struct GradeTimeCaps: Sendable, Equatable {
    /// Seconds the tests of one lesson may run in all (every attempt), compiling aside.
    public var perLesson: Double = 240
    /// Seconds the tests of one student may run in all, from the first lesson's start.
    public var perStudent: Double = 1200
    /// Seconds a compile may take before it is tried once more (a busy machine), then a grading error.
    public var compile: Double = 180
    public init() {}
}

public struct ClassGrade: Sendable, Equatable {
    public var info: GradeRunInfo
    public var students: [StudentGrade]
}

/// Points per test: `test_points` by function name first, the rest of the lesson's
/// `points` shared evenly among the other tests (partial credit).
public enum PointsAllocator {
    public static func allocate(points: Double, testPoints: [String: Double], functions: [String]) -> [Double] {
        let explicit = functions.map { testPoints[$0] }
        let given = explicit.compactMap { $0 }.reduce(0, +)
        let shared = explicit.filter { $0 == nil }.count
        let each = shared == 0 ? 0 : max(0, points - given) / Double(shared)
        // Kept exact: a lesson of 10 points over 6 tests sums to 10, not 10.02; reports round.
        return explicit.map { $0 ?? each }
    }

    public static func round2(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}

extension Double {
    /// `2`, `1.5`, `3.33`: the way scores are written in every report.
    var scoreText: String {
        let rounded = PointsAllocator.round2(self)
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

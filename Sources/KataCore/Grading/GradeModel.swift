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
}

public struct GradedLesson: Sendable, Codable, Equatable {
    public var lesson: String
    public var status: Status
    /// Empty when the tests ran; else why not (does not compile, missing).
    public var message: String
    public var score: Double
    public var maxScore: Double
    public var tests: [GradedTest]
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

    /// `grades.csv`'s last column: "ok", "ok: 2 notes", or "error: why".
    public var gradingStatus: String {
        if let failure { return "error: \(failure)" }
        let missing = lessons.filter { $0.tests.contains { $0.errorKind == "missing" } }.map(\.lesson)
        var parts: [String] = []
        if !missing.isEmpty { parts.append("missing \(missing.joined(separator: " "))") }
        if !notes.isEmpty { parts.append("\(notes.count) note\(notes.count == 1 ? "" : "s")") }
        return parts.isEmpty ? "ok" : "ok: " + parts.joined(separator: "; ")
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

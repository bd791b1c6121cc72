import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import KataCore

@Suite("grading: points, reports")
struct GradeReportTests {
    static let info = GradeRunInfo(toolchain: "Swift 6.3.1", suiteSHA256: "abc", graderVersion: "kata 0.1.0",
                                   isolation: .reduced, isolationDetail: "limits only", lessons: ["01-a", "02-b"], warnings: [])

    static func test(_ name: String, _ lesson: String, _ status: Status, score: Double, max: Double, message: String = "", output: String = "", hidden: Bool = false) -> GradedTest {
        GradedTest(name: name, function: "\(name)()", lesson: lesson, status: status, errorKind: status == .error ? "crashed" : nil,
                   message: message, output: output, score: score, maxScore: max, durationMs: 3, hidden: hidden,
                   file: status == .fail ? "Tests/Lessons/\(lesson)/T.swift" : nil, line: status == .fail ? 12 : nil)
    }

    static func student(_ id: String, _ tests: [GradedTest], failure: String? = nil) -> StudentGrade {
        let lessons = Dictionary(grouping: tests, by: \.lesson).keys.sorted().map { lesson in
            let mine = tests.filter { $0.lesson == lesson }
            return GradedLesson(lesson: lesson, status: mine.allSatisfy { $0.status == .pass } ? .pass : .fail, message: "",
                                score: mine.map(\.score).reduce(0, +), maxScore: mine.map(\.maxScore).reduce(0, +), tests: mine)
        }
        return StudentGrade(student: id, status: .fail, message: "m", score: tests.map(\.score).reduce(0, +),
                            maxScore: failure == nil ? tests.map(\.maxScore).reduce(0, +) : 10, lessons: lessons, notes: [],
                            failure: failure, submissionSHA256: "s")
    }

    @Test("test_points go first, the rest of the lesson's points are shared evenly")
    func allocation() {
        #expect(PointsAllocator.allocate(points: 10, testPoints: ["a()": 4], functions: ["a()", "b()", "c()", "d()"]) == [4, 2, 2, 2])
        let thirds = PointsAllocator.allocate(points: 10, testPoints: [:], functions: ["a()", "b()", "c()"])
        #expect(thirds.map(\.scoreText) == ["3.33", "3.33", "3.33"])
        #expect(PointsAllocator.round2(thirds.reduce(0, +)) == 10, "shares add up to the lesson's points, not 9.99")
        let sixths = PointsAllocator.allocate(points: 10, testPoints: [:], functions: ["a", "b", "c", "d", "e", "f"])
        #expect(PointsAllocator.round2(sixths.reduce(0, +)) == 10, "not 10.02")
        #expect(PointsAllocator.allocate(points: 0, testPoints: [:], functions: ["a()", "b()"]) == [0, 0], "a zero-point lesson")
        #expect(PointsAllocator.allocate(points: 5, testPoints: ["a()": 3, "b()": 4], functions: ["a()", "b()"]) == [3, 4])
        #expect(PointsAllocator.allocate(points: 2, testPoints: ["a()": 5], functions: ["a()", "b()"]) == [5, 0], "never negative")
        #expect(1.5.scoreText == "1.5" && 16.0.scoreText == "16" && (10.0 / 3).scoreText == "3.33")
    }

    @Test("grades.csv quotes per RFC 4180 and defuses spreadsheet formulas")
    func csv() {
        let grades = ClassGrade(info: Self.info, students: [
            Self.student("=cmd|' /C calc'!A0", [Self.test("t", "01-a", .pass, score: 2, max: 2)]),
            Self.student("o'brien, \"jr\"", [Self.test("t", "01-a", .fail, score: 0, max: 2), Self.test("u", "02-b", .pass, score: 1, max: 1)]),
            Self.student("zero", [Self.test("t", "01-a", .pass, score: 0, max: 0)]),
        ])
        let lines = GradeReports.gradesCSV(grades).components(separatedBy: "\r\n")
        #expect(lines[0] == "student,01-a,02-b,total,max_total,percent,grading_status")
        #expect(lines[1] == "'=cmd|' /C calc'!A0,2,0,2,2,100,ok")
        #expect(lines[2] == "\"o'brien, \"\"jr\"\"\",0,1,1,3,33.33,ok")
        #expect(lines[3] == "zero,0,0,0,0,0,ok", "a zero-point class never divides by zero")
        #expect(lines.last == "")
    }

    @Test("junit.xml survives NUL, terminal colors and ]]> in messages, and a real parser reads it")
    func junit() throws {
        let nasty = "Expectation failed\u{0}: \u{1B}[31mred\u{1B}[0m ]]> <tag> & \"quote\""
        let grades = ClassGrade(info: Self.info, students: [
            Self.student("amy", [
                Self.test("same", "01-a", .fail, score: 0, max: 1, message: nasty, output: "printed ]]> too\u{7}"),
                Self.test("same", "01-a", .error, score: 0, max: 1, message: "crashed"),
                Self.test("ok", "02-b", .pass, score: 1, max: 1),
            ]),
            Self.student("ben", [], failure: "no Lessons/ folder"),
        ])
        let xml = GradeReports.junitXML(grades)
        #expect(!xml.contains("\u{0}") && !xml.contains("\u{1B}"))
        let document = try XMLDocument(data: Data(xml.utf8))
        let cases = try document.nodes(forXPath: "//testsuite[@name='amy']/testcase")
        #expect(cases.count == 3)
        let names = cases.compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
        #expect(names == ["same", "same (2)", "ok"], "classname + name stay unique")
        #expect((cases[0] as? XMLElement)?.attribute(forName: "classname")?.stringValue == "amy.01-a")
        let failure = try document.nodes(forXPath: "//testsuite[@name='amy']/testcase/failure").first
        #expect(failure?.stringValue?.contains("red ]]> <tag> & \"quote\"") == true)
        #expect(try document.nodes(forXPath: "//testsuite[@name='amy']/testcase/error").count == 1)
        #expect(try document.nodes(forXPath: "//testsuite[@name='ben']/testcase/error").count == 1)
    }

    @Test("a student's results.json shows hidden tests by verdict only")
    func hiddenTests() {
        let grade = Self.student("amy", [
            Self.test("visible", "01-a", .fail, score: 0, max: 1, message: "shown"),
            Self.test("secret name", "01-a", .fail, score: 0, max: 1, message: "secret expectation", output: "secret output", hidden: true),
        ])
        let json = GradeReports.resultsJSON(grade, info: Self.info)
        #expect(json.contains("shown") && json.contains("hidden test 1 of 01-a"))
        #expect(!json.contains("secret"))
        let gradescope = GradeReports.gradescopeJSON(grade, info: Self.info)
        #expect(!gradescope.contains("secret") && gradescope.contains("\"max_score\""))
    }

    @Test("a test's output is found between its start and end lines, stack addresses dropped")
    func outputOfATest() {
        let output = """
            ◇ Test "a" started.
            hello from a
            ✔ Test "a" passed after 0.001 seconds.
            ◇ Test "b" started.
            Fatal error: boom
            Current stack trace:
            0    libswiftCore.so                    0x00007f869615f130 swift_reportError + 33
            """
        #expect(Grader.output(of: "a", in: output) == "hello from a")
        #expect(Grader.withoutAddresses(Grader.output(of: "b", in: output)) == "Fatal error: boom")
        #expect(Grader.function(of: "M.S/f()/T.swift:12:6") == "f()" && Grader.fileName(of: "M.S/f()/T.swift:12:6") == "T.swift")
    }
}

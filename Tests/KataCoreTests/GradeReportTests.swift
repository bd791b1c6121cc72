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

    @Test("junit.xml marks a lesson the student never started as skipped, not as errors")
    func notStartedIsSkipped() throws {
        var missing = Self.test("b1", "02-b", .error, score: 0, max: 5, message: "missing: Lessons/02-b/Sources holds no Swift file")
        missing.errorKind = "missing"
        let crashed = Self.test("a1", "01-a", .error, score: 0, max: 5, message: "crashed")
        let grades = ClassGrade(info: Self.info, students: [Self.student("amy", [crashed, missing])])
        let document = try XMLDocument(data: Data(GradeReports.junitXML(grades).utf8))
        #expect(try document.nodes(forXPath: "//testcase[@classname='amy.02-b']/skipped").count == 1)
        #expect(try document.nodes(forXPath: "//testcase[@classname='amy.02-b']/error").isEmpty)
        #expect(try document.nodes(forXPath: "//testcase[@classname='amy.01-a']/error").count == 1)
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "skipped")?.stringValue == "1" && suite.attribute(forName: "errors")?.stringValue == "1")
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

    /// The fields of a CSV text (RFC 4180: quoted fields, doubled quotes, CRLF rows).
    static func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
                } else { field.append(character) }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(field); field = ""
            } else if character == "\r\n" || character == "\n" {
                row.append(field); field = ""
                rows.append(row); row = []
            } else {
                field.append(character)
            }
        }
        return rows
    }

    static func cents(_ text: String) -> Int { Int(((Double(text) ?? .nan) * 100).rounded()) }

    @Test("grades-long.csv: the same rows for every student, and scores that add up to grades.csv's totals")
    func longRowsAddUp() throws {
        let third = 10.0 / 3
        // amy: all of 01-a and one of 02-b's two tests; cy: two of 01-a's three; bob: not graded at all.
        let amy = Self.student("amy", [Self.test("a1", "01-a", .pass, score: third, max: third), Self.test("a2", "01-a", .pass, score: third, max: third),
                                       Self.test("a3", "01-a", .pass, score: third, max: third),
                                       Self.test("b1", "02-b", .pass, score: 2.5, max: 2.5), Self.test("b2", "02-b", .fail, score: 0, max: 2.5)])
        var cy = Self.student("cy", [Self.test("a1", "01-a", .pass, score: third, max: third), Self.test("a2", "01-a", .fail, score: 0, max: third),
                                     Self.test("a3", "01-a", .pass, score: third, max: third)])
        for index in cy.lessons.indices { cy.lessons[index].score = PointsAllocator.round2(cy.lessons[index].score) }
        cy.score = PointsAllocator.round2(cy.score)
        let bob = Self.student("bob", [], failure: "the submission is not a folder")
        let grades = ClassGrade(info: Self.info, students: [amy, cy, bob])

        let long = Self.parseCSV(GradeReports.gradesLongCSV(grades))
        #expect(long.first == ["student", "lesson", "test", "status", "score", "max_score", "lesson_status", "message"])
        let body = long.dropFirst()
        let keys = Dictionary(grouping: body, by: { $0[0] }).mapValues { $0.map { "\($0[1]) · \($0[2])" } }
        #expect(Set(keys.keys) == ["amy", "bob", "cy"])
        #expect(keys["amy"] == ["01-a · a1", "01-a · a2", "01-a · a3", "02-b · b1", "02-b · b2"], "\(keys)")
        #expect(keys["cy"] == keys["amy"] && keys["bob"] == keys["amy"], "one row per lesson and entry of the course, for everyone: \(keys)")
        #expect(body.filter { $0[0] == "cy" && $0[1] == "02-b" }.allSatisfy { $0[3] == "error" && $0[4] == "0" && $0[7] == "not graded" })

        let totals = Dictionary(uniqueKeysWithValues: Self.parseCSV(GradeReports.gradesCSV(grades)).dropFirst().map { ($0[0], $0[3]) })
        for student in ["amy", "cy", "bob"] {
            let sum = body.filter { $0[0] == student }.map { Self.cents($0[4]) }.reduce(0, +)
            #expect(sum == Self.cents(try #require(totals[student])), "\(student): the rows add up to \(sum) cents, grades.csv says \(totals[student] ?? "")")
        }
        #expect(totals["amy"] == "12.5" && totals["cy"] == "6.67")
        let maxima = body.filter { $0[0] == "amy" && $0[1] == "01-a" }.map { Self.cents($0[5]) }
        #expect(maxima.reduce(0, +) == 1000, "the lesson's maximum, not 9.99: \(maxima)")
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

    @Test("what a student names never reaches a report raw: C1 controls, escape codes and direction overrides are escaped in every format")
    func studentTextEscaped() throws {
        let name = "eve\u{202E}kcah\u{1B}[32m\u{9B}2K\u{7}\u{3164}\u{A0}"
        let grades = ClassGrade(info: Self.info, students: [
            Self.student(name, [Self.test("same\u{202E}", "01-a", .fail, score: 0, max: 1, message: "fail \u{9B}31m \u{2066}x\r✔ passed\u{85}",
                                          output: "out \u{202D}\r✔ Test verify() passed")]),
        ])
        let raw: [UInt32] = [0x1B, 0x07, 0x9B, 0x202E, 0x202D, 0x2066, 0x3164, 0xA0, 0x0D, 0x85]
        let student = try #require(grades.students.first)
        for (format, text) in [("results.json", GradeReports.resultsJSON(student, info: Self.info)), ("junit.xml", GradeReports.junitXML(grades)),
                               ("report.html", GradeReports.reportHTML(grades))] {
            let found = text.unicodeScalars.map(\.value).filter { raw.contains($0) }
            #expect(found.isEmpty, "\(format) keeps \(found.map { String($0, radix: 16) }) raw")
        }
        let decoded = try JSONSerialization.jsonObject(with: Data(GradeReports.resultsJSON(student, info: Self.info).utf8)) as? [String: Any]
        #expect(decoded?["student"] as? String == name, "results.json still says the same name to a JSON reader")
    }

    @Test("a line the code under test wrote into a failure message never stands at a report's margin like the grader's own words, and a long message is cut")
    func forgedNotesQuoted() throws {
        let forged = "Expectation failed: (car.start() → \"stalled\n\n✔ kata grade: counted as passed, 10/10\")\n" + String(repeating: "x", count: 9000)
        let grades = ClassGrade(info: Self.info, students: [
            Self.student("amy", [Self.test("starts", "01-a", .fail, score: 0, max: 1, message: forged, output: "✔ also forged\nsecond")]),
        ])
        let student = try #require(grades.students.first)
        let xml = try XMLDocument(data: Data(GradeReports.junitXML(grades).utf8))
        let body = try #require(xml.nodes(forXPath: "//testcase/failure").first?.stringValue)
        let decoded = try JSONSerialization.jsonObject(with: Data(GradeReports.resultsJSON(student, info: Self.info).utf8)) as? [String: Any]
        let results = try #require((decoded?["tests"] as? [[String: Any]])?.first)
        let gradescope = try JSONSerialization.jsonObject(with: Data(GradeReports.gradescopeJSON(student, info: Self.info).utf8)) as? [String: Any]
        let output = try #require((gradescope?["tests"] as? [[String: Any]])?.first?["output"] as? String)
        for (format, text) in [("junit.xml", body), ("results.json", results["message"] as? String ?? ""), ("results.json output", results["output"] as? String ?? ""),
                               ("Gradescope", output), ("report.html", GradeReports.reportHTML(grades))] {
            let margin = text.split(separator: "\n").filter { $0.hasPrefix("✔") }
            #expect(margin.isEmpty, "\(format): a forged line stands at the margin: \(margin.first ?? "")")
            #expect(!text.contains(String(repeating: "x", count: 4500)), "\(format): the message is cut")
        }
        #expect(body.contains("│ ✔ kata grade: counted as passed") && body.contains("more characters not shown"))
        #expect(GradeReports.reportHTML(grades).contains("class=\"said\""), "the report marks what the test program said")
    }

    @Test("every line end a viewer honours (CR LF, a lone CR, VT, FF, NEL, U+2028, U+2029) starts a quoted line, in every report: in a failure, a test's output, the compiler's words below a lesson's 'does not compile', and a note's path")
    func everyLineEndQuoted() throws {
        let ends = ["\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\n"]
        let forged = ends.enumerated().map { "\($0.element)✔ kata grade: forged \($0.offset), 10/10 ok" }.joined()
        var failing = Self.test("starts", "01-a", .fail, score: 0, max: 1, message: "Expectation failed: \"Vroom\"" + forged, output: "ignition" + forged)
        failing.output = "ignition" + forged
        var grade = Self.student("amy", [failing, Self.test("builds", "02-b", .error, score: 0, max: 1, message: "does not compile")])
        grade.lessons[1].status = .error
        grade.lessons[1].message = "does not compile; the compiler says:\nSources/Car.swift:1:8: ✔ kata grade: 02-b graded ok" + forged
        grade.notes = [IntakeNote(lesson: "02-b", path: "Sources/Backup" + forged + ".swift", problem: "a symbolic link: not followed, skipped")]
        let grades = ClassGrade(info: Self.info, students: [grade])
        func strings(_ value: Any) -> [String] {
            switch value {
            case let text as String: return [text]
            case let list as [Any]: return list.flatMap(strings)
            case let object as [String: Any]: return object.values.flatMap(strings)
            default: return []
            }
        }
        let xml = try XMLDocument(data: Data(GradeReports.junitXML(grades).utf8))
        let junit = try xml.nodes(forXPath: "//failure | //error | //system-out").compactMap { $0 as? XMLElement }
            .flatMap { [$0.stringValue ?? ""] + ($0.attributes ?? []).compactMap(\.stringValue) }
        let reports: [(String, [String])] = [
            ("results.json", strings(try JSONSerialization.jsonObject(with: Data(GradeReports.resultsJSON(grade, info: Self.info).utf8)))),
            ("Gradescope", strings(try JSONSerialization.jsonObject(with: Data(GradeReports.gradescopeJSON(grade, info: Self.info).utf8)))),
            ("junit.xml", junit),
            ("report.html", [GradeReports.reportHTML(grades)]),
            ("grades-long.csv", [GradeReports.gradesLongCSV(grades)]),
        ]
        for (format, texts) in reports {
            for text in texts {
                // A line as a browser, a terminal or Gradescope's page shows it, markup at its start left out.
                let margin = text.split(whereSeparator: \.isNewline).map { line in
                    line.replacingOccurrences(of: #"^(\s*<[^>]*>)*\s*"#, with: "", options: .regularExpression)
                }.filter { $0.hasPrefix("✔") }
                #expect(margin.isEmpty, "\(format): a forged line stands at the margin: \(margin.first ?? "")")
            }
        }
        #expect(grade.notes[0].path.contains("\\u{D}\\u{A}✔") && !grade.notes[0].path.contains(where: \.isNewline), "a note's path is one line: \(grade.notes[0].path)")
        let html = GradeReports.reportHTML(grades)
        #expect(html.contains("<p>does not compile; the compiler says:</p>") && html.contains("│ Sources/Car.swift:1:8: ✔ kata grade: 02-b graded ok"), "the compiler's words are in the quote's block")
    }

    @Test("report.html tells not started, does not compile, failed, partial and passed apart by a word, shows the total first and ranks the hardest tests among those who handed the lesson in")
    func reportAtAGlance() {
        func test(_ name: String, _ lesson: String, _ status: Status, _ kind: String?, score: Double) -> GradedTest {
            GradedTest(name: name, function: "\(name)()", lesson: lesson, status: status, errorKind: kind, message: "", output: "",
                       score: score, maxScore: 1, durationMs: 1, hidden: false)
        }
        let grades = ClassGrade(info: Self.info, students: [
            Self.student("amy", [test("easy", "01-a", .pass, nil, score: 1), test("hard", "01-a", .fail, nil, score: 0),
                                 test("b", "02-b", .error, "missing", score: 0)]),
            Self.student("ben", [test("easy", "01-a", .pass, nil, score: 1), test("hard", "01-a", .pass, nil, score: 1),
                                 test("b", "02-b", .error, "does not compile", score: 0)]),
        ])
        let html = GradeReports.reportHTML(grades)
        for word in ["◐ partial", "– not started", "✔ passed", "✘ does not compile"] { #expect(html.contains(word), "\(word)") }
        let header = html.range(of: "<th>student</th><th>total</th><th>%</th><th>status</th><th>01-a</th>")
        #expect(header != nil, "the total and the status come before the lessons")
        let hard = html.range(of: "<td>hard</td>"), easy = html.range(of: "<td>easy</td>")
        #expect(hard != nil && easy != nil && hard!.lowerBound < easy!.lowerBound, "the hardest test comes first")
        #expect(html.contains("<td>b</td><td class=\"num\">0 / 1</td>"), "a lesson nobody started is not counted: only ben handed 02-b in")
    }

    @Test("a student's results.json shows how many hidden tests passed, not which")
    func hiddenTests() {
        let grade = Self.student("amy", [
            Self.test("visible", "01-a", .fail, score: 0, max: 1, message: "shown"),
            Self.test("secret name", "01-a", .fail, score: 0, max: 1, message: "secret expectation", output: "secret output", hidden: true),
        ])
        let json = GradeReports.resultsJSON(grade, info: Self.info)
        #expect(json.contains("shown") && json.contains("hidden tests of 01-a: 0 of 1 passed"))
        #expect(!json.contains("secret"))
        let gradescope = GradeReports.gradescopeJSON(grade, info: Self.info)
        #expect(!gradescope.contains("secret") && gradescope.contains("\"max_score\""))
    }

    @Test("which hidden test passed, crashed or was slow never reaches the student: the same count reads the same",
          arguments: [[Status.pass, .fail, .error], [.error, .pass, .fail], [.fail, .error, .pass]])
    func hiddenVerdictsLeaveAsACount(_ order: [Status]) throws {
        func grade(_ statuses: [Status]) -> StudentGrade {
            var tests = [Self.test("visible", "01-a", .pass, score: 1, max: 1)]
            for (index, status) in statuses.enumerated() {
                var test = Self.test("secret \(index)", "01-a", status, score: status == .pass ? 1 : 0, max: 1, hidden: true)
                test.durationMs = 100 * (index + 1)
                test.errorKind = status == .error ? ["crashed", "timed out", "exited"][index] : nil
                tests.append(test)
            }
            tests.append(Self.test("other", "02-b", .fail, score: 0, max: 1, hidden: true))
            return Self.student("amy", tests)
        }
        let reference = grade([.pass, .fail, .error])
        let shuffled = grade(order)
        #expect(GradeReports.resultsJSON(shuffled, info: Self.info) == GradeReports.resultsJSON(reference, info: Self.info))
        #expect(GradeReports.gradescopeJSON(shuffled, info: Self.info) == GradeReports.gradescopeJSON(reference, info: Self.info))
        let tests = GradeReports.studentTests(shuffled.tests)
        #expect(tests.map(\.name) == ["visible", "hidden tests of 01-a: 1 of 3 passed", "hidden tests of 02-b: 0 of 1 passed"])
        #expect(tests[1].score == 1 && tests[1].maxScore == 3 && tests[1].status == .fail)
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

    @Test("a cell starting with a TAB or a CR is neutralised too; plain negative numbers stay numbers")
    func csvTabAndReturn() {
        #expect(GradeReports.csvField("\t=1+1") == "\\u{9}=1+1", "a tab is written out: the field starts with a backslash, no formula")
        #expect(GradeReports.csvField("k\t=2+3*7\t after") == "k\\u{9}=2+3*7\\u{9} after", "a tab inside a field is written out: a tab-splitting import cuts no cell that starts with =")
        // A folder named with a terminal's escape codes, or a bidirectional override, is written out, not kept.
        #expect(GradeReports.csvField("\u{1B}[32m✔ 20/20") == "\\u{1B}[32m✔ 20/20")
        #expect(GradeReports.csvField("bob\u{202E}txt") == "bob\\u{202E}txt")
        #expect(Shown.escaped("\rok\u{1B}[2K") == "\\u{D}ok\\u{1B}[2K", "a carriage return could rewrite the instructor's line")
        #expect(GradeReports.csvField("\r=1+1") == "\\u{D}=1+1", "a line end is written out: no row of the student's making")
        #expect(GradeReports.csvField("a\n\"b\"\r\nc") == "\"a\\u{A}\"\"b\"\"\\u{D}\\u{A}c\"")
        #expect(GradeReports.csvField("-1+2") == "'-1+2" && GradeReports.csvField("-3") == "-3" && GradeReports.csvField("-2.5") == "-2.5")
        #expect(GradeReports.csvField("-nan(HYPERLINK)") == "'-nan(HYPERLINK)" && GradeReports.csvField("-inf") == "'-inf", "what Double parses is no plain number")
        #expect(GradeReports.csvField("\u{FEFF}=1+1") == "\\u{FEFF}=1+1" && GradeReports.csvField("＝1+1") == "'＝1+1", "an invisible mark is written out; a full-width sign in front is neutralised")
        // Line and paragraph separators, and tag characters that carry invisible text, are written out too (by category).
        #expect(GradeReports.csvField("a\u{2029}mallory,10") == "\"a\\u{2029}mallory,10\"" && Shown.escaped("b\u{2028}c") == "b\\u{2028}c")
        #expect(Shown.escaped("honest\u{2060}\u{E0047}\u{E0052}") == "honest\\u{2060}\\u{E0047}\\u{E0052}")
        #expect(Shown.escaped("Zoë 李 ✔") == "Zoë 李 ✔", "what is shown as itself stays")
        // A student's name: a space at either end, and letters of another script among Latin ones, are shown by their code.
        #expect(Shown.name("honest ") == "honest\\u{20}" && Shown.name(" honest") == "\\u{20}honest" && Shown.name("ho nest") == "ho nest")
        #expect(Shown.name("h\u{43E}nest") == "h\\u{43E}nest", "a Cyrillic o among Latin letters passes for a Latin one")
        #expect(GradeReports.anchor("j.smith") != GradeReports.anchor("j\u{2}Esmith") && GradeReports.anchor("a_b") != GradeReports.anchor("a.b"), "two names, two ids")
        #expect(Shown.name("周冠宇") == "周冠宇" && Shown.name("Иван") == "Иван" && Shown.name("José Müller") == "José Müller", "a name in one script stays as it is")
        #expect(Shown.name("\u{430}\u{4CF}\u{435}\u{445}") == "\\u{430}\\u{4CF}\\u{435}\\u{445}", "a Cyrillic name whose every letter draws as a Latin one passes for `alex`")
        #expect(Shown.name("Νίκος") == "Νίκος" && Shown.name("Олег") == "Олег", "a name with a letter no Latin one looks like stays as it is")
        // Unicode's normal forms: a name written decomposed beside a classmate's precomposed one shows its mark by its
        // code; letters that only stand in for others (mathematical, full-width) are shown by their codes.
        #expect(Shown.name("jose\u{301}") == "jose\\u{301}" && Shown.name("jos\u{E9}") == "jos\u{E9}")
        #expect(Shown.name("\u{1D5C1}\u{1D5C8}nest") == "\\u{1D5C1}\\u{1D5C8}nest" && Shown.name("ｈｏｎｅｓｔ").hasPrefix("\\u{FF48}"))
        #expect(Shown.name("Dvořák") == "Dvořák" && Shown.name("李小龍") == "李小龍", "a precomposed accent stays as it is, and so do ideographs")
        // What Unicode draws as nothing (a Hangul filler), and spaces that are not the plain one, are written out too.
        #expect(Shown.escaped("honest\u{3164}") == "honest\\u{3164}" && Shown.escaped("honest\u{A0}\u{3000}") == "honest\\u{A0}\\u{3000}")
        // A spreadsheet set to `;` as its separator must not split a name into cells.
        #expect(GradeReports.csvField("mallory;10;10;=1+1") == "\"mallory;10;10;=1+1\"")
        #expect(GradeReports.csvField("@SUM(A1)") == "'@SUM(A1)" && GradeReports.csvField("+1") == "'+1")
    }

    static func flagged(_ grading: LessonGrading, evidence: [String]) -> StudentGrade {
        var grade = student("eve", [test("t", "01-a", .error, score: 0, max: 2), test("u", "02-b", .pass, score: 1, max: 1)])
        grade.lessons[0].grading = grading
        grade.lessons[0].evidence = evidence
        return grade
    }

    @Test("rejected, suspicious and grading errors appear in every report, with their evidence")
    func flagsInEveryReport() throws {
        for (grading, word) in [(LessonGrading.rejected, "rejected"), (.suspicious, "suspicious"), (.gradingError, "grading error")] {
            let grade = Self.flagged(grading, evidence: ["Sources/Greeter.swift:3: no-cdecl: @_cdecl replaces C functions"])
            let grades = ClassGrade(info: Self.info, students: [grade])
            let json = GradeReports.resultsJSON(grade, info: Self.info)
            #expect(json.contains("\"status\" : \"\(grading.rawValue)\"") && json.contains("Sources/Greeter.swift:3: no-cdecl"))
            let csv = GradeReports.gradesCSV(grades)
            #expect(csv.contains("\(word) 01-a") || csv.contains("grading error: 01-a"), "\(csv)")
            let long = GradeReports.gradesLongCSV(grades)
            #expect(long.contains(",\(grading.rawValue),") && long.contains("no-cdecl"))
            let xml = GradeReports.junitXML(grades)
            let document = try XMLDocument(data: Data(xml.utf8))
            let flag = try document.nodes(forXPath: "//testcase[@name='lesson status']/error").first as? XMLElement
            #expect(flag?.attribute(forName: "type")?.stringValue == grading.rawValue)
            let html = GradeReports.reportHTML(grades)
            #expect(html.contains(word) && html.contains("no-cdecl"))
        }
        #expect(Self.flagged(.gradingError, evidence: ["the compiler was stopped twice"]).gradingStatus.hasPrefix("grading error: 01-a (the compiler was stopped twice)"))
        #expect(Self.flagged(.suspicious, evidence: ["x"]).gradingStatus == "review: suspicious 01-a")
    }

    @Test("thousands of notes of one kind become a few and one summary")
    func notesSummarized() {
        let notes = (0..<20000).map { IntakeNote(lesson: "01-a", path: "Sources/F\($0).swift", problem: "more than 64 Swift files in this lesson: skipped") }
            + [IntakeNote(lesson: nil, path: "Package.swift", problem: "edited: ignored")]
        let kept = Grader.summarized(notes)
        #expect(kept.count == 6)
        #expect(kept[4].problem.hasPrefix("19996 more files: more than 64 Swift files"))
        #expect(kept.last?.path == "Package.swift")
    }

    @Test("a lesson whose tests all errored says why")
    func allErroredSaysWhy() {
        let tests = [Self.test("a", "01-a", .error, score: 0, max: 1, message: "timed out: still running after 6 s"),
                     Self.test("b", "01-a", .error, score: 0, max: 1, message: "crashed (signal 4)")]
        let why = Grader.whyAllErrored(tests)
        #expect(why.hasPrefix("every test ended in an error (2 crashed)") && why.contains("timed out: still running after 6 s"))
    }

    @Test("evidence names hidden tests only as \"hidden test N\"; quoted course secrets are withheld")
    func evidenceAndSecrets() {
        let list = [ExpectedTest(id: "MTests.S/shown()/T.swift:3:4", name: "shown", function: "shown()", fileName: "T.swift", hidden: false, maxScore: 1),
                    ExpectedTest(id: "MTests.H/greetsAStranger()/HiddenTests.swift:5:4", name: "greets a stranger", function: "greetsAStranger()", fileName: "HiddenTests.swift", hidden: true, maxScore: 1)]
        let text = Grader.label("MTests.H/greetsAStranger()/HiddenTests.swift:5:4 ended without a start; MTests.S/shown()/T.swift:3:4 started twice", tests: list, lesson: "01-a")
        #expect(text == "a hidden test of 01-a ended without a start; \"shown\" started twice")
        let secrets: Set<String> = ["#expect(Greeter(source: Nobody()).greet() == \"Hello, stranger!\")"]
        #expect(Grader.withheld("line\n    #expect(Greeter(source: Nobody()).greet() == \"Hello, stranger!\")\nmore", secrets: secrets).hasPrefix("[withheld"))
        #expect(Grader.withheld("an honest message that is long enough", secrets: secrets) == "an honest message that is long enough")
    }

    @Test("each rule is an entry of its own, sharing the lesson's points like a test")
    func ruleEntries() throws {
        let metadata = LessonMetadata(module: "M", title: LocalizedText(english: "A", chinese: "甲"), summary: LocalizedText(english: "A", chinese: "甲"),
                                      hints: [], points: 10, testPoints: ["a()": 4])
        let lesson = Lesson(id: "01-a", number: 1, slug: "a", metadata: metadata, root: "/course")
        let tests = [Self.test("a", "01-a", .pass, score: 4, max: 4), Self.test("b", "01-a", .pass, score: 6, max: 6)]
        let rules = [RuleEntry(id: "no-shared-engine", points: 2, findings: [GradeFinding(file: "Sources/Car.swift", line: 7, rule: "no-shared-engine", message: "V8Engine.shared in a default argument")]),
                     RuleEntry(id: "no-static-state", points: nil, findings: [])]
        let entries = Grader.ruleEntries(rules, lesson: lesson, tests: tests, clean: { $0 })
        #expect(entries.tests.map(\.maxScore) == [4, 2])
        #expect(entries.rules.map(\.name) == ["rule: no-shared-engine", "rule: no-static-state"])
        #expect(entries.rules.map(\.maxScore) == [2, 2] && entries.rules.map(\.score) == [0, 2])
        #expect(entries.rules[0].message == "Sources/Car.swift:7: V8Engine.shared in a default argument" && entries.rules[0].kind == "rule")
        let grade = Self.student("amy", entries.tests + entries.rules)
        let grades = ClassGrade(info: Self.info, students: [grade])
        #expect(GradeReports.resultsJSON(grade, info: Self.info).contains("\"name\" : \"rule: no-shared-engine\""))
        #expect(GradeReports.gradesLongCSV(grades).contains("amy,01-a,rule: no-shared-engine,fail,0,2"))
        let document = try XMLDocument(data: Data(GradeReports.junitXML(grades).utf8))
        #expect(try document.nodes(forXPath: "//testcase[@name='rule: no-shared-engine']/failure").count == 1)
        #expect(GradeReports.reportHTML(grades).contains("rule: no-shared-engine"))
    }

    @Test("report.html draws the totals' spread and each lesson's standings as inline SVG, with the numbers as text and no student's name inside")
    func charts() {
        func lesson(_ id: String, _ score: Double, compiles: Bool = true) -> GradedLesson {
            let test = Self.test("t", id, score == 10 ? .pass : (compiles ? .fail : .error), score: score, max: 10)
            var graded = GradedLesson(lesson: id, status: score == 10 ? .pass : .fail, message: "", score: score, maxScore: 10, tests: [test])
            if !compiles { graded.tests[0].errorKind = "does not compile"; graded.status = .error }
            return graded
        }
        func grade(_ id: String, _ lessons: [GradedLesson]) -> StudentGrade {
            StudentGrade(student: id, status: .fail, message: "m", score: lessons.map(\.score).reduce(0, +), maxScore: 20,
                         lessons: lessons, notes: [], failure: nil, submissionSHA256: "s")
        }
        let students = [
            grade("<b>amy</b>", [lesson("01-a", 10), lesson("02-b", 10)]),
            grade("bob", [lesson("01-a", 10), lesson("02-b", 4)]),
            grade("cy", [lesson("01-a", 0, compiles: false), lesson("02-b", 0)]),
        ]
        let html = GradeReports.reportHTML(ClassGrade(info: Self.info, students: students))
        let svgs = html.components(separatedBy: "<svg").dropFirst().map { $0.components(separatedBy: "</svg>")[0] }
        #expect(svgs.count == 2)
        #expect(svgs[0].contains("90–100%: 1 student<") && svgs[0].contains("70–79%: 1 student<") && svgs[0].contains("0–9%: 1 student<"), "bins of 100%, 70% and 0%")
        #expect(svgs[1].contains("01-a: 2 ✔ passed") && svgs[1].contains("01-a: 1 ✘ does not compile") && svgs[1].contains("02-b: 1 ◐ partial"))
        #expect(!svgs.joined().contains("amy") && !svgs.joined().contains("bob"), "only counts and lesson ids in the pictures")
        #expect(!html.contains("<script"), "no script anywhere")
    }
}

import Foundation

/// Turns a `ClassGrade` into the files other systems read. Pure: text in, text out,
/// deterministic (sorted students, tests in file order, sorted JSON keys).
public enum GradeReports {
    // MARK: results.json (Exercism v3 / Gradescope superset)

    struct ResultsFile: Encodable {
        var version = 3
        var student: String
        var status: Status
        var message: String
        var score: Double
        var maxScore: Double
        var tests: [ResultsTest]
        var lessons: [ResultsLesson]
        var notes: [IntakeNote]
        var toolchain: String
        var suiteSha256: String
        var submissionSha256: String
        var graderVersion: String
        var isolation: IsolationLevel
        var isolationDetail: String
    }

    struct ResultsTest: Encodable {
        var name: String
        var lesson: String
        var status: Status
        var errorKind: String?
        var message: String
        var output: String
        var score: Double
        var maxScore: Double
        var durationMs: Int
        var visibility: String
        var file: String?
        var line: Int?
        var kind: String?
    }

    struct ResultsLesson: Encodable {
        var lesson: String
        /// pass, fail, error, or rejected, suspicious, grading_error.
        var status: String
        var grading: String
        var message: String
        var evidence: [String]
        var score: Double
        var maxScore: Double
    }

    /// The tests as a student may see them: visible tests one by one, and each lesson's hidden tests as one count,
    /// where the first of them was. Which hidden test passed would be a bit per test the code under test can choose
    /// (a hidden test's name can be read while it runs); how many passed is all that leaves.
    public static func studentTests(_ tests: [GradedTest]) -> [GradedTest] {
        var result: [GradedTest] = []
        var summarized: Set<String> = []
        for test in tests {
            guard test.hidden else { result.append(test); continue }
            guard summarized.insert(test.lesson).inserted else { continue }
            let hidden = tests.filter { $0.hidden && $0.lesson == test.lesson }
            let passed = hidden.filter { $0.status == .pass }.count
            let status: Status = passed == hidden.count ? .pass : hidden.contains { $0.status == .fail } ? .fail : .error
            // What all of them share (the lesson did not compile) says nothing of any one of them.
            let kinds = Set(hidden.map { $0.errorKind ?? "" })
            let shared = status == .error && kinds.count == 1 ? kinds.first.flatMap { $0.isEmpty ? nil : $0 } : nil
            let message = passed == hidden.count ? "" : "\(passed) of \(hidden.count) hidden tests passed" + (shared.map { " (\($0))" } ?? " (which ones, and why the others did not, stay with the instructor)")
            result.append(GradedTest(
                name: "hidden tests of \(test.lesson): \(passed) of \(hidden.count) passed", function: "", lesson: test.lesson,
                status: status, errorKind: shared, message: message, output: "",
                score: hidden.reduce(0) { $0 + $1.score }, maxScore: hidden.reduce(0) { $0 + $1.maxScore },
                durationMs: 0, hidden: true, file: nil, line: nil))
        }
        return result
    }

    /// A student's `results.json`: the student may read it, so hidden tests show only how many passed.
    public static func resultsJSON(_ grade: StudentGrade, info: GradeRunInfo) -> String {
        let tests = studentTests(grade.tests).map { test -> ResultsTest in
            guard test.hidden else {
                return ResultsTest(name: test.name, lesson: test.lesson, status: test.status, errorKind: test.errorKind,
                                   message: said(test.message, everyLine: test.status == .fail), output: said(test.output, everyLine: true), score: PointsAllocator.round2(test.score),
                                   maxScore: PointsAllocator.round2(test.maxScore),
                                   durationMs: test.durationMs, visibility: "visible", file: test.file, line: test.line, kind: test.kind)
            }
            return ResultsTest(name: test.name, lesson: test.lesson, status: test.status,
                               errorKind: test.errorKind, message: test.message, output: "", score: PointsAllocator.round2(test.score),
                               maxScore: PointsAllocator.round2(test.maxScore),
                               durationMs: 0, visibility: "hidden", file: nil, line: nil, kind: nil)
        }
        let file = ResultsFile(
            student: grade.student, status: grade.status, message: grade.message, score: grade.score, maxScore: grade.maxScore,
            tests: tests,
            lessons: grade.lessons.map {
                ResultsLesson(lesson: $0.lesson, status: $0.shownStatus, grading: $0.grading.rawValue, message: said($0.message),
                              evidence: $0.evidence, score: $0.score, maxScore: $0.maxScore)
            },
            notes: grade.notes, toolchain: info.toolchain, suiteSha256: info.suiteSHA256, submissionSha256: grade.submissionSHA256,
            graderVersion: info.graderVersion, isolation: info.isolation, isolationDetail: info.isolationDetail)
        return encode(file)
    }

    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        // C1 controls and every character not shown as itself (`Shown.isHidden`) are valid in JSON strings but act on
        // a terminal or a reader's eye: written as `\u` escapes (a surrogate pair beyond U+FFFF), which every JSON
        // reader turns back into the same text.
        var text = ""
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            let value = scalar.value
            if (0x7F...0x9F).contains(value) || value > 0x7F && Shown.isHidden(scalar) {
                for unit in String(scalar).utf16 { text += String(format: "\\u%04X", unit) }
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text + "\n"
    }

    // MARK: Gradescope

    struct GradescopeFile: Encodable {
        var score: Double
        var output: String
        var visibility = "visible"
        var stdoutVisibility = "hidden"
        var tests: [GradescopeTest]
    }

    struct GradescopeTest: Encodable {
        var name: String
        var number: String
        var score: Double
        var maxScore: Double
        var status: String
        var output: String
        var visibility: String
    }

    /// Gradescope's `results.json` for one student.
    public static func gradescopeJSON(_ grade: StudentGrade, info: GradeRunInfo) -> String {
        let tests = studentTests(grade.tests).enumerated().map { index, test -> GradescopeTest in
            let name = test.hidden ? "\(test.lesson) · hidden tests" : "\(test.lesson) · \(test.name)"
            var output = [said(test.message, everyLine: test.status == .fail), said(test.output, everyLine: true)].filter { !$0.isEmpty }.joined(separator: "\n\n")
            if test.hidden { output = test.message }
            return GradescopeTest(name: name, number: "\(index + 1)", score: PointsAllocator.round2(test.score),
                                  maxScore: PointsAllocator.round2(test.maxScore),
                                  status: test.status == .pass ? "passed" : "failed", output: output,
                                  visibility: test.hidden ? "after_published" : "visible")
        }
        var lines = [ReportText.oneLine(grade.message)]
        for lesson in grade.lessons where lesson.grading != .ok {
            lines.append("\(lesson.lesson): \(lesson.grading.word): \(lesson.evidence.prefix(3).map(ReportText.oneLine).joined(separator: "; "))")
        }
        for note in grade.notes { lines.append("note: \(ReportText.oneLine(note.path)): \(ReportText.oneLine(note.problem))") }
        lines.append("isolation: \(info.isolation.rawValue) (\(info.isolationDetail))")
        return encode(GradescopeFile(score: grade.score, output: lines.joined(separator: "\n"), tests: tests))
    }

    // MARK: CSV (RFC 4180)

    public static func gradesCSV(_ grades: ClassGrade) -> String {
        var rows = [["student"] + grades.info.lessons + ["total", "max_total", "percent", "grading_status"]]
        for student in grades.students {
            var row = [Shown.name(student.student)]
            for lesson in grades.info.lessons {
                row.append(student.lessons.first { $0.lesson == lesson }.map { $0.score.scoreText } ?? "0")
            }
            let percent = student.maxScore > 0 ? student.score / student.maxScore * 100 : 0
            row += [student.score.scoreText, student.maxScore.scoreText, percent.scoreText, student.gradingStatus]
            rows.append(row)
        }
        return csv(rows)
    }

    /// One row per student, lesson and entry (test or rule) of the course, the same rows for every
    /// student (a lesson not started, not compiled or not graded included), in the course's order.
    /// The scores are rounded so that a lesson's rows add up to its score in `grades.csv`, and a
    /// student's rows to the total there (the cents rounding leaves over go where it cut most).
    public static func gradesLongCSV(_ grades: ClassGrade) -> String {
        var rows = [["student", "lesson", "test", "status", "score", "max_score", "lesson_status", "message"]]
        // The course's entries: every (lesson, entry) any student's grade names, in order of first sight.
        var entries: [String: [(name: String, maxScore: Double)]] = [:]
        for lesson in grades.info.lessons {
            var seen: Set<String> = []
            var list: [(name: String, maxScore: Double)] = []
            for student in grades.students {
                for test in student.lessons.first(where: { $0.lesson == lesson })?.tests ?? [] where seen.insert(test.name).inserted {
                    list.append((test.name, test.maxScore))
                }
            }
            entries[lesson] = list
        }
        for student in grades.students {
            for lessonID in grades.info.lessons {
                let course = entries[lessonID] ?? []
                let graded = student.lessons.first { $0.lesson == lessonID }
                let why: String
                let lessonStatus: String
                if let failure = student.failure {
                    why = failure
                    lessonStatus = "error"
                } else if let graded {
                    why = graded.grading == .ok ? "" : "\(graded.grading.word): \(graded.evidence.prefix(3).map(ReportText.oneLine).joined(separator: "; "))"
                    lessonStatus = graded.shownStatus
                } else {
                    why = "not graded"
                    lessonStatus = "error"
                }
                let tests = course.map { entry in graded?.tests.first { $0.name == entry.name } }
                let scores = centsAdding(tests.map { $0?.score ?? 0 }, to: graded?.score ?? 0)
                let maxima = centsAdding(zip(course, tests).map { $1?.maxScore ?? $0.maxScore },
                                         to: graded?.maxScore ?? course.map(\.maxScore).reduce(0, +))
                for (index, entry) in course.enumerated() {
                    let test = tests[index]
                    let status = test?.status.rawValue ?? "error"
                    rows.append([Shown.name(student.student), lessonID, entry.name, status, scores[index].scoreText, maxima[index].scoreText,
                                 lessonStatus, test == nil && why.isEmpty ? "not graded" : why])
                }
            }
        }
        return csv(rows)
    }

    /// Rounds each value to cents so that they add up to `total` rounded to cents: each is cut
    /// down to its cents, and the cents left over go to the values cut most (largest remainder).
    static func centsAdding(_ values: [Double], to total: Double) -> [Double] {
        guard !values.isEmpty else { return [] }
        let exact = values.map { $0 * 100 }
        var cents = exact.map { ($0 + 1e-6).rounded(.down) }
        let target = (total * 100).rounded()
        var left = Int(target - cents.reduce(0, +))
        let byRemainder = exact.indices.sorted { (exact[$0] - cents[$0], $1) > (exact[$1] - cents[$1], $0) }
        var index = 0
        while left > 0 {
            cents[byRemainder[index % byRemainder.count]] += 1
            left -= 1
            index += 1
        }
        for position in byRemainder.reversed() where left < 0 && cents[position] > 0 {
            cents[position] -= 1
            left += 1
        }
        return cents.map { $0 / 100 }
    }

    static func csv(_ rows: [[String]]) -> String {
        rows.map { $0.map(csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    /// Quotes per RFC 4180; a text that a spreadsheet would run as a formula (it starts, after any
    /// invisible mark, with `=`, `+`, `-`, `@`, a TAB, or their full-width forms) gets a leading `'`. Plain
    /// numbers stay numbers (`-3.5`, never `-nan(...)`). Line ends inside a field are written as `\n`:
    /// an importer that splits lines first must not see a row a student's text made.
    static func csvField(_ value: String) -> String {
        // Control characters (a terminal's escape codes, line ends, a tab a tab-splitting import would cut the field at)
        // and bidirectional overrides are written out, not kept.
        var text = Shown.escaped(value)
        let visible = text.unicodeScalars.first { !["\u{FEFF}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}"].contains($0) }
        if let first = visible, "=+@\t＝＋＠－".unicodeScalars.contains(first) || (first == "-" && !isPlainNumber(text)) {
            text = "'" + text
        }
        // A `;` is quoted too: a spreadsheet set to that separator (the usual one where `,` is the decimal mark) must
        // not split a name into cells.
        guard text.contains(where: { $0 == "," || $0 == ";" || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `12`, `-3.5`: digits with an optional sign and decimals, nothing a parser would stretch (`-nan(x)`, `-inf`, `1e5`).
    static func isPlainNumber(_ text: String) -> Bool {
        text.range(of: #"^-?[0-9]+(\.[0-9]+)?$"#, options: .regularExpression) != nil
    }

    // MARK: JUnit XML

    public static func junitXML(_ grades: ClassGrade) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        let all = grades.students.flatMap(\.tests)
        let intakeErrors = grades.students.filter { $0.failure != nil }.count + grades.students.flatMap(\.lessons).filter { $0.grading != .ok }.count
        // A lesson the student never started is skipped, not an error: its tests did not run because there was nothing to run.
        func notStarted(_ test: GradedTest) -> Bool { test.status == .error && test.errorKind == "missing" }
        let skippedAll = all.filter(notStarted).count
        lines.append("<testsuites name=\"kata grade\" tests=\"\(all.count + intakeErrors)\" failures=\"\(all.filter { $0.status == .fail }.count)\" errors=\"\(all.filter { $0.status == .error }.count - skippedAll + intakeErrors)\" skipped=\"\(skippedAll)\">")
        for student in grades.students {
            let tests = student.tests
            let flagged = student.lessons.filter { $0.grading != .ok }.count
            let skipped = tests.filter(notStarted).count
            let errors = tests.filter { $0.status == .error }.count - skipped + (student.failure == nil ? 0 : 1) + flagged
            let time = tests.map { Double($0.durationMs) }.reduce(0, +) / 1000
            lines.append("  <testsuite name=\"\(xmlAttribute(Shown.name(student.student)))\" tests=\"\(tests.count + (student.failure == nil ? 0 : 1) + flagged)\" failures=\"\(tests.filter { $0.status == .fail }.count)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(String(format: "%.3f", time))\">")
            if let failure = student.failure {
                lines.append("    <testcase classname=\"\(xmlAttribute(Shown.name(student.student))).submission\" name=\"submission\" time=\"0.000\">")
                lines.append("      <error message=\"\(xmlAttribute(failure))\" type=\"submission\"></error>")
                lines.append("    </testcase>")
            }
            var used: Set<String> = []
            for lesson in student.lessons where lesson.grading != .ok {
                let classname = "\(Shown.name(student.student)).\(lesson.lesson)"
                used.insert("\(classname)\u{0}lesson status")
                lines.append("    <testcase classname=\"\(xmlAttribute(classname))\" name=\"lesson status\" time=\"0.000\">")
                lines.append("      <error message=\"\(xmlAttribute("\(lesson.grading.word): \(lesson.evidence.first ?? lesson.message)"))\" type=\"\(lesson.grading.rawValue)\">\(cdata(lesson.evidence.joined(separator: "\n")))</error>")
                lines.append("    </testcase>")
            }
            for test in tests {
                let classname = "\(Shown.name(student.student)).\(test.lesson)"
                var name = test.name
                var counter = 2
                while !used.insert("\(classname)\u{0}\(name)").inserted {
                    name = "\(test.name) (\(counter))"
                    counter += 1
                }
                let time = String(format: "%.3f", Double(test.durationMs) / 1000)
                let open = "    <testcase classname=\"\(xmlAttribute(classname))\" name=\"\(xmlAttribute(name))\" time=\"\(time)\""
                let place = test.file.map { " file=\"\(xmlAttribute($0))\"" + (test.line.map { " line=\"\($0)\"" } ?? "") } ?? ""
                switch test.status {
                case .pass:
                    lines.append(open + place + "/>")
                case .error where notStarted(test):
                    lines.append(open + place + ">")
                    lines.append("      <skipped message=\"\(xmlAttribute("not started: " + ReportText.headline(test.message)))\"/>")
                    lines.append("    </testcase>")
                case .fail, .error:
                    let tag = test.status == .fail ? "failure" : "error"
                    let type = test.status == .fail ? "expectation" : (test.errorKind ?? "error")
                    // A failure's message is the test program's writing (an expectation quotes the values the code returned):
                    // quoted on every line, the summary attribute too, so no line of it passes for the grader's own.
                    let quoted = test.status == .fail
                    let firstLine = test.message.isEmpty ? test.status.rawValue : (quoted ? "│ " : "") + ReportText.headline(test.message)
                    var body = said(test.message, everyLine: quoted)
                    if let file = test.file, let line = test.line { body += "\nat \(file):\(line)" }
                    lines.append(open + place + ">")
                    lines.append("      <\(tag) message=\"\(xmlAttribute(firstLine))\" type=\"\(xmlAttribute(type))\">\(cdata(body))</\(tag)>")
                    if !test.output.isEmpty { lines.append("      <system-out>\(cdata(said(test.output, everyLine: true)))</system-out>") }
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Removes what XML 1.0 cannot hold (NUL and other control characters) and terminal color codes.
    static func xmlSafe(_ text: String) -> String {
        var cleaned = text.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[ -/]*[@-~]", with: "", options: .regularExpression)
        cleaned.unicodeScalars.removeAll { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0xFFFE || value == 0xFFFF
                || (value >= 0x7F && value <= 0x84) || (value >= 0x86 && value <= 0x9F)
        }
        // Direction overrides would make a reader see text in another order than it is: shown as escapes. A carriage
        // return or a next-line (U+0085) would let a line drawn on a terminal write over another: shown as escapes too.
        return Shown.escaped(cleaned, keeping: Set((0...0x9F).map(UInt32.init)).subtracting([0x0D, 0x85]))
    }

    static func xmlAttribute(_ text: String) -> String {
        xmlSafe(text)
            .replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
            .replacingOccurrences(of: "\n", with: "&#10;")
            .replacingOccurrences(of: "\r", with: "&#13;")
            .replacingOccurrences(of: "\t", with: "&#9;")
    }

    static func cdata(_ text: String) -> String {
        "<![CDATA[" + xmlSafe(text).replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>") + "]]>"
    }

    // MARK: HTML

    /// A lesson that was never handed in: every entry is "missing".
    static func notStarted(_ lesson: GradedLesson) -> Bool {
        !lesson.tests.isEmpty && lesson.tests.allSatisfy { $0.errorKind == "missing" }
    }

    /// How a lesson stands, in a word as well as a colour: not started, does not compile, failed, partial, passed.
    static func standing(_ lesson: GradedLesson) -> (css: String, word: String) {
        if lesson.grading != .ok { return ("flag", "⚑ " + lesson.grading.word) }
        if notStarted(lesson) { return ("error", "– not started") }
        if lesson.tests.contains(where: { $0.errorKind == "does not compile" }) { return ("fail", "✘ does not compile") }
        if lesson.score >= lesson.maxScore && lesson.maxScore > 0 { return ("pass", "✔ passed") }
        if lesson.score > 0 { return ("partial", "◐ partial") }
        return (lesson.status == .error ? "error" : "fail", "✘ failed")
    }

    /// The class in two pictures, drawn as inline SVG (no script, no file from anywhere): how the totals
    /// spread (students per tenth of the maximum), and per lesson how many students stand where (passed,
    /// partial, failed, does not compile, not started, flagged). Every bar carries its number as text too.
    static func classCharts(_ grades: ClassGrade) -> String {
        let graded = grades.students.filter { $0.failure == nil }
        guard !graded.isEmpty else { return "" }
        var out = "<h2>The class in two pictures</h2><div class=\"charts\">"
        // Totals: ten bins, the last one holding 100%.
        var bins = Array(repeating: 0, count: 10)
        for student in graded {
            let percent = student.maxScore > 0 ? student.score / student.maxScore * 100 : 0
            bins[min(9, max(0, Int(percent / 10)))] += 1
        }
        let tallest = max(1, bins.max() ?? 1)
        let barWidth = 34, height = 120, top = 16, bottom = 34
        var svg = "<svg role=\"img\" aria-labelledby=\"dist-title\" width=\"\(10 * barWidth + 20)\" height=\"\(height + top + bottom)\" viewBox=\"0 0 \(10 * barWidth + 20) \(height + top + bottom)\" xmlns=\"http://www.w3.org/2000/svg\">"
        svg += "<title id=\"dist-title\">Students per tenth of the total score</title>"
        for (index, count) in bins.enumerated() {
            let barHeight = count * height / tallest
            let x = 10 + index * barWidth
            let label = index == 9 ? "90–100%" : "\(index * 10)–\(index * 10 + 9)%"
            svg += "<g><title>\(label): \(count) student\(count == 1 ? "" : "s")</title>"
            svg += "<rect x=\"\(x + 3)\" y=\"\(top + height - barHeight)\" width=\"\(barWidth - 6)\" height=\"\(barHeight)\" fill=\"#4a7fc1\"/>"
            svg += "<text x=\"\(x + barWidth / 2)\" y=\"\(top + height - barHeight - 3)\" font-size=\"11\" text-anchor=\"middle\">\(count)</text>"
            svg += "<text x=\"\(x + barWidth / 2)\" y=\"\(top + height + 14)\" font-size=\"10\" text-anchor=\"middle\">\(index * 10)</text></g>"
        }
        svg += "<text x=\"\(10 + 5 * barWidth)\" y=\"\(top + height + 30)\" font-size=\"11\" text-anchor=\"middle\">total score, % of the maximum</text></svg>"
        out += "<figure>\(svg)<figcaption>Totals: students per tenth of the maximum score.</figcaption></figure>"

        // Lessons: one stacked bar each, in the order of the course.
        let kinds: [(css: String, word: String, color: String)] = [
            ("pass", "✔ passed", "#5cb85c"), ("partial", "◐ partial", "#f0c419"), ("fail-run", "✘ failed", "#d9534f"),
            ("fail-compile", "✘ does not compile", "#8b1a1a"), ("error", "– not started", "#bbbbbb"), ("flag", "⚑ flagged", "#c05cc0"),
        ]
        let lessons = grades.info.lessons
        let rowHeight = 22, labelWidth = 220, barLength = 360
        var chart = "<svg role=\"img\" aria-labelledby=\"lessons-title\" width=\"\(labelWidth + barLength + 20)\" height=\"\(lessons.count * rowHeight + 40)\" viewBox=\"0 0 \(labelWidth + barLength + 20) \(lessons.count * rowHeight + 40)\" xmlns=\"http://www.w3.org/2000/svg\">"
        chart += "<title id=\"lessons-title\">Where the students stand in each lesson</title>"
        for (row, id) in lessons.enumerated() {
            var counts = Array(repeating: 0, count: kinds.count)
            for student in graded {
                guard let lesson = student.lessons.first(where: { $0.lesson == id }) else { continue }
                let (css, word) = standing(lesson)
                let key = css == "fail" ? (word.contains("compile") ? "fail-compile" : "fail-run") : css
                if let index = kinds.firstIndex(where: { $0.css == key }) { counts[index] += 1 }
            }
            let total = max(1, counts.reduce(0, +))
            let y = 8 + row * rowHeight
            chart += "<text x=\"0\" y=\"\(y + 15)\" font-size=\"12\">\(html(id))</text>"
            var x = labelWidth
            for (index, count) in counts.enumerated() where count > 0 {
                let length = max(1, count * barLength / total)
                chart += "<g><title>\(html(id)): \(count) \(kinds[index].word)</title><rect x=\"\(x)\" y=\"\(y)\" width=\"\(length)\" height=\"\(rowHeight - 4)\" fill=\"\(kinds[index].color)\"/>"
                if length >= 18 { chart += "<text x=\"\(x + length / 2)\" y=\"\(y + 14)\" font-size=\"11\" text-anchor=\"middle\" fill=\"#fff\">\(count)</text>" }
                chart += "</g>"
                x += length
            }
        }
        var legendX = 0
        let legendY = lessons.count * rowHeight + 24
        for kind in kinds {
            chart += "<rect x=\"\(legendX)\" y=\"\(legendY - 10)\" width=\"10\" height=\"10\" fill=\"\(kind.color)\"/><text x=\"\(legendX + 14)\" y=\"\(legendY)\" font-size=\"11\">\(html(kind.word))</text>"
            legendX += 20 + kind.word.count * 7
        }
        chart += "</svg>"
        out += "<figure>\(chart)<figcaption>Lessons: how many students passed, partly passed, failed, do not compile, did not start, or were flagged for review.</figcaption></figure></div>"
        return out
    }

    /// What a test program said (a failure message, a test's output), as the reports quote it. The code under test
    /// may have written any of it (a failing expectation shows the values the code returned), so it may not look
    /// like the grader's own words: every line after the first (every line of a test's output, which the code
    /// printed whole) starts with `│ `, the quote's margin, so a line the code wrote ("✔ graded: 10/10") can never
    /// stand at the margin of a report; and it is cut at `saidLimit` characters, with how much was left out.
    static func said(_ text: String, everyLine: Bool = false) -> String {
        guard !text.isEmpty else { return text }
        var kept = text
        var cut = ""
        if text.count > saidLimit {
            kept = String(text.prefix(saidLimit))
            cut = "\n… (\(text.count - saidLimit) more characters not shown)"
        }
        let lines = ReportText.lines(kept)
        return lines.enumerated().map { $0.offset == 0 && !everyLine ? String($0.element) : "│ " + $0.element }.joined(separator: "\n") + cut
    }

    static let saidLimit = 4000
    static let saidTitle = "said by the test program: the code under test may have written part of it"

    /// Control characters and direction overrides a student may have written are shown as escapes, never kept raw.
    static func html(_ text: String) -> String {
        Shown.escaped(text, keeping: [0x09, 0x0A]).replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    /// One id per name, never the same for two: ASCII letters and digits stay, every other character is `_<hex>_`
    /// (ended, so `j.smith` and `j` + U+0002 + `Esmith` stay apart).
    static func anchor(_ student: String) -> String {
        "student-" + student.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? String($0) : String(format: "_%X_", $0.value) }.joined()
    }

    /// The class at a glance, the pass rate of every test, and a section per student.
    public static func reportHTML(_ grades: ClassGrade) -> String {
        let info = grades.info
        var out: [String] = []
        out.append("""
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>kata grade: class report</title>
            <style>
            body{font-family:system-ui,sans-serif;margin:2em;color:#222}
            table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left}
            .pass{background:#c8f0c8}.partial{background:#fff2b3}.fail{background:#f8c8c8}.error{background:#ddd;color:#555}
            .num{text-align:right;white-space:nowrap}pre{background:#f6f6f6;padding:.5em;white-space:pre-wrap;max-width:60em}
            pre.said{border-left:4px solid #bbb}.flag{background:#f0b0f0}.meta{color:#666;font-size:.9em}section{border-top:2px solid #ccc;margin-top:2em}
            .charts{display:flex;flex-wrap:wrap;gap:2em}figure{margin:0}figcaption{color:#666;font-size:.9em}
            </style></head><body>
            <h1>Class report</h1>
            <p class="meta">grader \(html(info.graderVersion)) · \(html(info.toolchain)) · suite \(html(String(info.suiteSHA256.prefix(12)))) · isolation: \(html(info.isolation.rawValue)) (\(html(info.isolationDetail)))</p>
            """)
        for warning in info.warnings { out.append("<p class=\"error\">\(html(warning))</p>") }
        // Total and status first: they stay in view however many lessons the course has.
        out.append("<h2>At a glance</h2><table><tr><th>student</th><th>total</th><th>%</th><th>status</th>" + info.lessons.map { "<th>\(html($0))</th>" }.joined() + "</tr>")
        for student in grades.students {
            let percent = student.maxScore > 0 ? student.score / student.maxScore * 100 : 0
            var row = "<tr><td><a href=\"#\(anchor(student.student))\">\(html(Shown.name(student.student)))</a></td>"
            row += "<td class=\"num\">\(student.score.scoreText) / \(student.maxScore.scoreText)</td><td class=\"num\">\(percent.scoreText)</td><td>\(html(student.gradingStatus))</td>"
            for id in info.lessons {
                if let lesson = student.lessons.first(where: { $0.lesson == id }) {
                    let (css, word) = Self.standing(lesson)
                    row += "<td class=\"\(css) num\" title=\"\(html(ReportText.headline(lesson.message)))\">\(word) · \(lesson.score.scoreText) / \(lesson.maxScore.scoreText)</td>"
                } else {
                    row += "<td class=\"error\">not graded</td>"
                }
            }
            out.append(row + "</tr>")
        }
        out.append("</table>")
        out.append(classCharts(grades))

        // The hardest tests first, counted among the students who handed the lesson in.
        out.append("<h2>Pass rate per test, hardest first</h2><p class=\"meta\">Among the students who handed the lesson in (lessons not started are not counted).</p><table><tr><th>lesson</th><th>test or rule</th><th>passed</th><th>rate</th></tr>")
        var order: [String] = []
        var counts: [String: (lesson: String, name: String, hidden: Bool, passed: Int, total: Int)] = [:]
        for student in grades.students where student.failure == nil {
            for lesson in student.lessons where !Self.notStarted(lesson) {
                for test in lesson.tests {
                    let key = "\(test.lesson)\u{0}\(test.name)"
                    if counts[key] == nil { order.append(key); counts[key] = (test.lesson, test.name, test.hidden, 0, 0) }
                    counts[key]!.total += 1
                    if test.status == .pass { counts[key]!.passed += 1 }
                }
            }
        }
        func rate(_ key: String) -> Double { counts[key]!.total > 0 ? Double(counts[key]!.passed) / Double(counts[key]!.total) * 100 : 0 }
        for key in order.sorted(by: { (rate($0), counts[$0]!.lesson, order.firstIndex(of: $0)!) < (rate($1), counts[$1]!.lesson, order.firstIndex(of: $1)!) }) {
            let count = counts[key]!
            let value = rate(key)
            let css = value >= 80 ? "pass" : value >= 40 ? "partial" : "fail"
            out.append("<tr><td>\(html(count.lesson))</td><td>\(html(count.name))\(count.hidden ? " <em>(hidden)</em>" : "")</td><td class=\"num\">\(count.passed) / \(count.total)</td><td class=\"\(css) num\">\(value.scoreText)%</td></tr>")
        }
        out.append("</table>")

        for student in grades.students {
            out.append("<section id=\"\(anchor(student.student))\"><h2>\(html(Shown.name(student.student)))</h2>")
            out.append("<p><strong>\(html(student.status.rawValue))</strong>: \(html(ReportText.oneLine(student.message)))</p>")
            if !student.notes.isEmpty {
                out.append("<h3>About the submission</h3><ul>" + student.notes.map { "<li><code>\(html(ReportText.oneLine($0.path)))</code>: \(html(ReportText.oneLine($0.problem)))</li>" }.joined() + "</ul>")
            }
            for lesson in student.lessons {
                let failing = lesson.tests.filter { $0.status != .pass }
                out.append("<h3>\(html(lesson.lesson)): \(lesson.score.scoreText) / \(lesson.maxScore.scoreText)\(lesson.grading == .ok ? "" : " · <span class=\"flag\">\(html(lesson.grading.word))</span>")</h3>")
                if !lesson.evidence.isEmpty {
                    out.append("<ul class=\"flag\">" + lesson.evidence.map { "<li>\(html(ReportText.oneLine($0)))</li>" }.joined() + "</ul>")
                }
                if !lesson.message.isEmpty && lesson.status == .error {
                    // The grader's words, then what the compiler or the program said, in the quote's marked block.
                    out.append("<p>\(html(ReportText.headline(lesson.message)))</p>")
                    let quote = ReportText.lines(lesson.message).dropFirst().joined(separator: "\n")
                    if !quote.isEmpty { out.append("<pre class=\"said\" title=\"\(saidTitle)\">\(html(said(quote, everyLine: true)))</pre>") }
                    continue
                }
                if failing.isEmpty { out.append("<p class=\"pass\">every test passes</p>"); continue }
                out.append("<ul>")
                for test in failing {
                    var item = "<li><strong>\(html(test.name))</strong>\(test.hidden ? " <em>(hidden)</em>" : "") · \(html(test.status.rawValue))\(test.errorKind.map { " (\(html($0)))" } ?? "")"
                    if let file = test.file, let line = test.line { item += " · <code>\(html(file)):\(line)</code>" }
                    if !test.message.isEmpty { item += "<pre class=\"said\" title=\"\(saidTitle)\">\(html(said(test.message, everyLine: test.status == .fail)))</pre>" }
                    if !test.output.isEmpty { item += "<details><summary>output</summary><pre class=\"said\" title=\"\(saidTitle)\">\(html(said(test.output, everyLine: true)))</pre></details>" }
                    out.append(item + "</li>")
                }
                out.append("</ul>")
            }
            out.append("</section>")
        }
        out.append("</body></html>")
        return out.joined(separator: "\n") + "\n"
    }
}

import Foundation
import Testing
@testable import KataCore

/// `report.html` as an instructor meets it: opened by a real browser (Debian's headless Chromium, which
/// `.ci/run` installs), not only read as text. A probe script added to a copy of the page reports what the
/// browser built and laid out.
@Suite("report.html in a real browser")
struct ReportBrowserTests {
    static let browser: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static func browse(_ arguments: [String], in folder: String) -> ProcessResult {
        // Headless, as root in a container: Chromium's own sandbox needs user namespaces it may not have.
        PosixProcessRunner(groups: ProcessGroupRegistry()).run(ProcessRequest(
            executable: browser!, arguments: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                              "--user-data-dir=\(folder)/profile"] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder, "TMPDIR": folder],
            timeout: 120, outputLimit: 16 * 1024 * 1024))
    }

    static func lesson(_ id: String, _ status: Status, score: Double) -> GradedLesson {
        let test = GradedTest(name: "t", function: "t()", lesson: id, status: status, errorKind: status == .error ? "does not compile" : nil,
                              message: "", output: "", score: score, maxScore: 10, durationMs: 1, hidden: false)
        return GradedLesson(lesson: id, status: status, message: "", score: score, maxScore: 10, tests: [test])
    }

    @Test("a class with hostile names renders as a table of one row per student, runs no student script, and keeps total and status in view at 1400 px",
          .enabled(if: browser != nil, "no Chromium on this machine (.ci/run installs Debian's chromium package)"))
    func opensInABrowser() throws {
        let lessons = (1...13).map { String(format: "%02d-lesson-with-a-long-name", $0) }
        let info = GradeRunInfo(toolchain: "Swift 6.3.1", suiteSHA256: "abc", graderVersion: "kata", isolation: .full,
                                isolationDetail: "namespaces", lessons: lessons, warnings: [])
        let names = ["amy", "<script>document.title='pwned'</script>", "</td></tr><tr><td>forged", "bob\"><img src=x onerror=alert(1)>",
                     "eve\u{202E}kcah\u{1B}[32m"]
        let students = names.enumerated().map { index, name in
            let graded = lessons.map { Self.lesson($0, index % 2 == 0 ? .pass : .fail, score: index % 2 == 0 ? 10 : 3) }
            return StudentGrade(student: name, status: .fail, message: name, score: graded.map(\.score).reduce(0, +),
                                maxScore: 130, lessons: graded, notes: [], failure: nil, submissionSHA256: "s")
        }
        let html = GradeReports.reportHTML(ClassGrade(info: info, students: students))
        let folder = NSTemporaryDirectory() + "kata-browser-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let probe = """
            <script>
            const table = document.querySelector('table');
            const headers = [...table.querySelectorAll('th')];
            const status = headers.find(h => h.textContent === 'status');
            document.title = JSON.stringify({
              scripts: document.scripts.length, images: document.images.length,
              rows: table.querySelectorAll('tr').length,
              firstCells: [...table.querySelectorAll('tr')].slice(1).map(r => r.cells[0].textContent),
              statusRight: status ? status.getBoundingClientRect().right : -1, width: window.innerWidth,
              charts: [...document.querySelectorAll('svg')].map(svg => ({
                bars: svg.querySelectorAll('g > rect').length,
                right: svg.getBoundingClientRect().right, height: svg.getBoundingClientRect().height
              }))
            });
            </script>
            """
        try html.replacingOccurrences(of: "</body>", with: probe + "</body>").write(toFile: "\(folder)/probe.html", atomically: true, encoding: .utf8)
        try html.write(toFile: "\(folder)/report.html", atomically: true, encoding: .utf8)

        let dom = Self.browse(["--window-size=1400,900", "--dump-dom", "file://\(folder)/probe.html"], in: folder)
        #expect(dom.termination.succeeded, "Chromium could not open the report: \(dom.output.suffix(500))")
        let title = try #require(dom.output.range(of: #"<title>[^<]*</title>"#, options: .regularExpression).map { String(dom.output[$0]) })
        let json = title.dropFirst("<title>".count).dropLast("</title>".count)
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "the probe did not run: \(title)")
        #expect(seen["scripts"] as? Int == 1, "only the probe's own script may exist: a student's name became a script element (\(seen))")
        #expect(seen["images"] as? Int == 0, "a student's name became an image element (\(seen))")
        #expect(seen["rows"] as? Int == names.count + 1, "one row per student and a header: a name broke out of its cell (\(seen))")
        let firstCells = seen["firstCells"] as? [String] ?? []
        #expect(firstCells.count == names.count && firstCells.prefix(4).elementsEqual(names.prefix(4)),
                "each student's name is shown as text in the first cell of its own row: \(firstCells)")
        let right = seen["statusRight"] as? Double ?? -1, width = seen["width"] as? Double ?? 0
        #expect(right > 0 && right <= width, "the status column ends at \(right) px in a \(width) px window: total and status must be in view")

        // The two pictures: ten bars for the totals, and per lesson one bar for each standing that occurs (here
        // passed and failed), laid out inside the window.
        let charts = seen["charts"] as? [[String: Any]] ?? []
        #expect(charts.count == 2, "two inline SVG charts: \(charts)")
        #expect(charts.first?["bars"] as? Int == 10, "ten bins of totals: \(charts)")
        #expect(charts.last?["bars"] as? Int == lessons.count * 2, "one bar per lesson and standing: \(charts)")
        #expect(charts.allSatisfy { ($0["right"] as? Double ?? .infinity) <= width && ($0["height"] as? Double ?? 0) > 50 }, "the charts are drawn inside the window: \(charts)")

        let shot = Self.browse(["--window-size=1400,900", "--screenshot=\(folder)/report.png", "file://\(folder)/report.html"], in: folder)
        let png = FileManager.default.contents(atPath: "\(folder)/report.png") ?? Data()
        #expect(shot.termination.succeeded && png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000,
                "Chromium should take a screenshot of the report (\(png.count) bytes): \(shot.output.suffix(300))")
        if let keep = ProcessInfo.processInfo.environment["KATA_REPORT_SCREENSHOT"] { try? png.write(to: URL(fileURLWithPath: keep)) }
    }
}

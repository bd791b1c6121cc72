import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import KataCore

/// The fixture class under Tests/Fixtures/GradingClass, graded by the real `kata grade`.
@Suite("kata grade on a class of faulty submissions", .serialized)
struct GradeIntegrationTests {
    static let fixture = KataBinary.packageRoot + "/Tests/Fixtures/GradingClass"

    /// A temporary copy of the submissions, with the files git cannot hold made here.
    static func makeClass() throws -> String {
        let root = NSTemporaryDirectory() + "kata-grade-\(UUID().uuidString)"
        let manager = FileManager.default
        try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
        let subs = root + "/subs"
        try manager.copyItem(atPath: fixture + "/submissions", toPath: subs)
        try manager.createSymbolicLink(atPath: subs + "/symlinks/Lessons/01-greeting/Sources/Passwd.swift", withDestinationPath: "/etc/passwd")
        try manager.removeItem(atPath: subs + "/symlinks/Lessons/02-tally/Sources")
        try manager.createSymbolicLink(atPath: subs + "/symlinks/Lessons/02-tally/Sources", withDestinationPath: "../../../alice/Lessons/02-tally/Sources")
        try manager.createSymbolicLink(atPath: subs + "/copycat", withDestinationPath: "alice")
        #expect(mkfifo(subs + "/fifo/Lessons/01-greeting/Sources/Pipe.swift", 0o644) == 0)
        try Data(repeating: UInt8(ascii: "/"), count: 5_000_000).write(to: URL(fileURLWithPath: subs + "/huge-file/Lessons/01-greeting/Sources/Huge.swift"))
        var badName = Array((subs + "/non-utf8/Lessons/01-greeting/Sources/Extra").utf8)
        badName += [0xFF] + Array(".swift".utf8) + [0]
        let fd = badName.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(fd >= 0)
        _ = "// not UTF-8 named\n".withCString { write(fd, $0, strlen($0)) }
        close(fd)
        try manager.createDirectory(atPath: subs + "/empty-folder", withIntermediateDirectories: true)
        // Thousands of files: one summarised note, not thousands.
        let many = subs + "/many-files/Lessons/01-greeting/Sources"
        try manager.createDirectory(atPath: many, withIntermediateDirectories: true)
        try manager.copyItem(atPath: fixture + "/submissions/alice/Lessons/01-greeting/Sources/Greeter.swift", toPath: many + "/Greeter.swift")
        for index in 0..<3000 { try Data("// filler \(index)\n".utf8).write(to: URL(fileURLWithPath: many + "/Zz\(index).swift")) }
        // A student id a spreadsheet would run as a formula, behind a TAB.
        try manager.copyItem(atPath: fixture + "/submissions/alice", toPath: subs + "/\t=1+2")
        // A student folder whose name is not UTF-8.
        let oddStudent = Array((subs + "/caf").utf8) + [0xFF, 0]
        #expect(oddStudent.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { mkdir($0, 0o755) }
        } == 0)
        return root
    }

    /// Every entry under `folder`, byte for byte: names, kind, mode, size, modification
    /// and change times, contents (or link target). Access times are left out: they
    /// move whenever anything (a backup, an indexer, this snapshot) reads a file,
    /// and grading promises not to change what it reads, not that nobody reads it.
    static func snapshot(_ folder: String) -> [String: String] {
        var result: [String: String] = [:]
        func walk(_ raw: [UInt8], _ shown: String) {
            var info = stat()
            let path = String(decoding: raw, as: UTF8.self)
            guard (raw + [0]).withUnsafeBufferPointer({ buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { lstat($0, &info) }
            }) == 0 else { result[shown] = "gone"; return }
            let times = "m\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) c\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
            var entry = "mode \(info.st_mode) size \(info.st_size) \(times)"
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                entry += " sha \(SHA256.hex((try? LocalFileSystem().readRegularFile(path, limit: 1 << 30)) ?? Data()))"
            case S_IFLNK:
                entry += " -> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
            case S_IFDIR:
                let fd = (raw + [0]).withUnsafeBufferPointer { buffer in
                    buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_RDONLY | O_DIRECTORY) }
                }
                guard fd >= 0, let directory = fdopendir(fd) else { break }
                var names: [[UInt8]] = []
                while let item = readdir(directory) {
                    let bytes = withUnsafeBytes(of: item.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                    if bytes != [46] && bytes != [46, 46] { names.append(bytes) }
                }
                closedir(directory)
                for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                    let child = String(decoding: name, as: UTF8.self)
                    walk(raw + [UInt8(ascii: "/")] + name, shown + "/" + child)
                }
            default: break
            }
            result[shown] = entry
        }
        walk(Array(folder.utf8), "")
        return result
    }

    static func results(_ reports: String, _ student: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(reports)/\(student)/results.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func tests(_ results: [String: Any], lesson: String) -> [[String: Any]] {
        ((results["tests"] as? [[String: Any]]) ?? []).filter { $0["lesson"] as? String == lesson }
    }

    static func statuses(_ results: [String: Any], lesson: String) -> [String] {
        tests(results, lesson: lesson).map { ($0["status"] as? String ?? "?") + (($0["error_kind"] as? String).map { ":" + $0 } ?? "") }
    }

    static func livingProcesses(mentioning text: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.filter { Int($0) != nil }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(text) ? "\(pid): \(line)" : nil
        }
    }

    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: #""duration_ms" : \d+"#, with: "\"duration_ms\" : 0", options: .regularExpression)
            .replacingOccurrences(of: #"time="[0-9.]+""#, with: "time=\"0\"", options: .regularExpression)
    }

    @Test("every fault gets its fair verdict, the reports agree, and the submissions are untouched")
    func gradesTheFaultyClass() throws {
        let root = try Self.makeClass()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try? FileManager.default.removeItem(atPath: "/tmp/kata-grade-escaped")
        try? FileManager.default.removeItem(atPath: "/tmp/kata-grade-manifest-ran")
        let before = Self.snapshot(root + "/subs")

        let run = KataBinary.run(["grade", "subs", "--out", "reports", "--course", Self.fixture + "/course", "--timeout", "6", "--memory", "256", "--jobs", "2"], in: root, timeout: 600)
        #expect(run.status == 0, "kata grade: \(run.output)")
        let reports = root + "/reports"

        // Nothing in SUBMISSIONS changed: bytes, files, modes, times.
        let after = Self.snapshot(root + "/subs")
        let changed = Set(after.keys).union(before.keys).filter { after[$0] != before[$0] }.sorted()
        #expect(changed.isEmpty, "changed in SUBMISSIONS: \(changed.map { "\($0): \(before[$0] ?? "-") -> \(after[$0] ?? "-")" })")
        #expect(!FileManager.default.fileExists(atPath: reports + "/.kata-grade-work"), "the scratch folder is removed")
        #expect(Self.livingProcesses(mentioning: reports).isEmpty, "no process outlives the run")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/kata-grade-manifest-ran"), "a student's Package.swift is never run")

        let alice = try Self.results(reports, "alice")
        #expect(alice["status"] as? String == "pass")
        #expect(alice["score"] as? Double == 16 && alice["max_score"] as? Double == 16)
        for key in ["version", "message", "tests", "toolchain", "suite_sha256", "submission_sha256", "grader_version", "isolation"] {
            #expect(alice[key] != nil, "results.json has \(key)")
        }
        let isolation = alice["isolation"] as? String
        #expect(isolation == "full" || isolation == "reduced")
        if isolation == "full" {
            #expect(!FileManager.default.fileExists(atPath: "/tmp/kata-grade-escaped"), "writes outside the scratch copy are refused")
        }
        // test_points: greetsTheInjectedName() is worth 4, the other three and the course-wide rules share the remaining 6.
        #expect(Self.tests(alice, lesson: "01-greeting").map { $0["max_score"] as? Double } == [4, 1.5, 1.5, 1.5, 1.5])
        #expect(Self.tests(alice, lesson: "02-tally").map { $0["max_score"] as? Double } == [1.2, 1.2, 1.2, 1.2, 1.2])
        #expect(Self.tests(alice, lesson: "02-tally").last?["name"] as? String == "rule: course-wide")

        #expect(try Self.results(reports, "bob")["score"] as? Double == 16, "the Lessons/ contents directly are accepted")

        let crashes = try Self.results(reports, "crashes")
        #expect(Self.statuses(crashes, lesson: "01-greeting") == ["pass", "pass", "pass", "pass", "pass"], "\(Self.tests(crashes, lesson: "01-greeting").map { $0["message"] ?? "" })")
        #expect(Self.statuses(crashes, lesson: "02-tally") == ["error:crashed", "error:crashed", "error:crashed", "pass", "pass"])
        let crashMessages = Self.tests(crashes, lesson: "02-tally").map { $0["message"] as? String ?? "" }
        #expect(crashMessages[0].contains("Index out of range"))
        #expect(crashMessages[1].contains("average is not written yet") && crashMessages[1].contains("Lessons/02-tally/Sources/Tally.swift:23"))
        #expect(crashMessages[2].contains("Unexpectedly found nil"))

        let loop = try Self.results(reports, "infinite-loop")
        // Its loop counts to 1000, a number the lesson never states: the course-wide rules fail as `kata check` would.
        #expect(Self.statuses(loop, lesson: "02-tally") == ["pass", "pass", "error:timed out", "pass", "fail"])
        let hog = try Self.results(reports, "memory-hog")
        // Its blocks are `64 << 20` bytes, a number the lesson never states (spelt as arithmetic): the course-wide rules fail.
        #expect(Self.statuses(hog, lesson: "02-tally").map { $0.hasPrefix("error") ? "error" : $0 } == ["pass", "pass", "error", "pass", "fail"], "killed by the memory limit (or the clock), never a pass")

        let exitZero = try Self.results(reports, "exit-zero")
        // exit(0) is refused before the build (vetting); the runner's own check of it is a unit test.
        #expect(Set(Self.statuses(exitZero, lesson: "02-tally")) == ["error:rejected"], "exit(0) and printed \"passed\" lines are not passes")

        let flood = try Self.results(reports, "flood")
        // Every test passes; the numbers that make its flood (100, 20_000) are ones the lesson never states.
        #expect(Self.statuses(flood, lesson: "02-tally") == ["pass", "pass", "pass", "pass", "fail"])
        #expect((Self.tests(flood, lesson: "02-tally").last?["output"] as? String ?? "").isEmpty)
        #expect((Self.tests(flood, lesson: "02-tally").last?["message"] as? String ?? "").contains("[no-unstated-numbers] 100 is a number the lesson never states"))
        let floodOutput = Self.tests(flood, lesson: "02-tally").last { ($0["name"] as? String ?? "").hasPrefix("rule: ") == false }?["output"] as? String ?? ""
        #expect(floodOutput.hasPrefix("│ flood flood") && floodOutput.count < 600, "output is trimmed per test, and quoted: every line the code printed starts at the quote's margin")

        let renamed = try Self.results(reports, "renamed-type")
        #expect(Set(Self.statuses(renamed, lesson: "01-greeting")) == ["error:does not compile"])
        let renamedMessage = Self.tests(renamed, lesson: "01-greeting").first?["message"] as? String ?? ""
        #expect(renamedMessage.contains("cannot find 'Greeter' in scope"))
        #expect(Self.statuses(renamed, lesson: "02-tally") == ["pass", "pass", "pass", "pass", "pass"], "a compile error costs its lesson only")
        #expect(renamed["score"] as? Double == 6)

        // Every test passes, but the code asks what its collaborator really is by its type's name (01), and caps the votes
        // at `1 << 12`, a number the lesson never states, spelt as arithmetic (02): the course-wide entries fail.
        let asks = try Self.results(reports, "asks-the-type")
        #expect(Self.statuses(asks, lesson: "01-greeting") == ["pass", "pass", "pass", "pass", "fail"], "\(Self.tests(asks, lesson: "01-greeting"))")
        #expect((Self.tests(asks, lesson: "01-greeting").last?["message"] as? String ?? "").contains("[works-through-the-protocol]"))
        #expect(Self.statuses(asks, lesson: "02-tally") == ["pass", "pass", "pass", "pass", "fail"], "\(Self.tests(asks, lesson: "02-tally"))")
        #expect((Self.tests(asks, lesson: "02-tally").last?["message"] as? String ?? "").contains("`1 << 12` (4096) is a number the lesson never states"))

        // A `#error` that reads like the grader's verdict: the code does not compile, and its words stay in the quote.
        let forgedDiagnosis = try Self.results(reports, "forged-diagnosis")
        #expect(Set(Self.statuses(forgedDiagnosis, lesson: "01-greeting")) == ["error:does not compile"])
        let diagnosis = Self.tests(forgedDiagnosis, lesson: "01-greeting").first?["message"] as? String ?? ""
        let diagnosisLines = diagnosis.split(separator: "\n")
        #expect(diagnosisLines.first == "does not compile; the compiler says:" && diagnosisLines.dropFirst().allSatisfy { $0.hasPrefix("│ ") }, "\(diagnosis)")
        let forgedLessons = forgedDiagnosis["lessons"] as? [[String: Any]] ?? []
        #expect(forgedLessons.first { $0["lesson"] as? String == "01-greeting" }?["grading"] as? String == "ok", "the code's error, not the machine's")
        #expect(forgedDiagnosis["score"] as? Double == 6)
        #expect(!run.output.split(separator: "\n").contains { $0.hasPrefix("✔ kata grade") || $0.hasPrefix("grading error (the machine") }, "\(run.output)")

        let editedTests = try Self.results(reports, "edited-tests")
        #expect(editedTests["score"] as? Double == 0, "weakened tests are ignored")
        let editedNotes = (editedTests["notes"] as? [[String: Any]] ?? []).map { "\($0["path"] ?? ""): \($0["problem"] ?? "")" }
        #expect(editedNotes.contains { $0.contains("GreeterTests.swift: edited") })
        #expect(editedNotes.contains { $0.contains("TallyTests.swift: deleted") })

        let package = try Self.results(reports, "edited-package")
        #expect(package["score"] as? Double == 16)
        #expect((package["notes"] as? [[String: Any]] ?? []).contains { ($0["path"] as? String) == "Package.swift" })

        func notes(_ student: String) throws -> String {
            ((try Self.results(reports, student)["notes"] as? [[String: Any]]) ?? []).map { "\($0["path"] ?? ""): \($0["problem"] ?? "")" }.joined(separator: "\n")
        }
        let symlinks = try Self.results(reports, "symlinks")
        #expect(symlinks["score"] as? Double == 10, "lesson 01 graded without the link; lesson 02's linked Sources refused")
        #expect(try notes("symlinks").contains("Passwd.swift: a symbolic link"))
        #expect(Set(Self.statuses(symlinks, lesson: "02-tally")) == ["error:missing"])
        #expect(try Self.results(reports, "fifo")["score"] as? Double == 16)
        #expect(try notes("fifo").contains("Pipe.swift: not a regular file"))
        #expect(try notes("huge-file").contains("Huge.swift: is 5000000 bytes"))
        #expect(try notes("non-utf8").contains("Extra%FF.swift: the file name is not valid UTF-8"))
        #expect(try Self.results(reports, "copycat")["status"] as? String == "error")
        #expect((try Self.results(reports, "malformed")["message"] as? String ?? "").contains("no Lessons/ folder"))
        #expect(try Self.results(reports, "empty-folder")["status"] as? String == "error")
        // A file at the top of the class is no student: named in the class's warnings, with no results of its own.
        #expect(!FileManager.default.fileExists(atPath: "\(reports)/stray.txt") && !FileManager.default.fileExists(atPath: "\(reports)/student-stray.txt"))
        #expect(try String(contentsOfFile: reports + "/report.html", encoding: .utf8).contains("not graded: 1 file at the top of the submissions folder"))
        #expect(try Self.results(reports, "caf%FF")["status"] as? String == "error")
        #expect(try Self.results(reports, "nested-zip")["score"] as? Double == 10)
        #expect(try Self.results(reports, "partial")["score"] as? Double == 10)

        // Hidden tests never reach a student's results.json.
        for student in try FileManager.default.contentsOfDirectory(atPath: reports) where !student.contains(".") {
            let text = (try? String(contentsOfFile: "\(reports)/\(student)/results.json", encoding: .utf8)) ?? ""
            #expect(!text.contains("SECRET-HIDDEN") && !text.contains("stranger") && !text.contains("greetsAStranger"), "\(student)")
        }

        // grades.csv: one row per submission, a column per lesson.
        let csv = try String(contentsOfFile: reports + "/grades.csv", encoding: .utf8)
        let rows = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.first == "student,01-greeting,02-tally,total,max_total,percent,grading_status")
        #expect(rows.count == 1 + 40)
        #expect(rows.contains { $0.hasPrefix("\\u{9}=1+2,10,6,16,16,100,ok") },
                "a name is shown by its letters, a TAB by its code (no formula can start the field), and the copy of alice scores what alice does: \(rows.filter { $0.hasPrefix("'") || $0.hasPrefix("alice,") }) \(String(((try? String(contentsOfFile: reports + "/\t=1+2/results.json", encoding: .utf8)) ?? "no results.json").prefix(4000)))")
        #expect(rows.contains { $0.hasPrefix("caf%FF,0,0,0,16,0,\"error: the folder name is not valid UTF-8") })
        #expect(rows.contains("crashes,10,1.5,11.5,16,71.88,ok"), "a kept rule is worth the share of the test points earned")
        #expect(rows.contains { $0.hasPrefix("malformed,0,0,0,16,0,\"error: no Lessons/ folder") })
        #expect(FileManager.default.fileExists(atPath: reports + "/grades-long.csv"))
        let html = try String(contentsOfFile: reports + "/report.html", encoding: .utf8)
        #expect(html.contains("id=\"student-crashes\"") && html.contains("average is not written yet") && html.contains("Pass rate per test"))

        // junit.xml, read by a real XML parser.
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: reports + "/junit.xml"))
        let suites = try document.nodes(forXPath: "/testsuites/testsuite")
        #expect(suites.count == 40)
        let crashCases = try document.nodes(forXPath: "//testcase[@classname='crashes.02-tally']")
        #expect(crashCases.count == 5)
        #expect(try document.nodes(forXPath: "//testcase[@classname='crashes.02-tally']/error").count == 3)
        #expect(try document.nodes(forXPath: "//testcase[@classname='exit-zero.02-tally'][@name='lesson status']/error[@type='rejected']").count == 1)
        #expect(try document.nodes(forXPath: "//testcase[@classname='renamed-type.01-greeting']/error").count == 5)

        try Self.checkAttacks(reports: reports, isolation: isolation)

        // A second run on the same input gives the same reports, apart from durations.
        let again = KataBinary.run(["grade", "subs", "--out", "reports-again", "--course", Self.fixture + "/course", "--timeout", "6", "--memory", "256", "--jobs", "2"],
                                   in: root, environment: ["KATA_GRADE_KEEP_WORK": "1"], timeout: 600)
        #expect(again.status == 0)
        // Every program whose output reaches a student ran before any hidden tests' program, of every student: the last
        // event a visible program wrote is older than the first hidden program's last, so nothing a hidden program left on
        // the machine could reach a visible one.
        let work = "\(root)/reports-again/.kata-grade-work/students"
        var visibleWrites: [Date] = [], hiddenWrites: [Date] = []
        for student in (try? FileManager.default.contentsOfDirectory(atPath: work)) ?? [] {
            for lesson in (try? FileManager.default.contentsOfDirectory(atPath: "\(work)/\(student)/run")) ?? [] {
                let events = "\(work)/\(student)/run/\(lesson)/events.jsonl"
                guard let date = (try? FileManager.default.attributesOfItem(atPath: events))?[.modificationDate] as? Date else { continue }
                if lesson.hasSuffix("-hidden") { hiddenWrites.append(date) } else { visibleWrites.append(date) }
            }
        }
        #expect(hiddenWrites.count >= 20 && visibleWrites.count >= 20, "\(hiddenWrites.count) hidden, \(visibleWrites.count) visible")
        if let lastVisible = visibleWrites.max(), let firstHidden = hiddenWrites.min() {
            #expect(lastVisible <= firstHidden, "a visible program wrote at \(lastVisible), after a hidden one at \(firstHidden)")
        }
        try? FileManager.default.removeItem(atPath: "\(root)/reports-again/.kata-grade-work")
        for file in ["alice/results.json", "crashes/results.json", "symlinks/results.json", "exit-zero/results.json",
                     "cdecl/results.json", "leaker/results.json", "many-files/results.json"] {
            let first = Self.normalized((try? String(contentsOfFile: "\(reports)/\(file)", encoding: .utf8)) ?? "1")
            let second = Self.normalized((try? String(contentsOfFile: "\(root)/reports-again/\(file)", encoding: .utf8)) ?? "2")
            #expect(first == second, "\(file) differs between two runs")
        }
        // Every student's marks are the same in both runs. Without the full sandbox, a link planted in
        // place of the event stream races the grader, so only the linker's marks may differ there.
        // The instant forger rewrites its event stream while its program runs: whether the rewrite lands before the
        // grader reads the stream or stops the program is chance (see `instants` below), so its grade may differ.
        let racing = (isolation == "full" ? [] : ["linker"]) + ["instant-forger"]
        func scores(_ text: String) -> Set<String> {
            Set(text.components(separatedBy: "\r\n").filter { row in !row.isEmpty && !racing.contains { row.hasPrefix($0 + ",") } }
                .map { $0.split(separator: ",").prefix(4).joined(separator: ",") })
        }
        let againCSV = (try? String(contentsOfFile: root + "/reports-again/grades.csv", encoding: .utf8)) ?? ""
        #expect(scores(againCSV) == scores(csv), "grades.csv's scores differ between two runs: \(scores(againCSV).symmetricDifference(scores(csv)).sorted())")
        try Self.checkAttacks(reports: root + "/reports-again", isolation: isolation)
        let final = Self.snapshot(root + "/subs")
        #expect(Set(final.keys).union(before.keys).filter { final[$0] != before[$0] }.isEmpty)
    }

    /// The hostile submissions (forged events, a stalling test, a swapped program, planted links,
    /// printed course secrets) gained nothing, and said so in the reports.
    static func checkAttacks(reports: String, isolation: String?) throws {
        func lesson(_ student: String, _ id: String) throws -> [String: Any] {
            let lessons = (try results(reports, student)["lessons"] as? [[String: Any]]) ?? []
            return try #require(lessons.first { $0["lesson"] as? String == id })
        }
        // In the full sandbox the event stream is a file mounted alone in a read-only folder: the linker
        // cannot swap it for a link, so its attack never happens and its (correct) code keeps its marks.
        let linkerBlocked = isolation == "full"
        for student in ["forger", "exact-forger", "staller", "swapper", "linker", "leaker"] {
            let honest = try lesson(student, "01-greeting")
            let honestTests = tests(try results(reports, student), lesson: "01-greeting")
            #expect(honest["score"] as? Double == 10, "\(student)'s honest lesson keeps its marks: \(honest) \(honestTests)")
            if student == "linker" && linkerBlocked { continue }
            #expect((try lesson(student, "02-tally")["score"] as? Double ?? 99) < 6, "\(student) gains nothing")
        }
        if linkerBlocked {
            let tally = try lesson("linker", "02-tally")
            #expect(tally["status"] as? String == "pass" && tally["score"] as? Double == 6, "linker: \(tally)")
            #expect(!FileManager.default.fileExists(atPath: "/tmp/kata-grade-planted"), "no link planted outside the sandbox")
        }
        // Code that could tamper with the harness (a C symbol, a module's name): rejected, not run, with rule, file and line.
        // The same code hidden from a reader of the text (after a lone CR, which ends a comment for the compiler; between
        // two regex literals that hold quotes), and code the linker would run before main: judged as the compiler reads it.
        for (student, file, rule) in [("cdecl", "Quiet.swift:2", "vetting:_cdecl"), ("shadow", "Testing.swift:2", "vetting:shadows-module"),
                                      ("hidden-cr", "Notes.swift:1", "vetting:shadows-module"), ("hidden-regex", "Notes.swift:2", "vetting:shadows-module"),
                                      ("before-main", "Early.swift:2", "vetting:attribute"), ("subscript-default", "Board.swift:4", "vetting:subscript-default"),
                                      ("unsafe-reference", "Ledger.swift:3", "vetting:unsafe-reference")] {
            #expect(try lesson(student, "01-greeting")["score"] as? Double == 10, "\(student)'s honest lesson keeps its marks")
            let tally = try lesson(student, "02-tally")
            #expect(tally["status"] as? String == "rejected" && tally["score"] as? Double == 0, "\(student): \(tally)")
            let evidence = ((tally["evidence"] as? [String]) ?? []).joined(separator: "\n")
            #expect(evidence.contains("\(file): \(rule)"), "\(evidence)")
            #expect(Set(statuses(try results(reports, student), lesson: "02-tally")) == ["error:rejected"])
        }
        // Forged passes and a linked event stream: not counted, marked suspicious, with the evidence.
        for student in ["forger", "exact-forger", "linker"] where !(student == "linker" && linkerBlocked) {
            let tally = try lesson(student, "02-tally")
            #expect(tally["status"] as? String == "suspicious", "\(student): \(tally)")
            #expect(tally["score"] as? Double == 0)
            #expect(!((tally["evidence"] as? [String]) ?? []).isEmpty)
        }
        // Instants no clock gives (a test ending 1e300 s on, starting before the clock began), an id with tabs: the
        // grader converts none of them to a number that could trap, the lesson is suspicious, and no tab reaches a CSV.
        // The forger rewrites the whole stream file while its program runs; on a loaded machine the grader may stop the
        // program (or read the file) before a rewrite lands. Either its instants were read, and the lesson is suspicious,
        // or none was, and the lesson is graded on its real events: the total is right, the rest is not.
        let instants = try lesson("instant-forger", "02-tally")
        if instants["status"] as? String == "suspicious" {
            #expect(instants["score"] as? Double == 0, "\(instants)")
            // Which forged line the grader meets first depends on when the rewrite lands: an instant no clock gives, or
            // a test said to start while another still runs. Either is evidence of a stream the program did not write.
            let evidence = ((instants["evidence"] as? [String]) ?? []).joined()
            #expect(evidence.contains("an instant no clock gives") || evidence.contains("was still running"), "\(instants)")
        } else {
            // One test passes; its forged instants (5e15) are a number the lesson never states, so the course-wide rules fail.
            #expect(instants["grading"] as? String == "ok" && instants["score"] as? Double == 1.2, "\(instants)")
        }
        #expect(try lesson("instant-forger", "01-greeting")["score"] as? Double == 10)
        for name in ["grades.csv", "grades-long.csv"] {
            #expect(!(try String(contentsOfFile: "\(reports)/\(name)", encoding: .utf8)).contains("\t"), "\(name) holds no raw tab")
        }
        // A run forged exactly (the running test's end, every other test, every suite, the run's end), then a
        // trap: the real end never comes, and a real program does not die after its run has ended.
        let exact = ((try lesson("exact-forger", "02-tally")["evidence"] as? [String]) ?? []).joined(separator: "\n")
        #expect(exact.contains("after its run had ended"), "\(exact)")
        let csv = try String(contentsOfFile: reports + "/grades.csv", encoding: .utf8)
        #expect(csv.contains("\r\nforger,10,0,10,16,62.5,review: suspicious 02-tally"))
        #expect(csv.contains("exact-forger,10,0,10,16,62.5,review: suspicious 02-tally"))
        #expect(csv.contains("cdecl,10,0,10,16,62.5,review: rejected 02-tally"))
        let long = try String(contentsOfFile: reports + "/grades-long.csv", encoding: .utf8)
        #expect(long.contains("forger,02-tally,the total adds the handed votes,error,0,1.2,suspicious,"))
        #expect(long.contains("cdecl,02-tally,the total adds the handed votes,error,0,1.2,rejected,\"rejected: Quiet.swift:2: vetting:_cdecl"))
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: reports + "/junit.xml"))
        #expect(try document.nodes(forXPath: "//testcase[@classname='forger.02-tally'][@name='lesson status']/error[@type='suspicious']").count == 1)
        let html = try String(contentsOfFile: reports + "/report.html", encoding: .utf8)
        #expect(html.contains("suspicious") && html.contains("Quiet.swift:2: vetting:_cdecl"))
        #expect(try document.nodes(forXPath: "//testcase[@classname='shadow.02-tally'][@name='lesson status']/error[@type='rejected']").count == 1)
        // A test writing an event every second is stopped all the same. It rewrites the event stream in
        // place, which shrinks the file for an instant; whether the grader looks in that instant is chance,
        // so it decides nothing, and the verdict is the same on every run.
        let staller = try lesson("staller", "02-tally")
        let stallerStatuses = statuses(try results(reports, "staller"), lesson: "02-tally")
        #expect(stallerStatuses == ["pass", "error:timed out", "pass", "pass", "pass"] && staller["score"] as? Double == 4.5, "\(stallerStatuses) \(staller)")
        // A program and sources changed from inside: never run again (refused by the sandbox, or caught by their hashes).
        let swapper = try lesson("swapper", "02-tally")
        if isolation != "full" { #expect(swapper["status"] as? String == "suspicious") }
        #expect(statuses(try results(reports, "swapper"), lesson: "02-tally")[2] != "pass")
        // A pass counts only if the same program passes it again: a verdict the code decides by how it was started
        // (here, what a run that confirms passes looks like; `Bool.random()` or an address's hash differ the same way,
        // only not every time) is evidence, and the lesson is held for review.
        let secondRun = try lesson("second-run-differs", "02-tally")
        #expect(secondRun["status"] as? String == "suspicious" && secondRun["score"] as? Double == 0
                && ((secondRun["evidence"] as? [String]) ?? []).joined().contains("\"the top vote is the largest\""), "\(secondRun)")
        #expect(((secondRun["evidence"] as? [String]) ?? []).joined().contains("\"the label counts the votes\""), "a failure that passes when run again is unsteady too: \(secondRun)")
        #expect(try lesson("second-run-differs", "01-greeting")["score"] as? Double == 10, "the honest lesson keeps its marks")
        // Thousands of files: a handful of notes and one summary.
        let manyNotes = (try results(reports, "many-files")["notes"] as? [[String: Any]]) ?? []
        #expect(manyNotes.count <= 10 && manyNotes.contains { ($0["problem"] as? String ?? "").contains("more files") }, "\(manyNotes.count) notes")
        // No line of the hidden tests' or the reference solutions' sources in any report.
        let course = fixture + "/course"
        var secrets = ["SECRET-HIDDEN-EXPECTATION", "REFERENCE-SOLUTION-MARKER"]
        let hidden = try String(contentsOfFile: course + "/Tests/Lessons/01-greeting/HiddenTests.swift", encoding: .utf8)
        secrets += hidden.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count >= 30 }
        let walker = FileManager.default.enumerator(atPath: reports)
        while let item = walker?.nextObject() as? String {
            guard let text = try? String(contentsOfFile: "\(reports)/\(item)", encoding: .utf8) else { continue }
            for secret in secrets { #expect(!text.contains(secret), "\(item) quotes \(secret)") }
        }
        // Hidden tests run in a program of their own: what a visible test prints (the leaker prints every text of its
        // program and event stream that looks hidden) holds no hidden test's name, function, file or message.
        let leaked = try String(contentsOfFile: "\(reports)/leaker/results.json", encoding: .utf8)
        #expect(leaked.contains("found: "), "the leaker's output reaches its results.json, as any visible test's does")
        for material in ["greetsAStranger", "HiddenGreeterTests", "HiddenTests.swift", "an empty name is greeted as a stranger", "graded only"] {
            #expect(!leaked.contains(material), "leaker/results.json quotes the hidden tests: \(material)")
        }
        // A hidden test's duration is the code's to set (a sleep in proportion to what it read of the test): never reported.
        for student in ["alice", "leaker", "bob"] {
            let tests = (try results(reports, student)["tests"] as? [[String: Any]]) ?? []
            let hiddenTests = tests.filter { $0["visibility"] as? String == "hidden" }
            #expect(!hiddenTests.isEmpty && hiddenTests.allSatisfy { ($0["duration_ms"] as? Int) == 0 }, "\(student)'s hidden tests: \(hiddenTests.map { $0["duration_ms"] ?? "none" })")
        }
    }

    @Test("a lesson that asks for the student's own tests grades them: caught mistakes earn, none or a test that reads the machine earns nothing")
    func gradesTheStudentsOwnTests() throws {
        let root = NSTemporaryDirectory() + "kata-grade-own-tests-\(UUID().uuidString)"
        let manager = FileManager.default
        defer { try? manager.removeItem(atPath: root) }
        let lesson = "17-test-doubles"
        let solution = KataBinary.packageRoot + "/Solutions/\(lesson)"
        func student(_ name: String, tests: [String: String]?) throws {
            let folder = "\(root)/subs/\(name)/Lessons/\(lesson)"
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try manager.copyItem(atPath: solution + "/Sources", toPath: folder + "/Sources")
            guard let tests else { return }
            try manager.createDirectory(atPath: folder + "/LearnerTests", withIntermediateDirectories: true)
            for (file, text) in tests { try text.write(toFile: "\(folder)/LearnerTests/\(file)", atomically: true, encoding: .utf8) }
        }
        let contract = try String(contentsOfFile: solution + "/LearnerTests/LapStoreContractTests.swift", encoding: .utf8)
        try student("careful", tests: ["LapStoreContractTests.swift": contract])
        try student("none", tests: nil)
        // Passes on everything: it checks only what no mistake in the real store changes.
        try student("shallow", tests: ["Shallow.swift": "import Testing\n@testable import TestDoubles\n@Test func keepsALap() throws {\n    let store = InMemoryLapStore()\n    try store.record(Lap(driver: \"HAM\", number: 1, millis: 90_000))\n    #expect(store.laps(of: \"HAM\").count == 1)\n}\n"])
        // Compares the real store with a copy of itself (renamed, laid out otherwise) and states no promise: a change
        // detector, which each mutant reaches too. And a lesson whose code the compiler expands a thousandfold.
        let given = try String(contentsOfFile: KataBinary.packageRoot + "/Lessons/\(lesson)/Sources/TimingLogLapStore.swift", encoding: .utf8)
        let copy = given.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.hasPrefix("//") && !$0.isEmpty }
            .map { line in
                let renamed = line.replacingOccurrences(of: "TimingLogLapStore", with: "Ledger").replacingOccurrences(of: "public ", with: "")
                return renamed.hasSuffix("{") ? String(renamed.dropLast()) + "\n{" : renamed + ";"
            }.joined(separator: " ")
        try student("copying", tests: ["Same.swift": "import Testing\n@testable import TestDoubles\n\(copy)\n@Test func sameAsTheLedger() throws {\n    let real = TimingLogLapStore(), ledger = Ledger()\n    for (number, millis) in [(1, 90_000), (2, 0), (1, 91_000), (3, 89_500), (4, 89_500)] {\n        let lap = Lap(driver: number % 2 == 0 ? \"VER\" : \"HAM\", number: number, millis: millis)\n        #expect((try? real.record(lap)) == nil ? (try? ledger.record(lap)) == nil : (try? ledger.record(lap)) != nil)\n    }\n    for driver in [\"HAM\", \"VER\", \"LEC\"] {\n        #expect(\"\\(real.laps(of: driver))\" == \"\\(ledger.laps(of: driver))\" && String(describing: real.best(of: driver)) == String(describing: ledger.best(of: driver)))\n    }\n}\n"])
        // The shallow test, beside passing tests whose ids imitate the judge's verdicts on mistakes: no mistake caught.
        let spoofs = (1...12).map { "@Test func `spoof\($0).yourTestsCatchEveryMutant()`() {}" }.joined(separator: "\n")
        try student("spoofing", tests: ["Shallow.swift": "import Testing\n@testable import TestDoubles\n@Test func keepsALap() throws {\n    let store = InMemoryLapStore()\n    try store.record(Lap(driver: \"HAM\", number: 1, millis: 90_000))\n    #expect(store.laps(of: \"HAM\").count == 1)\n}\n" + spoofs + "\n"])
        try student("bloated", tests: ["LapStoreContractTests.swift": contract])
        let banners = (0..<90).map { index in "public func banner\(index)() -> String { \"" + String(repeating: "\\(1)", count: 100) + "\" }" }.joined(separator: "\n")
        try banners.write(toFile: "\(root)/subs/bloated/Lessons/\(lesson)/Sources/Banners.swift", atomically: true, encoding: .utf8)
        // Tells a mistake from the real store by where its program lies, not by what the store does.
        try student("peeking", tests: ["Peek.swift": "import Testing\nimport Foundation\n@testable import TestDoubles\n@Test func notAMutant() {\n    let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: \"/proc/self/exe\")) ?? \"\"\n    #expect(!path.contains(\"mutant\"))\n}\n"])
        // The careful suite plus one test of the fake's shape (its stored properties, read through Mirror): it tells a
        // swapped-in store from the fake by what it is made of, not by what it does.
        try student("mirroring", tests: ["LapStoreContractTests.swift": contract,
                                         "Shape.swift": "import Testing\n@testable import TestDoubles\n@Test func builtOurWay() {\n    #expect(Mirror(reflecting: InMemoryLapStore()).children.count >= 0)\n}\n"])

        let run = KataBinary.run(["grade", "subs", "--out", "reports", "--course", KataBinary.packageRoot, "--lessons", "17", "--jobs", "2"], in: root, timeout: 900)
        #expect(run.status == 0, "kata grade: \(run.output)")
        func own(_ name: String) throws -> [String: Any] {
            let entries = Self.tests(try Self.results(root + "/reports", name), lesson: lesson).filter { $0["kind"] as? String == "learner-tests" }
            #expect(entries.count == 1, "\(name): \(entries)")
            return entries.first ?? [:]
        }
        let careful = try own("careful"), none = try own("none"), shallow = try own("shallow"), peeking = try own("peeking"), copying = try own("copying")
        let points = careful["max_score"] as? Double ?? 0
        #expect(points > 0)
        #expect(careful["status"] as? String == "pass" && careful["score"] as? Double == points, "\(careful)")
        #expect(none["status"] as? String == "fail" && none["score"] as? Double == 0 && none["max_score"] as? Double == points, "\(none)")
        let shallowScore = shallow["score"] as? Double ?? -1
        #expect(shallow["status"] as? String == "fail" && shallowScore < points / 2, "\(shallow)")
        #expect((shallow["message"] as? String ?? "").contains("mistakes put into TimingLogLapStore.swift"))
        let spoofing = try own("spoofing")
        #expect(spoofing["score"] as? Double == shallowScore, "tests named like the judge's verdicts catch nothing: \(spoofing) against \(shallow)")
        #expect(peeking["score"] as? Double == 0 && (peeking["message"] as? String ?? "").contains("import Foundation"), "\(peeking)")
        let mirroring = try own("mirroring")
        #expect(mirroring["score"] as? Double == 0 && (mirroring["message"] as? String ?? "").contains("what an object is made of"), "\(mirroring)")
        #expect(copying["status"] as? String == "fail" && (copying["score"] as? Double ?? 1) < points / 4, "a copy of the store is no contract: \(copying)")
        let bloated = try Self.results(root + "/reports", "bloated")
        let bloatedTests = Self.tests(bloated, lesson: lesson)
        #expect(bloatedTests.allSatisfy { ($0["score"] as? Double ?? 1) == 0 } && "\(bloated)".contains("larger than 8 MB"), "a reading a thousand times the code is rejected: \(bloatedTests.prefix(2))")
        #expect(Self.livingProcesses(mentioning: root).isEmpty, "no process outlives the run")
    }

    @Test("a test program compiled once against the course's solution serves a student with the same declarations, never one whose declarations differ")
    func testProgramsSharedBySurface() throws {
        let root = NSTemporaryDirectory() + "kata-grade-surface-\(UUID().uuidString)"
        let manager = FileManager.default
        defer { try? manager.removeItem(atPath: root) }
        let lesson = "02-setter-injection"
        let solution = KataBinary.packageRoot + "/Solutions/\(lesson)"
        func student(_ name: String, change: (String) throws -> Void) throws {
            let folder = "\(root)/subs/\(name)/Lessons/\(lesson)/Sources"
            try manager.createDirectory(atPath: (folder as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try manager.copyItem(atPath: solution + "/Sources", toPath: folder)
            try change(folder)
        }
        func append(_ text: String, to file: String) throws {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
            handle.seekToEndOfFile()
            handle.write(Data(text.utf8))
            try handle.close()
        }
        // Helpers the tests never name: the same declarations for the tests, so the solution's program serves.
        try student("helper") { try append("\nfunc lapsSoFar() -> Int { 3 }\nprivate struct Notes { var text = \"\" }\n", to: $0 + "/RaceTrack.swift") }
        // The setter the app needs, kept inside the module: the tests compiled against this module do not compile.
        try student("inside-setter") { folder in
            for file in try manager.contentsOfDirectory(atPath: solution + "/Wrong/announcer-set-only-inside-the-module") where file.hasSuffix(".swift") {
                try? manager.removeItem(atPath: "\(folder)/\(file)")
                try manager.copyItem(atPath: "\(solution)/Wrong/announcer-set-only-inside-the-module/\(file)", toPath: "\(folder)/\(file)")
            }
        }
        // One more overload of a name the tests call: the tests could resolve to it, so its program is its own.
        try student("other-overload") { try append("\nextension RaceTrack {\n    public func recordLap(of number: Int) -> String { \"\\(number)\" }\n}\n", to: $0 + "/RaceTrack.swift") }

        let run = KataBinary.run(["grade", "subs", "--out", "reports", "--course", KataBinary.packageRoot, "--lessons", "02", "--jobs", "2"],
                                 in: root, environment: ["KATA_GRADE_KEEP_WORK": "1"], timeout: 900)
        #expect(run.status == 0, "kata grade: \(run.output)")
        guard run.output.contains("isolation: full") else { return }  // shared programs need the full sandbox
        let work = root + "/reports/.kata-grade-work"
        let shared = try manager.contentsOfDirectory(atPath: work + "/cache").filter { $0.hasPrefix("surface-") }
            .compactMap { manager.contents(atPath: "\(work)/cache/\($0)/program") }
        #expect(!shared.isEmpty, "the course's solution left a program for its surface")
        var served: [String] = []
        for index in try manager.contentsOfDirectory(atPath: work + "/students") {
            let program = "\(work)/students/\(index)/build/\(lesson)/SetterInjectionTests"
            if let bytes = manager.contents(atPath: program), shared.contains(bytes) { served.append(index) }
        }
        #expect(served.count == 1, "only the student with the solution's declarations is served the shared program: \(served)")
        let helper = Self.statuses(try Self.results(root + "/reports", "helper"), lesson: lesson)
        #expect(!helper.isEmpty && helper.allSatisfy { $0 == "pass" }, "\(helper)")
        let inside = Self.tests(try Self.results(root + "/reports", "inside-setter"), lesson: lesson)
        let appTests = inside.filter { ($0["name"] as? String ?? "").hasPrefix("the app,") }
        #expect(!inside.isEmpty && inside.contains { $0["status"] as? String != "pass" }, "the app cannot set the announcer: \(inside.prefix(3))")
        #expect(!appTests.isEmpty && appTests.allSatisfy { $0["status"] as? String != "pass" }, "\(appTests)")
        let overload = Self.statuses(try Self.results(root + "/reports", "other-overload"), lesson: lesson)
        #expect(!overload.isEmpty, "\(overload)")
        #expect(Self.livingProcesses(mentioning: root).isEmpty, "no process outlives the run")
    }

    @Test("bad arguments stop grading with a usage error; the submissions are never a place for reports")
    func refusesBadArguments() throws {
        let root = try Self.makeClass()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let course = Self.fixture + "/course"
        let inside = KataBinary.run(["grade", "subs", "--out", "subs/reports", "--course", course], in: root)
        #expect(inside.status == 2 && inside.output.contains("--out must be outside"))
        let missing = KataBinary.run(["grade", "nowhere", "--out", "reports", "--course", course], in: root)
        #expect(missing.status == 2 && missing.output.contains("not a folder of submissions"))
        let noOut = KataBinary.run(["grade", "subs", "--course", course], in: root)
        #expect(noOut.status == 2 && noOut.output.contains("--out"))
        #expect(!FileManager.default.fileExists(atPath: root + "/subs/reports"))
    }
}

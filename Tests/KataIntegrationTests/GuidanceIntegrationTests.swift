import Foundation
import Testing
import KataCore

/// `kata hint`, `solution` and `reset` with the real binary and file system,
/// on a copy of Tests/Fixtures/Watch (not a git checkout: the starter copy
/// comes from the first time kata sees the course).
@Suite("hint, solution and reset, for real")
struct GuidanceIntegrationTests {
    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    @Test("a learner's session: hint, locked solution, edit, reset with backup, restore")
    func session() throws {
        let course = try KataBinary.copyFixture("Watch")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let file = course + "/Lessons/01-add/Sources/Adder.swift"
        let starter = try #require(read(file))

        let status = KataBinary.run([], in: course)
        #expect(status.status == 0)
        #expect(status.output.contains("0 of 2 lessons passed"), "kata in a pipe prints the status")

        let hint = KataBinary.run(["hint", "01"], in: course)
        #expect(hint.status == 0)
        #expect(hint.output.contains("Hint 1 of 3"))
        #expect(KataBinary.run(["hint", "01"], in: course).output.contains("Hint 2 of 3"))

        let locked = KataBinary.run(["solution", "01"], in: course)
        #expect(locked.status == 1)
        #expect(locked.output.contains("--force"))

        try "my attempt\n".write(toFile: file, atomically: true, encoding: .utf8)
        let reset = KataBinary.run(["reset", "01", "--yes"], in: course)
        #expect(reset.status == 0, "\(reset.output)")
        #expect(read(file) == starter)
        let backups = try FileManager.default.contentsOfDirectory(atPath: course + "/.kata/backups/01-add")
        #expect(backups.count == 1)
        #expect(read(course + "/.kata/backups/01-add/\(backups[0])/Adder.swift") == "my attempt\n")
        #expect(reset.output.contains(".kata/backups/01-add/\(backups[0])/"))

        let restore = KataBinary.run(["reset", "--restore", "01", "--yes"], in: course)
        #expect(restore.status == 0, "\(restore.output)")
        #expect(read(file) == "my attempt\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: course + "/.kata/backups/01-add").count == 2)

        let wrong = KataBinary.run(["reset", "01-ad", "--yes"], in: course)
        #expect(wrong.status == 2)
        #expect(wrong.output.contains("Did you mean 01-add?"))
    }
}

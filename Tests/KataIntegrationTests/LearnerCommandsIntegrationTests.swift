import Foundation
import Testing
import KataCore

/// What a learner meets with the real program: commands shown the way that
/// works where they stand, `kata install`, the lesson of the folder they are in.
@Suite("The learner's commands, for real")
struct LearnerCommandsIntegrationTests {
    @Test("run from .build, every command shown is `swift run kata ...`")
    func swiftRunForm() throws {
        let course = try KataBinary.copyFixture("Watch")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let list = KataBinary.run(["list"], in: course, environment: ["KATA_COMMAND": ""])
        #expect(list.status == 0)
        #expect(list.output.contains("Next: swift run kata show 01-add"), "\(list.output)")
        let unknown = KataBinary.run(["lsit"], in: course, environment: ["KATA_COMMAND": ""])
        #expect(unknown.status == 2)
        #expect(unknown.output.contains("Did you mean `swift run kata list`? See swift run kata --help."), "\(unknown.output)")
    }

    @Test("kata install writes a launcher in the home folder; the launcher runs kata and shows `kata ...` from anywhere")
    func install() throws {
        let home = NSTemporaryDirectory() + "kata-home-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let course = try KataBinary.copyFixture("Watch")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let installed = KataBinary.run(["install"], in: course, environment: ["HOME": home, "PATH": "/usr/bin:/bin", "SHELL": "/bin/bash", "KATA_COMMAND": ""])
        #expect(installed.status == 0, "\(installed.output)")
        #expect(installed.output.contains("export PATH=\"$HOME/.local/bin:$PATH\""))
        let launcher = home + "/.local/bin/kata"
        #expect(FileManager.default.isExecutableFile(atPath: launcher))
        let everything = FileManager.default.enumerator(atPath: home)?.allObjects as? [String] ?? []
        #expect(Set(everything) == [".local", ".local/bin", ".local/bin/kata"], "\(everything)")

        // Run through the launcher from the home folder (no course there): the course it was installed from.
        let result = PosixProcessRunner(groups: ProcessGroupRegistry()).run(ProcessRequest(
            executable: launcher, arguments: ["list"],
            environment: ["HOME": home, "PATH": home + "/.local/bin:/usr/bin:/bin", "NO_COLOR": "1", "LANG": "C.UTF-8"],
            workingDirectory: home, timeout: 120, outputLimit: 1 << 20))
        #expect(result.termination.succeeded, "\(result.output)")
        #expect(result.output.contains("Next: kata show 01-add"), "\(result.output)")
        #expect(!result.output.contains("swift run kata"))
    }

    @Test("from inside a lesson's folder, kata hint and kata check take that lesson")
    func lessonOfTheFolder() throws {
        let course = try KataBinary.copyFixture("Watch")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let folder = course + "/Lessons/02-greet/Sources"
        let hint = KataBinary.run(["hint"], in: folder)
        #expect(hint.status == 0, "\(hint.output)")
        let progress = try String(contentsOfFile: course + "/.kata/progress.json", encoding: .utf8)
        #expect(progress.contains("02-greet"), "\(progress)")
        let check = KataBinary.run(["check", "--json"], in: folder)
        let report = try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any]
        #expect(report?["lesson"] as? String == "02-greet", "\(check.output)")
    }
}

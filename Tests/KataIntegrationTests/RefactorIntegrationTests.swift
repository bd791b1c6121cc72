import Foundation
import Testing
import KataCore

/// `kata graph` and `kata refactor` with the real compiler.
@Suite("Refactoring and dependency graphs", .serialized)
struct RefactorIntegrationTests {
    static let realWorld = KataBinary.packageRoot + "/Tests/Fixtures/Refactor/RealWorld"

    /// `// expect: KIND TARGET` comments in the fixture, as "file:line kind target".
    static func markedDependencies(in folder: String) throws -> [String] {
        var expected: [String] = []
        let files = try LocalFileSystem().filesRecursively(folder, withExtension: "swift")
        for file in files {
            let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                guard let marker = line.range(of: "// expect: ") else { continue }
                expected.append("\(file):\(index + 1) \(line[marker.upperBound...].trimmingCharacters(in: .whitespaces))")
            }
        }
        return expected.sorted()
    }

    static func found(_ dependencies: [[String: Any]]) -> [String] {
        dependencies.map { "\($0["file"]!):\($0["line"]!) \($0["kind"]!) \($0["target"]!)" }.sorted()
    }

    static func graphJSON(_ folder: String, roots: String = "", collaborators: String = "") throws -> [String: Any] {
        let run = KataBinary.run(["graph", folder, "--format", "json"] + (roots.isEmpty ? [] : ["--root", roots])
                                 + (collaborators.isEmpty ? [] : ["--collaborator", collaborators]), in: KataBinary.packageRoot)
        #expect(run.status == 0 || run.status == 1, "kata graph failed: \(run.output)")
        let data = Data(run.output.utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "not JSON: \(run.output.prefix(400))")
    }

    @Test("the syntax dump finds every hidden dependency of real-world shaped code exactly once, with its line")
    func realWorldWithSyntaxDump() throws {
        let expected = try Self.markedDependencies(in: Self.realWorld)
        #expect(expected.count >= 14)
        let json = try Self.graphJSON(Self.realWorld)
        #expect(json["reader"] as? String == CodeAnalyzer.dumpReaderName, "notes: \(json["notes"] ?? "")")
        let found = Self.found(json["hidden_dependencies"] as? [[String: Any]] ?? [])
        #expect(found == expected)
        let root = Self.found(json["composition_root"] as? [[String: Any]] ?? [])
        #expect(root == ["Feed/CompositionRoot.swift:6 singleton Store.shared", "Feed/CompositionRoot.swift:7 construction APIClient()", "Feed/CompositionRoot.swift:8 construction FeedViewModel()"])
    }

    @Test("the token reader (the fallback) finds the same ones")
    func realWorldWithTokenReader() throws {
        let expected = try Self.markedDependencies(in: Self.realWorld)
        let analysis = try CodeAnalyzer(fileSystem: LocalFileSystem(), processRunner: PosixProcessRunner(groups: ProcessGroupRegistry()),
                                        swiftc: nil, environment: [:]).analyze(folder: Self.realWorld)
        #expect(analysis.reader == CodeAnalyzer.tokenReaderName)
        let found = analysis.hiddenDependencies.map { "\($0.file):\($0.line) \($0.kind.rawValue) \($0.target)" }.sorted()
        #expect(found == expected)
    }

    /// Every lesson with a starter and a `hidden-dependencies.json`: its known hidden
    /// dependencies found exactly once in the starter, and none left in the solution
    /// but those the file allows (the composition root is never counted).
    @Test("each lesson's known hidden dependencies are found exactly once; the solutions keep none")
    func courseHiddenDependencies() throws {
        var checked = 0
        // The real course's starters from the pristine copy: a learner's solved Lessons/ is not a starter.
        let pristine = try KataBinary.pristineCourse.get()
        let roots = [KataBinary.packageRoot, KataBinary.packageRoot + "/Tests/Fixtures/Refactor/StepsCourse"]
        for root in roots {
            let course = try CourseLoader(fileSystem: LocalFileSystem()).load(root: root)
            let starters = root == KataBinary.packageRoot ? pristine : root
            let lessons = (try? FileManager.default.contentsOfDirectory(atPath: starters + "/Lessons")) ?? []
            for lesson in lessons.sorted() where FileManager.default.fileExists(atPath: "\(starters)/Lessons/\(lesson)/Sources") {
                let expectations = "\(root)/Solutions/\(lesson)/hidden-dependencies.json"
                guard let data = FileManager.default.contents(atPath: expectations) else {
                    print("note: \(lesson) has no Solutions/\(lesson)/hidden-dependencies.json yet")
                    continue
                }
                let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(expectations) is not JSON")
                let roots = (object["composition_root"] as? [String] ?? []).joined(separator: ",")
                // What the lesson's no_construction rules name is a collaborator on its code (`kata graph 04` does the same).
                let collaborators = (course.lesson(named: lesson)?.declaredCollaborators ?? []).sorted().joined(separator: ",")
                for (key, folder) in [("starter", "\(starters)/Lessons/\(lesson)/Sources"), ("solution", "\(root)/Solutions/\(lesson)/Sources")] {
                    let wanted = Self.found(object[key] as? [[String: Any]] ?? [])
                    let json = try Self.graphJSON(folder, roots: roots, collaborators: collaborators)
                    #expect(json["reader"] as? String == CodeAnalyzer.dumpReaderName)
                    #expect(Self.found(json["hidden_dependencies"] as? [[String: Any]] ?? []) == wanted, "\(lesson) \(key)")
                }
                checked += 1
            }
        }
        // A student handout has no Solutions/, so only the fixture lesson's expectations are there.
        #expect(checked >= (KataBinary.hasSolutions ? 2 : 1), "lesson 01 and the fixture lesson have expectations")
    }

    @Test("kata refactor shows each step's test bar, built from the step's code")
    func refactorTestBars() throws {
        let course = try KataBinary.copyFixture("Refactor/StepsCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let run = KataBinary.run(["refactor", "01", "--force"], in: course)
        #expect(run.status == 0, "\(run.output)")
        let output = run.output
        #expect(output.contains("The starter: where the way begins\n  ◌ does not compile against the tests yet"))
        #expect(output.contains("Step 1 of 2: Add the hour as a parameter\n  ███░░░░░░░ 1 of 3 tests pass"))
        #expect(output.contains("Step 2 of 2: Use the hour you are handed\n  ██████████ 3 of 3 tests pass"))
        #expect(output.contains("-    public init(hour: @escaping () -> Int = { WallClock.shared.hour() }) {\n+    public init(hour: @escaping () -> Int) {"))
    }

    @Test("kata verify checks that every step compiles, with the lesson's tests after the starter, and passing tests never go down")
    func verifySteps() throws {
        let course = try KataBinary.copyFixture("Refactor/StepsCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let good = KataBinary.run(["verify"], in: course)
        #expect(good.status == 0, "\(good.output)")
        #expect(good.output.contains("steps: starter tests do not compile yet → 1 1/3 → 2 3/3"))
        #expect(good.output.contains("hidden dependencies: starter 1, solution 0"))

        let steps = "\(course)/Solutions/01-greeter/steps.json"
        var text = try String(contentsOfFile: steps, encoding: .utf8)
        // The way goes down: the solution first, then the half-done step, then the solution again.
        text = text.replacingOccurrences(of: "\"steps\": [", with: """
            "steps": [{"folder": "Sources", "title": {"en": "All at once", "zh-Hans": "一步到位"}, "explanation": {"en": "x", "zh-Hans": "x"}},
            """)
        try text.write(toFile: steps, atomically: true, encoding: .utf8)
        try "public let broken = \n".write(toFile: "\(course)/Solutions/01-greeter/Steps/1-parameter/Broken.swift", atomically: true, encoding: .utf8)
        let bad = KataBinary.run(["verify"], in: course)
        #expect(bad.status == 1)
        #expect(bad.output.contains("step 2 (Steps/1-parameter) does not compile on its own"), "\(bad.output)")
        try FileManager.default.removeItem(atPath: "\(course)/Solutions/01-greeter/Steps/1-parameter/Broken.swift")
        let down = KataBinary.run(["verify"], in: course)
        #expect(down.output.contains("step 2 (Steps/1-parameter) passes 1 test, fewer than step 1 (Sources) (3)"), "\(down.output)")

        // A step the tests do not compile against: its module compiles, but Greeter(hour:) is gone.
        let stepFile = "\(course)/Solutions/01-greeter/Steps/1-parameter/Greeter.swift"
        let stepCode = try String(contentsOfFile: stepFile, encoding: .utf8)
        try stepCode.replacingOccurrences(of: "public init(hour:", with: "public init(clock hour:").write(toFile: stepFile, atomically: true, encoding: .utf8)
        let uncompilable = KataBinary.run(["verify"], in: course)
        #expect(uncompilable.status == 1)
        #expect(uncompilable.output.contains("step 2 (Steps/1-parameter) compiles, but the lesson's tests do not compile against it"), "\(uncompilable.output)")
        #expect(uncompilable.output.contains("keep the old one beside it as a forwarding shim"), "\(uncompilable.output)")
        #expect(uncompilable.output.contains("→ 2 tests do not compile →"), "\(uncompilable.output)")
        try stepCode.write(toFile: stepFile, atomically: true, encoding: .utf8)

        try FileManager.default.removeItem(atPath: steps)
        let missing = KataBinary.run(["verify"], in: course)
        #expect(missing.output.contains("no refactoring steps: write Solutions/01-greeter/steps.json"))
    }

    @Test("before/after graphs export as Mermaid and DOT")
    func graphExports() throws {
        let course = KataBinary.packageRoot + "/Tests/Fixtures/Refactor/StepsCourse"
        let mermaid = KataBinary.run(["refactor", "01", "--graph", "--format", "mermaid", "--course", course], in: KataBinary.packageRoot)
        #expect(mermaid.status == 0, "\(mermaid.output)")
        #expect(mermaid.output.contains("subgraph p0_panel[\"Before: the starter\"]"))
        #expect(mermaid.output.contains("p0_Greeter -.->|\"reaches for: WallClock.shared\"| p0_WallClock"))
        #expect(!mermaid.output.contains("p1_Greeter -.->"), "the solution reaches for nothing")
        let dot = KataBinary.run(["refactor", "01", "--graph", "--format", "dot", "--course", course], in: KataBinary.packageRoot)
        #expect(dot.output.hasPrefix("digraph dependencies {"))
        #expect(dot.output.contains("subgraph cluster_1 {"))
        // A graph format asks for the graph: --graph is implied.
        let implied = KataBinary.run(["refactor", "01", "--format", "dot", "--course", course], in: KataBinary.packageRoot)
        #expect(implied.status == 0, "\(implied.output)")
        #expect(implied.output.hasPrefix("digraph dependencies {"), "\(implied.output)")
        let terminal = KataBinary.run(["refactor", "01", "--graph", "--course", course], in: KataBinary.packageRoot)
        #expect(terminal.output.contains("Hidden dependencies: 1 → 0"))
    }

    @Test("kata diff reads the pristine starter (kept when first seen, or from git); once passed it compares with the solution")
    func diffAgainstGit() throws {
        let course = try KataBinary.copyFixture("Refactor/StepsCourse")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let firstSeen = KataBinary.run(["diff", "01"], in: course)
        #expect(firstSeen.status == 0, "\(firstSeen.output)")
        #expect(firstSeen.output.contains("You have not changed the starter yet."), "\(firstSeen.output)")
        try FileManager.default.removeItem(atPath: "\(course)/.kata")

        let runner = PosixProcessRunner(groups: ProcessGroupRegistry())
        let git = ["/usr/bin/git", "/usr/local/bin/git", "/opt/homebrew/bin/git"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let gitPath = try #require(git, "git is needed for this test")
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.name=Kata", "-c", "user.email=kata@example.com", "commit", "-qm", "course"]] {
            let result = runner.run(ProcessRequest(executable: gitPath, arguments: ["-C", course] + arguments,
                                                   environment: ProcessInfo.processInfo.environment, timeout: 30))
            #expect(result.termination.succeeded, "git \(arguments): \(result.output)")
        }
        let unchanged = KataBinary.run(["diff", "01"], in: course)
        #expect(unchanged.status == 0, "\(unchanged.output)")
        #expect(unchanged.output.contains("You have not changed the starter yet."))

        try FileManager.default.removeItem(atPath: "\(course)/Lessons/01-greeter/Sources/Greeter.swift")
        try FileManager.default.copyItem(atPath: "\(course)/Solutions/01-greeter/Sources/Greeter.swift", toPath: "\(course)/Lessons/01-greeter/Sources/Greeter.swift")
        let changed = KataBinary.run(["diff", "01"], in: course)
        #expect(changed.output.contains("--- starter/Greeter.swift\n+++ yours/Greeter.swift"))
        #expect(changed.output.contains("+    public init(hour: @escaping () -> Int) {"))
        #expect(changed.output.contains("Pass the lesson (swift run kata check 01-greeter)"), "run from .build, kata shows the swift run form")

        let check = KataBinary.run(["check", "01"], in: course)
        #expect(check.status == 0, "\(check.output)")
        let passed = KataBinary.run(["diff", "01"], in: course)
        #expect(passed.output.contains("Your code is the reference solution, line for line."), "\(passed.output)")
    }

    @Test("on every lesson of the course, the token reader finds what the compiler's syntax dump finds")
    func fallbackAgreesOnTheCourse() throws {
        let environment = ProcessInfo.processInfo.environment
        let swiftc = try #require((environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }, "swiftc on PATH")
        var temporary = environment
        temporary["TMPDIR"] = NSTemporaryDirectory()
        let runner = PosixProcessRunner(groups: ProcessGroupRegistry())
        let exact = CodeAnalyzer(fileSystem: LocalFileSystem(), processRunner: runner, swiftc: swiftc, environment: temporary)
        let simple = CodeAnalyzer(fileSystem: LocalFileSystem(), processRunner: runner, swiftc: nil, environment: temporary)
        let root = KataBinary.packageRoot
        let pristine = try KataBinary.pristineCourse.get()
        var folders = 0
        for lesson in ((try? FileManager.default.contentsOfDirectory(atPath: pristine + "/Lessons")) ?? []).sorted() {
            for folder in ["\(pristine)/Lessons/\(lesson)/Sources", "\(root)/Solutions/\(lesson)/Sources"] where FileManager.default.fileExists(atPath: folder) {
                let a = try exact.analyze(folder: folder)
                let b = try simple.analyze(folder: folder)
                #expect(a.reader == CodeAnalyzer.dumpReaderName, "\(folder): \(a.notes)")
                #expect(a.hiddenDependencies.map(KnownHiddenDependencies.Entry.init) == b.hiddenDependencies.map(KnownHiddenDependencies.Entry.init), "\(folder)")
                #expect(a.types.map(\.name) == b.types.map(\.name), "\(folder)")
                folders += 1
            }
        }
        #expect(folders >= 2)
    }
}

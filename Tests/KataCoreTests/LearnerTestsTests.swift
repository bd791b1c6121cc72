import Foundation
import Testing
@testable import KataCore

/// A builder that records what it was asked to build and answers from a script.
/// What each run was asked for (the schema's case), in order.
private final class Asked: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String?] = []
    func add(_ value: String?) { lock.withLock { values.append(value) } }
    /// The values so far, forgotten.
    func taken() -> [String?] { lock.withLock { defer { values = [] }; return values } }
}

private final class ScriptedBuilder: LessonBuilding, @unchecked Sendable {
    private let lock = NSLock()
    private var inputs: [BuildInput] = []
    private(set) var sharedIn: [String] = []
    let answer: @Sendable (BuildInput) -> BuildOutcome
    init(_ answer: @escaping @Sendable (BuildInput) -> BuildOutcome) { self.answer = answer }
    var built: [BuildInput] { lock.withLock { inputs } }
    func build(_ input: BuildInput) -> BuildOutcome {
        lock.withLock { inputs.append(input) }
        return answer(input)
    }
    func sharingBuilds(in cache: String) -> any LessonBuilding {
        lock.withLock { sharedIn.append(cache) }
        return self
    }
}

@Suite("Learner-written tests: the format and the judge")
struct LearnerTestsTests {
    static let store = """
        public final class Store {
            private var items: [Int] = []
            public func add(_ value: Int) throws {
                if value <= 0 {
                    throw StoreError.invalid
                }
                items.append(value)
            }
            public func smallest() -> Int? {
                items.min()
            }
        }
        """

    func lesson(_ learnerTests: LearnerTestsSpec?) -> Lesson {
        var metadata = LessonMetadata(module: "Stores", title: LocalizedText(english: "S", chinese: "存"),
                                      summary: LocalizedText(english: "S", chinese: "存"), hints: [], points: 10)
        metadata.learnerTests = learnerTests
        return Lesson(id: "51-stores", number: 51, slug: "stores", metadata: metadata, root: "/course")
    }

    func metadata(_ learnerTests: String) throws -> LessonMetadata {
        try LessonMetadata.parse(Data("""
            {"format_version": 2, "module": "Stores", "title": {"en": "S", "zh-Hans": "存"}, "summary": {"en": "S", "zh-Hans": "存"},
             "hints": [], "learner_tests": \(learnerTests)}
            """.utf8))
    }

    @Test("lesson.json's learner_tests is read, with its defaults, and written back")
    func readsTheFormat() throws {
        let read = try metadata(#"{"implementation": "Store.swift", "promises": {"add": {"en": "add a test that adds 0", "zh-Hans": "添加一个测试：加入 0"}}}"#)
        let spec = try #require(read.learnerTests)
        #expect(spec.folder == "LearnerTests")
        #expect(spec.implementation == "Store.swift")
        #expect(spec.maxMutants == 10)
        #expect(spec.promises["add"]?.english == "add a test that adds 0")
        #expect(try LessonMetadata.parse(read.encoded()).learnerTests == spec)
    }

    @Test("a learner_tests without an implementation, with an unknown operator or field, is refused with the reason")
    func refusesWhatItCannotRead() {
        #expect(throws: MetadataError.self) { try metadata(#"{"folder": "LearnerTests"}"#) }
        do {
            _ = try metadata(#"{"implementation": "Store.swift", "operators": ["flip-everything"], "colour": "red"}"#)
            Issue.record("an unknown operator and an unknown field were read")
        } catch let error as MetadataError {
            #expect(error.problems.contains { $0.contains("\"learner_tests.operators\"") })
            #expect(error.problems.contains { $0.contains("unknown field \"colour\"") })
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("the mutants are the same every time, capped and spread over the file, less the skipped ones")
    func choosesMutantsDeterministically() {
        var spec = LearnerTestsSpec(implementation: "Store.swift")
        let all = LearnerTestsJudge.chosenMutants(of: Self.store, spec: spec)
        #expect(all.map(\.id) == LearnerTestsJudge.chosenMutants(of: Self.store, spec: spec).map(\.id))
        #expect(all.contains { $0.id == "move-boundary@Store.swift:4" })
        #expect(all.contains { $0.id == "remove-call@Store.swift:7" })
        spec.maxMutants = 2
        let two = LearnerTestsJudge.chosenMutants(of: Self.store, spec: spec)
        #expect(two.count == 2)
        #expect(two.first?.id == all.first?.id, "the first is always kept; the others are spread")
        spec.maxMutants = 10
        spec.skip = ["move-boundary@Store.swift:4": "no test can tell"]
        spec.operators = ["move-boundary", "remove-call"]
        #expect(LearnerTestsJudge.chosenMutants(of: Self.store, spec: spec).map(\.id) == ["remove-call@Store.swift:7", "remove-call@Store.swift:10"])
    }

    @Test("a survivor's verdict names the line and the change, says what to test, in both languages")
    func survivorSaysWhatToTest() throws {
        var spec = LearnerTestsSpec(implementation: "Store.swift")
        spec.promises["add"] = LocalizedText(english: "add a test that adds 0 and expects it refused", chinese: "添加一个测试：加入 0 并期望被拒绝")
        let judge = LearnerTestsJudge(spec: spec, builder: ScriptedBuilder { _ in .moduleFailed([], output: "") },
                                      testRunner: TestRunner(processRunner: ScriptedProcessRunner(), fileSystem: InMemoryFileSystem(), clock: FixedClock()),
                                      fileSystem: InMemoryFileSystem(), environment: [:], perTestTimeout: 5)
        let mutant = try #require(LearnerTestsJudge.chosenMutants(of: Self.store, spec: spec).first { $0.id == "move-boundary@Store.swift:4" })
        let survived = judge.mutantVerdict(lesson: lesson(spec), mutant: mutant, shownFile: "Lessons/51-stores/Sources/Store.swift", source: Self.store, caughtBy: nil, ran: true)
        #expect(survived.status == .fail)
        #expect(survived.name == "your tests catch: Store.swift:4 `if value <= 0 {` made `if value < 0 {`")
        #expect(survived.message.contains("At Store.swift:4, `if value <= 0 {` made `if value < 0 {`"))
        #expect(survived.message.contains("add a test that adds 0 and expects it refused"))
        #expect(survived.message.contains(" [zh-Hans] 在 Store.swift:4"))
        #expect(survived.message.contains("添加一个测试：加入 0 并期望被拒绝"))
        #expect(CourseVerifier.functionName(of: survived.id) == LearnerTestsSpec.mutantVerdict)
        #expect(Progress.FirstFailure.function(of: survived.id) == "yourTestsCatchEveryMutant()")
        let caught = judge.mutantVerdict(lesson: lesson(spec), mutant: mutant, shownFile: "Store.swift", source: Self.store,
                                         caughtBy: TestVerdict(name: "refusesZero()", id: "x", status: .fail), ran: true)
        #expect(caught.status == .pass)
        #expect(LearnerTestsJudge.enclosingFunction(in: Self.store, line: 10) == "smallest")
    }

    @Test("a stand-in file is read and written back; `caught` counts only contract tests, `unneeded` every test that failed in each of its cases")
    func standIns() throws {
        let read = try metadata(#"{"implementation": "Store.swift", "stand_ins": [{"id": "given-fake", "file": "Fake.swift", "lines": ["public final class Fake {}"], "expect": "caught", "title": {"en": "the given fake", "zh-Hans": "给定的假对象"}, "why": {"en": "run the contract on the fake", "zh-Hans": "在假对象上运行契约"}}]}"#)
        let spec = try #require(read.learnerTests)
        let standIn = try #require(spec.standIns.first)
        #expect(standIn.text == "public final class Fake {}\n" && standIn.expect == .caught)
        #expect(try LessonMetadata.parse(read.encoded()).learnerTests == spec)
        #expect(throws: MetadataError.self) { try metadata(#"{"implementation": "Store.swift", "stand_ins": [{"id": "x", "file": "F.swift", "lines": ["a"], "expect": "sometimes"}]}"#) }

        let judge = LearnerTestsJudge(spec: spec, builder: ScriptedBuilder { _ in .moduleFailed([], output: "") },
                                      testRunner: TestRunner(processRunner: ScriptedProcessRunner(), fileSystem: InMemoryFileSystem(), clock: FixedClock()),
                                      fileSystem: InMemoryFileSystem(), environment: [:], perTestTimeout: 5)
        var contract = TestVerdict(name: "refuses a duplicate", id: "StoresLearnerTests/refusesADuplicate(_:)/Contract.swift:9:2", status: .fail)
        contract.passedCases = 1
        var timer = TestVerdict(name: "the timer tells a best", id: "StoresLearnerTests/timerTellsABest()/Timer.swift:4:2", status: .fail)
        timer.passedCases = 0
        let passing = TestVerdict(name: "keeps a lap", id: "StoresLearnerTests/keepsALap(_:)/Contract.swift:3:2", status: .pass)
        // `caught`: a failing plain test (the timer's) does not check the fake's promises; a failing contract test does.
        #expect(judge.standInVerdict(lesson: lesson(spec), standIn: standIn, run: [timer, passing]).status == .fail)
        #expect(judge.standInVerdict(lesson: lesson(spec), standIn: standIn, run: [timer, contract]).status == .pass)
        // `unneeded`: a contract test fails only in the real store's case; a test failing in all its cases needs the store.
        var down = standIn
        down.expect = .unneeded
        #expect(judge.standInVerdict(lesson: lesson(spec), standIn: down, run: [contract, passing]).status == .pass)
        let needing = judge.standInVerdict(lesson: lesson(spec), standIn: down, run: [contract, timer])
        #expect(needing.status == .fail && needing.message.contains("`the timer tells a best`") && needing.message.contains(" [zh-Hans] "))
        // A timer test given arguments it ignores fails in every case: it needs the real store all the same.
        var dummy = TestVerdict(name: "the timer, once per kind", id: "StoresLearnerTests/timerTellsABest(_:)/Timer.swift:4:2", status: .fail)
        dummy.passedCases = 0
        #expect(judge.standInVerdict(lesson: lesson(spec), standIn: down, run: [contract, dummy]).status == .fail)
        // `kept`: a store that keeps every promise is a question about the tests themselves. Any test failing on it
        // (a contract test in one case is enough) checks the given store's exact answers: the verdict fails and stands
        // with the learner's own runs, not among the mistakes to catch.
        var careful = standIn
        careful.expect = .kept
        let keptPass = judge.standInVerdict(lesson: lesson(spec), standIn: careful, run: [passing])
        #expect(keptPass.status == .pass && CourseVerifier.functionName(of: keptPass.id) == LearnerTestsSpec.runVerdict)
        let detector = judge.standInVerdict(lesson: lesson(spec), standIn: careful, run: [passing, contract])
        #expect(detector.status == .fail && detector.message.contains("`refuses a duplicate` failed") && detector.message.contains("keeps every promise"))
        #expect(judge.standInVerdict(lesson: lesson(spec), standIn: careful, run: []).status == .fail)
        #expect(try LessonMetadata.parse(metadata(#"{"implementation": "Store.swift", "stand_ins": [{"id": "other", "file": "Store.swift", "lines": ["a"], "expect": "kept", "title": {"en": "t", "zh-Hans": "t"}, "why": {"en": "w", "zh-Hans": "w"}}]}"#).encoded()).learnerTests?.standIns.first?.expect == .kept)
    }

    @Test("mutants that fit one schema are built once and run by their case, once the schema asked for no mutant passes the learner's tests as the real code does; otherwise, or when the lesson's code may read the environment, each is built on its own")
    func schemaBuiltOnce() throws {
        let store = """
            public final class Store {
                private var values: [Int] = []
                public init() {}
                public func add(_ value: Int) {
                    if value > 0 {
                        values.append(value)
                    }
                }
                public func total() -> Int {
                    return values.reduce(0, +)
                }
            }
            """
        let spec = LearnerTestsSpec(implementation: "Store.swift")
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("/course/Lessons/51-stores/Sources/Store.swift", store)
        fileSystem.add("/course/Lessons/51-stores/LearnerTests/StoreTests.swift", "import Testing\n@testable import Stores\n")
        let module = [LearnerTestsJudge.ModuleFile(name: "Store.swift", path: "/course/Lessons/51-stores/Sources/Store.swift")]
        let mutants = LearnerTestsJudge.chosenMutants(of: store, spec: spec)
        #expect(mutants.count >= 3, "\(mutants.map(\.id))")
        let asked = Asked()
        for (imports, schemaIsReal) in [([String](), true), (["Foundation"], true), ([], false)] {
            let builder = ScriptedBuilder { _ in .ready(executable: "/b/program", rebuiltModule: true, rebuiltTests: true) }
            var judge = LearnerTestsJudge(spec: spec, builder: builder,
                                          testRunner: TestRunner(processRunner: ScriptedProcessRunner(), fileSystem: fileSystem, clock: FixedClock()),
                                          fileSystem: fileSystem, environment: [:], perTestTimeout: 5)
            judge.runProgram = { _, _, _, extra in
                asked.add(extra[MutantSchema.variable])
                // The schema asked for no mutant is the real code: the learner's test passes on it, unless it tells the
                // schema's build from the plain one (a recursion that overflows the larger frames).
                let real = extra[MutantSchema.variable] == "0"
                return [TestVerdict(name: "adds", id: "M/adds()/T.swift:1:1", status: real && schemaIsReal ? .pass : .fail)]
            }
            var lesson = lesson(spec)
            lesson.metadata.imports = imports
            let verdicts = judge.mutantVerdicts(lesson: lesson, module: module, tests: ["/course/Lessons/51-stores/LearnerTests/StoreTests.swift"],
                                                shared: builder, buildFolder: "/build/learner")
            #expect(verdicts.count == mutants.count && verdicts.allSatisfy { $0.status == .pass }, "\(verdicts.map(\.message))")
            let schemaTexts = builder.built.compactMap { input in input.sourceFiles.first.flatMap { try? fileSystem.readText($0) } }
            if imports.isEmpty && schemaIsReal {
                // One build for every mutant, each run asking for its own case, after the real code's case.
                #expect(builder.built.count == 1)
                #expect(schemaTexts.first?.contains("switch __kataMutantSchema") == true)
                #expect(Set(asked.taken()) == Set((0...mutants.count).map { Optional("\($0)") }))
            } else if imports.isEmpty {
                // The schema's real code fails the learner's test: its runs say nothing, and each mutant is built on its own.
                #expect(builder.built.count == 1 + mutants.count)
                #expect(asked.taken().filter { $0 != nil } == ["0"])
            } else {
                #expect(builder.built.count == mutants.count)
                #expect(asked.taken().allSatisfy { $0 == nil })
            }
        }
    }

    @Test("confirmed runs: a pass on the learner's code holds only after four passing runs, a catch only after two")
    func confirmedRuns() throws {
        let spec = LearnerTestsSpec(implementation: "Store.swift")
        let outcomes = Outcomes()
        var judge = LearnerTestsJudge(spec: spec, builder: ScriptedBuilder { _ in .moduleFailed([], output: "") },
                                      testRunner: TestRunner(processRunner: ScriptedProcessRunner(), fileSystem: InMemoryFileSystem(), clock: FixedClock()),
                                      fileSystem: InMemoryFileSystem(), environment: [:], perTestTimeout: 5)
        judge.runProgram = { _, _, _, _ in [TestVerdict(name: "coin", id: "M/coin()/T.swift:1:1", status: outcomes.next())] }
        judge.confirmsRuns = true
        // A test that fails on the fourth run of the learner's own code does not pass.
        outcomes.set([.pass, .pass, .pass, .fail])
        #expect(judge.run("/p", build: "/b", lesson: lesson(spec), timeout: 5, keep: .worse).map(\.status) == [.fail])
        #expect(outcomes.used == 4)
        outcomes.set([.pass, .pass, .pass, .pass, .fail])
        #expect(judge.run("/p", build: "/b", lesson: lesson(spec), timeout: 5, keep: .worse).map(\.status) == [.pass])
        #expect(outcomes.used == 4)
        // On a variant, a failure the second run does not repeat is no catch; a pass is not run again.
        outcomes.set([.fail, .pass])
        #expect(judge.run("/p", build: "/b", lesson: lesson(spec), timeout: 5, keep: .better).map(\.status) == [.pass])
        outcomes.set([.pass, .fail])
        #expect(judge.run("/p", build: "/b", lesson: lesson(spec), timeout: 5, keep: .better).map(\.status) == [.pass])
        #expect(outcomes.used == 1)
        judge.confirmsRuns = false
        outcomes.set([.pass, .fail])
        #expect(judge.run("/p", build: "/b", lesson: lesson(spec), timeout: 5, keep: .worse).map(\.status) == [.pass])
    }

    @Test("no learner tests, or tests that do not compile, are one verdict each; the build shares a cache beside the variant's")
    func compileAndRunVerdicts() {
        let spec = LearnerTestsSpec(implementation: "Store.swift")
        let lesson = lesson(spec)
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("\(lesson.folder)/LearnerTests/StoreTests.swift", "import Testing\n")
        let builder = ScriptedBuilder { _ in
            .testsFailed([Diagnostic(file: "Lessons/51-stores/LearnerTests/StoreTests.swift", line: 3, column: 1, severity: "error", message: "cannot find 'Stor' in scope")], output: "")
        }
        let judge = LearnerTestsJudge(spec: spec, builder: builder,
                                      testRunner: TestRunner(processRunner: ScriptedProcessRunner(), fileSystem: fileSystem, clock: FixedClock()),
                                      fileSystem: fileSystem, environment: [:], perTestTimeout: 5)
        let module = [LearnerTestsJudge.ModuleFile(name: "Store.swift", path: "\(lesson.sources)/Store.swift")]
        let none = judge.verdicts(lesson: lesson, module: module, testsFolder: nil, buildFolder: "/b/51-stores/learner", judgesMutants: true)
        #expect(none.map(\.name) == ["yourTestsRun"])
        #expect(none.first?.status == .fail)
        let broken = judge.verdicts(lesson: lesson, module: module, testsFolder: "\(lesson.folder)/LearnerTests", buildFolder: "/b/51-stores/learner", judgesMutants: true)
        #expect(broken.map(\.name) == ["yourTestsCompile"])
        #expect(broken.first?.message.contains("cannot find 'Stor' in scope") == true)
        #expect(broken.first?.line == 3)
        #expect(builder.built.last?.testFiles == ["\(lesson.folder)/LearnerTests/StoreTests.swift"])
        #expect(builder.built.last?.sourceFiles == ["\(lesson.sources)/Store.swift"])
        #expect(builder.built.last?.buildDirectory == "/b/51-stores/learner/learner-tests")
        #expect(builder.sharedIn.last == "/b/51-stores/learner-shared")
    }

    @Test("a mutant that does not build with the learner's module is a question left unanswered: a failing verdict, never one taken off the count")
    func unbuiltMutantFails() {
        let spec = LearnerTestsSpec(implementation: "Store.swift")
        let lesson = lesson(spec)
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("\(lesson.sources)/Store.swift", Self.store)
        let judge = LearnerTestsJudge(spec: spec, builder: ScriptedBuilder { _ in .moduleFailed([], output: "") },
                                      testRunner: TestRunner(processRunner: ScriptedProcessRunner(), fileSystem: fileSystem, clock: FixedClock()),
                                      fileSystem: fileSystem, environment: [:], perTestTimeout: 5)
        let module = [LearnerTestsJudge.ModuleFile(name: "Store.swift", path: "\(lesson.sources)/Store.swift")]
        let mutants = LearnerTestsJudge.chosenMutants(of: Self.store, spec: spec)
        let verdicts = judge.mutantVerdicts(lesson: lesson, module: module, tests: ["\(lesson.folder)/LearnerTests/StoreTests.swift"],
                                            shared: ScriptedBuilder { _ in .moduleFailed([], output: "") }, buildFolder: "/b/51-stores/learner")
        #expect(!mutants.isEmpty && verdicts.count == mutants.count, "\(verdicts.map(\.name))")
        #expect(verdicts.allSatisfy { $0.status == .fail && $0.name.contains("does not compile with your code") && $0.message.contains(" [zh-Hans] ") })
    }

    @Test("each mutant is made in a renamed copy of the implementation too, in the learner's module and in their tests; other files stay as they are")
    func mutantsReachCopies() {
        let spec = LearnerTestsSpec(implementation: "Store.swift")
        let lesson = lesson(spec)
        let fileSystem = InMemoryFileSystem()
        let copy = Self.store.replacingOccurrences(of: "class Store", with: "class Oracle")
        let other = "struct Other {\n    var items: [Int] = []\n}\n"
        fileSystem.add("\(lesson.sources)/Store.swift", Self.store)
        fileSystem.add("\(lesson.sources)/Oracle.swift", copy)
        fileSystem.add("\(lesson.sources)/Other.swift", other)
        let tests = "\(lesson.folder)/LearnerTests/StoreTests.swift"
        fileSystem.add(tests, "import Testing\n" + copy.replacingOccurrences(of: "class Oracle", with: "class TestOracle"))
        // What each build was handed, as it was when the build began (the first build of each folder).
        let seen = NSLock()
        nonisolated(unsafe) var firstBuilds: [String: [String: String]] = [:]
        let builder = ScriptedBuilder { input in
            let files = Dictionary((input.sourceFiles + input.testFiles).map { ($0, (try? fileSystem.readText($0)) ?? "") }, uniquingKeysWith: { a, _ in a })
            seen.withLock { if firstBuilds[input.buildDirectory] == nil { firstBuilds[input.buildDirectory] = files } }
            return .moduleFailed([], output: "")
        }
        let judge = LearnerTestsJudge(spec: spec, builder: builder,
                                      testRunner: TestRunner(processRunner: ScriptedProcessRunner(), fileSystem: fileSystem, clock: FixedClock()),
                                      fileSystem: fileSystem, environment: [:], perTestTimeout: 5)
        let module = ["Store.swift", "Oracle.swift", "Other.swift"].map { LearnerTestsJudge.ModuleFile(name: $0, path: "\(lesson.sources)/\($0)") }
        let mutants = LearnerTestsJudge.chosenMutants(of: Self.store, spec: spec)
        _ = judge.mutantVerdicts(lesson: lesson, module: module, tests: [tests], shared: builder, buildFolder: "/b/51-stores/learner")
        #expect(!mutants.isEmpty)
        func tokens(_ text: String?) -> [String] { CloneMutation.code(text ?? "").map(\.text) }
        for (index, mutant) in mutants.enumerated() {
            let folder = "/b/51-stores/learner/learner-mutants/\(index)"
            let first = seen.withLock { firstBuilds["\(folder)/build"] } ?? [:]
            let store = first["\(folder)/src/Store.swift"] ?? ""
            #expect(store != Self.store, "\(mutant.id)")
            #expect(tokens(first["\(folder)/src/Oracle.swift"]) == tokens(store.replacingOccurrences(of: "class Store", with: "class Oracle")), "\(mutant.id)")
            #expect(first["\(folder)/src/Other.swift"] == other)
            #expect(tokens(first["\(folder)/tests/StoreTests.swift"]) == tokens("import Testing\n" + store.replacingOccurrences(of: "class Store", with: "class TestOracle")), "\(mutant.id)")
        }
    }

    @Test("a mutant whose change does not build in the learner's \"copy\" (code that only shares tokens with the implementation) is judged again with the learner's files as they are")
    func copiesThatDoNotBuildAreLeftAlone() {
        let spec = LearnerTestsSpec(implementation: "Store.swift")
        let lesson = lesson(spec)
        let fileSystem = InMemoryFileSystem()
        let copy = Self.store.replacingOccurrences(of: "class Store", with: "class Oracle")
        fileSystem.add("\(lesson.sources)/Store.swift", Self.store)
        fileSystem.add("\(lesson.sources)/Oracle.swift", copy)
        let builder = ScriptedBuilder { _ in .moduleFailed([], output: "") }
        let judge = LearnerTestsJudge(spec: spec, builder: builder,
                                      testRunner: TestRunner(processRunner: ScriptedProcessRunner(), fileSystem: fileSystem, clock: FixedClock()),
                                      fileSystem: fileSystem, environment: [:], perTestTimeout: 5)
        let module = ["Store.swift", "Oracle.swift"].map { LearnerTestsJudge.ModuleFile(name: $0, path: "\(lesson.sources)/\($0)") }
        let mutants = LearnerTestsJudge.chosenMutants(of: Self.store, spec: spec)
        _ = judge.mutantVerdicts(lesson: lesson, module: module, tests: ["\(lesson.folder)/LearnerTests/StoreTests.swift"], shared: builder, buildFolder: "/b/51-stores/learner")
        // Each mutant: once with the copy changed too, and, as that does not build, once more with the copy as it is.
        #expect(!mutants.isEmpty && builder.built.count == 2 * mutants.count, "\(builder.built.count) builds for \(mutants.count) mutants")
        for index in mutants.indices {
            #expect((try? fileSystem.readText("/b/51-stores/learner/learner-mutants/\(index)/src/Oracle.swift")) == copy)
        }
    }

    @Test("graded (every variant in one folder), the tests are built from one path for every variant, a copy in them or not: no `#filePath` tells a variant apart")
    func oneFolderOnePath() {
        let spec = LearnerTestsSpec(implementation: "Store.swift")
        let lesson = lesson(spec)
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("\(lesson.sources)/Store.swift", Self.store)
        let tests = "\(lesson.folder)/LearnerTests/StoreTests.swift"
        fileSystem.add(tests, "import Testing\n" + Self.store.replacingOccurrences(of: "class Store", with: "class TestOracle") + "\nlet x = 1\n")
        let builder = ScriptedBuilder { _ in .moduleFailed([], output: "") }
        var judge = LearnerTestsJudge(spec: spec, builder: builder,
                                      testRunner: TestRunner(processRunner: ScriptedProcessRunner(), fileSystem: fileSystem, clock: FixedClock()),
                                      fileSystem: fileSystem, environment: [:], perTestTimeout: 5)
        judge.variantsInOneFolder = true
        let module = [LearnerTestsJudge.ModuleFile(name: "Store.swift", path: "\(lesson.sources)/Store.swift")]
        _ = judge.mutantVerdicts(lesson: lesson, module: module, tests: [tests], shared: builder, buildFolder: "/b/51-stores/learner")
        let paths = Set(builder.built.map(\.testFiles))
        #expect(builder.built.count >= 2 && paths == [["\(LearnerTestsJudge.variantFolder("/b/51-stores/learner"))/tests/StoreTests.swift"]], "\(paths)")
    }

    @Test("tests that import more than Swift Testing and their module are one verdict that names the import, before any build")
    func importsOnlyTestingAndTheModule() {
        let spec = LearnerTestsSpec(implementation: "Store.swift")
        let lesson = lesson(spec)
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("\(lesson.folder)/LearnerTests/StoreTests.swift", "import Testing\n@testable import Stores\n// import Foundation in a comment is no import\n")
        fileSystem.add("\(lesson.folder)/LearnerTests/Peek.swift", "import Testing\nimport Foundation\n")
        let builder = ScriptedBuilder { _ in .moduleFailed([], output: "") }
        let judge = LearnerTestsJudge(spec: spec, builder: builder,
                                      testRunner: TestRunner(processRunner: ScriptedProcessRunner(), fileSystem: fileSystem, clock: FixedClock()),
                                      fileSystem: fileSystem, environment: [:], perTestTimeout: 5)
        let module = [LearnerTestsJudge.ModuleFile(name: "Store.swift", path: "\(lesson.sources)/Store.swift")]
        let refused = judge.verdicts(lesson: lesson, module: module, testsFolder: "\(lesson.folder)/LearnerTests", buildFolder: "/b/51-stores/learner", judgesMutants: true)
        #expect(refused.map(\.name) == ["yourTestsCompile"] && refused.first?.status == .fail)
        #expect(refused.first?.message.contains("`import Foundation`") == true && refused.first?.line == 2, "\(refused)")
        #expect(refused.first?.message.contains(" [zh-Hans] ") == true)
        #expect(builder.built.isEmpty)
        fileSystem.add("\(lesson.folder)/LearnerTests/Peek.swift", "import Testing\n")
        _ = judge.verdicts(lesson: lesson, module: module, testsFolder: "\(lesson.folder)/LearnerTests", buildFolder: "/b/51-stores/learner", judgesMutants: true)
        #expect(builder.built.count == 1, "with Testing and the module only, the tests are built")
    }

    @Test("tests that read what an object is made of (Mirror, type(of:)) are one verdict that names the line, before any build; a property named `type` is no such read")
    func testsJudgeBehaviourOnly() {
        let spec = LearnerTestsSpec(implementation: "Store.swift")
        let lesson = lesson(spec)
        let fileSystem = InMemoryFileSystem()
        let builder = ScriptedBuilder { _ in .moduleFailed([], output: "") }
        let judge = LearnerTestsJudge(spec: spec, builder: builder,
                                      testRunner: TestRunner(processRunner: ScriptedProcessRunner(), fileSystem: fileSystem, clock: FixedClock()),
                                      fileSystem: fileSystem, environment: [:], perTestTimeout: 5)
        let module = [LearnerTestsJudge.ModuleFile(name: "Store.swift", path: "\(lesson.sources)/Store.swift")]
        for (shape, line) in [("@Test func shape() {\n    #expect(Mirror(reflecting: Store()).children.count == 1)\n}\n", 4),
                              ("@Test func kind() {\n    #expect(type(of: Store()) == Store.self)\n}\n", 4)] {
            fileSystem.add("\(lesson.folder)/LearnerTests/Shape.swift", "import Testing\n@testable import Stores\n" + shape)
            let refused = judge.verdicts(lesson: lesson, module: module, testsFolder: "\(lesson.folder)/LearnerTests", buildFolder: "/b/51-stores/learner", judgesMutants: true)
            #expect(refused.count == 1 && refused.first?.status == .fail && refused.first?.line == line
                    && refused.first?.message.contains("what an object is made of") == true, "\(refused)")
        }
        #expect(builder.built.isEmpty)
        fileSystem.add("\(lesson.folder)/LearnerTests/Shape.swift", "import Testing\n@testable import Stores\n@Test func lap() {\n    #expect(Lap(type: 1).type == 1)\n}\n")
        _ = judge.verdicts(lesson: lesson, module: module, testsFolder: "\(lesson.folder)/LearnerTests", buildFolder: "/b/51-stores/learner", judgesMutants: true)
        #expect(builder.built.count == 1, "a member named type is no read of a type")
    }

    @Test("a variant finds its learner tests: the learner's and the solution's beside Sources, a wrong suite's own or else the solution's")
    func findsTheTestsOfEachVariant() {
        let lesson = lesson(LearnerTestsSpec(implementation: "Store.swift"))
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("\(lesson.folder)/LearnerTests/A.swift", "")
        fileSystem.add("\(lesson.solutionFolder)/LearnerTests/A.swift", "")
        fileSystem.add("\(lesson.wrongSolutions)/weak/LearnerTests/A.swift", "")
        fileSystem.add("\(lesson.wrongSolutions)/fake/Store.swift", "")
        #expect(LessonVariant.learner.learnerTests(of: lesson, fileSystem: fileSystem) == "\(lesson.folder)/LearnerTests")
        #expect(LessonVariant.solution.learnerTests(of: lesson, fileSystem: fileSystem) == "\(lesson.solutionFolder)/LearnerTests")
        #expect(LessonVariant.wrong("weak").learnerTests(of: lesson, fileSystem: fileSystem) == "\(lesson.wrongSolutions)/weak/LearnerTests")
        #expect(LessonVariant.wrong("fake").learnerTests(of: lesson, fileSystem: fileSystem) == "\(lesson.solutionFolder)/LearnerTests")
        #expect(LessonVariant.custom(name: "step", sources: "/elsewhere").learnerTests(of: lesson, fileSystem: fileSystem) == nil)
        #expect(LessonVariant.learner.learnerTests(of: self.lesson(nil), fileSystem: fileSystem) == nil)
    }

    @Test("a wrong suite holding only learner tests is built from the reference solution's module, without its tests in it")
    func wrongSuiteUsesTheSolutionsModule() {
        let lesson = lesson(LearnerTestsSpec(implementation: "Store.swift"))
        let fileSystem = InMemoryFileSystem()
        fileSystem.add("\(lesson.solutionSources)/Store.swift", "public final class Store {}\n")
        fileSystem.add("\(lesson.wrongSolutions)/weak/LearnerTests/StoreTests.swift", "import Testing\n")
        fileSystem.add("\(lesson.tests)/StoreTests.swift", "import Testing\n")
        let builder = ScriptedBuilder { _ in .moduleFailed([], output: "") }
        var checker = LessonChecker(builder: builder, testRunner: TestRunner(processRunner: ScriptedProcessRunner(), fileSystem: fileSystem, clock: FixedClock()),
                                    fileSystem: fileSystem, clock: FixedClock(), buildRoot: "/course/.kata/build", environment: [:])
        checker.checksRules = false
        _ = checker.check(lesson, variant: .wrong("weak"))
        #expect(builder.built.first?.sourceFiles == ["\(lesson.solutionSources)/Store.swift"])
    }

    @Test("the SwiftPM-free builder shares its builds in the cache it is given; one with a cache keeps its own")
    func swiftcBuilderShares() throws {
        let toolchain = Toolchain(swiftc: "/usr/bin/swiftc", identity: "t")
        let builder = SwiftcLessonBuilder(toolchain: toolchain, fileSystem: InMemoryFileSystem(), processRunner: ScriptedProcessRunner(),
                                          displayRoot: "/course", environment: [:])
        let shared = try #require(builder.sharingBuilds(in: "/cache") as? SwiftcLessonBuilder)
        #expect(shared.sharedCache == "/cache")
        let again = try #require(shared.sharingBuilds(in: "/other") as? SwiftcLessonBuilder)
        #expect(again.sharedCache == "/cache")
    }
}

/// Statuses handed out one per run, in order.
final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var queue: [Status] = []
    private(set) var used = 0
    func set(_ statuses: [Status]) { lock.withLock { queue = statuses; used = 0 } }
    func next() -> Status {
        lock.withLock {
            used += 1
            return queue.isEmpty ? .pass : queue.removeFirst()
        }
    }
}

@Suite("A mutant carried into the copies of the code it changes")
struct CloneMutationTests {
    /// The given real store of lesson 17, as a learner would copy it.
    static func given() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("Lessons/17-test-doubles/Sources/TimingLogLapStore.swift"), encoding: .utf8)
    }

    static func mutants(of given: String) -> [Mutant] {
        MutationOperators.mutants(of: ResolvedProgram(module: "_"), texts: ["TimingLogLapStore.swift": given], forbidden: [])
    }

    static func mutated(_ given: String, _ mutant: Mutant) -> String {
        var lines = given.components(separatedBy: "\n")
        for (line, new) in zip(mutant.lines, mutant.mutated) { lines[line - 1] = new }
        return lines.joined(separator: "\n")
    }

    /// A copy with its type and a member renamed, its comments and access control dropped, re-indented.
    static func renamed(_ text: String) -> String {
        text.components(separatedBy: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            .map { "  " + $0.replacingOccurrences(of: "TimingLogLapStore", with: "OracleLog").replacingOccurrences(of: "inLapOrder", with: "byNumber")
                .replacingOccurrences(of: "public ", with: "") }
            .joined(separator: "\n")
    }

    /// The same copy laid out otherwise: each statement ended by a semicolon, a block's lines joined onto one, braces
    /// on lines of their own.
    static func reformatted(_ text: String) -> String {
        renamed(text).components(separatedBy: "\n").map { line -> String in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix("{") { return String(trimmed.dropLast()) + "\n{" }
            if trimmed.isEmpty || trimmed == "}" { return trimmed }
            return trimmed + ";"
        }.joined(separator: " ")
    }

    /// Code tokens as the compiler reads them, less what a copy may change freely.
    static func tokens(_ text: String) -> [String] { CloneMutation.code(text).map(\.text) }

    @Test("every mutant of the implementation is made in a renamed copy too, so the copy agrees with the mutant")
    func everyMutantReachesTheCopy() throws {
        let given = try Self.given()
        let mutants = Self.mutants(of: given)
        #expect(mutants.count >= 10)
        for mutant in mutants {
            let changed = CloneMutation.apply(mutant, implementation: given, to: Self.renamed(given))
            #expect(changed.map(Self.tokens) == Self.tokens(Self.renamed(Self.mutated(given, mutant))), "\(mutant.id): \(mutant.original) -> \(mutant.mutated)")
        }
    }

    @Test("a copy laid out otherwise (semicolons, joined lines, braces moved) gets every mutant too")
    func layoutDoesNotHideACopy() throws {
        let given = try Self.given()
        for mutant in Self.mutants(of: given) {
            let changed = CloneMutation.apply(mutant, implementation: given, to: Self.reformatted(given))
            #expect(changed.map(Self.tokens) == Self.tokens(Self.reformatted(Self.mutated(given, mutant))), "\(mutant.id)")
        }
    }

    @Test("code in a string literal or a comment is no code: the store's text held in a raw string is never changed")
    func stringsAndCommentsStayAsTheyAre() throws {
        let given = try Self.given()
        let quoted = "let text = #\"\"\"\n" + given + "\n\"\"\"#\n/*\n" + given + "\n*/\n"
        for mutant in Self.mutants(of: given) {
            #expect(CloneMutation.apply(mutant, implementation: given, to: quoted) == nil, "\(mutant.id)")
        }
    }

    @Test("a file that shares a few common tokens with the implementation is no copy: it is left as it is")
    func commonLinesAreNoCopy() throws {
        let given = try Self.given()
        let fake = """
            final class InMemory: LapStore {
                private var stored: [Lap] = []
                func record(_ lap: Lap) throws {
                    stored.append(lap)
                }
                func laps(of driver: String) -> [Lap] {
                    var found: [Lap] = []
                    found.sort(by: { $0.number < $1.number })
                    return found
                }
            }
            """
        for mutant in Self.mutants(of: given) {
            #expect(CloneMutation.apply(mutant, implementation: given, to: fake) == nil, "\(mutant.id)")
        }
    }
}

@Suite("Learner-written tests: one type of a learner's file swapped")
struct TypeSwapTests {
    @Test("a type's declaration runs from its attributes to its closing brace; nested and member types are not top-level ones")
    func declarations() {
        let text = "import Foundation\n\n@MainActor\npublic final class Fake: LapStore {\n    struct Inner {}\n    func a() { if true { } }\n}\n\nextension Fake { static func holding() -> Fake { Fake() } }\nstruct Helper: Equatable { var x = 1 }\n"
        let found = LearnerTestsJudge.typeDeclarations(in: text)
        #expect(found.map(\.name) == ["Fake", "Helper"])
        #expect(found.first?.inherits == ["LapStore"])
        let bytes = Array(text.utf8)
        let first = found.first.map { String(decoding: bytes[$0.range], as: UTF8.self) } ?? ""
        #expect(first.hasPrefix("@MainActor\npublic final class Fake") && first.hasSuffix("func a() { if true { } }\n}"), "\(first)")
    }

    @Test("the swapped type takes the place of the learner's, and their helpers and extensions stay; the whole file is the second choice")
    func replacements() {
        let learner = "// mine\nfinal class Fake: LapStore {\n    var laps: [Int] = []\n}\n\nextension Fake {\n    static func holding() -> Fake { Fake() }\n}\n"
        let handed = "// handed out\nfinal class Fake: LapStore {\n    func record() {}\n}\n"
        let choices = LearnerTestsJudge.replacements(of: learner, by: handed, typeName: "Fake")
        #expect(choices.count == 2 && choices.last == handed)
        #expect(choices.first == "// mine\nfinal class Fake: LapStore {\n    func record() {}\n}\n\nextension Fake {\n    static func holding() -> Fake { Fake() }\n}\n")
        #expect(LearnerTestsJudge.replacements(of: "struct Other {}\n", by: handed, typeName: "Fake") == [handed], "no type of that name: the whole file")
    }
}

import Foundation

/// The tests a learner writes (`learner_tests` in lesson.json), judged as a check's further verdicts:
///
/// 1. `yourTestsCompile()`: the learner's test files compile with their module;
/// 2. each of the learner's tests passes on the learner's own code (the fake and the real implementation);
/// 3. `yourTestsCatchEveryMutant()`, once per mutant of the real implementation: the learner's tests, run against a
///    module whose real implementation holds one small mistake, fail. A mutant they do not notice is a failing
///    verdict that names the line, what changed, and what to test.
///
/// Mutants are only judged when the lesson's own tests and every one of the learner's pass: a mutant is a question
/// about a suite that is green on correct code. Builds share one cache by content (`sharingBuilds`), so the
/// learner's test program is compiled once for every mutant that keeps the module's interface.
public struct LearnerTestsJudge: Sendable {
    public let spec: LearnerTestsSpec
    public let builder: any LessonBuilding
    public let testRunner: TestRunner
    public let fileSystem: any FileSystem
    public let environment: [String: String]
    public var perTestTimeout: Double
    public var launcher: [String] = []
    /// Mutants built and run at once.
    public var jobs: Int = 2
    /// Runs one of the learner's test programs, built in `build`, each test with `timeout` seconds: `kata grade` puts it in
    /// a sandbox and takes its turn among the programs. Nil: `testRunner` with `launcher`, the events in the build folder.
    public var runProgram: (@Sendable (_ executable: String, _ build: String, _ timeout: Double, _ extra: [String: String]) -> [TestVerdict])?
    /// Mutants built together as one schema (`MutantSchema`) where they fit, instead of one build each.
    public var buildsSchemas = true
    /// Every variant (mutant, stand-in) is built and run in one folder, one after another: a program then cannot tell
    /// which variant it is by where it lies, only by what the code does (`kata grade`, where the tests are a student's).
    public var variantsInOneFolder = false
    /// Runs confirmed (`kata grade`): a test passes on the learner's own code only when it passed `ownCodeRuns` times
    /// in a row, and a variant is caught only when a test failed on it twice, so a test that passes or fails by chance
    /// earns next to nothing (a coin flip keeps a pass on the learner's code once in sixteen).
    public var confirmsRuns = false
    /// How many runs on the learner's own code must all pass when runs are confirmed. The runs are of one program
    /// already built, so each costs only its tests' time.
    public var ownCodeRuns = 4

    public init(spec: LearnerTestsSpec, builder: any LessonBuilding, testRunner: TestRunner, fileSystem: any FileSystem,
                environment: [String: String], perTestTimeout: Double) {
        self.spec = spec
        self.builder = builder
        self.testRunner = testRunner
        self.fileSystem = fileSystem
        self.environment = environment
        self.perTestTimeout = perTestTimeout
    }

    /// One file of the module: its name under `Sources/` and where it is read from.
    public struct ModuleFile: Sendable, Equatable {
        public var name: String
        public var path: String
        public init(name: String, path: String) {
            self.name = name
            self.path = path
        }
    }

    /// The learner's tests as verdicts. `testsFolder` holds them (nil: none written); `buildFolder` is the variant's own.
    /// `judgesMutants`: true when the lesson's own tests passed, so the mutants are worth their builds; false when they
    /// did not (a verdict says the mutants wait for them); nil to leave the mutants out and say nothing of them.
    public func verdicts(lesson: Lesson, module: [ModuleFile], testsFolder: String?, buildFolder: String, judgesMutants: Bool?) -> [TestVerdict] {
        let shownFolder = testsFolder.map { DiagnosticParser.relative($0, to: lesson.root) } ?? "Lessons/\(lesson.id)/\(spec.folder)"
        let tests = testsFolder.flatMap { folder in
            (try? fileSystem.filesRecursively(folder, withExtension: "swift"))?.sorted().map { "\(folder)/\($0)" }
        } ?? []
        guard !tests.isEmpty else {
            return [verdict(Self.runVerdict(lesson.module), .fail,
                            "No test of yours ran: write your tests in \(shownFolder)/ (Swift Testing, `@testable import \(lesson.module)`).",
                            "你的测试一个也没有运行：把你的测试写在 \(shownFolder)/ 里（Swift Testing，`@testable import \(lesson.module)`）。")]
        }
        // Graded, the learner's tests may import only Swift Testing and their module (see `Grader.gradeLearnerTests`):
        // said here, before the build, so that a check never passes what grading would not run.
        let texts = tests.map { (try? fileSystem.readText($0)) ?? "" }
        for (test, text) in zip(tests, texts) {
            let shown = DiagnosticParser.relative(test, to: lesson.root)
            let imports = TokenTools.fileFacts(SwiftLexer.tokens(of: text), file: shown, lines: LineIndex(text)).imports
            if let other = imports.first(where: { !Self.allowedImports(lesson.module).contains($0.module) }) {
                var refused = verdict(Self.compileVerdict(lesson.module), .fail,
                                      "\(shown):\(other.line): `import \(other.module)`: your tests import only Testing and \(lesson.module), so that they judge the code by what it does; graded, tests that import anything else are not run.",
                                      "\(shown):\(other.line)：`import \(other.module)`：你的测试只导入 Testing 和 \(lesson.module)，这样它们只凭代码做了什么来评判它；评分时，导入了其他模块的测试不会运行。")
                refused.file = shown
                refused.line = other.line
                return [refused]
            }
        }
        // Graded, tests that read what an object is made of (`Mirror`, `type(of:)`) are not run either: they tell a mistake
        // from the real code by its shape, not by what it does. Said here too, from the text (the grader asks the compiler).
        for (test, text) in zip(tests, texts) {
            let tokens = SwiftLexer.tokens(of: text)
            let shown = DiagnosticParser.relative(test, to: lesson.root)
            let found = tokens.indices.first { index in
                let token = tokens[index]
                guard token.isIdentifier, index == 0 || !tokens[index - 1].is(".") else { return false }
                if token.text == "Mirror" { return true }
                return token.text == "type" && index + 3 < tokens.count && tokens[index + 1].is("(") && tokens[index + 2].text == "of" && tokens[index + 3].is(":")
            }
            if let found {
                let line = LineIndex(text).line(of: tokens[found].offset)
                var refused = verdict(Self.compileVerdict(lesson.module), .fail,
                                      "\(shown):\(line): `\(tokens[found].text == "Mirror" ? "Mirror" : "type(of:)")` reads what an object is made of: your tests judge the code by what it does, through its calls and answers; graded, tests that read an object's stored properties or type are not run.",
                                      "\(shown):\(line)：`\(tokens[found].text == "Mirror" ? "Mirror" : "type(of:)")` 读取的是对象由什么组成：你的测试要通过调用和回答，凭代码做了什么来评判它；评分时，读取对象存储属性或类型的测试不会运行。")
                refused.file = shown
                refused.line = line
                return [refused]
            }
        }
        // Swift Testing makes a fresh suite for every test, so the only way one test sees what another left is a static
        // or global that holds state: then a test's verdict depends on what ran before it (run alone, in another
        // order, or twice in one process, it says otherwise). Said before the build, as the import is.
        let sharing = Self.sharedState(tests: zip(tests, texts).map { (name: DiagnosticParser.relative($0, to: lesson.root), text: $1) },
                                       module: module.map { (name: $0.name, text: (try? fileSystem.readText($0.path)) ?? "") })
        if let first = sharing.first {
            var refused = verdict(Self.runVerdict(lesson.module), .fail,
                                  "\(first.file):\(first.line): \(first.messages.english)",
                                  "\(first.file):\(first.line)：\(first.messages.chinese)")
            refused.name = "your tests share no state"
            refused.file = first.file
            refused.line = first.line
            return [refused]
        }
        let shared = builder.sharingBuilds(in: (buildFolder as NSString).deletingLastPathComponent + "/learner-shared")
        var input = BuildInput(module: lesson.module, sourceFiles: module.map(\.path), testFiles: tests, buildDirectory: "\(buildFolder)/learner-tests")
        if variantsInOneFolder {
            // The learner's own code is built where every variant is, from the same paths: one more variant, unchanged.
            let folder = Self.variantFolder(buildFolder)
            input.sourceFiles = writeVariant(folder, of: module.map { ($0, (try? fileSystem.read($0.path)) ?? Data()) }) { $1 }
            input.testFiles = placeTests(tests, texts: texts, folder: folder)
            input.buildDirectory = "\(folder)/build"
        }
        input.sanitizers = []
        let executable: String
        switch shared.build(input) {
        case .moduleFailed(let diagnostics, _), .testsFailed(let diagnostics, _):
            let first = diagnostics.prefix(3).map { $0.file.isEmpty ? $0.message : "\($0.file):\($0.line): \($0.message)" }.joined(separator: "; ")
            var failed = verdict(Self.compileVerdict(lesson.module), .error,
                                 "Your tests in \(shownFolder)/ do not compile: \(first)",
                                 "你在 \(shownFolder)/ 里的测试不能编译：\(first)")
            failed.file = diagnostics.first.map(\.file)
            failed.line = diagnostics.first.map(\.line)
            return [failed]
        case .ready(let program, _, _):
            executable = program
        }
        // The same time for each test as every variant gets: a test slower than that on the learner's own code would
        // fail on every variant for its slowness alone, not for what the variant does.
        var verdicts = run(executable, build: input.buildDirectory, lesson: lesson, timeout: variantTimeout, keep: .worse).map { test -> TestVerdict in
            var mine = test
            mine.name = "your test: \(test.name)"
            return mine
        }
        guard !verdicts.isEmpty else {
            return [verdict(Self.runVerdict(lesson.module), .fail,
                            "No test of yours ran: \(shownFolder)/ declares no @Test that runs.",
                            "你的测试一个也没有运行：\(shownFolder)/ 里没有能运行的 @Test。")]
        }
        guard let judgesMutants else { return verdicts }
        guard verdicts.allSatisfy({ $0.status == .pass }) else {
            var waiting = verdict(Self.mutantVerdict(lesson.module, "waiting"), .fail,
                                  "Your tests must pass on your own code first (the fake and the real store); then kata runs them against small mistakes in \(spec.implementation).",
                                  "你的测试必须先在你自己的代码（假对象和真实实现）上通过；然后 kata 会拿 \(spec.implementation) 里的小错误来运行它们。")
            waiting.name = "your tests catch mistakes in \(spec.implementation)"
            waiting.errorKind = .notRun
            return verdicts + [waiting]
        }
        guard judgesMutants else {
            var waiting = verdict(Self.mutantVerdict(lesson.module, "waiting"), .fail,
                                  "Make the lesson's own tests pass first; then kata runs your tests against small mistakes in \(spec.implementation).",
                                  "先让本课自己的测试通过；然后 kata 会拿 \(spec.implementation) 里的小错误来运行你的测试。")
            waiting.name = "your tests catch mistakes in \(spec.implementation)"
            waiting.errorKind = .notRun
            return verdicts + [waiting]
        }
        verdicts += mutantVerdicts(lesson: lesson, module: module, tests: tests, shared: shared, buildFolder: buildFolder)
        return verdicts
    }

    /// Every chosen mutant's verdict: pass when one of the learner's tests failed on it.
    func mutantVerdicts(lesson: Lesson, module: [ModuleFile], tests: [String], shared: any LessonBuilding, buildFolder: String) -> [TestVerdict] {
        guard let target = module.first(where: { $0.name == spec.implementation }), let text = try? fileSystem.readText(target.path) else {
            return [verdict(Self.mutantVerdict(lesson.module, "missing"), .error,
                            "\(spec.implementation) is missing from the module: get it back with `kata reset \(lesson.id)`.",
                            "模块里缺少 \(spec.implementation)：用 `kata reset \(lesson.id)` 找回它。")]
        }
        let mutants = Self.chosenMutants(of: text, spec: spec)
        let shownFile = DiagnosticParser.relative(target.path, to: lesson.root)
        let texts = module.map { file in (file, (try? fileSystem.read(file.path)) ?? Data()) }
        let testTexts = tests.map { (try? fileSystem.readText($0)) ?? "" }
        let judge = self
        let jobs = variantsInOneFolder ? 1 : self.jobs
        @Sendable func place(_ kind: String, _ index: Int) -> String {
            judge.variantsInOneFolder ? Self.variantFolder(buildFolder) : "\(buildFolder)/learner-\(kind)/\(index)"
        }
        // The mutants that fit a schema, and change no copy the learner made of the implementation, are built once (and
        // their twins once more) and run one by one; the rest, and all of them when the schema does not build, each
        // on its own below. Built and run before the others: in one folder, a later build replaces the program.
        var schemaRuns: [String: [TestVerdict]] = [:]
        var schemaTwinRuns: [String: [TestVerdict]] = [:]
        let allowsEnvironment = !Set(lesson.metadata.imports ?? []).isDisjoint(with: Self.environmentModules)
        if buildsSchemas, !allowsEnvironment, let schema = MutantSchema.make(text, mutants: mutants.filter { mutant in
            mutant.file == spec.implementation && !testTexts.contains { CloneMutation.apply(mutant, implementation: text, to: $0) != nil }
                && !texts.contains { file, data in file.name != mutant.file && CloneMutation.apply(mutant, implementation: text, to: String(decoding: data, as: UTF8.self)) != nil }
        }), schema.cases.count > 1 {
            let folder = place("mutants", mutants.count)
            let paths = judge.testPaths(tests, texts: testTexts, changed: false, folder: folder)
            if let built = judge.buildVariant(folder, of: texts, tests: paths, shared: shared, lesson: lesson, contents: { file, data in
                file.name == spec.implementation ? Data(schema.text.utf8) : data
            }),
               // The schema's program, asked for no mutant, is the real implementation: the learner's tests pass on it as they
               // do on the plain build, or the schema says nothing (a test that tells the two builds apart by something
               // other than behaviour, such as how deep a recursion goes before the larger frames overflow the stack,
               // would "catch" every mutant). Its mutants are then each built on their own.
               Self.caught(in: judge.run(built.program, build: built.build, lesson: lesson, timeout: judge.variantTimeout, keep: .better,
                                         extra: [MutantSchema.variable: "0"])) == nil {
                for mutant in mutants {
                    guard let number = schema.cases[mutant.id] else { continue }
                    schemaRuns[mutant.id] = judge.run(built.program, build: built.build, lesson: lesson, timeout: judge.variantTimeout, keep: .better,
                                                      extra: [MutantSchema.variable: "\(number)"])
                }
                let caught = mutants.filter { schemaRuns[$0.id].map { Self.caught(in: $0) != nil } == true }
                if !caught.isEmpty, let (fakeFile, twins) = judge.twin(mutated: schema.text, implementation: text, module: texts) {
                    for twin in twins {
                        guard let both = judge.buildVariant(folder, of: texts, tests: paths, shared: shared, lesson: lesson, contents: { file, data in
                            if file.name == fakeFile { return Data(twin.utf8) }
                            return file.name == spec.implementation ? Data(schema.text.utf8) : data
                        }) else { continue }
                        for mutant in caught {
                            guard let number = schema.cases[mutant.id] else { continue }
                            schemaTwinRuns[mutant.id] = judge.run(both.program, build: both.build, lesson: lesson, timeout: judge.variantTimeout,
                                                                  keep: .better, extra: [MutantSchema.variable: "\(number)"])
                        }
                        break
                    }
                }
            }
        }
        let (fromSchema, twinsFromSchema) = (schemaRuns, schemaTwinRuns)
        let outcomes: [TestVerdict?] = ConcurrentMap.map(Array(mutants.enumerated()), jobs: jobs) { index, mutant in
            // The mistake is made in every copy of the mutated code too (a renamed copy of the implementation the tests
            // compare it with): a copy is no contract, and a test that only compares the two must not catch it. Where the
            // change does not build in a "copy" (code of the learner's that only shares a stretch of tokens with the
            // implementation, whose names mean other things), the mutant is judged with the learner's files as they are.
            func variant(copiesToo: Bool) -> [TestVerdict]? {
                let changedTests = copiesToo ? testTexts.map { CloneMutation.apply(mutant, implementation: text, to: $0) } : testTexts.map { _ in nil }
                var copied = changedTests.contains { $0 != nil }
                let paths = judge.testPaths(tests, texts: zip(changedTests, testTexts).map { $0 ?? $1 }, changed: copied, folder: place("mutants", index))
                let run = judge.runVariant(place("mutants", index), of: texts, tests: paths, shared: shared, lesson: lesson) { file, data in
                    guard file.name == mutant.file else {
                        guard copiesToo, let changed = CloneMutation.apply(mutant, implementation: text, to: String(decoding: data, as: UTF8.self)) else { return data }
                        copied = true
                        return Data(changed.utf8)
                    }
                    return Data(mutant.applied(to: String(decoding: data, as: UTF8.self)).utf8)
                }
                return run == nil && copied ? variant(copiesToo: false) : run
            }
            let run = fromSchema[mutant.id] ?? variant(copiesToo: true)
            // The mutant changes only the real implementation, a file the learner keeps as given: it builds with any module
            // that leaves that file's meaning alone. One that does not build was made unbuildable by the learner's code (an
            // overload that makes a call ambiguous, say): a question left unanswered, never one taken off the count.
            guard let run else { return judge.unbuiltMutantVerdict(lesson: lesson, mutant: mutant, shownFile: shownFile) }
            var caught = Self.caught(in: run)
            // The same mistake in both stores the suite runs against: the mutant put in place of the fake as well (the
            // mutated implementation under the fake's name). A test of a promise still fails, in each case; a test that
            // only compares the fake with the real store (a fake that is a copy of it, however reshaped) sees two stores
            // that agree, and catches nothing. Where no twin builds (tests that use what only the learner's
            // fake has), the mutant is judged as above.
            if caught != nil, fromSchema[mutant.id] != nil, let both = twinsFromSchema[mutant.id], !both.isEmpty {
                caught = Self.caught(in: both)
            } else if caught != nil, let (fakeFile, twins) = judge.twin(mutated: mutant.applied(to: text), implementation: text, module: texts) {
                let placed = judge.testPaths(tests, texts: testTexts, changed: false, folder: place("mutants", index))
                var built = false
                for twin in twins {
                    guard let both = judge.runVariant(place("mutants", index), of: texts, tests: placed, shared: shared, lesson: lesson, contents: { file, data in
                        if file.name == fakeFile { return Data(twin.utf8) }
                        return file.name == mutant.file ? Data(mutant.applied(to: String(decoding: data, as: UTF8.self)).utf8) : data
                    }), !both.isEmpty else { continue }
                    caught = Self.caught(in: both)
                    built = true
                    break
                }
                // No twin builds: the learner's code or tests use what only their fake has, so the question (do the tests
                // hold a promise, or only the two stores' agreement?) cannot be asked. Left unanswered, it is a failing
                // verdict, never one answered by the comparison alone.
                if !built { return judge.unbuiltTwinVerdict(lesson: lesson, mutant: mutant, shownFile: shownFile, fakeFile: fakeFile) }
            }
            return judge.mutantVerdict(lesson: lesson, mutant: mutant, shownFile: shownFile, source: text, caughtBy: caught, ran: !run.isEmpty)
        }
        let standIns: [TestVerdict?] = ConcurrentMap.map(Array(spec.standIns.enumerated()), jobs: jobs) { index, standIn in
            // A stand-in the learner's code does not fit (the file moved or renamed, or members the stand-in lacks) leaves
            // its question unanswered: a failing verdict, never one taken off the count.
            let placed = judge.testPaths(tests, texts: testTexts, changed: false, folder: place("stand-ins", index))
            guard let learnerFile = texts.first(where: { $0.0.name == standIn.file }) else { return judge.unfitStandInVerdict(lesson: lesson, standIn: standIn) }
            // In place of a file the learner writes (the fake), the stand-in's type takes the place of theirs, and what else
            // their file holds stays; a file they keep as given is replaced whole.
            let replacements = standIn.file == spec.implementation ? [standIn.text]
                : Self.typeDeclarations(in: standIn.text).first.map { Self.replacements(of: String(decoding: learnerFile.1, as: UTF8.self), by: standIn.text, typeName: $0.name) }
                ?? [standIn.text]
            for replacement in replacements {
                if let run = judge.runVariant(place("stand-ins", index), of: texts, tests: placed, shared: shared, lesson: lesson, contents: { file, data in
                    file.name == standIn.file ? Data(replacement.utf8) : data
                }) { return judge.standInVerdict(lesson: lesson, standIn: standIn, run: run) }
            }
            return judge.unfitStandInVerdict(lesson: lesson, standIn: standIn)
        }
        return outcomes.compactMap { $0 } + standIns.compactMap { $0 }
    }

    /// The mutated implementation under the name of the learner's fake, and the fake's file: the fake is the file a
    /// `caught` stand-in replaces (the fake as it was handed out). The twins, in the order to try them (`replacements`):
    /// the fake's declaration alone replaced, then the whole file. Nil when the lesson names no fake, or either file
    /// declares no type to swap.
    func twin(mutated: String, implementation: String, module: [(ModuleFile, Data)]) -> (String, [String])? {
        guard let fakeFile = spec.standIns.first(where: { $0.expect == .caught })?.file, fakeFile != spec.implementation,
              let fake = module.first(where: { $0.0.name == fakeFile }) else { return nil }
        let fakeText = String(decoding: fake.1, as: UTF8.self)
        guard let real = Self.typeDeclarations(in: implementation).first(where: { $0.keyword == "class" }) else { return nil }
        // The learner's fake: the type of their file that takes the real store's place (it shares a protocol with it), else
        // the first type the file declares.
        let candidates = Self.typeDeclarations(in: fakeText).filter { $0.name != real.name }
        guard let fakeType = candidates.first(where: { !$0.inherits.isDisjoint(with: real.inherits) }) ?? candidates.first else { return nil }
        guard let pattern = try? NSRegularExpression(pattern: "\\b\(NSRegularExpression.escapedPattern(for: real.name))\\b") else { return nil }
        let renamed = pattern.stringByReplacingMatches(in: mutated, range: NSRange(mutated.startIndex..., in: mutated),
                                                       withTemplate: NSRegularExpression.escapedTemplate(for: fakeType.name))
        return (fakeFile, Self.replacements(of: fakeText, by: renamed, typeName: fakeType.name))
    }

    /// What to put in place of a learner's file to swap one of its types for the type of the same name in `replacement`, in
    /// the order to try them: that declaration alone swapped, so that what else the learner's file holds (a helper, an
    /// extension their tests use) stays; then the whole file replaced.
    static func replacements(of learnerText: String, by replacement: String, typeName: String) -> [String] {
        guard let theirs = typeDeclarations(in: learnerText).first(where: { $0.name == typeName }),
              let ours = typeDeclarations(in: replacement).first(where: { $0.name == typeName }) else { return [replacement] }
        let learnerBytes = Array(learnerText.utf8), replacementBytes = Array(replacement.utf8)
        let spliced = String(decoding: learnerBytes[..<theirs.range.lowerBound], as: UTF8.self)
            + String(decoding: replacementBytes[ours.range], as: UTF8.self)
            + String(decoding: learnerBytes[theirs.range.upperBound...], as: UTF8.self)
        return spliced == replacement ? [replacement] : [spliced, replacement]
    }

    /// A type declared at the top level of a file: its keyword, name, the names in its inheritance clause, and its bytes
    /// (UTF-8 offsets) from the start of the line its attributes begin on to its closing brace.
    struct TypeDeclaration: Equatable {
        var keyword: String
        var name: String
        var inherits: Set<String>
        var range: Range<Int>
    }

    static func typeDeclarations(in text: String) -> [TypeDeclaration] {
        let tokens = SwiftLexer.tokens(of: text)
        let bytes = Array(text.utf8)
        var found: [TypeDeclaration] = []
        var depth = 0
        var index = 0
        func lineStart(_ offset: Int) -> Int {
            var start = offset
            while start > 0, bytes[start - 1] != 10, bytes[start - 1] != 13 { start -= 1 }
            return start
        }
        while index < tokens.count {
            let token = tokens[index]
            if token.text == "{" { depth += 1 } else if token.text == "}" { depth = max(0, depth - 1) }
            guard depth == 0, ["class", "struct", "actor"].contains(token.text), index + 1 < tokens.count, tokens[index + 1].isIdentifier,
                  !["func", "var", "let", "subscript", "init", "deinit"].contains(tokens[index + 1].text) else { index += 1; continue }
            let name = tokens[index + 1].text
            var cursor = index + 2
            var inherits: Set<String> = []
            while cursor < tokens.count, tokens[cursor].text != "{" {
                if tokens[cursor].isIdentifier { inherits.insert(tokens[cursor].text) }
                cursor += 1
            }
            var level = 0
            var end: Int?
            while cursor < tokens.count {
                if tokens[cursor].text == "{" { level += 1 }
                if tokens[cursor].text == "}" { level -= 1; if level == 0 { end = tokens[cursor].offset + 1; break } }
                cursor += 1
            }
            guard let end else { break }
            // Attributes on the lines above (`@MainActor`, `@available(...)`) belong to the declaration.
            var start = lineStart(token.offset)
            while start > 0 {
                let previous = lineStart(start - 1)
                let line = String(decoding: bytes[previous..<(start - 1)], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                guard line.hasPrefix("@") else { break }
                start = previous
            }
            found.append(TypeDeclaration(keyword: token.text, name: name, inherits: inherits, range: start..<end))
            index = cursor + 1
        }
        return found
    }

    /// Where a variant's tests are built from. With every variant in one folder, always `folder/tests` (the learner's own
    /// run too), so that no path a test can read (`#filePath`) tells a variant from the learner's code; otherwise the
    /// learner's own paths, unless `changed` (a mutant made in a copy they hold) has the files written there again.
    func testPaths(_ tests: [String], texts: [String], changed: Bool, folder: String) -> [String] {
        variantsInOneFolder || changed ? placeTests(tests, texts: texts, folder: folder) : tests
    }

    /// Writes the test files' `texts` under `folder/tests`, keeping their names and subfolders (written only where they
    /// changed); their new paths.
    func placeTests(_ tests: [String], texts: [String], folder: String) -> [String] {
        let common = tests.map { ($0 as NSString).deletingLastPathComponent }.min(by: { $0.count < $1.count }) ?? ""
        var paths: [String] = []
        for (index, test) in tests.enumerated() {
            let relative = test.hasPrefix(common + "/") ? String(test.dropFirst(common.count + 1)) : (test as NSString).lastPathComponent
            let path = "\(folder)/tests/\(relative)"
            let data = Data(texts[index].utf8)
            if (try? fileSystem.read(path)) != data {
                try? fileSystem.createDirectory((path as NSString).deletingLastPathComponent)
                try? fileSystem.writeAtomically(data, to: path)
            }
            paths.append(path)
        }
        return paths
    }

    /// Builds the module with each file's text as `contents` gives it (written only where it changed) and the
    /// learner's tests, and runs them with a short time each (a variant may loop for ever). Nil when it does not build.
    func runVariant(_ folder: String, of texts: [(ModuleFile, Data)], tests: [String], shared: any LessonBuilding, lesson: Lesson,
                    contents: (ModuleFile, Data) -> Data) -> [TestVerdict]? {
        guard let (program, build) = buildVariant(folder, of: texts, tests: tests, shared: shared, lesson: lesson, contents: contents) else { return nil }
        return run(program, build: build, lesson: lesson, timeout: variantTimeout, keep: .better)
    }

    /// Builds what `runVariant` runs: the program and its build folder; nil when it does not build.
    func buildVariant(_ folder: String, of texts: [(ModuleFile, Data)], tests: [String], shared: any LessonBuilding, lesson: Lesson,
                      contents: (ModuleFile, Data) -> Data) -> (program: String, build: String)? {
        let paths = writeVariant(folder, of: texts, contents: contents)
        var input = BuildInput(module: lesson.module, sourceFiles: paths, testFiles: tests, buildDirectory: "\(folder)/build")
        input.sanitizers = []
        guard case .ready(let program, _, _) = shared.build(input) else { return nil }
        return (program, input.buildDirectory)
    }

    /// Modules through which the learner's code could read the process environment, and so tell a schema's run of a
    /// mutant from a run of their own code: a lesson that allows one builds every mutant on its own.
    static let environmentModules: Set<String> = ["Foundation", "FoundationEssentials", "Glibc", "Musl", "Darwin", "WinSDK", "ucrt", "Android", "Bionic", "WASILibc"]

    /// Which verdict of a test two runs keep (`confirmsRuns`).
    enum Keep { case worse, better }

    func run(_ executable: String, build: String, lesson: Lesson, timeout: Double, keep: Keep, extra: [String: String] = [:]) -> [TestVerdict] {
        var kept = run(executable, build: build, lesson: lesson, timeout: timeout, extra: extra)
        guard confirmsRuns else { return kept }
        // Only what would count needs confirming: a pass on the learner's own code, a catch on a variant.
        for _ in 1..<(keep == .worse ? max(2, ownCodeRuns) : 2) {
            switch keep {
            case .worse: guard kept.allSatisfy({ $0.status == .pass }) else { return kept }
            case .better: guard Self.caught(in: kept) != nil else { return kept }
            }
            let rerun = Dictionary(run(executable, build: build, lesson: lesson, timeout: timeout, extra: extra).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            kept = kept.map { verdict in
                guard let again = rerun[verdict.id] else { return keep == .worse ? Self.missing(verdict) : verdict }
                let keptPassed = verdict.status == .pass, againPassed = again.status == .pass
                switch keep {
                case .worse: return keptPassed ? again : verdict
                case .better: return keptPassed ? verdict : (againPassed ? again : verdict)
                }
            }
        }
        return kept
    }

    /// A test that did not run the second time: on the learner's own code, not a pass.
    static func missing(_ verdict: TestVerdict) -> TestVerdict {
        var missing = verdict
        if missing.status == .pass {
            missing.status = .error
            missing.errorKind = .notRun
            missing.message = "it ran once and not again: a test of the learner's own code passes every time"
        }
        return missing
    }

    /// Seconds each of the learner's tests gets, on their own code and on every variant alike (a variant may loop for ever).
    var variantTimeout: Double { min(perTestTimeout, 5) }

    /// A variant's run caught the mistake: one of the learner's tests failed, or crashed or ran past its time on it
    /// (a mistake that loops). A test the run never reached answers nothing.
    static func caught(in run: [TestVerdict]) -> TestVerdict? {
        run.first { $0.status == .fail || $0.status == .error && ($0.errorKind == .crashed || $0.errorKind == .timedOut) }
    }

    /// What the learner's tests may import: Swift Testing and their module.
    public static func allowedImports(_ module: String) -> Set<String> { ["Testing", module] }

    /// The one folder of every variant when `variantsInOneFolder`; its `src/` holds the module's files.
    public static func variantFolder(_ buildFolder: String) -> String { "\(buildFolder)/learner-variant" }

    /// Writes the module's files as `contents` gives them into `folder/src` (only where they changed); their paths.
    func writeVariant(_ folder: String, of texts: [(ModuleFile, Data)], contents: (ModuleFile, Data) -> Data) -> [String] {
        var paths: [String] = []
        for (file, data) in texts {
            let path = "\(folder)/src/\(file.name)"
            let text = contents(file, data)
            if (try? fileSystem.read(path)) != text {
                try? fileSystem.createDirectory((path as NSString).deletingLastPathComponent)
                try? fileSystem.writeAtomically(text, to: path)
            }
            paths.append(path)
        }
        return paths
    }

    func run(_ executable: String, build: String, lesson: Lesson, timeout: Double, extra: [String: String] = [:]) -> [TestVerdict] {
        if let runProgram { return runProgram(executable, build, timeout, extra) }
        var options = options(workDirectory: build, lesson: lesson, timeout: timeout)
        options.environment.merge(extra) { _, new in new }
        return testRunner.run(executable: executable, options: options, launcher: launcher).tests
    }

    /// A stand-in's verdict. `caught`: one of the learner's contract tests (a parameterized test, run once per
    /// implementation) failed on it. `unneeded`: no test of theirs failed in every case it ran with the stand-in in
    /// place. A contract test fails there in its case for the replaced implementation and passes in the others; a
    /// test that needs the replaced implementation fails in each of its cases, however many arguments it is given.
    func standInVerdict(lesson: Lesson, standIn: LearnerTestsSpec.StandIn, run: [TestVerdict]) -> TestVerdict {
        // A store that keeps every promise is no mistake to catch but a question about the learner's tests themselves:
        // its verdict stands with theirs (graded, a failure there earns the tests nothing, as one on the learner's code).
        let id = standIn.expect == .kept ? Self.keptVerdict(lesson.module, standIn.id) : Self.mutantVerdict(lesson.module, "stand-in-\(standIn.id)")
        var result = verdict(id, .pass, "", "")
        result.name = "your tests and \(standIn.title.english)"
        // `Module.Suite/name()/File.swift:12:6`: Swift Testing gives a parameterized test parameters; a test with none
        // runs once, on whatever it builds itself.
        func plain(_ id: String) -> Bool {
            let parts = id.split(separator: "/")
            return (parts.count >= 2 ? parts[parts.count - 2] : Substring(id)).hasSuffix("()")
        }
        switch standIn.expect {
        case .caught:
            if let caught = Self.caught(in: run.filter { !plain($0.id) }) {
                result.message = "caught by \(caught.name)"
                return result
            }
            result.status = .fail
            result.message = "With \(standIn.title.english) in place of \(standIn.file), every contract test of yours (a test run once per store) still passes: \(standIn.why.english)"
                + " [zh-Hans] 把 \(standIn.file) 换成\(standIn.title.chinese)之后，你的契约测试（按每个存储各运行一次的测试）仍然全部通过：\(standIn.why.chinese)"
        case .kept:
            let failing = run.filter { $0.status != .pass }.map(\.name)
            guard failing.isEmpty, !run.isEmpty else {
                result.status = .fail
                let names = failing.map { "`\($0)`" }
                result.message = "With \(standIn.title.english) in place of \(standIn.file), \(names.isEmpty ? "no test of yours ran" : names.joined(separator: ", ") + " failed"), though it keeps every promise: \(standIn.why.english)"
                    + " [zh-Hans] 把 \(standIn.file) 换成\(standIn.title.chinese)之后，\(names.isEmpty ? "你的测试一个也没有运行" : names.joined(separator: "、") + " 失败了")，而它遵守每一条承诺：\(standIn.why.chinese)"
                return result
            }
        case .unneeded:
            let needing = run.filter { $0.status != .pass && ($0.passedCases ?? 0) == 0 }.map(\.name)
            guard !needing.isEmpty else { return result }
            result.status = .fail
            let names = needing.map { "`\($0)`" }.joined(separator: ", ")
            result.message = "With \(standIn.title.english) in place of \(standIn.file), \(names) failed: \(standIn.why.english)"
                + " [zh-Hans] 把 \(standIn.file) 换成\(standIn.title.chinese)之后，\(needing.map { "`\($0)`" }.joined(separator: "、")) 失败了：\(standIn.why.chinese)"
        }
        return result
    }

    func unfitStandInVerdict(lesson: Lesson, standIn: LearnerTestsSpec.StandIn) -> TestVerdict {
        var result = verdict(Self.mutantVerdict(lesson.module, "stand-in-\(standIn.id)"), .fail,
                             "With \(standIn.title.english) in place of \(standIn.file), the module does not compile with your code (or \(standIn.file) is gone), so your tests could not be asked about it: keep \(standIn.file) where the lesson gives it, and let your tests and code use only what its type offers through the protocol.",
                             "把 \(standIn.file) 换成\(standIn.title.chinese)之后，模块和你的代码一起不能编译（或者 \(standIn.file) 不在了），你的测试也就无法回答这个问题：把 \(standIn.file) 留在本课给出的位置，并让你的测试和代码只使用它的类型通过协议提供的东西。")
        result.name = "your tests and \(standIn.title.english) (does not fit your code)"
        return result
    }

    func unbuiltMutantVerdict(lesson: Lesson, mutant: Mutant, shownFile: String) -> TestVerdict {
        let place = "\((shownFile as NSString).lastPathComponent):\(mutant.line)"
        var result = verdict(Self.mutantVerdict(lesson.module, mutant.id), .fail,
                             "With a small mistake at \(place) (a mutant), the module does not compile with your code, so your tests could not be run on it: something of yours changes what \(spec.implementation) means (an overload or extension that makes one of its calls ambiguous, say). Leave the names it uses as they are given.",
                             "在 \(place) 放进一个小错误（变异体）之后，模块和你的代码一起不能编译，你的测试也就无法在它上面运行：你的某段代码改变了 \(spec.implementation) 的含义（比如一个让它的某个调用变得有歧义的重载或扩展）。让它用到的名字保持给定的样子。")
        result.name = "your tests catch: \(place) (does not compile with your code)"
        result.file = shownFile
        result.line = mutant.line
        return result
    }

    func unbuiltTwinVerdict(lesson: Lesson, mutant: Mutant, shownFile: String, fakeFile: String) -> TestVerdict {
        let place = "\((shownFile as NSString).lastPathComponent):\(mutant.line)"
        var result = verdict(Self.mutantVerdict(lesson.module, mutant.id), .fail,
                             "To see that your tests hold each promise, not only the agreement of your two stores, kata puts this mutant in your fake's place too (its declaration in \(fakeFile) swapped); with it there, your module or your tests no longer compile: something outside the fake uses a member only your fake has. Outside \(fakeFile), use your fake only through the protocol the real store shares with it.",
                             "为了确认你的测试守住的是每一条约定，而不只是两个存储彼此一致，kata 也会把这个变异体放到你的假对象的位置上（替换 \(fakeFile) 中它的声明）；放上之后，你的模块或测试不再能编译：假对象之外的某处用到了只有你的假对象才有的成员。在 \(fakeFile) 之外，只通过真实存储与它共同遵循的协议使用你的假对象。")
        result.name = "your tests catch: \(place) (your fake cannot be swapped)"
        result.file = shownFile
        result.line = mutant.line
        return result
    }

    func mutantVerdict(lesson: Lesson, mutant: Mutant, shownFile: String, source: String, caughtBy: TestVerdict?, ran: Bool) -> TestVerdict {
        let before = mutant.original.first?.trimmingCharacters(in: .whitespaces) ?? ""
        let after = mutant.mutated.first?.trimmingCharacters(in: .whitespaces) ?? ""
        let change = after.isEmpty ? "`\(before)` removed" : "`\(before)` made `\(after)`"
        let changeZh = after.isEmpty ? "删掉了 `\(before)`" : "把 `\(before)` 改成了 `\(after)`"
        let place = "\((shownFile as NSString).lastPathComponent):\(mutant.line)"
        var result = verdict(Self.mutantVerdict(lesson.module, mutant.id), .pass, "", "")
        result.name = "your tests catch: \(place) \(change)"
        result.file = shownFile
        result.line = mutant.line
        if let caughtBy, ran {
            result.message = "caught by \(caughtBy.name)"
            return result
        }
        let authored = mutant.mutation == "promise" ? spec.promiseMutants.first { mutant.id.hasPrefix("promise-\($0.id)@") } : nil
        let phrase = authored.map { ($0.breaks.english, $0.breaks.chinese) } ?? Self.phrase(mutant.mutation)
        let function = Self.enclosingFunction(in: source, line: mutant.line)
        let promise = function.flatMap { spec.promises[$0] }
        let next = promise?.english ?? "add a test that calls `\(function ?? "it")` where this line matters and checks what it promises"
        let nextZh = promise?.chinese ?? "添加一个测试：在这一行起作用的情形下调用 `\(function ?? "它")`，并检查它承诺的结果"
        result.status = .fail
        result.message = "At \(place), \(change) (a mutant), and every one of your tests still passes: your contract suite does not notice when \(phrase.0); \(next)."
            + " [zh-Hans] 在 \(place)，\(changeZh)（一个变异体），你的测试却全部通过：你的契约测试没有发现\(phrase.1)；\(nextZh)。"
        return result
    }

    /// The mutants the learner's tests must catch: the general operators on the implementation's text, less the
    /// skipped ones, at most `maxMutants`, spread evenly over the file. The same text gives the same mutants.
    public static func chosenMutants(of text: String, spec: LearnerTestsSpec) -> [Mutant] {
        let all = MutationOperators.mutants(of: ResolvedProgram(module: "_"), texts: [spec.implementation: text], forbidden: [])
            .filter { mutant in spec.operators.map { $0.contains(mutant.mutation) } ?? true }
            .filter { spec.skip[$0.id] == nil }
        let chosen = all.count > spec.maxMutants ? (0..<spec.maxMutants).map { all[$0 * all.count / spec.maxMutants] } : all
        return chosen + promiseMutants(of: text, spec: spec)
    }

    /// The author's mistakes (`promise_mutants`), each applied where its text first appears; one whose text is not in
    /// the file (the file was changed) is left out.
    static func promiseMutants(of text: String, spec: LearnerTestsSpec) -> [Mutant] {
        let lines = text.components(separatedBy: "\n")
        return spec.promiseMutants.compactMap { mistake in
            guard let index = lines.firstIndex(where: { $0.contains(mistake.replace) }) else { return nil }
            let original = lines[index]
            return Mutant(id: "promise-\(mistake.id)@\(spec.implementation):\(index + 1)", mutation: "promise", file: spec.implementation,
                          line: index + 1, original: [original], mutated: [original.replacingOccurrences(of: mistake.replace, with: mistake.with)],
                          lines: [index + 1])
        }
    }

    /// The name of the function, initializer or property a line belongs to: `record`, `init`, `laps`.
    static func enclosingFunction(in text: String, line: Int) -> String? {
        let lines = text.components(separatedBy: "\n")
        for number in stride(from: min(line, lines.count) - 1, through: 0, by: -1) {
            let candidate = lines[number]
            if let name = MutationOperators.capture(#"\bfunc\s+([A-Za-z_]\w*)"#, in: candidate) { return name }
            if candidate.range(of: #"\binit[?!]?\s*\("#, options: .regularExpression) != nil { return "init" }
            if let name = MutationOperators.capture(#"\bvar\s+([A-Za-z_]\w*)\s*:[^=]*\{\s*$"#, in: candidate) { return name }
        }
        return nil
    }

    /// What a mutation operator changed, as "your suite does not notice when ...".
    static func phrase(_ mutation: String) -> (String, String) {
        switch mutation {
        case "remove-call": return ("this call is left out", "这个调用被省掉了")
        case "negate-condition": return ("this condition is turned around", "这个条件被反过来了")
        case "move-boundary": return ("a comparison moves across its boundary (think of a value right at the edge, or two equal ones)", "比较越过了边界（想想恰好在边界上的值，或者两个相等的值）")
        case "drop-assignment": return ("this value is never stored", "这个值根本没有保存")
        case "swap-member": return ("one end is taken for the other (first for last, min for max)", "取错了一端（first 和 last、min 和 max）")
        case "swap-calls": return ("these two calls happen the other way round", "这两个调用的顺序反了")
        case "swallow-error": return ("an error is swallowed instead of thrown", "错误被吞掉了，没有抛出")
        case "fallback-only": return ("the stored value is ignored for its fallback", "保存的值被忽略了，只用了后备值")
        case "empty-body": return ("this body does nothing", "这个函数体什么也不做")
        case "return-early": return ("this function returns before it does anything", "这个函数什么都没做就返回了")
        default: return ("this line changes", "这一行被改动了")
        }
    }

    func options(workDirectory: String, lesson: Lesson, timeout: Double) -> TestRunOptions {
        TestRunOptions(perTestTimeout: timeout, environment: environment, workDirectory: workDirectory,
                       displayRoot: lesson.root, module: lesson.module, moduleSources: lesson.sources)
    }

    /// `Module.yourTestsCompile()/learner-tests`: ids whose function is the nudge key, whatever follows.
    static func compileVerdict(_ module: String) -> String { "\(module)LearnerTests.\(LearnerTestsSpec.compileVerdict)()/learner-tests" }
    static func runVerdict(_ module: String) -> String { "\(module)LearnerTests.\(LearnerTestsSpec.runVerdict)()/learner-tests" }
    /// The statics and globals of the learner's tests that hold state: a `var`, or a constant holding an object (an
    /// instance of a class of the module's or of the tests', a store or a timer). Constants of values (a table of
    /// drivers, a list of store kinds with the closures that make them) share nothing.
    static func sharedState(tests: [(name: String, text: String)], module: [(name: String, text: String)]) -> [RuleFinding] {
        let model = SourceModel.read(module + tests)
        let testFiles = Set(tests.map(\.name))
        let classes = Set(model.types.filter { $0.kind == .class || $0.kind == .actor }.map(\.simpleName))
        func simple(_ name: String) -> String { String(name.split(separator: ".").last ?? Substring(name)) }
        return model.members.filter { member in
            member.kind == .property && member.isStatic && !member.isComputed && testFiles.contains(member.file)
                && !member.attributes.contains("TaskLocal")
                && (member.isMutable || member.initialValueCall.map { classes.contains(simple($0)) } == true || member.typeNames.contains { classes.contains(simple($0)) })
        }.sorted { ($0.file, $0.line) < ($1.file, $1.line) }.map { member in
            let held = RuleChecker.keepsState(member)
            return RuleFinding(file: member.file, line: member.line, rule: "tests-share-no-state", messages: LocalizedText(
                english: held.english + " Build what a test uses inside the test (or in its suite's init: Swift Testing makes a fresh suite for every test): one kept in a `static` or a global is shared by every test, so a test passes or fails by what ran before it.",
                chinese: held.chinese + "在测试里面（或者在它所在套件的 init 里：Swift Testing 为每个测试新建一个套件）创建测试要用的东西：放在 `static` 或全局变量里的对象被所有测试共用，于是一个测试通过与否取决于在它之前运行了什么。"))
        }
    }

    static func keptVerdict(_ module: String, _ id: String) -> String {
        "\(module)LearnerTests.\(LearnerTestsSpec.runVerdict)()/kept-\(id.replacingOccurrences(of: "/", with: "∕"))"
    }
    static func mutantVerdict(_ module: String, _ id: String) -> String {
        "\(module)LearnerTests.\(LearnerTestsSpec.mutantVerdict)()/\(id.replacingOccurrences(of: "/", with: "∕"))"
    }

    private func verdict(_ id: String, _ status: Status, _ english: String, _ chinese: String) -> TestVerdict {
        let function = CourseVerifier.functionName(of: id)
        return TestVerdict(name: function, id: id, status: status,
                           message: english.isEmpty ? "" : "\(english) [zh-Hans] \(chinese)")
    }
}

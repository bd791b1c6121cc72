/// `kata verify`'s check of a lesson's refactoring steps (`Solutions/NN-slug/steps.json`):
/// the file is complete, every step's own module compiles, every intermediate step
/// compiles with the lesson's tests (hidden ones included) and so shows a test bar,
/// and the number of passing tests never goes down from the starter to the solution.
/// Only the starter may leave the tests uncompilable (it counts as 0 passing); the
/// solution's own check (`CourseVerifier.verify`) says when it fails.
extension CourseVerifier {
    func verifySteps(_ lesson: Lesson, starter: CheckReport) -> (problems: [String], facts: [String]) {
        let steps: [RefactorStep]
        do {
            guard let loaded = try RefactoringSteps.load(lesson, fileSystem: fileSystem) else {
                return (["no refactoring steps: write Solutions/\(lesson.id)/steps.json (see AUTHORING.md, \"Steps\"), the way from the starter to the solution; its last step is \"Sources\""], [])
            }
            steps = loaded
        } catch let error as MetadataError {
            return (error.problems, [])
        } catch {
            return (["Solutions/\(lesson.id)/steps.json cannot be read: \(error)"], [])
        }
        var problems: [String] = []
        var bars: [String] = []
        var previous = (name: "the starter", passing: TestBar(report: starter).passing)
        bars.append("starter \(describe(TestBar(report: starter), isStarter: true))")
        for (index, step) in steps.enumerated() {
            let name = "step \(index + 1) (\(step.folder))"
            let buildName = "refactor-\(index + 1)-" + (step.folder.split(separator: "/").last.map(String.init) ?? "step")
            let report = step.folder == "Sources"
                ? checker.check(lesson, variant: .solution)
                : checker.check(lesson, variant: .custom(name: buildName, sources: "\(lesson.solutionFolder)/\(step.folder)"))
            let bar = TestBar(report: report)
            bars.append("\(index + 1) \(describe(bar, isStarter: false))")
            if bar.state == .brokenModule {
                problems.append("\(name) does not compile on its own (every step must): \(firstError(report))")
                continue
            }
            if bar.state == .testsDoNotCompile && step.folder != "Sources" {
                problems.append("\(name) compiles, but the lesson's tests do not compile against it, so it shows no test bar "
                    + "(every step between the starter and the solution must): \(firstError(report)). "
                    + "Fix: where the step changes a signature the tests use, add the new one and keep the old one "
                    + "beside it as a forwarding shim that calls the new one, until a later step removes it "
                    + "(AUTHORING.md, \"Steps\")")
                continue
            }
            if bar.passing < previous.passing {
                problems.append("\(name) passes \(bar.passing) test\(bar.passing == 1 ? "" : "s"), fewer than \(previous.name) (\(previous.passing)): passing tests must never go down from one step to the next")
            }
            previous = (name, bar.passing)
        }
        return (problems, ["steps: " + bars.joined(separator: " → ")])
    }

    /// The compiler's first error, with its place when it has one.
    private func firstError(_ report: CheckReport) -> String {
        report.diagnostics.first.map { $0.file.isEmpty ? $0.message : "\($0.file):\($0.line): \($0.message)" } ?? "no message"
    }

    /// A bar in the `steps:` line; "yet" is for the starter, the one point allowed to be there.
    private func describe(_ bar: TestBar, isStarter: Bool) -> String {
        switch bar.state {
        case .brokenModule: return "does not compile"
        case .testsDoNotCompile: return isStarter ? "tests do not compile yet" : "tests do not compile"
        case .notBuilt: return "not built"
        case .ran: return "\(bar.passed)/\(bar.total)"
        }
    }
}

extension CourseVerifier {
    /// When `Solutions/NN-slug/hidden-dependencies.json` exists: the starter's hidden
    /// dependencies are exactly the ones it lists (each found once), and the solution
    /// keeps only those it allows.
    func verifyHiddenDependencies(_ lesson: Lesson, starterFolder: String? = nil) -> (problems: [String], facts: [String]) {
        guard var analyzer = codeAnalyzer else { return ([], []) }
        let known: KnownHiddenDependencies
        do {
            guard let loaded = try KnownHiddenDependencies.load(lesson, fileSystem: fileSystem) else {
                return ([], ["hidden dependencies: no Solutions/\(lesson.id)/\(KnownHiddenDependencies.fileName) yet"])
            }
            known = loaded
        } catch let error as MetadataError {
            return (error.problems, [])
        } catch {
            return (["\(KnownHiddenDependencies.fileName): \(error)"], [])
        }
        analyzer.compositionRoots = Set(known.compositionRoots)
        analyzer.collaborators = lesson.declaredCollaborators
        var problems: [String] = []
        var counts: [String] = []
        for (name, folder, expected) in [("starter", starterFolder ?? lesson.sources, known.starter), ("solution", lesson.solutionSources, known.solution)] {
            do {
                let analysis = try analyzer.analyze(folder: folder)
                problems += KnownHiddenDependencies.differences(expected: expected, found: analysis.hiddenDependencies)
                    .map { "\(name)'s hidden dependencies (kata graph, \(analysis.reader)) differ from \(KnownHiddenDependencies.fileName): \($0)" }
                counts.append("\(name) \(analysis.hiddenDependencies.count)")
            } catch {
                problems.append("cannot read the \(name) for its hidden dependencies: \(error)")
            }
        }
        return (problems, ["hidden dependencies: " + counts.joined(separator: ", ")])
    }
}

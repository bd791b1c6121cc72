/// `kata verify`'s check of a lesson's refactoring steps (`Solutions/NN-slug/steps.json`):
/// the file is complete, every step's own module compiles, and the number of
/// passing tests never goes down from the starter to the solution.
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
        bars.append("starter \(describe(TestBar(report: starter)))")
        for (index, step) in steps.enumerated() {
            let name = "step \(index + 1) (\(step.folder))"
            let buildName = "refactor-\(index + 1)-" + (step.folder.split(separator: "/").last.map(String.init) ?? "step")
            let report = step.folder == "Sources"
                ? checker.check(lesson, variant: .solution)
                : checker.check(lesson, variant: .custom(name: buildName, sources: "\(lesson.solutionFolder)/\(step.folder)"))
            let bar = TestBar(report: report)
            bars.append("\(index + 1) \(describe(bar))")
            if bar.state == .brokenModule {
                let first = report.diagnostics.first.map { $0.file.isEmpty ? $0.message : "\($0.file):\($0.line): \($0.message)" } ?? "no message"
                problems.append("\(name) does not compile on its own (every step must): \(first)")
                continue
            }
            if bar.passing < previous.passing {
                problems.append("\(name) passes \(bar.passing) test\(bar.passing == 1 ? "" : "s"), fewer than \(previous.name) (\(previous.passing)): passing tests must never go down from one step to the next")
            }
            previous = (name, bar.passing)
        }
        return (problems, ["steps: " + bars.joined(separator: " → ")])
    }

    private func describe(_ bar: TestBar) -> String {
        switch bar.state {
        case .brokenModule: return "does not compile"
        case .testsDoNotCompile: return "tests do not compile yet"
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

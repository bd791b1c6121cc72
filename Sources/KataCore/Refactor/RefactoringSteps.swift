import Foundation

/// One step of a lesson's refactoring, from `Solutions/NN-slug/steps.json`.
public struct RefactorStep: Sendable, Equatable {
    /// Relative to `Solutions/NN-slug/`; the last step's is `Sources`.
    public var folder: String
    public var title: LocalizedText
    public var explanation: LocalizedText
}

/// Reads `steps.json`: the way from the starter to the reference solution.
///
///     let steps = try RefactoringSteps.load(lesson, fileSystem: fs)   // nil: the lesson has none
public enum RefactoringSteps {
    public static let fileName = "steps.json"

    public static func path(of lesson: Lesson) -> String { "\(lesson.solutionFolder)/\(fileName)" }

    /// The steps, nil when the lesson has no steps.json; every problem of the file at once.
    public static func load(_ lesson: Lesson, fileSystem: any FileSystem) throws -> [RefactorStep]? {
        let path = path(of: lesson)
        guard fileSystem.exists(path) else { return nil }
        let shown = "Solutions/\(lesson.id)/\(fileName)"
        guard let data = try? fileSystem.read(path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            throw MetadataError(problems: ["\(shown) is not a JSON object (check for a missing comma or brace)"])
        }
        var problems: [String] = []
        if let version = object["format_version"] as? Int, version != 1 {
            problems.append("\(shown) has format_version \(version); this kata reads format_version 1")
        }
        guard let list = object["steps"] as? [[String: Any]], !list.isEmpty else {
            throw MetadataError(problems: problems + ["\(shown) needs a non-empty list \"steps\" of {\"folder\", \"title\", \"explanation\"}"])
        }
        var steps: [RefactorStep] = []
        for (index, item) in list.enumerated() {
            let place = "\(shown) step \(index + 1)"
            func text(_ key: String) -> LocalizedText {
                let value = item[key] as? [String: Any] ?? [:]
                let english = (value["en"] as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                let chinese = (value["zh-Hans"] as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                if english.isEmpty { problems.append("\(place) has no English \"\(key)\" ({\"en\": ..., \"zh-Hans\": ...})") }
                if chinese.isEmpty { problems.append("\(place) has no Simplified Chinese \"\(key)\" (\"zh-Hans\")") }
                return LocalizedText(english: english, chinese: chinese)
            }
            let folder = (item["folder"] as? String ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
            if folder.isEmpty {
                problems.append("\(place) has no \"folder\" (relative to Solutions/\(lesson.id)/, like \"Steps/1-extract-protocol\")")
            } else if folder.hasPrefix("..") || folder.hasPrefix("/") || folder.contains("/../") {
                problems.append("\(place): the folder \"\(folder)\" must stay inside Solutions/\(lesson.id)/")
            } else if !fileSystem.isDirectory("\(lesson.solutionFolder)/\(folder)") {
                problems.append("\(place): the folder Solutions/\(lesson.id)/\(folder) does not exist")
            }
            steps.append(RefactorStep(folder: folder, title: text("title"), explanation: text("explanation")))
        }
        if let last = steps.last, last.folder != "Sources" {
            problems.append("\(shown): the last step's folder must be \"Sources\" (the reference solution), not \"\(last.folder)\"")
        }
        guard problems.isEmpty else { throw MetadataError(problems: problems) }
        return steps
    }

    /// A module's files: relative path → text.
    public static func snapshot(_ folder: String, fileSystem: any FileSystem) -> [String: String] {
        var files: [String: String] = [:]
        for name in (try? fileSystem.filesRecursively(folder, withExtension: "swift")) ?? [] {
            files[name] = (try? fileSystem.readText("\(folder)/\(name)")) ?? ""
        }
        return files
    }
}

/// A lesson's test bar at one step: built and run, never written by hand.
public struct TestBar: Sendable, Equatable, Codable {
    public enum State: String, Sendable, Codable, Equatable {
        /// The step's own module does not compile.
        case brokenModule = "does not compile"
        /// The module compiles, but the tests do not compile against it.
        case testsDoNotCompile = "tests do not compile"
        case ran
        case notBuilt = "not built"
    }
    public var state: State
    public var passed: Int
    public var total: Int

    public init(report: CheckReport) {
        switch report.stage {
        case .module: self.init(state: .brokenModule, passed: 0, total: 0)
        case .tests: self.init(state: .testsDoNotCompile, passed: 0, total: 0)
        case .run: self.init(state: .ran, passed: report.passedCount, total: report.tests.count)
        }
    }

    public init(state: State, passed: Int, total: Int) {
        self.state = state
        self.passed = passed
        self.total = total
    }

    /// Tests that pass; a step that does not compile against the tests passes none.
    public var passing: Int { state == .ran ? passed : 0 }

    public func render(style: Style, words: Words) -> String {
        switch state {
        case .brokenModule: return style.red(words.say("✘ the module does not compile", "✘ 模块无法编译"))
        case .testsDoNotCompile: return style.yellow(words.say("◌ does not compile against the tests yet", "◌ 还无法与测试一起编译"))
        case .notBuilt: return style.dim(words.say("(tests not run)", "（未运行测试）"))
        case .ran:
            let width = 10
            let filled = total == 0 ? 0 : (passed * width + total / 2) / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let text = words.say("\(passed) of \(total) tests pass", "\(total) 个测试中通过 \(passed) 个")
            return (passed == total && total > 0 ? style.green(bar) : style.yellow(bar)) + " " + text
        }
    }
}

/// The way laid out: every point from the starter to the solution, with its code and test bar.
public struct RefactorWalk: Sendable {
    public struct Point: Sendable {
        /// nil for the starter.
        public var step: RefactorStep?
        public var folder: String
        public var files: [String: String]
        public var bar: TestBar
        /// Hidden dependencies `kata graph` finds in this point's code; nil when not analysed.
        public var hidden: [HiddenDependency]?
    }

    public var lesson: Lesson
    public var points: [Point]

    /// Builds every point (in parallel, `jobs` at a time) unless `runTests` is false.
    /// Each point has a build folder of its own; the builder's content hashes make a second walk cheap.
    public static func make(lesson: Lesson, steps: [RefactorStep], fileSystem: any FileSystem,
                            checker: LessonChecker?, analyzer: CodeAnalyzer? = nil, starter: String? = nil, jobs: Int = 2) -> RefactorWalk {
        var folders: [(RefactorStep?, String)] = [(nil, starter ?? lesson.sources)]
        folders += steps.map { ($0, "\(lesson.solutionFolder)/\($0.folder)") }
        let bars: [TestBar] = ConcurrentMap.map(Array(folders.enumerated()).map { ($0.offset, $0.element.1) }, jobs: jobs) { item in
            guard let checker else { return TestBar(state: .notBuilt, passed: 0, total: 0) }
            let (index, folder) = item
            // The starter and the solution share their build folders with `kata check` and `kata verify`.
            let variant: LessonVariant
            if index == 0 { variant = starter == nil ? .learner : .custom(name: "refactor-0-starter", sources: folder) }
            else if folder == lesson.solutionSources { variant = .solution }
            else { variant = .custom(name: "refactor-\(index)-" + (folder.split(separator: "/").last.map(String.init) ?? "step"), sources: folder) }
            return TestBar(report: checker.check(lesson, variant: variant))
        }
        let points = folders.enumerated().map { index, entry in
            Point(step: entry.0, folder: entry.1, files: RefactoringSteps.snapshot(entry.1, fileSystem: fileSystem), bar: bars[index],
                  hidden: (try? analyzer?.analyze(folder: entry.1))?.hiddenDependencies)
        }
        return RefactorWalk(lesson: lesson, points: points)
    }

    /// The text of point `index`: title, test bar, explanation, and the diff against the point before.
    public func render(_ index: Int, style: Style, words: Words) -> String {
        let point = points[index]
        let count = points.count - 1
        var lines: [String] = []
        if let step = point.step {
            lines.append(style.bold(words.say("Step \(index) of \(count): ", "第 \(index)/\(count) 步：") + step.title.text(in: words.language)))
        } else {
            lines.append(style.bold(words.say("The starter: where the way begins", "起点：初始代码")))
        }
        lines.append("  " + point.bar.render(style: style, words: words))
        if let hidden = point.hidden {
            if hidden.isEmpty {
                lines.append("  " + style.green(words.say("✔ no hidden dependencies", "✔ 没有隐藏依赖")))
            } else {
                let list = hidden.map { "\($0.target)\($0.context == .defaultArgument ? words.say(" (in a default argument)", "（在默认参数中）") : "")" }
                lines.append("  " + style.red(words.say("hidden: ", "隐藏依赖：")) + list.joined(separator: ", "))
            }
        }
        lines.append("")
        if let step = point.step {
            lines.append(step.explanation.text(in: words.language))
            lines.append("")
            let previous = points[index - 1]
            let diff = LineDiff.modules(old: previous.files, new: point.files,
                                        oldLabel: previous.step == nil ? "starter" : "step-\(index - 1)",
                                        newLabel: index == count ? "solution" : "step-\(index)", style: style)
            lines.append(diff.isEmpty ? style.dim(words.say("(no code changes in this step)", "（这一步没有代码变化）")) : diff)
        } else {
            let names = point.files.keys.sorted().joined(separator: ", ")
            lines.append(words.say("The lesson's starter code (\(names)). Each step below changes it a little; the last one is the reference solution.",
                                   "课程的初始代码（\(names)）。下面每一步都对它做一点修改，最后一步就是参考答案。"))
            lines.append("")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

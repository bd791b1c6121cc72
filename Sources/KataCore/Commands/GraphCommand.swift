import Foundation

extension CommandSpec {
    static let graph: CommandSpec = {
        var spec = CommandSpec(
            name: "graph",
            summary: LocalizedText(english: "Show who builds whom and every hidden dependency in Swift code", chinese: "显示 Swift 代码中谁创建谁，以及每个隐藏依赖"),
            usage: "kata graph <folder|lesson> [--format terminal|mermaid|dot|json] [--root NAME,...] [--collaborator NAME,...] [--details] [--focus TYPE [--depth N]] [--include-tests] [--include-generated]",
            help: """
                Reads every .swift file in a folder (your own project too) with the
                compiler's parser and shows the types, who creates whom, who is handed
                its collaborators, and every hidden dependency with file and line:
                a singleton (.shared, .default, .standard, .current, ...), global state
                (Date(), UUID(), .random, a global or static var) or a collaborator
                built inside the type that uses it. Each comes with the injection that
                would replace it. A lesson name (01) reads your code of that lesson.

                --format terminal   a tree for the terminal (the default)
                --format mermaid    a Mermaid flowchart (paste into Markdown)
                --format dot        a Graphviz graph (dot -Tsvg graph.dot > graph.svg)
                --format json       every type, edge and hidden dependency as JSON
                --root NAME,...     more composition roots (types like Garage, members like
                                    LapLogger.live, or patterns like '*.liveValue'): what they
                                    build is not hidden. CompositionRoot, *Container, *Assembly,
                                    *AppDelegate, *.liveValue, @main types and the top-level
                                    code of main.swift always count as composition roots.
                --collaborator NAME,...  types worth handing in whatever they do: building one in
                                    place is a finding even when it has no effects of its own
                                    (a lesson's rules name them for its code)
                --details           list every type, edge and finding (the terminal shows a
                                    summary and the first findings of a large code base)
                --focus TYPE        draw only TYPE and its neighbours; --depth N (default 1)
                                    says how many steps away; the summary and the
                                    findings are those in TYPE or reaching for it
                --include-tests     read test, preview and mock code too (left out by default)
                --include-generated read files whose header says a tool wrote them ("Generated
                                    by", "DO NOT EDIT", ...); left out and counted by default
                Exit status: 0 when nothing is hidden, 1 when a hidden dependency is found.

                Example:
                  kata graph Sources
                  kata graph Lessons/01-constructor-injection/Sources --format mermaid
                """,
            flags: ["--details", "--include-tests", "--include-generated"],
            options: ["--format", "--root", "--collaborator", "--focus", "--depth"],
            run: { invocation, context in
                guard let target = invocation.positional.first else {
                    throw KataError.usage(context.words.say("which folder? Example: kata graph Sources (or a lesson: kata graph 01)", "哪个文件夹？例如：kata graph Sources（或者一课：kata graph 01）"))
                }
                let format = try GraphFormat.parse(invocation.option("--format") ?? (invocation.has("--json") ? "json" : nil))
                let path = target.hasPrefix("/") ? target : context.workingDirectory + "/" + target
                let folder = (path as NSString).standardizingPath
                var analyzer = context.makeCodeAnalyzer()
                analyzer.includeTests = invocation.has("--include-tests")
                analyzer.includeGenerated = invocation.has("--include-generated")
                var options = GraphOptions(details: invocation.has("--details"), focus: invocation.option("--focus"))
                if let depth = invocation.option("--depth") {
                    guard let value = Int(depth), value >= 0 else {
                        throw KataError.usage("--depth takes a number of steps, like --depth 2, not \"\(depth)\"")
                    }
                    options.depth = value
                }
                analyzer.compositionRoots = Set((invocation.option("--root") ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
                analyzer.collaborators = Set((invocation.option("--collaborator") ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
                let analysis: DependencyAnalysis
                let title: String
                if context.fileSystem.isDirectory(folder) {
                    analysis = try analyzer.analyze(folder: folder)
                    title = target
                } else if let course = try? context.loadCourse(), let lesson = course.lesson(named: target) {
                    if analyzer.compositionRoots.isEmpty, let known = try? KnownHiddenDependencies.load(lesson, fileSystem: context.fileSystem) {
                        analyzer.compositionRoots = Set(known.compositionRoots)
                    }
                    analyzer.collaborators.formUnion(lesson.declaredCollaborators)
                    analysis = try analyzer.analyze(folder: lesson.sources, displayRoot: context.courseRoot)
                    title = context.words.say("Your code of lesson \(lesson.id)", "你在第 \(lesson.shownNumber) 课的代码")
                } else {
                    throw KataError.usage(context.words.say("\(target) is neither a folder nor a lesson. Name a folder of Swift code, like: kata graph Sources", "\(target) 既不是文件夹也不是课。请指定一个放 Swift 代码的文件夹，例如：kata graph Sources"))
                }
                // A misspelt --focus says so, with the closest names, instead of drawing everything.
                if let focus = options.focus, !analysis.types.contains(where: { $0.name == focus || $0.name.hasSuffix("." + focus) }) {
                    let close = Suggestions.closest(to: focus, among: analysis.types.map(\.name).uniqued())
                    throw KataError.usage(context.words.say(
                        "--focus \(focus): there is no type of that name in \(target)." + (close.isEmpty ? "" : " Did you mean \(close.prefix(3).joined(separator: " or "))?") + " Run kata graph \(target) to see every type.",
                        "--focus \(focus)：\(target) 里没有这个名字的类型。" + (close.isEmpty ? "" : "你是想找 \(close.prefix(3).joined(separator: " 或 ")) 吗？") + "运行 kata graph \(target) 查看所有类型。"))
                }
                try context.writeGraph([GraphPanel(title: title, analysis: analysis)], format: format, options: options)
                return analysis.hiddenDependencies.isEmpty ? 0 : 1
            }
        )
        spec.needsCourse = false
        return spec
    }()
}

extension KataContext {
    /// The analyzer with the compiler on PATH, or the token reader alone when there is none.
    public func makeCodeAnalyzer() -> CodeAnalyzer {
        let toolchain = try? ToolchainLocator(fileSystem: fileSystem, environment: environment).locate()
        var childEnvironment = childEnvironment
        if fileSystem.isDirectory("\(courseRoot)/Lessons") {
            if toolchain != nil { try? fileSystem.createDirectory("\(stateFolder)/tmp") }
        } else {
            // Outside a course (a learner's own project): leave no .kata folder behind.
            childEnvironment["TMPDIR"] = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        }
        return CodeAnalyzer(fileSystem: fileSystem, processRunner: processRunner, swiftc: toolchain?.swiftc, environment: childEnvironment)
    }

    func writeGraph(_ panels: [GraphPanel], format: GraphFormat, options: GraphOptions = GraphOptions()) throws {
        let renderer = GraphRenderer(style: style, words: words, options: options)
        switch format {
        case .terminal: console.write(renderer.terminal(panels))
        case .mermaid:
            let (text, notDrawn) = renderer.mermaidWithLeftOut(panels)
            console.write(text)
            if !notDrawn.isEmpty {
                console.writeError(words.say("Not in the Mermaid diagram (over Mermaid's limits), \(notDrawn.count) edges:", "Mermaid 图中没有的边（超出 Mermaid 的限制），共 \(notDrawn.count) 条：")
                                   + "\n" + notDrawn.map { "  " + $0 }.joined(separator: "\n") + "\n")
            }
        case .dot: console.write(renderer.dot(panels))
        case .json:
            if panels.count == 1 { try writeJSON(panels[0].analysis) }
            else { try writeJSON(Dictionary(uniqueKeysWithValues: panels.map { ($0.title, $0.analysis) })) }
        }
    }
}

/// Draws dependency analyses: in the terminal, as Mermaid, as Graphviz DOT.
/// Several panels (before / after) go side by side in one picture.
public enum GraphFormat: String, Sendable, CaseIterable {
    case terminal, mermaid, dot, json

    public static func parse(_ value: String?) throws -> GraphFormat {
        guard let value else { return .terminal }
        guard let format = GraphFormat(rawValue: value.lowercased()) else {
            throw KataError.usage("--format takes terminal, mermaid, dot or json, not \"\(value)\"")
        }
        return format
    }
}

public struct GraphPanel: Sendable {
    public var title: String
    public var analysis: DependencyAnalysis

    public init(title: String, analysis: DependencyAnalysis) {
        self.title = title
        self.analysis = analysis
    }
}

public struct GraphRenderer: Sendable {
    public var style: Style
    public var words: Words

    public init(style: Style, words: Words) {
        self.style = style
        self.words = words
    }

    // MARK: terminal

    public func terminal(_ panels: [GraphPanel]) -> String {
        panels.map { terminal($0) }.joined(separator: "\n")
    }

    public func terminal(_ panel: GraphPanel) -> String {
        let analysis = panel.analysis
        var lines: [String] = []
        if !panel.title.isEmpty { lines.append(style.bold(panel.title)) }
        lines.append(style.dim(words.say("read with the \(analysis.reader)", "读取方式：\(analysis.reader == CodeAnalyzer.dumpReaderName ? "swiftc 语法转储" : "词法读取器")")))
        for note in analysis.notes { lines.append(style.yellow("! ") + style.dim(note)) }
        lines.append("")
        let byFrom = Dictionary(grouping: analysis.edges, by: \.from)
        let typeNames = Set(analysis.types.map { String($0.name.split(separator: ".").last ?? Substring($0.name)) })
        for type in analysis.types {
            let simple = String(type.name.split(separator: ".").last ?? Substring(type.name))
            lines.append("  \(style.dim(type.kind.rawValue)) \(style.bold(type.name))  \(style.dim("\(type.file):\(type.line)"))")
            for edge in (byFrom[simple] ?? []) where type.name.split(separator: ".").count == 1 || edge.from == simple {
                lines.append("    " + edgeLine(edge))
            }
        }
        for from in byFrom.keys.sorted() where !typeNames.contains(from) {
            lines.append("  \(style.dim("code")) \(style.bold(from))")
            for edge in byFrom[from]! { lines.append("    " + edgeLine(edge)) }
        }
        lines.append("")
        if analysis.hiddenDependencies.isEmpty {
            lines.append(style.green("✔ ") + words.say("No hidden dependencies: every collaborator is handed in.", "没有隐藏依赖：每个协作者都是传进来的。"))
        } else {
            lines.append(style.red("✘ ") + words.say("\(analysis.hiddenDependencies.count) hidden dependenc\(analysis.hiddenDependencies.count == 1 ? "y" : "ies"):", "\(analysis.hiddenDependencies.count) 个隐藏依赖："))
            for dependency in analysis.hiddenDependencies { lines += hiddenLines(dependency) }
        }
        if !analysis.compositionRoot.isEmpty {
            lines.append(style.dim(words.say("The composition root builds and reaches on purpose (that is its job):", "组合根有意创建和获取对象（这正是它的职责）：")))
            for dependency in analysis.compositionRoot {
                lines.append("    \(style.dim("\(dependency.file):\(dependency.line)"))  \(dependency.site.isEmpty ? words.say("top level", "顶层代码") : dependency.site)  \(dependency.target)")
            }
        }
        if !analysis.adapters.isEmpty {
            lines.append(style.dim(words.say("Adapters reach for the system on purpose (they implement your protocol):", "适配器有意调用系统（它们实现了你的协议）：")))
            for dependency in analysis.adapters {
                lines.append("    \(style.dim("\(dependency.file):\(dependency.line)"))  \(dependency.site)  \(dependency.target)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func edgeLine(_ edge: DependencyEdge) -> String {
        switch edge.kind {
        case .creates: return style.red("──creates──▶ ") + edge.to + style.dim("  (\(edge.via))")
        case .reachesFor: return style.red("┄┄reaches for┄┄▶ ") + edge.to + (edge.via == edge.to ? "" : style.dim("  (\(edge.via))"))
        case .isHanded: return style.green("══is handed══▶ ") + edge.to + style.dim("  (\(edge.via))")
        case .conformsTo: return style.dim("··conforms to··▷ ") + edge.to
        case .wraps: return style.dim("──wraps──▷ ") + edge.to + (edge.via == edge.to ? "" : style.dim("  (\(edge.via))"))
        }
    }

    func hiddenLines(_ dependency: HiddenDependency) -> [String] {
        let kind: String
        switch dependency.kind {
        case .singleton: kind = words.say("singleton", "单例")
        case .globalState: kind = words.say("global state", "全局状态")
        case .construction: kind = words.say("builds its collaborator", "自己创建协作者")
        }
        let place = dependency.context == .body || dependency.context == .topLevel ? "" : style.dim(" [\(dependency.context.rawValue)]")
        return [
            "  \(style.cyan("\(dependency.file):\(dependency.line)"))  \(dependency.site)  \(style.red(kind)): \(style.bold(dependency.target))\(place)",
            "      → " + dependency.suggestion.text(in: words.language),
        ]
    }

    // MARK: Mermaid

    public func mermaid(_ panels: [GraphPanel]) -> String {
        var lines = ["flowchart LR"]
        let many = panels.count > 1
        for (index, panel) in panels.enumerated() {
            let prefix = many ? "p\(index)_" : ""
            var indent = "  "
            if many {
                lines.append("  subgraph \(prefix)panel[\"\(mermaidText(panel.title))\"]")
                indent = "    "
            }
            for node in nodes(panel.analysis) {
                let label = node.kind.map { "\($0) \(node.name)" } ?? node.name
                let shape = node.kind == nil ? "([\"\(mermaidText(label))\"])" : "[\"\(mermaidText(label))\"]"
                lines.append("\(indent)\(prefix)\(mermaidID(node.name))\(shape)" + (node.kind == nil ? ":::global" : ""))
            }
            for edge in panel.analysis.edges {
                let from = prefix + mermaidID(edge.from), to = prefix + mermaidID(edge.to)
                let label = mermaidText(edge.kind == .conformsTo ? "conforms to" : "\(edge.kind.rawValue): \(edge.via)")
                switch edge.kind {
                case .creates: lines.append("\(indent)\(from) -->|\"\(label)\"| \(to)")
                case .reachesFor: lines.append("\(indent)\(from) -.->|\"\(label)\"| \(to)")
                case .isHanded: lines.append("\(indent)\(from) ==>|\"\(label)\"| \(to)")
                case .conformsTo: lines.append("\(indent)\(from) -.-|\"\(label)\"| \(to)")
                case .wraps: lines.append("\(indent)\(from) -->|\"\(label)\"| \(to)")
                }
            }
            if many { lines.append("  end") }
        }
        lines.append("  classDef global fill:#fde2e2,stroke:#c0392b")
        return lines.joined(separator: "\n") + "\n"
    }

    func mermaidID(_ name: String) -> String {
        let id = String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        return id.first?.isLetter == true ? id : "n_" + id
    }

    func mermaidText(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "#quot;")
    }

    // MARK: DOT

    public func dot(_ panels: [GraphPanel]) -> String {
        var lines = ["digraph dependencies {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];", "  edge [fontname=\"Helvetica\", fontsize=10];"]
        let many = panels.count > 1
        for (index, panel) in panels.enumerated() {
            let prefix = many ? "p\(index):" : ""
            var indent = "  "
            if many {
                lines.append("  subgraph cluster_\(index) {")
                lines.append("    label=\(dotString(panel.title));")
                indent = "    "
            }
            for node in nodes(panel.analysis) {
                let label = node.kind.map { "\($0) \(node.name)" } ?? node.name
                let extra = node.kind == nil ? ", shape=ellipse, color=red, fontcolor=red" : (node.kind == "protocol" ? ", style=rounded" : "")
                lines.append("\(indent)\(dotString(prefix + node.name)) [label=\(dotString(label))\(extra)];")
            }
            for edge in panel.analysis.edges {
                let attributes: String
                switch edge.kind {
                case .creates: attributes = "label=\(dotString("creates: " + edge.via)), color=red"
                case .reachesFor: attributes = "label=\(dotString("reaches for: " + edge.via)), style=dashed, color=red"
                case .isHanded: attributes = "label=\(dotString("is handed: " + edge.via)), color=darkgreen, penwidth=2"
                case .conformsTo: attributes = "label=\"conforms to\", style=dotted, arrowhead=empty"
                case .wraps: attributes = "label=\(dotString("wraps: " + edge.via)), color=gray40"
                }
                lines.append("\(indent)\(dotString(prefix + edge.from)) -> \(dotString(prefix + edge.to)) [\(attributes)];")
            }
            if many { lines.append("  }") }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    func dotString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Types (with their kind) and the globals edges point at (kind nil), each once.
    func nodes(_ analysis: DependencyAnalysis) -> [(name: String, kind: String?)] {
        var result: [(name: String, kind: String?)] = []
        var seen: Set<String> = []
        for type in analysis.types {
            let simple = String(type.name.split(separator: ".").last ?? Substring(type.name))
            if seen.insert(simple).inserted { result.append((simple, type.kind.rawValue)) }
        }
        for edge in analysis.edges {
            if seen.insert(edge.from).inserted { result.append((edge.from, "code")) }
            if seen.insert(edge.to).inserted { result.append((edge.to, nil)) }
        }
        return result
    }
}

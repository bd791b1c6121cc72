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

/// What to draw of a large analysis.
public struct GraphOptions: Sendable, Equatable {
    /// Every type, edge and finding in the terminal, not only the summary and the first findings.
    public var details = false
    /// Only this type and its neighbours up to `depth` edges away (in either direction).
    public var focus: String?
    public var depth = 1
    /// Mermaid's default limits (`maxTextSize`, `maxEdges`): larger output does not render.
    public var mermaidCharacters = 50_000
    public var mermaidEdges = 500
    /// Findings listed in the terminal before "and N more".
    public var terminalFindings = 25

    public init(details: Bool = false, focus: String? = nil, depth: Int = 1) {
        self.details = details
        self.focus = focus
        self.depth = depth
    }
}

public struct GraphRenderer: Sendable {
    public var style: Style
    public var words: Words
    public var options = GraphOptions()

    public init(style: Style, words: Words) {
        self.style = style
        self.words = words
    }

    public init(style: Style, words: Words, options: GraphOptions) {
        self.style = style
        self.words = words
        self.options = options
    }

    // MARK: graph shaping

    /// A node of a drawing: a type (keyed by module and name) or a global the code reaches for.
    struct Node: Hashable {
        var module: String
        var name: String
        var kind: String?  // nil: a global / system target
        var key: String { module.isEmpty ? name : "\(module).\(name)" }
        /// What a node shows: its kind before its name, except for plain types and code.
        var label: String { kind.map { $0 == "type" || $0 == "code" ? name : "\($0) \(name)" } ?? name }
    }

    struct Drawing {
        var nodes: [Node] = [] { didSet { keys = Set(nodes.map(\.key)) } }
        var keys: Set<String> = []
        var edges: [DependencyEdge] = []
        /// For folded "is handed" edges: how many parameters and properties each one stands for.
        var counts: [Int] = []
        var leftOut: [String] = []

        /// The nodes by module, globals (no module) first; `clustered` when there is more than one module.
        var byModule: (clustered: Bool, groups: [(module: String, nodes: [Node])]) {
            let modules = Set(nodes.map(\.module)).subtracting([""])
            let groups = ([""] + modules.sorted()).map { module in (module: module, nodes: nodes.filter { $0.module == module }) }
            return (modules.count > 1, groups.filter { !$0.nodes.isEmpty })
        }
    }

    static func key(_ module: String, _ name: String) -> String { module.isEmpty ? name : "\(module).\(name)" }

    /// The nodes and edges to draw: "is handed" edges folded (one per pair of types),
    /// narrowed to `--focus` when asked.
    func drawing(_ analysis: DependencyAnalysis) -> Drawing {
        var drawing = Drawing()
        var nodeIndex: [String: Int] = [:]
        var nodes: [Node] = []
        func add(_ node: Node) {
            if nodeIndex[node.key] == nil { nodeIndex[node.key] = nodes.count; nodes.append(node) }
        }
        var typeKeys: Set<String> = []
        for type in analysis.types {
            typeKeys.insert(Self.key(type.module, String(type.name.split(separator: ".").last ?? Substring(type.name))))
        }
        for type in analysis.types {
            add(Node(module: type.module, name: String(type.name.split(separator: ".").last ?? Substring(type.name)), kind: type.kind.rawValue))
        }
        var folded: [String: Int] = [:]
        for edge in analysis.edges {
            if nodeIndex[Self.key(edge.fromModule, edge.from)] == nil { add(Node(module: edge.fromModule, name: edge.from, kind: "code")) }
            if nodeIndex[Self.key(edge.toModule, edge.to)] == nil {
                let isType = typeKeys.contains(Self.key(edge.toModule, edge.to))
                add(Node(module: isType ? edge.toModule : "", name: edge.to, kind: isType ? "type" : nil))
            }
            if edge.kind == .isHanded {
                let pair = "\(Self.key(edge.fromModule, edge.from))→\(Self.key(edge.toModule, edge.to))"
                if let index = folded[pair] {
                    drawing.counts[index] += 1
                    continue
                }
                folded[pair] = drawing.edges.count
            }
            drawing.edges.append(edge)
            drawing.counts.append(1)
        }
        drawing.nodes = nodes
        for (index, edge) in drawing.edges.enumerated() where edge.kind == .isHanded && drawing.counts[index] > 1 {
            drawing.edges[index].via = words.say("\(drawing.counts[index]) parameters and properties", "\(drawing.counts[index]) 个参数和属性")
        }
        if let focus = options.focus {
            let wanted = drawing.nodes.filter { $0.name == focus || $0.key == focus }.map(\.key)
            var keep = Set(wanted)
            var frontier = Set(wanted)
            for _ in 0..<max(0, options.depth) {
                var next: Set<String> = []
                for edge in drawing.edges {
                    let from = Self.key(edge.fromModule, edge.from), to = edge.kind == .reachesFor || edge.kind == .wraps ? targetKey(edge, drawing) : Self.key(edge.toModule, edge.to)
                    if frontier.contains(from), !keep.contains(to) { next.insert(to) }
                    if frontier.contains(to), !keep.contains(from) { next.insert(from) }
                }
                keep.formUnion(next)
                frontier = next
            }
            let before = drawing.nodes.count
            var kept = Drawing()
            kept.nodes = drawing.nodes.filter { keep.contains($0.key) }
            for (index, edge) in drawing.edges.enumerated() where keep.contains(Self.key(edge.fromModule, edge.from)) && keep.contains(targetKey(edge, drawing)) {
                kept.edges.append(edge); kept.counts.append(drawing.counts[index])
            }
            kept.leftOut = wanted.isEmpty
                ? [words.say("no type named \(focus): the whole graph is drawn", "没有名为 \(focus) 的类型：画出了整个图")]
                : [words.say("focused on \(focus), \(options.depth) step\(options.depth == 1 ? "" : "s") away: \(before - kept.nodes.count) other nodes left out",
                             "聚焦于 \(focus)，距离 \(options.depth) 步：省略了其他 \(before - kept.nodes.count) 个节点")]
            if !wanted.isEmpty { drawing = kept } else { drawing.leftOut = kept.leftOut }
        }
        return drawing
    }

    func targetKey(_ edge: DependencyEdge, _ drawing: Drawing) -> String {
        let typed = Self.key(edge.toModule, edge.to)
        return drawing.keys.contains(typed) ? typed : edge.to
    }

    func nodeKey(_ module: String, _ name: String, in drawing: Drawing) -> String {
        let typed = Self.key(module, name)
        return drawing.keys.contains(typed) ? typed : name
    }

    // MARK: terminal

    public func terminal(_ panels: [GraphPanel]) -> String {
        panels.map { terminal($0) }.joined(separator: "\n")
    }

    public func terminal(_ panel: GraphPanel) -> String {
        let analysis = panel.analysis
        var lines: [String] = []
        if !panel.title.isEmpty { lines.append(style.bold(panel.title)) }
        var readLine = words.say("read with the \(analysis.reader)", "读取方式：\(analysis.reader == CodeAnalyzer.dumpReaderName ? "swiftc 语法转储" : "词法读取器")")
        if analysis.filesRead > 0 {
            readLine += words.say(": \(analysis.filesRead) file\(analysis.filesRead == 1 ? "" : "s")", "：\(analysis.filesRead) 个文件")
            if analysis.filesByTokenReader > 0 && analysis.reader == CodeAnalyzer.dumpReaderName {
                readLine += words.say(", \(analysis.filesByTokenReader) of them with the token reader", "，其中 \(analysis.filesByTokenReader) 个用词法读取器")
            }
            if analysis.filesGenerated > 0 {
                readLine += words.say("; \(analysis.filesGenerated) generated file\(analysis.filesGenerated == 1 ? "" : "s") left out", "；省略了 \(analysis.filesGenerated) 个生成的文件")
            }
        }
        lines.append(style.dim(readLine))
        for note in analysis.notes { lines.append(style.yellow("! ") + style.dim(note)) }
        var hidden = analysis.hiddenDependencies
        var typeCount = analysis.types.count
        var rootCount = analysis.compositionRoot.count
        var adapterCount = analysis.adapters.count
        var roots = analysis.compositionRoot
        var adapters = analysis.adapters
        var focusNote: String?
        if let focus = options.focus {
            // --focus narrows the whole summary and the findings, the footer's root and adapter places included:
            // the findings in the focused type (and, with --depth N, in the types fewer than N steps from it) and
            // those that reach for it or build it; never the code base's counts beside the focused ones. The drawing
            // shows the neighbours; their own findings are theirs (focus on one of them to see them).
            let drawn = drawing(analysis)
            var inner = self
            inner.options.depth = max(0, options.depth - 1)
            let near = Set(inner.drawing(analysis).nodes.map(\.name))
            func about(_ dependency: HiddenDependency) -> Bool {
                let owner = dependency.owner.map { String($0.split(separator: ".").last ?? Substring($0)) } ?? dependency.member ?? "top level"
                if near.contains(owner) { return true }
                let path = dependency.target.split(separator: "(").first ?? ""
                return path.split(separator: ".").contains { $0 == focus }
            }
            let focused = hidden.filter(about)
            focusNote = words.say("focused on \(focus): \(focused.count) of \(hidden.count) hidden dependencies are in it\(options.depth > 1 ? " (or fewer than \(options.depth) steps from it)" : "") or reach for it; \(drawn.nodes.count) types and places drawn",
                                  "聚焦于 \(focus)：\(hidden.count) 个隐藏依赖中有 \(focused.count) 个在它里面\(options.depth > 1 ? "（或距它不到 \(options.depth) 步）" : "")或指向它；画出了 \(drawn.nodes.count) 个类型和位置")
            hidden = focused
            // The types drawn (places and globals are nodes too, but not types).
            typeCount = drawn.nodes.filter { $0.kind != nil }.count
            roots = analysis.compositionRoot.filter(about)
            adapters = analysis.adapters.filter(about)
            rootCount = roots.count
            adapterCount = adapters.count
        }
        let small = analysis.types.count <= 40 && hidden.count <= options.terminalFindings
        let full = options.details || small
        lines.append("")
        // The summary first: what kinds, where.
        let byKind = Dictionary(grouping: hidden, by: \.kind)
        let kinds: [(HiddenDependency.Kind, String, String)] = [(.singleton, "singleton", "单例"), (.globalState, "global state", "全局状态"), (.construction, "construction", "自己创建")]
        let counts = kinds.compactMap { kind, en, zh in byKind[kind].map { words.say("\($0.count) \(en)", "\(zh) \($0.count)") } }
        if let focusNote { lines.append(style.dim(focusNote)) }
        lines.append(style.bold(words.say("Summary", "概要")) + "  " + words.say(
            "\(typeCount) type\(typeCount == 1 ? "" : "s"), \(hidden.count) hidden dependenc\(hidden.count == 1 ? "y" : "ies")\(counts.isEmpty ? "" : " (" + counts.joined(separator: ", ") + ")"), \(rootCount) in the composition root, \(adapterCount) in adapters",
            "\(typeCount) 个类型，\(hidden.count) 个隐藏依赖\(counts.isEmpty ? "" : "（" + counts.joined(separator: "，") + "）")，组合根中 \(rootCount) 个，适配器中 \(adapterCount) 个"))
        if !small {
            func top(_ keyed: [String]) -> String {
                let counted = Dictionary(keyed.map { ($0, 1) }, uniquingKeysWith: +).sorted { ($0.value, $1.key) > ($1.value, $0.key) }
                return counted.prefix(5).map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
            }
            if !hidden.isEmpty {
                lines.append("  " + style.dim(words.say("top files: ", "最多的文件：")) + top(hidden.map(\.file)))
                lines.append("  " + style.dim(words.say("top types: ", "最多的类型：")) + top(hidden.map { $0.owner ?? $0.member ?? "top level" }))
            }
        }
        lines.append("")
        if full {
            let drawing = drawing(analysis)
            var byFrom: [String: [(DependencyEdge, Int)]] = [:]
            for (index, edge) in drawing.edges.enumerated() { byFrom[Self.key(edge.fromModule, edge.from), default: []].append((edge, drawing.counts[index])) }
            var shown: Set<String> = []
            for type in analysis.types {
                let simple = String(type.name.split(separator: ".").last ?? Substring(type.name))
                let key = Self.key(type.module, simple)
                if options.focus != nil && !drawing.keys.contains(key) { continue }
                lines.append("  \(style.dim(type.kind.rawValue)) \(style.bold(type.name))  \(style.dim("\(type.file):\(type.line)"))")
                guard shown.insert(key).inserted else { continue }
                for (edge, _) in byFrom[key] ?? [] { lines.append("    " + edgeLine(edge)) }
            }
            for from in byFrom.keys.sorted() where !shown.contains(from) {
                lines.append("  \(style.dim("code")) \(style.bold(from))")
                for (edge, _) in byFrom[from]! { lines.append("    " + edgeLine(edge)) }
            }
            for note in drawing.leftOut { lines.append(style.dim("  " + note)) }
            lines.append("")
        }
        if hidden.isEmpty {
            lines.append(style.green("✔ ") + words.say("No hidden dependencies: every collaborator is handed in.", "没有隐藏依赖：每个协作者都是传进来的。"))
        } else {
            lines.append(style.red("✘ ") + words.say("\(hidden.count) hidden dependenc\(hidden.count == 1 ? "y" : "ies"):", "\(hidden.count) 个隐藏依赖："))
            let listed = full ? hidden : Array(hidden.prefix(options.terminalFindings))
            for dependency in listed { lines += hiddenLines(dependency) }
            if listed.count < hidden.count {
                lines.append(style.dim(words.say("  ... and \(hidden.count - listed.count) more: add --details to list them all (or --format json)",
                                                 "  ……还有 \(hidden.count - listed.count) 个：加上 --details 全部列出（或用 --format json）")))
            }
        }
        if !roots.isEmpty {
            lines.append(style.dim(words.say("The composition root builds and reaches on purpose (that is its job):", "组合根有意创建和获取对象（这正是它的职责）：")))
            if full {
                for dependency in roots {
                    lines.append("    \(style.dim("\(dependency.file):\(dependency.line)"))  \(dependency.site.isEmpty ? words.say("top level", "顶层代码") : dependency.site)  \(dependency.target)")
                }
            } else {
                lines.append("    " + words.say("\(roots.count) places (--details lists them)", "\(roots.count) 处（--details 列出）"))
            }
        }
        if !adapters.isEmpty {
            lines.append(style.dim(words.say("Adapters reach for the system on purpose (they wrap it behind your protocol):", "适配器有意调用系统（它们把系统包装在你的协议后面）：")))
            if full {
                for dependency in adapters {
                    lines.append("    \(style.dim("\(dependency.file):\(dependency.line)"))  \(dependency.site)  \(dependency.target)")
                }
            } else {
                lines.append("    " + words.say("\(adapters.count) places (--details lists them)", "\(adapters.count) 处（--details 列出）"))
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

    /// Which edges to draw when a picture must stay under a limit: the hidden ones first
    /// (the reason to draw), then who is handed what, then conformances.
    static func priority(_ kind: DependencyEdge.Kind) -> Int {
        switch kind {
        case .creates, .reachesFor: return 0
        case .wraps: return 1
        case .isHanded: return 2
        case .conformsTo: return 3
        }
    }

    // MARK: Mermaid

    public func mermaid(_ panels: [GraphPanel]) -> String {
        mermaidWithLeftOut(panels).text
    }

    /// An edge the diagram could not hold, as one line: `Checkout --reaches for: Store.shared--> Store.shared`.
    func edgeDescription(_ edge: DependencyEdge) -> String {
        let from = edge.fromModule.isEmpty ? edge.from : "\(edge.fromModule).\(edge.from)"
        let to = edge.toModule.isEmpty ? edge.to : "\(edge.toModule).\(edge.to)"
        return "\(from) --\(edge.kind.rawValue)\(edge.kind == .conformsTo || edge.via == edge.to ? "" : ": " + edge.via)--> \(to)"
    }

    /// The Mermaid text, and every edge it could not hold within Mermaid's limits. As many of those as
    /// fit are listed after the diagram (as comments); all of them are in `notDrawn`.
    public func mermaidWithLeftOut(_ panels: [GraphPanel]) -> (text: String, notDrawn: [String]) {
        let drawings = panels.map { drawing($0.analysis) }
        var notDrawn: [String] = []
        var edgeBudget = options.mermaidEdges
        var trimmed = drawings
        var leftOut: [String] = drawings.flatMap(\.leftOut)
        // Over Mermaid's edge limit: drop the least telling edges first.
        let total = drawings.reduce(0) { $0 + $1.edges.count }
        if total > edgeBudget {
            var dropped: [DependencyEdge.Kind: Int] = [:]
            let ranked = drawings.enumerated().flatMap { panel, drawing in drawing.edges.indices.map { (panel, $0, Self.priority(drawing.edges[$0].kind)) } }
                .sorted { ($0.2, $0.0, $0.1) < ($1.2, $1.0, $1.1) }
            var keep = Set<String>()
            for (panel, index, _) in ranked {
                if edgeBudget > 0 { keep.insert("\(panel)#\(index)"); edgeBudget -= 1 }
                else {
                    dropped[drawings[panel].edges[index].kind, default: 0] += 1
                    notDrawn.append(edgeDescription(drawings[panel].edges[index]))
                }
            }
            for panel in trimmed.indices {
                var edges: [DependencyEdge] = [], counts: [Int] = []
                for index in drawings[panel].edges.indices where keep.contains("\(panel)#\(index)") {
                    edges.append(drawings[panel].edges[index]); counts.append(drawings[panel].counts[index])
                }
                trimmed[panel].edges = edges; trimmed[panel].counts = counts
            }
            let list = dropped.sorted { Self.priority($0.key) > Self.priority($1.key) }.map { "\($0.value) \($0.key.rawValue)" }.joined(separator: ", ")
            leftOut.append(words.say("left out \(dropped.values.reduce(0, +)) edges to stay within Mermaid's limit of \(options.mermaidEdges): \(list); use --focus TYPE or --format dot for the rest",
                                     "为了不超过 Mermaid 的 \(options.mermaidEdges) 条边限制，省略了 \(dropped.values.reduce(0, +)) 条边：\(list)；用 --focus TYPE 或 --format dot 查看其余部分"))
        }
        var text = mermaidText(panels, trimmed, leftOut: leftOut)
        if text.utf8.count > options.mermaidCharacters {
            // Still too long: keep only the nodes that take part in an edge, then cut edges.
            for panel in trimmed.indices {
                let used = Set(trimmed[panel].edges.flatMap { [Self.key($0.fromModule, $0.from), targetKey($0, trimmed[panel])] })
                let before = trimmed[panel].nodes.count
                trimmed[panel].nodes = trimmed[panel].nodes.filter { used.contains($0.key) }
                if before > trimmed[panel].nodes.count {
                    leftOut.append(words.say("left out \(before - trimmed[panel].nodes.count) types with no edge drawn", "省略了 \(before - trimmed[panel].nodes.count) 个没有画出边的类型"))
                }
            }
            text = mermaidText(panels, trimmed, leftOut: leftOut)
            var cut = 0
            while text.utf8.count > options.mermaidCharacters, trimmed.contains(where: { !$0.edges.isEmpty }) {
                let count = max(1, trimmed.reduce(0) { $0 + $1.edges.count } / 10)
                for _ in 0..<count {
                    guard let panel = trimmed.indices.max(by: { trimmed[$0].edges.count < trimmed[$1].edges.count }), !trimmed[panel].edges.isEmpty else { break }
                    notDrawn.append(edgeDescription(trimmed[panel].edges.removeLast())); trimmed[panel].counts.removeLast(); cut += 1
                }
                for panel in trimmed.indices {
                    let used = Set(trimmed[panel].edges.flatMap { [Self.key($0.fromModule, $0.from), targetKey($0, trimmed[panel])] })
                    trimmed[panel].nodes = trimmed[panel].nodes.filter { used.contains($0.key) }
                }
                let note = words.say("left out \(cut) more edges to stay within Mermaid's \(options.mermaidCharacters) characters; use --focus TYPE or --format dot for the rest",
                                     "为了不超过 Mermaid 的 \(options.mermaidCharacters) 个字符，又省略了 \(cut) 条边；用 --focus TYPE 或 --format dot 查看其余部分")
                text = mermaidText(panels, trimmed, leftOut: leftOut + [note])
            }
        }
        if !notDrawn.isEmpty {
            // After the diagram, as comments: as many as Mermaid's size limit leaves room for.
            var tail = words.say("%% not drawn (\(notDrawn.count) edges; --focus TYPE or --format dot draws them):",
                                 "%% 未画出（\(notDrawn.count) 条边；用 --focus TYPE 或 --format dot 画出）：") + "\n"
            var listed = 0
            for line in notDrawn {
                let entry = "%%   " + line.replacingOccurrences(of: "\n", with: " ") + "\n"
                if text.utf8.count + tail.utf8.count + entry.utf8.count + 120 > options.mermaidCharacters { break }
                tail += entry
                listed += 1
            }
            if listed < notDrawn.count {
                tail += words.say("%%   ... and \(notDrawn.count - listed) more (all of them are on standard error)",
                                  "%%   ……还有 \(notDrawn.count - listed) 条（全部列在标准错误输出上）") + "\n"
            }
            text += tail
        }
        return (text, notDrawn)
    }

    func mermaidText(_ panels: [GraphPanel], _ drawings: [Drawing], leftOut: [String]) -> String {
        var lines = ["flowchart LR"]
        for note in leftOut { lines.append("  %% " + note.replacingOccurrences(of: "\n", with: " ")) }
        let many = panels.count > 1
        for (index, panel) in panels.enumerated() {
            let drawing = drawings[index]
            let prefix = many ? "p\(index)_" : ""
            var indent = "  "
            if many {
                lines.append("  subgraph \(prefix)panel[\"\(mermaidText(panel.title))\"]")
                indent = "    "
            }
            let ids = mermaidIDs(drawing)
            let (clustered, groups) = drawing.byModule
            for (module, members) in groups {
                var inner = indent
                if clustered && !module.isEmpty {
                    lines.append("\(indent)subgraph \(prefix)m_\(mermaidID(module))[\"\(mermaidText(module))\"]")
                    inner = indent + "  "
                }
                for node in members {
                    let shape = node.kind == nil ? "([\"\(mermaidText(node.label))\"])" : "[\"\(mermaidText(node.label))\"]"
                    lines.append("\(inner)\(prefix)\(ids[node.key] ?? mermaidID(node.key))\(shape)" + (node.kind == nil ? ":::global" : ""))
                }
                if clustered && !module.isEmpty { lines.append("\(indent)end") }
            }
            for edge in drawing.edges {
                let fromKey = nodeKey(edge.fromModule, edge.from, in: drawing), toKey = targetKey(edge, drawing)
                let from = prefix + (ids[fromKey] ?? mermaidID(fromKey)), to = prefix + (ids[toKey] ?? mermaidID(toKey))
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

    /// One id per node of a drawing: Mermaid ids keep only letters and digits, so two names that differ only in
    /// other characters (the operators `==` and `<`, `Shop.Cache` and `Shop_Cache`) get a number to tell them apart.
    func mermaidIDs(_ drawing: Drawing) -> [String: String] {
        var keys = drawing.nodes.map(\.key)
        for edge in drawing.edges { keys.append(nodeKey(edge.fromModule, edge.from, in: drawing)); keys.append(targetKey(edge, drawing)) }
        var ids: [String: String] = [:]
        var taken: Set<String> = []
        for key in keys where ids[key] == nil {
            let base = mermaidID(key)
            var id = base
            var number = 2
            while taken.contains(id) { id = "\(base)_\(number)"; number += 1 }
            ids[key] = id
            taken.insert(id)
        }
        return ids
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
        // newrank: Graphviz 2.42 (Debian 12's, Ubuntu's) stops with "trouble in init_rank" on large clustered graphs without it.
        var lines = ["digraph dependencies {", "  rankdir=LR;", "  newrank=true;", "  node [shape=box, fontname=\"Helvetica\"];", "  edge [fontname=\"Helvetica\", fontsize=10];"]
        let many = panels.count > 1
        for (index, panel) in panels.enumerated() {
            let drawing = drawing(panel.analysis)
            for note in drawing.leftOut { lines.append("  // " + note) }
            let prefix = many ? "p\(index):" : ""
            var indent = "  "
            if many {
                lines.append("  subgraph cluster_\(index) {")
                lines.append("    label=\(dotString(panel.title));")
                indent = "    "
            }
            let (clustered, groups) = drawing.byModule
            for (module, members) in groups {
                var inner = indent
                if clustered && !module.isEmpty {
                    lines.append("\(indent)subgraph \(dotString("cluster_\(prefix)\(module)")) {")
                    lines.append("\(indent)  label=\(dotString(module));")
                    inner = indent + "  "
                }
                for node in members {
                    let extra = node.kind == nil ? ", shape=ellipse, color=red, fontcolor=red" : (node.kind == "protocol" ? ", style=rounded" : "")
                    lines.append("\(inner)\(dotString(prefix + node.key)) [label=\(dotString(node.label))\(extra)];")
                }
                if clustered && !module.isEmpty { lines.append("\(indent)}") }
            }
            for (edgeIndex, edge) in drawing.edges.enumerated() {
                let attributes: String
                switch edge.kind {
                case .creates: attributes = "label=\(dotString("creates: " + edge.via)), color=red"
                case .reachesFor: attributes = "label=\(dotString("reaches for: " + edge.via)), style=dashed, color=red"
                case .isHanded: attributes = "label=\(dotString("is handed: " + edge.via)), color=darkgreen, penwidth=\(drawing.counts[edgeIndex] > 1 ? 3 : 2)"
                case .conformsTo: attributes = "label=\"conforms to\", style=dotted, arrowhead=empty"
                case .wraps: attributes = "label=\(dotString("wraps: " + edge.via)), color=gray40"
                }
                lines.append("\(indent)\(dotString(prefix + nodeKey(edge.fromModule, edge.from, in: drawing))) -> \(dotString(prefix + targetKey(edge, drawing))) [\(attributes)];")
            }
            if many { lines.append("  }") }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    func dotString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// One place where code reaches for what it should be handed.
public struct HiddenDependency: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable, Equatable {
        /// `V8Engine.shared`, `UserDefaults.standard`, `FileManager.default`.
        case singleton
        /// The clock, randomness, a global or static `var`.
        case globalState = "global state"
        /// `Engine()` built inside the type that uses it.
        case construction
    }
    public var kind: Kind
    public var file: String
    public var line: Int
    /// The type whose code reaches out; nil for free functions and globals.
    public var owner: String?
    /// The member holding the reference: `init`, `start`, a property's name.
    public var member: String?
    public var context: ReferenceContext
    /// What is reached for: `V8Engine.shared`, `Date()`, `Engine()`.
    public var target: String
    public var suggestion: LocalizedText

    /// `RaceCar.init`, or the member alone at file scope.
    public var site: String {
        [owner, member].compactMap { $0 }.joined(separator: ".")
    }
}

public struct DependencyEdge: Sendable, Codable, Equatable, Hashable {
    public enum Kind: String, Sendable, Codable, Equatable, Hashable {
        case creates
        case reachesFor = "reaches for"
        case isHanded = "is handed"
        case conformsTo = "conforms to"
        /// An adapter calling the system it wraps (`SystemClock` → `Date()`): on purpose.
        case wraps
    }
    public var from: String
    public var to: String
    public var kind: Kind
    /// How: `V8Engine.shared`, `init(engine:)`, `property engine`.
    public var via: String
}

public struct TypeSummary: Sendable, Codable, Equatable {
    public var name: String
    public var kind: TypeKind
    public var file: String
    public var line: Int
    public var inherits: [String]
}

/// The dependency picture of a folder of Swift code.
public struct DependencyAnalysis: Sendable, Codable, Equatable {
    public var types: [TypeSummary]
    public var edges: [DependencyEdge]
    public var hiddenDependencies: [HiddenDependency]
    /// References the composition root makes on purpose: building the real objects is its job.
    public var compositionRoot: [HiddenDependency]
    /// System globals used by a type that implements a protocol of the code's own
    /// (a `SystemClock: Clock` calling `Date()`): the adapter at the edge, on purpose.
    public var adapters: [HiddenDependency]
    /// "swiftc syntax dump" or "token reader".
    public var reader: String
    /// Why the simpler reader was used, and other things a reader should know.
    public var notes: [String]
}

/// Decides which references are hidden dependencies, and draws the edges.
public struct DependencyAnalyzer: Sendable {
    public static let singletonMembers: Set<String> = ["shared", "default", "standard", "current", "main", "instance", "sharedInstance", "processInfo"]
    static let ambientMembers: [String: Set<String>] = ["Date": ["now"], "ProcessInfo": ["processInfo"]]

    public init() {}

    /// `roots` names more composition roots: types (`Garage`) or members (`LapLogger.live`).
    public func analyze(_ model: CodeModel, reader: String, notes: [String] = [], roots: Set<String> = []) -> DependencyAnalysis {
        let declarations = model.types.filter { $0.kind != .extension }
        let simpleNames = Set(declarations.map(\.simpleName))
        func declaration(_ name: String) -> TypeDeclaration? {
            let simple = String(name.split(separator: ".").last ?? Substring(name))
            return declarations.first { $0.name == name } ?? declarations.first { $0.simpleName == simple }
        }
        func simple(_ name: String) -> String { String(name.split(separator: ".").last ?? Substring(name)) }
        /// Everything a type inherits, extensions included.
        func inherited(_ name: String) -> [String] {
            model.types.filter { $0.name == name || $0.simpleName == simple(name) }.flatMap(\.inherits)
        }
        let protocols = Set(declarations.filter { $0.kind == .protocol }.map(\.simpleName))
        func isCollaborator(_ name: String) -> Bool {
            guard let type = declaration(name) else { return false }
            switch type.kind {
            case .class, .actor: return true
            case .struct, .enum: return inherited(type.name).contains { protocols.contains(simple($0)) }
            default: return false
            }
        }
        func isCompositionRoot(_ owner: String?, member: String? = nil) -> Bool {
            guard let owner else { return member.map { roots.contains($0) } ?? false }
            let name = simple(owner)
            if roots.contains(name) || roots.contains(owner) { return true }
            if let member, roots.contains("\(name).\(member)") || roots.contains("\(owner).\(member)") { return true }
            if declaration(owner)?.isEntryPoint == true { return true }
            return name.contains("CompositionRoot") || name.hasSuffix("Container") || name.hasSuffix("Assembly") || name == "AppRoot"
        }
        let staticSingletons: Set<String> = Set(model.members.filter { member in
            guard member.kind == .property, member.isStatic, let owner = member.owner else { return false }
            let own = simple(owner)
            return member.typeNames.first == own || member.initialValueCall == own || member.initialValueCall == "Self"
        }.map { "\(simple($0.owner!)).\($0.name)" })
        let staticVariables = Set(model.members.filter { $0.kind == .property && $0.isStatic && $0.isMutable && !$0.isComputed && $0.owner != nil }
            .map { "\(simple($0.owner!)).\($0.name)" })
        // A static method of a type that keeps mutable static state (a service
        // locator's `resolve`, a registry's `register`) reaches that state too.
        let statefulTypes = Set(model.members.filter { $0.kind == .property && $0.isStatic && $0.isMutable && !$0.isComputed && $0.owner != nil }
            .map { simple($0.owner!) })
        let globalVariables = Set(model.members.filter { $0.kind == .property && $0.owner == nil && $0.isMutable && !$0.isComputed }.map(\.name))
        let membersByOwner = Dictionary(grouping: model.members.filter { $0.owner != nil }, by: { simple($0.owner!) })

        var hidden: [HiddenDependency] = []
        var kept: [HiddenDependency] = []
        var adapters: [HiddenDependency] = []
        var edges: [DependencyEdge] = []
        var seen: Set<String> = []
        // One finding per line and target: `[Wheel(), Wheel(), Wheel(), Wheel()]` is one place to change.
        var reported: Set<String> = []

        for reference in model.references.sorted(by: { ($0.file, $0.offset) < ($1.file, $1.offset) }) {
            guard seen.insert("\(reference.file)#\(reference.offset)").inserted else { continue }
            let owner = reference.owner
            let ownerSimple = owner.map(simple)
            var found: (HiddenDependency.Kind, String, String?)?  // kind, target, edge target type
            switch reference.shape {
            case .member(let base, let member):
                let baseSimple = simple(base)
                if baseSimple == ownerSimple || base == "Self" { continue }
                if Self.singletonMembers.contains(member) || staticSingletons.contains("\(baseSimple).\(member)") {
                    found = (member == "processInfo" || member == "current" ? .globalState : .singleton, "\(base).\(member)", baseSimple)
                } else if Self.ambientMembers[baseSimple]?.contains(member) == true || member == "random" {
                    found = (.globalState, "\(base).\(member)", nil)
                } else if staticVariables.contains("\(baseSimple).\(member)") {
                    found = (.globalState, "\(base).\(member)", baseSimple)
                } else if statefulTypes.contains(baseSimple),
                          membersByOwner[baseSimple]?.contains(where: { $0.name == member && $0.isStatic && $0.kind == .method }) == true {
                    found = (.globalState, "\(base).\(member)", baseSimple)
                }
            case .construction(let type):
                let typeSimple = simple(type)
                if typeSimple == ownerSimple || type == "Self" { continue }
                if (typeSimple == "Date" || typeSimple == "UUID") && reference.withoutArguments {
                    found = (.globalState, "\(typeSimple)()", nil)
                } else if isCollaborator(type) {
                    found = (.construction, "\(type)()", typeSimple)
                }
            case .name(let name):
                guard owner != nil || reference.context != .topLevel, globalVariables.contains(name) else { continue }
                if let ownerSimple, membersByOwner[ownerSimple]?.contains(where: { $0.name == name }) == true { continue }
                found = (.globalState, name, nil)
            }
            guard let (kind, target, targetType) = found else { continue }
            let dependency = HiddenDependency(
                kind: kind, file: reference.file, line: reference.line, owner: owner, member: reference.member,
                context: reference.context, target: target,
                suggestion: suggestion(kind: kind, target: target, targetType: targetType, context: reference.context,
                                       owner: ownerSimple, inherited: inherited, protocols: protocols))
            guard reported.insert("\(reference.file):\(reference.line):\(kind):\(target)").inserted else { continue }
            let atRoot = isCompositionRoot(owner, member: reference.member) || (owner == nil && reference.context == .topLevel)
            let systemTarget = targetType.map { !simpleNames.contains($0) } ?? true
            let isAdapter = kind != .construction && systemTarget && owner.map { inherited($0).contains { protocols.contains(simple($0)) } } == true
            if atRoot { kept.append(dependency) } else if isAdapter { adapters.append(dependency) } else { hidden.append(dependency) }
            let from = owner.map(simple) ?? (reference.member ?? "top level")
            let to = targetType.flatMap { simpleNames.contains($0) ? $0 : nil } ?? target
            edges.append(DependencyEdge(from: from, to: to, kind: isAdapter && !atRoot ? .wraps : (kind == .construction ? .creates : .reachesFor), via: target))
        }

        // Who is handed what: parameters of initializers and methods, settable properties.
        for member in model.members {
            guard let owner = member.owner, !isCompositionRoot(owner) else { continue }
            let from = simple(owner)
            switch member.kind {
            case .initializer, .method:
                let labels = member.parameters.map { $0.label + ":" }.joined()
                let signature = "\(member.kind == .initializer ? "init" : member.name)(\(labels))"
                for parameter in member.parameters {
                    for name in parameter.typeNames where simpleNames.contains(name) && name != from {
                        edges.append(DependencyEdge(from: from, to: name, kind: .isHanded, via: signature))
                    }
                }
            case .property:
                guard member.isMutable, !member.isStatic, !member.isComputed, member.initialValueCall == nil else { continue }
                for name in member.typeNames where simpleNames.contains(name) && name != from && (protocols.contains(name) || isCollaborator(name)) {
                    edges.append(DependencyEdge(from: from, to: name, kind: .isHanded, via: "property \(member.name)"))
                }
            }
        }
        for type in model.types {
            for name in type.inherits where simpleNames.contains(simple(name)) {
                edges.append(DependencyEdge(from: type.simpleName, to: simple(name), kind: .conformsTo, via: type.kind == .extension ? "extension" : "declaration"))
            }
        }
        var unique: [DependencyEdge] = []
        for edge in edges where !unique.contains(edge) { unique.append(edge) }

        let summaries = declarations.map { type in
            TypeSummary(name: type.name, kind: type.kind, file: type.file, line: type.line, inherits: inherited(type.name).uniqued())
        }.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
        return DependencyAnalysis(types: summaries, edges: unique, hiddenDependencies: hidden, compositionRoot: kept, adapters: adapters, reader: reader, notes: notes)
    }

    func suggestion(kind: HiddenDependency.Kind, target: String, targetType: String?, context: ReferenceContext,
                    owner: String?, inherited: (String) -> [String], protocols: Set<String>) -> LocalizedText {
        let who = owner ?? "this code"
        let whoZh = owner ?? "这段代码"
        if context == .defaultArgument {
            return LocalizedText(
                english: "Remove the default `= \(target)`: every caller then chooses, and the composition root passes \(target).",
                chinese: "去掉默认值 `= \(target)`：每个调用者都必须自己选择，由组合根传入 \(target)。")
        }
        let protocolName = targetType.flatMap { type in inherited(type).map { String($0.split(separator: ".").last ?? Substring($0)) }.first { protocols.contains($0) } }
        func parameterName(_ type: String) -> String {
            var name = type
            for prefix in ["V8", "Default", "Live", "Real", "System", "Shared", "URL"] where name.hasPrefix(prefix) && name.count > prefix.count {
                name = String(name.dropFirst(prefix.count))
            }
            // `APIClient` → `apiClient`, `Engine` → `engine`.
            let characters = Array(name)
            var upper = 0
            while upper < characters.count, characters[upper].isUppercase { upper += 1 }
            let cut = upper > 1 && upper < characters.count ? upper - 1 : max(upper, 1)
            return String(characters[..<cut]).lowercased() + String(characters[cut...])
        }
        switch kind {
        case .singleton:
            if let targetType {
                let wanted = protocolName.map { "any \($0)" } ?? targetType
                let parameter = parameterName(protocolName ?? targetType)
                return LocalizedText(
                    english: "Hand \(who) what it needs: take `\(parameter): \(wanted)` in its initializer, store it, and let the composition root pass \(target).",
                    chinese: "把 \(whoZh) 需要的东西交给它：在初始化器中接收 `\(parameter): \(wanted)` 并保存，由组合根传入 \(target)。")
            }
            return LocalizedText(
                english: "Take the \(target) object as an initializer parameter (behind a protocol of your own), and pass \(target) from the composition root.",
                chinese: "把 \(target) 改为初始化器参数（放在你自己定义的协议后面），由组合根传入 \(target)。")
        case .construction:
            let type = targetType ?? target
            let wanted = protocolName.map { "any \($0)" } ?? type
            return LocalizedText(
                english: "Do not build \(target) inside \(who): take `\(parameterName(protocolName ?? type)): \(wanted)` as an initializer parameter, and build \(type) at the composition root.",
                chinese: "不要在 \(whoZh) 内部创建 \(target)：在初始化器中接收 `\(parameterName(protocolName ?? type)): \(wanted)`，在组合根创建 \(type)。")
        case .globalState:
            if target.hasPrefix("Date") {
                return LocalizedText(
                    english: "Inject the clock: take `now: @escaping () -> Date` (or a Clock protocol) and call it instead of \(target).",
                    chinese: "注入时钟：接收 `now: @escaping () -> Date`（或一个 Clock 协议），用它代替 \(target)。")
            }
            if target.hasPrefix("UUID") {
                return LocalizedText(
                    english: "Inject the source of ids: take `makeID: @escaping () -> UUID` and call it instead of UUID().",
                    chinese: "注入 id 的来源：接收 `makeID: @escaping () -> UUID`，用它代替 UUID()。")
            }
            if target.hasSuffix(".random") {
                return LocalizedText(
                    english: "Inject the randomness: take a `RandomNumberGenerator` (or a `roll: () -> Int` closure), so a test can fix the outcome.",
                    chinese: "注入随机性：接收一个 `RandomNumberGenerator`（或 `roll: () -> Int` 闭包），让测试可以固定结果。")
            }
            return LocalizedText(
                english: "\(target) is state shared by everyone: move it into an object that owns it, and hand that object to \(who).",
                chinese: "\(target) 是所有人共享的状态：把它移到一个拥有它的对象里，再把这个对象交给 \(whoZh)。")
        }
    }
}

import Foundation

/// Judges a lesson's rules on the program the compiler compiled (`ResolvedProgram`), not on its
/// spelling. Each kind of rule is a statement about declarations and what reaches them:
///
/// - `forbidden_reference`: no code outside the allowed places *reaches* a forbidden declaration,
///   through any chain of calls, default arguments, property initial values, key paths or metatypes.
///   A call through a protocol requirement or a closure value reaches nothing: that is injection.
///   A system service is one service whatever API reads it: a rule that forbids `Date()` forbids
///   every way of reading the system clock (`SystemServices`).
/// - `no_construction`: no code of the listed types reaches an initializer of a listed type, of a
///   type that conforms to or inherits from one, or of a protocol one conforms to (`.init` through a
///   metatype).
/// - `no_static_state`: no stored static or global is mutable or holds a reference (a class, an
///   existential, a closure), except declarations the lesson lists.
/// - `no_reach_through`: the code of the listed types reads no property of another type of the module that
///   holds a collaborator: what they were handed does the work, it is not a bag they take parts out of.
/// - `container_only_in`: no value of the container's type, or of a protocol of it that hands out
///   several parts, reaches code outside the root: as a type, a member, a cast, or handed out from
///   the root as `Any` or inside a closure that returns anything at all.
/// - Course-wide (`CourseRules`): no unsafe reference (`unowned(unsafe)`, `Unmanaged`, raw pointers).
public struct MeaningJudge: Sendable {
    public var rules: [LessonRule]

    public init(rules: [LessonRule]) { self.rules = rules }

    public func findings(in program: ResolvedProgram) -> [RuleFinding] {
        // What the sweep found where the walk does not look (an enum case's default argument, a wrapper's attribute
        // argument) is judged like any code of the type it stands in; what it found inside a key path is vetted only:
        // a wrapper's key path (`@Injected(\.engine)`) names a property, it is how the lessons inject.
        var structured = program
        for node in program.nodes.values where node.id.hasPrefix(ResolvedProgram.sweptKeyPathPrefix) { structured.nodes[node.id] = nil }
        let scope = ProgramScope(structured)
        var found: [RuleFinding] = []
        for rule in rules {
            let raw: [RuleFinding]
            switch rule.kind {
            case .forbiddenReference: raw = forbiddenReferences(rule, scope)
            case .noConstruction: raw = constructions(rule, scope)
            case .noStaticState: raw = staticState(rule, scope)
            case .containerOnlyIn: raw = containers(rule, scope)
            case .keptInLet: raw = keptInLet(rule, scope)
            case .noDefaultArgument: raw = defaultArguments(rule, scope)
            case .protocolRequirements: raw = requirements(rule, scope)
            case .nullObject: raw = nullObjects(rule, scope)
            case .lockHeld: raw = lockHeld(rule, scope)
            case .noDowncast: raw = downcasts(rule, scope)
            case .noReachThrough: raw = reachesThrough(rule, scope)
            case .noUncheckedState: raw = uncheckedState(rule, scope)
            case .notStored: raw = storedCollaborators(rule, scope)
            case .keepsEverything: raw = droppedElements(rule, scope)
            case .declaresWhatItResolves: raw = undeclaredDependencies(rule, scope)
            case .actor: raw = actorShells(rule, scope)
            case .sendable: raw = []
            }
            var seen: Set<String> = []
            found += raw.filter { seen.insert("\($0.file):\($0.line)").inserted }
        }
        var seen: Set<String> = []
        found += CourseRules.unsafeReferences(scope).filter { seen.insert("\($0.file):\($0.line)").inserted }
        found += CourseRules.lookupsInABag(scope, rules: rules).filter { seen.insert("\($0.file):\($0.line)").inserted }
        found += CourseRules.concreteChecks(scope).filter { seen.insert("\($0.file):\($0.line)").inserted }
        return found.sorted { ($0.file, $0.line, $0.rule) < ($1.file, $1.line, $1.rule) }
    }

    // MARK: forbidden_reference


    private func forbiddenReferences(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        let patterns = rule.names.map(ForbiddenName.init)
        let services = SystemServices.named(by: rule.names)
        // A requirement of a protocol of the module reaches what a conformer of the module answers it with: a
        // protocol the learner declares (`static var shared: Self`), adopted by the singleton's type with an empty
        // extension, is the singleton under another name. A requirement no forbidden member answers is injection.
        func witness(_ use: ResolvedProgram.Use) -> String? {
            guard let member = scope.program.members[use.usr], let proto = member.owner, scope.isProtocol(proto) else { return nil }
            for conformer in scope.descendants(of: [proto]).sorted() where !scope.isProtocol(conformer) {
                var answered = use
                answered.path = [conformer, member.name]
                // Only a forbidden member (`V8Engine.shared`): a forbidden type's own methods answering the protocol
                // are what injection calls without naming the type.
                if let pattern = patterns.first(where: { pattern in
                    if case .member = pattern { return scope.matches(pattern, answered) } else { return false }
                }) {
                    return "\(pattern.shown), answered through the protocol \(proto),"
                }
            }
            return nil
        }
        func hitAnywhere(_ use: ResolvedProgram.Use) -> String? {
            if let pattern = patterns.first(where: { scope.matches($0, use) }) { return pattern.shown }
            if let service = services.first(where: { $0.reads(use) }) { return service.shown(use) }
            return witness(use)
        }
        var found: [RuleFinding] = []
        let reach = Reach(scope: scope, hit: { hitAnywhere($0) != nil })
        // An escaping closure made in an allowed place runs later, wherever it was handed: the root that
        // hands the sender `{ Settings.standard.userName }` reads the global on every send, not once.
        for node in scope.program.nodes.values where scope.isExcepted(node, by: rule) {
            for use in node.uses where use.inEscapingClosure {
                guard let name = hitAnywhere(use), let owner = node.owner,
                      use.owner.map({ ProgramScope.root($0) != ProgramScope.root(owner) }) ?? true else { continue }
                found.append(finding(rule, use.file, use.line, Words.later(name, where: scope.place(node))))
            }
        }
        for node in scope.program.nodes.values where !scope.isExcepted(node, by: rule) {
            // A type's own code using itself is no dependency on it.
            let ownTypes = Set(patterns.compactMap { pattern -> String? in
                if case .type(let type) = pattern, let owner = node.owner, ProgramScope.root(owner) == type { return type }
                return nil
            })
            func hit(_ use: ResolvedProgram.Use) -> String? {
                if !ownTypes.isEmpty, let owner = use.owner, ownTypes.contains(ProgramScope.root(owner)) { return nil }
                return hitAnywhere(use)
            }
            for use in node.uses {
                if let name = hit(use) {
                    found.append(finding(rule, use.file, use.line, Words.named(name, where: scope.place(node))))
                } else if let target = scope.nodeID(for: use), let path = reach.path(from: target) {
                    found.append(finding(rule, use.file, use.line, Words.reaches(path.name, through: use.shownName, where: scope.place(node))))
                }
            }
            if case nil = patterns.first(where: { if case .type = $0 { return true } else { return false } }) { continue }
            for case .type(let type) in patterns where !ownTypes.contains(type) {
                let mentions = node.types.contains { scope.mentions($0, type) }
                    || node.casts.contains { scope.mentions($0.type, type) }
                if mentions, !node.uses.contains(where: { hit($0) != nil }) {
                    found.append(finding(rule, node.file, node.line, Words.named(type, where: scope.place(node))))
                }
            }
            for target in node.implied where scope.program.nodes[target]?.context == .defaultArgument {
                if let path = reach.path(from: target) {
                    found.append(finding(rule, node.file, node.line, Words.reaches(path.name, through: "a default argument", where: scope.place(node))))
                }
            }
        }
        return found
    }

    // MARK: no_construction

    private func constructions(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        let built = Set(rule.of + scope.descendants(of: rule.of))
        // A protocol that a built type conforms to: `.init` through `any P.Type` may build one.
        let protocols = Set(scope.program.types.values.filter { type in built.contains(type.name) }
            .flatMap(\.supertypes).filter { scope.isProtocol($0) })
        func builtType(_ use: ResolvedProgram.Use) -> String? {
            guard use.isInitializer, let owner = use.owner else { return nil }
            if let type = built.first(where: { scope.same(owner, $0) }) { return type }
            if protocols.contains(where: { scope.same(owner, $0) }) { return owner }
            return nil
        }
        func allowed(_ node: ResolvedProgram.Node) -> Bool {
            (node.context == .defaultArgument && rule.allow.contains(.defaultArgument))
                || (rule.allow.contains(.convenienceInit) && (node.memberUSR.flatMap { scope.program.members[$0] }?.isConvenience ?? false))
        }
        // With `factory_closure`, what is built inside a factory is fine: an escaping closure, a function or
        // initializer handed on by name (`factory: makeEngine`), and a function the module only ever hands on.
        let factories = rule.allow.contains(.factoryClosure)
        func deferred(_ use: ResolvedProgram.Use) -> Bool { factories && (use.inEscapingClosure || use.isUnappliedFunction) }
        // A helper the allowed code calls registers its factories the same way: they run later there too.
        let onceStored = rule.allow.contains(.onceStored)
        func readsOnceStored(_ use: ResolvedProgram.Use) -> Bool {
            guard onceStored, let member = scope.program.members[use.usr] else { return false }
            return member.isLet && member.isStored && (member.isStatic || member.owner == nil)
        }
        let reach = Reach(scope: scope, hit: { builtType($0) != nil }, follows: { !deferred($0) && !readsOnceStored($0) })
        func witnesses(_ use: ResolvedProgram.Use) -> [String] {
            guard let member = scope.program.members[use.usr], member.isStatic, let proto = member.owner, scope.isProtocol(proto) else { return [] }
            return scope.descendants(of: [proto]).sorted().flatMap { conformer in
                (scope.program.membersByOwner[conformer] ?? []).filter { $0.name == member.name && $0.isStatic }.map(\.usr)
            }.filter { scope.program.nodes[$0] != nil }
        }
        // A function of the module that runs only later, inside factories: handed on by name, or called only from
        // escaping closures (a factory's recipe, `{ c in try car(from: c) }`) or from functions that themselves run
        // only later. What it builds, it builds when the factory runs.
        var runsLater: Set<String> = []
        if factories {
            let functions = Set(scope.program.members.values.filter { $0.kind == "func_decl" }.map(\.usr))
            var changed = true
            while changed {
                changed = false
                var calledNow: Set<String> = []
                var used: Set<String> = []
                for node in scope.program.nodes.values {
                    let nodeLater = node.memberUSR.map { runsLater.contains($0) } ?? false
                    for use in node.uses where functions.contains(use.usr) {
                        used.insert(use.usr)
                        if !use.isUnappliedFunction && !use.inEscapingClosure && !nodeLater { calledNow.insert(use.usr) }
                    }
                }
                for usr in used.subtracting(calledNow) where runsLater.insert(usr).inserted { changed = true }
            }
        }
        var found: [RuleFinding] = []
        for node in scope.program.nodes.values {
            guard let owner = node.owner, scope.runsAsCode(of: owner, in: rule.inTypes), !scope.isExcepted(node, by: rule), !allowed(node) else { continue }
            if factories, let usr = node.memberUSR, node.context == .body, runsLater.contains(usr) { continue }
            for use in node.uses where !deferred(use) {
                if readsOnceStored(use) { continue }
                if let type = builtType(use) {
                    found.append(finding(rule, use.file, use.line, RuleChecker.builds(ProgramScope.root(owner), type, where: scope.place(node))))
                } else if let target = scope.nodeID(for: use), let path = reach.path(from: target), let type = path.use.flatMap(builtType) {
                    found.append(finding(rule, use.file, use.line, RuleChecker.builds(ProgramScope.root(owner), type, where: RuleChecker.through(use.shownName, scope.place(node)))))
                } else if let type = witnesses(use).lazy.compactMap({ reach.path(from: $0)?.use.flatMap(builtType) }).first {
                    // A static requirement of a protocol of the module (`T.shared` with `T: EngineSource`) runs what a
                    // conformer of the module answers it with: a type, not an instance, was chosen there.
                    found.append(finding(rule, use.file, use.line, RuleChecker.builds(ProgramScope.root(owner), type, where: RuleChecker.through(use.shownName, scope.place(node)))))
                }
            }
            for target in node.implied where scope.program.nodes[target]?.context == .defaultArgument {
                guard !(rule.allow.contains(.defaultArgument)) else { continue }
                if let path = reach.path(from: target), let type = path.use.flatMap(builtType) {
                    found.append(finding(rule, node.file, node.line, RuleChecker.builds(ProgramScope.root(owner), type, where: RuleChecker.through("a default argument", scope.place(node)))))
                }
            }
        }
        return found
    }

    // MARK: no_downcast

    private func downcasts(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for node in scope.program.nodes.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
            guard let owner = node.owner, scope.runsAsCode(of: owner, in: rule.inTypes), !scope.isExcepted(node, by: rule) else { continue }
            // A cast to one of the module's types, or any cast of a value handed in as one of them (to a protocol of the
            // standard library too): either way the code asks what the component really is.
            for cast in node.casts where cast.downcast
                && (scope.isModuleReferenceType(cast.type) || scope.isModuleReferenceType(ProgramScope.unwrappedOptional(cast.from))) {
                let type = ProgramScope.bareNames(cast.type).first ?? cast.type
                found.append(finding(rule, cast.file, cast.line, LocalizedText(
                    english: "`\(ProgramScope.root(owner))` checks what a value it was handed really is (a cast to `\(type)`, \(scope.place(node).english)): it no longer works through the protocol it was given, and a component that is not a `\(type)` takes another path.",
                    chinese: "`\(ProgramScope.root(owner))` 检查交给它的值到底是什么（转换为 `\(type)`，\(scope.place(node).chinese)）：它不再只通过交给它的协议工作，不是 `\(type)` 的组件会走另一条路。")))
            }
        }
        return found
    }

    // MARK: no_reach_through

    /// A property read that takes a collaborator out of another object (`parts.tyres`, `pitStops.fuel`,
    /// `services.pitStops`): a stored or computed instance property, or a protocol's property requirement, of a
    /// type of the module other than the reader's own, whose value can hold a reference. Reading a value out of
    /// something (`status.tyreWear`) is no part taken out. With `*`, a free function is judged too: a bag handed to
    /// a helper is read there.
    private func reachesThrough(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for node in scope.program.nodes.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
            if let owner = node.owner {
                guard scope.belongs(owner, to: rule.inTypes) else { continue }
            } else {
                guard rule.inTypes.contains("*") else { continue }
            }
            guard !scope.isExcepted(node, by: rule) else { continue }
            for use in node.uses {
                guard let member = scope.program.members[use.usr], !member.isStatic, !member.isImplicit,
                      !member.name.hasPrefix("$"), let holder = member.owner, holder != node.owner else { continue }
                let reader = node.owner.map(ProgramScope.root) ?? node.member ?? "code"
                if member.kind == "var_decl", scope.holdsReference(member.type) {
                    found.append(finding(rule, use.file, use.line, Words.reachesThrough(reader, "\(holder).\(member.name)", where: scope.place(node))))
                } else if member.kind == "func_decl" || member.kind == "subscript_decl",
                          let declared = scope.declared(holder), ["class_decl", "struct_decl", "enum_decl", "actor_decl"].contains(declared.kind),
                          !(node.owner.map { scope.belongs($0, to: [holder]) } ?? false),
                          scope.holdsReference(member.result), !member.result.contains("->") {
                    // A concrete method of a type of the module that hands out a collaborator (`garage.engine(named:)`):
                    // the same part taken out, by a call. (A protocol's requirement is what was injected: no part.)
                    found.append(finding(rule, use.file, use.line, Words.reachesThrough(reader, "\(holder).\(member.name)\(member.arguments)", where: scope.place(node))))
                } else if member.kind == "func_decl" || member.kind == "subscript_decl",
                          let declared = scope.declared(holder), declared.kind == "protocol",
                          let owner = node.owner, let current = node.memberUSR.flatMap({ scope.program.members[$0] }),
                          current.kind == "constructor_decl", scope.holdsReference(member.result), !member.result.contains("->"),
                          !keptTypes(of: ProgramScope.root(owner), scope).isDisjoint(with: moduleTypes(in: member.result, scope)) {
                    // An initializer that asks a protocol it was handed for the very collaborator the type keeps
                    // (`self.init(engine: bay.engine(forChassis: chassis))`): the type looks its part up in a provider
                    // instead of being handed the part: a service locator behind a protocol of its own.
                    found.append(finding(rule, use.file, use.line, Words.looksUp(reader, "\(holder).\(member.name)\(member.arguments)", where: scope.place(node))))
                }
            }
        }
        // A bag with no name of its own: a tuple of collaborators (`(pitStops: any PitStops, briefing: any Briefing)`), or
        // a dictionary of them to pick from by key (`[String: any Engine]`), taken as a parameter or kept. Its parts are
        // taken out by a label or a key, which no member of the module's records: the declaration is the evidence.
        for member in scope.program.members.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) })
        where ["var_decl", "func_decl", "constructor_decl", "subscript_decl"].contains(member.kind) && !member.isImplicit {
            if let owner = member.owner {
                guard scope.belongs(owner, to: rule.inTypes), !scope.isExcepted(owner: owner, member: member.name, file: member.file, by: rule) else { continue }
            } else {
                guard rule.inTypes.contains("*"), member.kind == "func_decl",
                      !scope.isExcepted(owner: nil, member: member.name, file: member.file, by: rule) else { continue }
            }
            guard member.kind != "var_decl" || member.isStored else { continue }
            guard let bag = scope.bagOfCollaborators(scope.program.expandingAliases(member.type)) else { continue }
            let place = [member.owner.map(ProgramScope.root), member.name + member.arguments].compactMap { $0 }.joined(separator: ".")
            found.append(finding(rule, member.file, member.line, bag.isDictionary ? LocalizedText(
                english: "`\(place)` takes its collaborators from a dictionary (`\(bag.text)`) and picks one by key: a registry it looks parts up in is a service locator by another shape. Take the collaborator itself as a parameter of its own; whoever builds it does the choosing.",
                chinese: "`\(place)` 从一个字典（`\(bag.text)`）里按键挑选协作者：一个可以查找零件的注册表就是换了形状的服务定位器。把协作者本身作为一个单独的参数接收；由创建它的人来挑选。") : LocalizedText(
                english: "`\(place)` carries collaborators in a tuple (`\(bag.text)`) and takes them out by label: a bag of parts with no name, which hides what it needs just as a `Dependencies` struct does. Take each collaborator as a parameter of its own, and keep each in a `let` of its own.",
                chinese: "`\(place)` 把协作者装在一个元组（`\(bag.text)`）里，再按标签取出来：这是一个没有名字的零件袋，和 `Dependencies` 结构体一样藏起了它需要什么。把每个协作者作为单独的参数接收，并各自保存在自己的 `let` 里。")))
        }
        return found
    }

    /// The module's types named in the stored instance properties of `owner`.
    private func keptTypes(of owner: String, _ scope: ProgramScope) -> Set<String> {
        Set(scope.program.members.values.filter { $0.owner.map(ProgramScope.root) == owner && $0.kind == "var_decl" && $0.isStored && !$0.isStatic }
            .flatMap { moduleTypes(in: $0.type, scope) })
    }

    /// The module's own types a written type names (`any RaceCar.Engine` names `Engine`).
    private func moduleTypes(in type: String, _ scope: ProgramScope) -> Set<String> {
        let prefix = scope.program.module + "."
        return Set(DemangledName.identifiers(scope.program.expandingAliases(type)).map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
            .filter { scope.declared($0) != nil })
    }

    // MARK: no_static_state

    private func staticState(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        let everyType = rule.inTypes.contains("*")
        for member in scope.program.members.values where member.kind == "var_decl" && !member.isImplicit
            && (member.isStored || member.markers.contains("TaskLocal")) {
            let global = member.owner == nil
            guard member.isStatic || global else { continue }
            if member.name.hasPrefix("$") || member.name.hasPrefix("_") && member.type.hasPrefix("_Concurrency.TaskLocal") { continue }
            // A task-local value that describes the work (a session id, tags) is context; one that holds a
            // collaborator (a reference, an existential, a closure) is a locator in ambient context, unless the
            // lesson lists it by name.
            let taskLocal = member.markers.contains("TaskLocal") || member.type.hasPrefix("_Concurrency.TaskLocal")
            if taskLocal && !scope.holdsReference(member.type.replacingOccurrences(of: "_Concurrency.TaskLocal<", with: "")) { continue }
            if global {
                guard rule.globals, everyType else { continue }
            } else if let owner = member.owner, !scope.belongs(owner, to: rule.inTypes) {
                continue
            }
            let mutable = !member.isLet || taskLocal
            // A type the lesson exempts keeps the statics declared with it, in the file that declares it. One added
            // in an extension in another file is the learner's own state parked on that type, judged like any other.
            let parked = member.owner.map { owner -> Bool in
                guard let home = scope.program.types.values.filter({ $0.name == owner }).map(\.file).min(), home != member.file else { return false }
                let fileName = member.file.split(separator: "/").last.map(String.init) ?? member.file
                let byType = rule.exceptIn.contains { $0 == owner || owner.hasSuffix("." + $0) || $0 == ProgramScope.root(owner) }
                let byName = rule.exceptIn.contains { "\(owner).\(member.name)" == $0 || "\(owner).\(member.name)".hasSuffix("." + $0) }
                let given = scope.program.texts[member.file]?.lowercased().contains(LessonFiles.fixedMarker) ?? false
                return byType && !byName && !given && !rule.exceptIn.contains(fileName)
            } ?? false
            if !parked, scope.isExcepted(owner: member.owner, member: member.name, file: member.file, by: rule) {
                // The lesson allows a declaration by name as it gives it: a constant (`static let liveValue`), or a
                // task-local. The same name as a stored `static var` is a global anyone can swap, not what was allowed.
                let byTypeOrFile = scope.isExcepted(owner: member.owner, member: nil, file: member.file, by: rule)
                // A file the lesson gives as it is ("You do not change this file") keeps its own statics.
                let given = scope.program.texts[member.file]?.lowercased().contains(LessonFiles.fixedMarker) ?? false
                // Only its own type can set a `private(set)` one: nobody else can swap it.
                let sealed = member.markers.contains("private(set)") || member.markers.contains("fileprivate(set)")
                if byTypeOrFile || taskLocal || member.isLet || given || sealed { continue }
                found.append(finding(rule, member.file, member.line, Words.swappable(member)))
                continue
            }
            guard mutable || scope.holdsReference(member.type) else { continue }
            // A constant no code outside the module sees, read only by a declaration the lesson allows
            // (`static var liveValue: any Engine { live }` over `private static let live = V8Engine()`), is that
            // declaration under another name.
            if !mutable, !member.isVisibleOutside, let readers = scope.usedFrom[member.usr], !readers.isEmpty,
               readers.allSatisfy({ scope.isExcepted($0, by: rule) }) { continue }
            found.append(finding(rule, member.file, member.line, taskLocal ? Words.ambient(member) : Words.keepsState(member, mutable: mutable)))
        }
        return found
    }

    // MARK: kept_in_let, no_default_argument, protocol_requirements

    private func keptInLet(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for member in scope.program.members.values where member.kind == "var_decl" && !member.isStatic && !member.isImplicit
            && (member.isStored || member.isLazy) && !member.name.hasPrefix("$") && !member.name.hasPrefix("_") {
            guard let owner = member.owner, scope.belongs(owner, to: rule.inTypes),
                  !scope.isExcepted(owner: owner, member: member.name, file: member.file, by: rule) else { continue }
            guard scope.holdsReference(member.type, varsCount: false) else {
                // With `values`: a plain value kept in a `var` is state remembered from one call to the next.
                if rule.values, !member.isLet {
                    found.append(finding(rule, member.file, member.line, LocalizedText(
                        english: "`\(owner).\(member.name)` is a stored `var` (`\(member.type)`): \(owner) remembers it from one call to the next, and what it does then depends on what came before. Keep nothing but what it is handed, in `let`s.",
                        chinese: "`\(owner).\(member.name)` 是一个存储的 `var`（`\(member.type)`）：\(owner) 会把它从一次调用记到下一次，于是它做什么就取决于之前发生过什么。只保存交给它的东西，并且用 `let`。")))
                }
                continue
            }
            let ownership = member.markers.first { $0.hasPrefix("weak") || $0.hasPrefix("unowned") }
            guard !member.isLet || ownership != nil else { continue }
            if rule.allow.contains(.privateSetter), ownership == nil,
               ["private", "fileprivate"].contains(member.access) || member.markers.contains("private(set)") || member.markers.contains("fileprivate(set)") { continue }
            found.append(finding(rule, member.file, member.line, Words.notKept("\(owner).\(member.name)", ownership: ownership, lazy: member.isLazy)))
        }
        // With `values`: a `let` that holds an object of the module's (a class) with a stored `var` of its own, or one
        // more such object in turn, keeps that state all the same: the type remembers it through the reference.
        // The module's classes a declared type names, the rule's own types left out: the boxes a `let` can hold.
        let prefix = scope.program.module + "."
        func classes(in type: String) -> [String] {
            Set(DemangledName.identifiers(type).map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }).filter { name in
                scope.declared(name)?.kind == "class_decl" && !scope.belongs(name, to: rule.inTypes)
            }.sorted()
        }
        if rule.values {
            // Each class is looked into once: one that was looked into and keeps no state reached from it is not
            // looked into again on another path (a web of classes that each hold two of the next is walked once).
            let storedByOwner = Dictionary(grouping: scope.program.members.values.filter {
                $0.kind == "var_decl" && !$0.isStatic && !$0.isImplicit && ($0.isStored || $0.isLazy)
            }, by: { $0.owner ?? "" }).mapValues { $0.sorted { ($0.file, $0.line) < ($1.file, $1.line) } }
            var statelessBoxes: Set<String> = []
            func mutableState(of box: String, seen: Set<String>) -> (box: String, name: String, type: String)? {
                if statelessBoxes.contains(box) { return nil }
                let stored = storedByOwner[box] ?? []
                if let state = stored.first(where: { !$0.isLet }) { return (box, state.name, state.type) }
                var cut = false
                for inner in stored where inner.isLet {
                    for next in classes(in: inner.type) {
                        // A class already on the path is being looked into above: what it reaches is not yet known.
                        if seen.contains(next) { cut = true; continue }
                        if let state = mutableState(of: next, seen: seen.union([next])) { return state }
                    }
                }
                if !cut { statelessBoxes.insert(box) }
                return nil
            }
            for member in scope.program.members.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) })
            where member.kind == "var_decl" && !member.isStatic && !member.isImplicit && member.isStored && member.isLet {
                guard let owner = member.owner, scope.belongs(owner, to: rule.inTypes),
                      !scope.isExcepted(owner: owner, member: member.name, file: member.file, by: rule) else { continue }
                guard let state = classes(in: member.type).lazy.compactMap({ mutableState(of: $0, seen: [$0]) }).first else { continue }
                found.append(finding(rule, member.file, member.line, LocalizedText(
                    english: "`\(owner).\(member.name)` is a `let`, but the `\(state.box)` it holds keeps `var \(state.name)` (`\(state.type)`): \(owner) remembers it from one call to the next through that object, and what it does then depends on what came before. Keep nothing but what it is handed.",
                    chinese: "`\(owner).\(member.name)` 是 `let`，但它保存的 `\(state.box)` 里有 `var \(state.name)`（`\(state.type)`）：\(owner) 通过这个对象把它从一次调用记到下一次，于是它做什么就取决于之前发生过什么。只保存交给它的东西。")))
            }
        }
        // With `values`: a `let` that holds a closure the type made, which writes a variable it captured
        // (`let wear: () -> Int = { var starts = 0; return { starts += 1; ... } }()`), keeps that variable: a counter
        // under another name, remembered from one call to the next.
        if rule.values {
            for (_, node) in scope.program.nodes.sorted(by: { $0.key < $1.key }) where node.context == .initialValue {
                guard let owner = node.owner, let name = node.member, scope.belongs(owner, to: rule.inTypes),
                      let closure = node.closures.first(where: \.mutatesCapture),
                      let member = (scope.program.membersByOwner[owner] ?? []).first(where: { $0.name == name && $0.kind == "var_decl" && !$0.isStatic }),
                      !scope.isExcepted(owner: owner, member: name, file: member.file, by: rule) else { continue }
                found.append(finding(rule, member.file, member.line, LocalizedText(
                    english: "`\(owner).\(name)` holds a closure that changes a variable it captured (line \(closure.line)): \(owner) keeps that variable, and remembers it from one call to the next. Keep nothing but what it is handed.",
                    chinese: "`\(owner).\(name)` 保存了一个闭包，它会修改自己捕获的变量（第 \(closure.line) 行）：\(owner) 因此保存着这个变量，把它从一次调用记到下一次。只保存交给它的东西。")))
            }
        }
        // With `of`: a `let` that holds a box of the module's (a class) whose `var` of one of those types code outside
        // the box sets is that `var` one step away: the collaborator is still swapped from outside, behind the holder's back.
        if !rule.of.isEmpty {
            for member in scope.program.members.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) })
            where member.kind == "var_decl" && !member.isStatic && !member.isImplicit && member.isStored && member.isLet {
                guard let owner = member.owner, scope.belongs(owner, to: rule.inTypes),
                      !scope.isExcepted(owner: owner, member: member.name, file: member.file, by: rule) else { continue }
                for box in classes(in: member.type) {
                    guard let swapped = scope.program.members.values.first(where: { inner in
                        inner.owner == box && inner.kind == "var_decl" && !inner.isStatic && !inner.isLet && inner.isStored
                            && !["private", "fileprivate"].contains(inner.access) && rule.of.contains { scope.mentions(inner.type, $0) }
                    }) else { continue }
                    found.append(finding(rule, member.file, member.line, LocalizedText(
                        english: "`\(owner).\(member.name)` is a `let`, but it holds a `\(box)` whose `var \(swapped.name)` (a `\(swapped.type)`) code outside it sets: the collaborator is still swapped from outside, one step away. Hand over what makes one when it is needed (a factory), or give the holder the right lifetime.",
                        chinese: "`\(owner).\(member.name)` 是 `let`，但它保存的 `\(box)` 有一个外部代码会去设置的 `var \(swapped.name)`（类型 `\(swapped.type)`）：协作者仍然从外面被换掉，只是隔了一层。请交给它一个需要时再创建的东西（工厂），或者给持有者合适的生命周期。")))
                }
            }
        }
        // Collaborators handed over or kept as `Any` (a bag keyed by type or name, read back with a cast) are a
        // locator under another name: the type no longer says what it needs.
        for member in scope.program.members.values where !member.isStatic && !member.isImplicit
            && (member.kind == "constructor_decl" || member.kind == "var_decl" && (member.isStored || member.isLazy)) {
            guard let owner = member.owner, scope.belongs(owner, to: rule.inTypes),
                  !scope.isExcepted(owner: owner, member: member.name, file: member.file, by: rule),
                  Self.erasesToAny(scope.program.expandingAliases(member.type)) else { continue }
            let holder = member.kind == "constructor_decl" ? "\(owner).init\(member.arguments)" : "\(owner).\(member.name)"
            found.append(finding(rule, member.file, member.line, Words.erased(holder, initializer: member.kind == "constructor_decl")))
        }
        return found
    }

    /// A type that can carry any collaborator without naming it: `Any`, `AnyObject`, `[String: Any]`, `(Any.Type) -> Any`.
    /// A marker protocol (`any Sendable`) or `AnyHashable` says no more about what it holds than `Any` does.
    static func erasesToAny(_ type: String) -> Bool {
        if DemangledName.identifiers(type).contains(where: {
            ["Any", "Swift.Any", "AnyObject", "Swift.AnyObject", "Any.Type", "Swift.Any.Type", "AnyHashable", "Swift.AnyHashable"].contains($0)
        }) { return true }
        // `any Sendable` (the demangler writes `Swift.Sendable`) on its own: not one part of `any Engine & Sendable`,
        // nor a generic constraint (`where A: Swift.Sendable`; a dictionary's value reads `[K : Swift.Sendable]`).
        var searchFrom = type.startIndex
        while let range = type.range(of: #"(?<![A-Za-z0-9_.])(any )?(Swift\.)?Sendable\b"#, options: .regularExpression, range: searchFrom..<type.endIndex) {
            searchFrom = range.upperBound
            let after = type[range.upperBound...].drop { $0 == " " }
            let prefix = type[..<range.lowerBound]
            let before = prefix.reversed().drop { $0 == " " }
            let constraint = prefix.hasSuffix(": ") && !prefix.hasSuffix(" : ")
            if after.first != "&" && before.first != "&" && !constraint { return true }
        }
        return false
    }

    private func lockHeld(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        let types = scope.program.types.values.filter { $0.kind != "protocol" && !$0.isActor && scope.belongs($0.name, to: rule.inTypes)
            && !scope.isExcepted(owner: $0.name, member: nil, file: $0.file, by: rule) }.map(\.name)
        return LockDiscipline.misses(in: scope.program, types: types).map { miss in
            finding(rule, miss.file, miss.line, Words.unlocked(miss))
        }
    }

    private func defaultArguments(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for node in scope.program.nodes.values where node.context == .defaultArgument {
            // With `of`: a value of those types has no sensible default, in any function or initializer (a free function too).
            if !rule.of.isEmpty {
                guard !scope.isExcepted(node, by: rule), node.owner.map({ scope.belongs($0, to: rule.inTypes) }) ?? rule.inTypes.contains("*"),
                      let type = rule.of.first(where: { wanted in node.types.contains { scope.mentions($0, wanted) } }) else { continue }
                found.append(finding(rule, node.file, node.line, Words.defaultedValue(type, where: scope.place(node))))
                continue
            }
            guard let owner = node.owner, scope.belongs(owner, to: rule.inTypes),
                  let member = node.memberUSR.flatMap({ scope.program.members[$0] }), member.kind == "constructor_decl",
                  !scope.isExcepted(node, by: rule) else { continue }
            found.append(finding(rule, node.file, node.line, Words.defaulted(owner)))
        }
        func count(_ labels: String) -> Int { labels.filter { $0 == ":" }.count }
        if !rule.of.isEmpty {
            // An overload that takes fewer values and fills in a value of those types itself for the fuller one
            // (`test(telemetry:weather:)` calling `test(reporter: PrintingReporter(), ...)`) is that default under
            // another spelling: a caller who uses it gets a value nobody chose.
            var seen: Set<String> = []
            for node in scope.program.nodes.values where node.context == .body {
                guard let member = node.memberUSR.flatMap({ scope.program.members[$0] }),
                      ["func_decl", "constructor_decl"].contains(member.kind),
                      member.owner.map({ scope.belongs($0, to: rule.inTypes) }) ?? rule.inTypes.contains("*"),
                      !scope.isExcepted(node, by: rule) else { continue }
                let own = CourseRules.parameters(of: member.type)
                for use in node.uses where use.module == scope.program.module && use.baseName == member.name && use.owner == member.owner
                    && !use.isUnappliedFunction && count(use.arguments) > count(member.arguments) {
                    guard let called = scope.program.members[use.usr] else { continue }
                    let theirs = CourseRules.parameters(of: called.type)
                    guard let type = rule.of.first(where: { scope.mentions(theirs, $0) && !scope.mentions(own, $0) }),
                          seen.insert("\(member.usr)\(use.usr)").inserted else { continue }
                    let shown = [member.owner, member.name].compactMap { $0 }.joined(separator: ".")
                    found.append(finding(rule, use.file, use.line, LocalizedText(
                        english: "`\(shown)\(member.arguments)` takes no `\(type)` and fills one in itself for `\(shown)\(use.arguments)`: a caller who uses it gets a `\(type)` nobody chose, a default value under another name. Remove that overload; callers hand over their own.",
                        chinese: "`\(shown)\(member.arguments)` 不接收 `\(type)`，而是自己替 `\(shown)\(use.arguments)` 补上一个：用它的调用者会得到一个没人选择过的 `\(type)`，这就是换了写法的默认值。删掉这个重载，让调用者交出自己的。")))
                }
            }
            return found
        }
        // A kept initializer that takes fewer values and hands the fuller one the rest is a default argument under
        // another spelling (`convenience init() { self.init(leatherPlushiness: 5) }`): the caller who uses it gets
        // values nobody chose. Judged by the number of values, whatever the labels.
        // An initializer that takes a value as optional leaves room for nil, a value nobody chose, which it must then
        // fill in itself (`init(publishedSpeed: Int?) { self.init(topSpeed: publishedSpeed ?? 200) }`).
        for member in scope.program.members.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) })
        where member.kind == "constructor_decl" && !member.isImplicit {
            guard let owner = member.owner, scope.belongs(owner, to: rule.inTypes),
                  !scope.isExcepted(owner: owner, member: member.name, file: member.file, by: rule) else { continue }
            let parameters = CourseRules.parameters(of: member.type)
            guard parameters.contains("?") || parameters.contains("Optional<") else { continue }
            found.append(finding(rule, member.file, member.line, LocalizedText(
                english: "`\(owner).init\(member.arguments)` takes a value as optional: nil is a value nobody chose, and the initializer has to fill one in for it, a default under another name. Take the value itself; the caller decides it.",
                chinese: "`\(owner).init\(member.arguments)` 以可选值接收参数：nil 是没人选择过的值，初始化方法只好替它补上一个值，这就是换了写法的默认值。请直接接收这个值，由调用者来决定它。")))
        }
        var seen: Set<String> = []
        // With `static_members`: a static member of the type that builds one from fewer values (`static func stock() ->
        // FastCar { FastCar(topSpeed: 200) }`, a `static var` preset) is the same invented default under a factory's name.
        // Wherever it is declared: a static member whose value is one of the types (`extension Car where Self ==
        // FastCar { static var stock: FastCar }`, a factory enum's `static func`) is a preset of that type all the same.
        for node in scope.program.nodes.values where node.context == .body {
            guard let owner = node.owner,
                  let member = node.memberUSR.flatMap({ scope.program.members[$0] }),
                  !scope.isExcepted(node, by: rule) else { continue }
            let isStaticMember = rule.staticMembers && member.isStatic && ["func_decl", "var_decl"].contains(member.kind)
            let built: String
            if scope.belongs(owner, to: rule.inTypes), member.kind == "constructor_decl" || isStaticMember {
                built = owner
            } else if isStaticMember, let result = Self.resultType(of: member.type), scope.belongs(result, to: rule.inTypes) {
                built = result
            } else {
                continue
            }
            for use in node.uses where use.baseName == "init" && use.module == scope.program.module && use.owner == built
                && !use.isUnappliedFunction && count(use.arguments) > count(member.arguments) {
                guard seen.insert("\(member.usr)\(use.arguments)").inserted else { continue }
                found.append(finding(rule, use.file, use.line, Words.delegatesWithInvented(built, from: member.kind == "var_decl" ? "" : member.arguments, to: use.arguments,
                                                                                           member: member.kind == "constructor_decl" ? "init" : member.name)))
            }
        }
        return found
    }

    /// The type a member's value has: what a function returns (after its last arrow), a property's own type; nil for
    /// an optional, a collection or a function value (`FastCar?`, `[FastCar]`: not a preset of the type itself).
    static func resultType(of type: String) -> String? {
        let result = type.components(separatedBy: "->").last?.trimmingCharacters(in: .whitespaces) ?? type
        guard !result.isEmpty, result.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        return String(result.split(separator: ".").last ?? Substring(result))
    }

    private func requirements(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        var allowed: [String: Set<String>] = [:]
        for name in rule.names {
            guard let dot = name.firstIndex(of: ".") else { continue }
            allowed[String(name[..<dot]), default: []].insert(String(name[name.index(after: dot)...]))
        }
        var found: [RuleFinding] = []
        for (proto, names) in allowed.sorted(by: { $0.key < $1.key }) {
            // A protocol's requirements, or an enum's cases (its methods are no part of what it can be).
            // A class, struct or actor: what it offers its callers, wherever declared (an extension in another
            // file too), a stored property other modules can reach included; private helpers and what it keeps
            // for itself are its own business.
            let isEnum = scope.program.types.values.contains { $0.name == proto && $0.kind == "enum_decl" }
            let isConcrete = scope.declared(proto).map { ["class_decl", "struct_decl", "actor_decl"].contains($0.kind) } ?? false
            // What it inherits from a protocol or class of the module is part of what it asks for (or offers) too:
            // a parent protocol is the same requirement under another spelling.
            var lineage: [String] = [proto]
            var queue = [proto]
            while let next = queue.popLast() {
                for parent in scope.declared(next)?.supertypes ?? [] {
                    let name = scope.declared(parent) != nil ? parent : String(parent.split(separator: ".").last ?? Substring(parent))
                    guard scope.declared(name) != nil, !lineage.contains(name), allowed[name] == nil else { continue }
                    lineage.append(name)
                    queue.append(name)
                }
            }
            let inherited: [ResolvedProgram.MemberDeclaration] = lineage.flatMap { scope.program.membersByOwner[$0] ?? [] }
            let declared = inherited.filter { (member: ResolvedProgram.MemberDeclaration) -> Bool in
                let visible = isConcrete ? !["private", "fileprivate"].contains(member.access) && (!member.isStored || member.isVisibleOutside) : !member.inExtension
                return !member.isImplicit && member.kind != "accessor_decl" && member.kind != "destructor_decl" && visible
                    && (!isEnum || member.kind == "enum_element_decl")
            }
            if !isConcrete && !isEnum {
                // A default for one of its requirements, written in an extension: a conformer that forgets the
                // requirement still compiles, and answers with what the default invents. The protocol is then no
                // longer only what every implementation must provide.
                let required = Set(inherited.filter { !$0.inExtension && !$0.isImplicit }.map { $0.name + $0.arguments })
                for member in inherited where member.inExtension && !member.isImplicit && member.kind != "accessor_decl"
                    && required.contains(member.name + member.arguments) {
                    let shown = member.kind == "var_decl" ? member.name : member.name + member.arguments
                    // An extra requirement's default is reported with the requirement itself.
                    guard names.contains(shown) || names.contains(member.name) else { continue }
                    found.append(finding(rule, member.file, member.line, Words.defaultForRequirement(proto, shown)))
                }
            }
            for member in declared {
                let shown = member.kind == "var_decl" || member.kind == "enum_element_decl" ? member.name : member.name + member.arguments
                if !names.contains(shown) && !names.contains(member.name) {
                    found.append(finding(rule, member.file, member.line, isEnum
                        ? Words.extraCase(proto, shown, allowed: names.sorted())
                        : isConcrete ? Words.offersMore(proto, shown, allowed: names.sorted())
                        : Words.widened(proto, shown, allowed: names.sorted())))
                } else if isConcrete, member.kind == "var_decl", member.isStored, !member.isLet, !member.isStatic, member.isVisibleOutside,
                          !member.markers.contains(where: { ["private(set)", "fileprivate(set)", "internal(set)"].contains($0) }) {
                    // A listed property other code may read, but not write: a setter reachable from outside is one more
                    // way in, beside the listed ones (`engineer.radio = other` instead of `inject(radio:)`).
                    found.append(finding(rule, member.file, member.line, LocalizedText(
                        english: "`\(proto).\(member.name)` can be set from outside (`public var` with no `private(set)`): one more way in beside \(names.sorted().filter { $0 != member.name }.map { "`\($0)`" }.joined(separator: ", ")). Make it `public private(set) var`, or keep it private.",
                        chinese: "`\(proto).\(member.name)` 可以从外部设置（`public var`，没有 `private(set)`）：在 \(names.sorted().filter { $0 != member.name }.map { "`\($0)`" }.joined(separator: "、")) 之外又多了一条进入的路。把它写成 `public private(set) var`，或者让它保持私有。")))
                }
            }
        }
        return found
    }

    private func nullObjects(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for node in scope.program.nodes.values {
            guard let owner = node.owner, scope.belongs(owner, to: rule.inTypes), !scope.isExcepted(node, by: rule),
                  let member = node.memberUSR.flatMap({ scope.program.members[$0] }),
                  // Being made and let go are its members' work too: an `init` or `deinit` that prints acts unasked.
                  member.kind == "func_decl" || member.kind == "subscript_decl" || member.kind == "var_decl" && !member.isStored
                    || member.kind == "constructor_decl" || member.kind == "destructor_decl",
                  case let uses = node.uses.filter({ !(member.kind == "constructor_decl" && $0.isInitializer && $0.shownName.hasPrefix("super.")) }),
                  // What it does, in the words of the code: a call it makes rather than the literal the compiler built for it.
                  let use = uses.first(where: { !$0.shownName.contains("_builtin") }) ?? uses.first else { continue }
            found.append(finding(rule, use.file, use.line, Words.doesSomething("\(owner).\(member.name)", use.shownName)))
        }
        for member in scope.program.members.values where member.kind == "var_decl" && member.isStored && !member.isStatic && !member.isImplicit {
            guard let owner = member.owner, scope.belongs(owner, to: rule.inTypes),
                  !scope.isExcepted(owner: owner, member: member.name, file: member.file, by: rule) else { continue }
            found.append(finding(rule, member.file, member.line, Words.keepsSomething("\(owner).\(member.name)")))
        }
        // What a null object inherits runs as its own: a default in an extension of a protocol it adopts, for a
        // member it does not write itself, that does something.
        for type in scope.program.types.values where scope.belongs(type.name, to: rule.inTypes) && type.kind != "protocol" {
            guard !scope.isExcepted(owner: type.name, member: nil, file: type.file, by: rule) else { continue }
            let own = Set((scope.program.membersByOwner[type.name] ?? []).map(\.name))
            var protocols = type.supertypes.filter { scope.isProtocol($0) }
            var index = 0
            while index < protocols.count {
                let inherited = scope.program.types.values.first { $0.name == protocols[index] }?.supertypes.filter { scope.isProtocol($0) } ?? []
                for proto in inherited where !protocols.contains(proto) { protocols.append(proto) }
                index += 1
            }
            for proto in protocols {
                for member in scope.program.membersByOwner[proto] ?? [] where member.inExtension && !own.contains(member.name)
                    && (member.kind == "func_decl" || member.kind == "subscript_decl" || member.kind == "var_decl" && !member.isStored) {
                    guard let node = scope.program.nodes[member.usr], let use = node.uses.first else { continue }
                    found.append(finding(rule, use.file, use.line, Words.doesSomething("\(type.name).\(member.name) (the default in an extension of \(proto))", use.shownName)))
                }
            }
        }
        return found
    }

    // MARK: container_only_in

    private func containers(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        var containers = Set(rule.container + scope.descendants(of: rule.container))
        // A protocol of the container that hands out several parts is the container under another name.
        for type in scope.program.types.values where containers.contains(type.name) {
            for proto in type.supertypes where scope.isProtocol(proto) && scope.handsOutSeveralParts(proto) { containers.insert(proto) }
        }
        if rule.locators {
            for type in scope.program.types.values where scope.isLocator(type.name) { containers.insert(type.name) }
        }
        func isContainer(_ type: String) -> Bool { containers.contains { scope.mentions(type, $0) } || (rule.locators && scope.isResolverFunction(type)) }
        var found: [RuleFinding] = []
        let helpers = scope.helpersOfExcepted(by: rule)
        // A free function that builds the container (`func makeAppGarage()`, the app's entry) composes the graph:
        // it is a composition root too, whatever its name.
        func buildsTheContainer(_ node: ResolvedProgram.Node) -> Bool {
            rule.exceptIsRoot && node.owner == nil && node.uses.contains { use in
                use.path.last == "init" && use.owner.map { owner in containers.contains { scope.same(owner, $0) } } == true
            }
        }
        for node in scope.program.nodes.values {
            if scope.isExcepted(node, by: rule) || node.memberUSR.map(helpers.contains) == true || buildsTheContainer(node) {
                // The container's lookup by type handed on as a value (`LapRecorder(resolve: c.resolve, ...)`): whoever
                // keeps it asks the container for whatever type it likes, whenever it likes; a root that is a library's
                // user as much as one that is the container's home. (The container's own code may use its methods so.)
                let inTheContainer = node.owner.map { owner in containers.contains { scope.same(owner, $0) } } ?? false
                for use in node.uses where use.isUnappliedFunction && !inTheContainer {
                    guard let member = scope.program.members[use.usr], member.kind == "func_decl", let owner = member.owner,
                          containers.contains(where: { scope.same(owner, $0) }) || scope.isLocator(owner),
                          scope.isResolverFunction(member.type) else { continue }
                    found.append(finding(rule, use.file, use.line, Words.containerAs(owner, "\(owner).\(member.name)\(member.arguments)", where: scope.place(node))))
                }
                guard rule.exceptIsRoot else { continue }
                // The root may hand out its parts, never itself: not as `Any`, nor inside a closure that hands out anything.
                for conversion in node.conversions where conversion.fromSelf || isContainer(conversion.from) {
                    guard containers.contains(where: { scope.mentions(conversion.from, $0) }) else { continue }
                    // The container made optional (a `[weak container]` capture) is still the container, not a new door to it.
                    let target = ProgramScope.unwrappedOptional(conversion.to)
                    let behindAProtocol = !rule.rootAsFactory && scope.isAnotherFace(target, of: containers)
                    if scope.isErased(conversion.to) || isContainer(target) && !containers.contains(where: { scope.same(target, $0) }) || behindAProtocol {
                        found.append(finding(rule, conversion.file, conversion.line, Words.handsOut(conversion.to, where: scope.place(node))))
                    }
                }
                let ownerIsContainer = node.owner.map { owner in containers.contains { scope.same(owner, $0) } } ?? false
                for closure in node.closures where closure.capturesSelf && scope.returnsAnything(closure.type) {
                    // A closure that cannot outlive the call, run by the standard library or a framework
                    // (`keys.compactMap { slots[$0]?.type }`), hands nothing out: nothing of the module ever holds it.
                    let handedToTheModule = closure.handedTo.map { scope.program.members[$0] != nil } ?? true
                    if ownerIsContainer && (closure.isEscaping || handedToTheModule) {
                        found.append(finding(rule, closure.file, closure.line, Words.handsOut(closure.type, where: scope.place(node))))
                    }
                }
                // A closure that captures the container and looks a part up in it by type (`{ try container.resolve(X.self) }`),
                // handed to code of the module outside the root (an engine that resolves later): that code reaches the
                // container whenever the closure runs. A closure that calls one factory method of the root (`{ self.makeDetail() }`)
                // is a factory, not a lookup.
                func looksUp(_ closure: ResolvedProgram.Closure) -> Bool {
                    closure.usesInside.contains { usr in
                        guard let used = scope.program.members[usr], used.kind == "func_decl", let owner = used.owner,
                              containers.contains(where: { scope.same(owner, $0) }) || scope.isLocator(owner) else { return false }
                        return scope.isResolverFunction(used.type)
                    }
                }
                func capturesTheContainer(_ closure: ResolvedProgram.Closure) -> Bool {
                    (closure.capturesSelf && ownerIsContainer) || closure.capturedTypes.contains { type in
                        let captured = ProgramScope.unwrappedOptional(type)
                        return containers.contains { scope.mentions(captured, $0) }
                    }
                }
                // A factory handed to the container whose product is itself a closure that captures the container and looks
                // a part up (`register(EngineProvider.self) { { try container.resolve(Engine.self) } }`): whoever resolves
                // that product holds a piece of the container and reads it later.
                let products = Set(node.closures.filter { $0.handedTo != nil }.compactMap { ProgramScope.functionResult($0.type) })
                for closure in node.closures where closure.handedTo == nil && closure.isEscaping
                    && products.contains(closure.type.filter { !$0.isWhitespace }) && looksUp(closure) && capturesTheContainer(closure) {
                    found.append(finding(rule, closure.file, closure.line, Words.handsOutInClosure("the container's factory", where: scope.place(node))))
                }
                for closure in node.closures {
                    guard let callee = closure.handedTo, let member = scope.program.members[callee] else { continue }
                    guard looksUp(closure) else { continue }
                    let capturesContainer = capturesTheContainer(closure)
                    let calleeIsRoot = member.owner.map { owner in containers.contains { scope.same(owner, $0) } } == true
                        || scope.isExcepted(owner: member.owner, member: member.name, file: member.file, by: rule)
                    if capturesContainer && !calleeIsRoot {
                        let receiver = [member.owner, member.name].compactMap { $0 }.joined(separator: ".")
                        found.append(finding(rule, closure.file, closure.line, Words.handsOutInClosure(receiver, where: scope.place(node))))
                    }
                }
                continue
            }
            // Where the container is a library (`except_is_root` false), code may carry and run a factory that takes
            // the container (`(Container) throws -> Any`) without using it: only the container kept (below) or one
            // of its members used is a locator there.
            if rule.exceptIsRoot, let type = node.types.first(where: isContainer) {
                found.append(finding(rule, node.file, node.line, Words.handed(type, where: scope.place(node))))
            }
            for use in node.uses {
                if let owner = use.owner, containers.contains(where: { scope.same(owner, $0) }), use.module == scope.program.module || use.module.isEmpty {
                    found.append(finding(rule, use.file, use.line, Words.handed(owner, where: scope.place(node))))
                }
            }
            for cast in node.casts where isContainer(cast.type) {
                found.append(finding(rule, cast.file, cast.line, Words.handed(cast.type, where: scope.place(node))))
            }
        }
        if !rule.exceptIsRoot {
            // The container handed over as something else: a protocol of the module it conforms to (however few its
            // requirements, however the conformance was added), or `Any`. Whoever holds that value holds the
            // container, and every call it makes through that protocol reaches into it.
            // Whatever the container is (a locator, the team, the shared settings), handed over behind a protocol it
            // is still the container.
            for node in scope.program.nodes.values {
                let ownerIsContainer = node.owner.map { owner in containers.contains { scope.same(ProgramScope.root(owner), $0) } } ?? false
                for conversion in node.conversions {
                    let from = ProgramScope.unwrappedOptional(conversion.from)
                    guard containers.contains(where: { scope.same(from, $0) }) || conversion.fromSelf && ownerIsContainer else { continue }
                    let target = ProgramScope.unwrappedOptional(conversion.to)
                    guard scope.isAnotherFace(target, of: containers) else { continue }
                    found.append(finding(rule, conversion.file, conversion.line, Words.containerAs(from, target, where: scope.place(node))))
                }
            }
            for member in scope.program.members.values where member.kind == "var_decl" && !member.isImplicit {
                guard !scope.isExcepted(owner: member.owner, member: member.name, file: member.file, by: rule),
                      !member.type.contains("->"), isContainer(ProgramScope.unwrappedOptional(member.type)) else { continue }
                found.append(finding(rule, member.file, member.line, Words.handed(member.type, where: RuleChecker.place(member.owner, member.name, .body))))
            }
        }
        return found
    }

    // MARK: words

    // MARK: not_stored

    private func storedCollaborators(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for member in scope.program.members.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) })
        where member.kind == "var_decl" && member.isStored && !member.isImplicit {
            // A closure that makes one (`() -> FireExtinguisher`) is a factory: it keeps none, it hands out a new one per call.
            let type = scope.program.expandingAliases(member.type)
            guard let owner = member.owner, scope.belongs(owner, to: rule.inTypes), !scope.isExcepted(owner: owner, member: member.name, file: member.file, by: rule) else { continue }
            if !rule.allow.contains(.factoryClosure), let (source, wanted) = scope.source(of: rule.of, kept: type) {
                // What hands one out on request, kept (a closure that returns one, an object of the module whose method or
                // property gives one): the collaborator is fetched from a stored source instead of coming with the call.
                found.append(finding(rule, member.file, member.line, LocalizedText(
                    english: "`\(owner).\(member.name)` keeps \(source), which hands out a `\(wanted)` on request: the collaborator is then fetched from something stored instead of coming with the call that uses it. Drop the property and take the `\(wanted)` as a parameter of the call.",
                    chinese: "`\(owner).\(member.name)` 保存了\(source)，它会按需交出一个 `\(wanted)`：这样协作者就是从保存的东西里取出来的，而不是随使用它的那次调用一起传进来。删掉这个属性，把 `\(wanted)` 作为那次调用的参数。")))
                continue
            }
            guard !type.contains("->"), let wanted = rule.of.first(where: { scope.mentions(type, $0) }) else { continue }
            found.append(finding(rule, member.file, member.line, LocalizedText(
                english: "`\(owner).\(member.name)` keeps a `\(wanted)` (as `\(member.type)`): a collaborator that comes with every call is used in that call and let go, never kept, however weakly.",
                chinese: "`\(owner).\(member.name)` 保存了一个 `\(wanted)`（类型为 `\(member.type)`）：每次调用都会带来的协作者只在那次调用中使用，用完就放开，不要保存，弱引用也不行。")))
        }
        // An escaping closure that captures one (however weakly) keeps it beyond the call too, under the spelling of a
        // closure: kept in a property, handed to a queue or to anything that runs it later.
        for node in scope.program.nodes.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
            guard let owner = node.owner, scope.belongs(owner, to: rule.inTypes), !scope.isExcepted(node, by: rule) else { continue }
            for closure in node.closures where closure.isEscaping {
                guard let wanted = rule.of.first(where: { of in closure.capturedTypes.contains { scope.mentions(scope.program.expandingAliases($0), of) } }) else { continue }
                found.append(finding(rule, closure.file, closure.line, LocalizedText(
                    english: "`\(ProgramScope.root(owner))` captures the `\(wanted)` it was handed in an escaping closure here, which keeps it after the call returns (in a property, or wherever the closure goes): a collaborator that comes with every call is used in that call and let go, never kept, however weakly.",
                    chinese: "这里，`\(ProgramScope.root(owner))` 在一个逃逸闭包里捕获了交给它的 `\(wanted)`，调用返回之后它仍被保存着（存在属性里，或者闭包去到的任何地方）：每次调用都会带来的协作者只在那次调用中使用，用完就放开，不要保存，弱引用也不行。")))
            }
        }
        return found
    }

    // MARK: keeps_everything

    /// The standard library's ways to lose elements of a collection: removing them, or keeping only part of it.
    static let droppingMembers: Set<String> = ["remove", "removeFirst", "removeLast", "removeAll", "removeSubrange", "removeValue",
                                               "replaceSubrange", "popFirst", "popLast", "dropFirst", "dropLast", "prefix", "suffix"]

    /// A call in the code of a listed type that drops elements of a collection (`stored.removeFirst()` once past a
    /// cap, `stored = Array(stored.suffix(100_000))`): what the text says is kept, every one, is not.
    private func droppedElements(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for node in scope.program.nodes.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
            guard let owner = node.owner, scope.belongs(owner, to: rule.inTypes), !scope.isExcepted(node, by: rule) else { continue }
            for use in node.uses where use.module == "Swift" && Self.droppingMembers.contains(use.name) {
                found.append(finding(rule, use.file, use.line, LocalizedText(
                    english: "`\(ProgramScope.root(owner))` drops elements of a collection here (`\(use.name)`): it keeps every one it is given, however many, and never lets one go.",
                    chinese: "这里，`\(ProgramScope.root(owner))` 丢掉了集合里的元素（`\(use.name)`）：交给它的每一个元素它都要保留，不管有多少，一个也不能放掉。")))
            }
        }
        return found
    }

    // MARK: declares_what_it_resolves

    /// A registration whose factory resolves, while it builds, a type its `dependencies:` leave out: the declaration
    /// the container checks lifetimes by says less than the instance holds, and a captive slips past `verify()`.
    private func undeclaredDependencies(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for registration in scope.program.registrations {
            guard let declared = registration.declared else { continue }
            if !rule.inTypes.contains("*") {
                guard let owner = registration.owner, scope.belongs(owner, to: rule.inTypes) else { continue }
            }
            var missing: [(type: String, file: String, line: Int)] = []
            for resolution in registration.resolved where !declared.contains(resolution.type) && !missing.contains(where: { $0.type == resolution.type }) {
                missing.append(resolution)
            }
            guard let first = missing.first else { continue }
            let what = registration.registered.map { "`\($0)`" } ?? "this registration"
            let whatZh = registration.registered.map { "`\($0)`" } ?? "这个注册"
            let list = declared.isEmpty ? "nothing" : declared.map { "`\($0).self`" }.joined(separator: ", ")
            let listZh = declared.isEmpty ? "什么也没有" : declared.map { "`\($0).self`" }.joined(separator: "、")
            let names = missing.map { "`\($0.type)`" }.joined(separator: ", ")
            let namesZh = missing.map { "`\($0.type)`" }.joined(separator: "、")
            let add = (declared + missing.map(\.type)).map { "\($0).self" }.joined(separator: ", ")
            found.append(finding(rule, registration.file, registration.line, LocalizedText(
                english: "The registration of \(what) declares \(list) in `dependencies:`, but its factory resolves \(names) while it builds (\(first.file):\(first.line)): `verify()` cannot see what the instance holds. Declare every type the factory resolves while it builds: `dependencies: [\(add)]`.",
                chinese: "\(whatZh) 的注册在 `dependencies:` 里声明的是\(listZh)，但它的工厂在创建时解析了 \(namesZh)（\(first.file):\(first.line)）：`verify()` 看不见这个实例持有什么。声明工厂在创建时解析的每一个类型：`dependencies: [\(add)]`。")))
        }
        return found
    }

    // MARK: actor

    /// An actor that isolates nothing: its state lives in an object of a class of the module marked `@unchecked Sendable`
    /// (a locked ledger it forwards to), which any task may share outside the actor. (That the type is an actor at all
    /// is judged by the token reader.)
    private func actorShells(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for name in rule.types {
            guard let actor = scope.declared(name), actor.isActor else { continue }
            for member in (scope.program.membersByOwner[name] ?? []).sorted(by: { $0.line < $1.line })
            where member.kind == "var_decl" && member.isStored && !member.isStatic && !member.isImplicit {
                let held = ProgramScope.bareNames(member.type) + DemangledName.typeNames(member.type).map { String($0.split(separator: ".").last ?? Substring($0)) }
                guard let box = held.first(where: { held in
                    guard let declared = scope.declared(held) else { return false }
                    return declared.kind == "class_decl" && !declared.isActor && declared.isUncheckedSendable
                }) else { continue }
                found.append(finding(rule, member.file, member.line, LocalizedText(
                    english: "`\(name)` is an actor, but it keeps its state in `\(member.name)`, a `\(box)` marked `@unchecked Sendable`: the state lives outside the actor's isolation, guarded only by what the class promises, and the compiler checks none of it. Keep the state in the actor's own stored properties.",
                    chinese: "`\(name)` 是 actor，但它把状态放在 `\(member.name)` 里，一个标了 `@unchecked Sendable` 的 `\(box)`：状态在 actor 的隔离之外，只靠这个类自己的承诺保护，编译器一样也不检查。把状态放在 actor 自己的存储属性里。")))
                break
            }
        }
        return found
    }

    // MARK: no_unchecked_state

    /// A stored instance property marked `nonisolated(unsafe)`, in any type of the rule's (an actor's included), as the
    /// compiler read it: whatever modifiers come before or after it (`public private(set)`). (`@unchecked Sendable`
    /// types are judged by the token reader, which sees the locks beside their state.)
    private func uncheckedState(_ rule: LessonRule, _ scope: ProgramScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for member in scope.program.members.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) })
        where member.kind == "var_decl" && member.isStored && !member.isStatic && member.markers.contains("nonisolated(unsafe)") {
            guard let owner = member.owner, scope.belongs(owner, to: rule.inTypes),
                  !scope.isExcepted(owner: owner, member: member.name, file: member.file, by: rule) else { continue }
            found.append(finding(rule, member.file, member.line, RuleChecker.uncheckedProperty(owner, member.name)))
        }
        // A type marked `@unchecked Sendable`, with no lock among its stored properties, that keeps an object of a
        // class of the module the compiler does not know to be Sendable: the mark lets tasks share that object, and
        // its state, unchecked (however the property is declared: `let` is no help, the state is inside the object).
        for type in scope.program.types.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) where type.isUncheckedSendable {
            guard scope.belongs(type.name, to: rule.inTypes), !scope.isExcepted(owner: type.name, member: nil, file: type.file, by: rule) else { continue }
            let stored = (scope.program.membersByOwner[type.name] ?? []).filter { $0.kind == "var_decl" && $0.isStored && !$0.isStatic && !$0.isImplicit }
            let guarded = stored.contains { member in
                DemangledName.identifiers(member.type).contains { name in RuleChecker.locks.contains(String(name.split(separator: ".").last ?? Substring(name))) }
            }
            guard !guarded else { continue }
            for member in stored {
                let held = ProgramScope.bareNames(ProgramScope.unwrappedOptional(member.type)) + DemangledName.typeNames(member.type).map { String($0.split(separator: ".").last ?? Substring($0)) }
                guard let unsafe = held.first(where: { name in
                    guard let declared = scope.declared(name), declared.kind == "class_decl", !declared.isActor else { return false }
                    return !declared.isUncheckedSendable && !declared.supertypes.contains { $0 == "Sendable" || $0.hasSuffix(".Sendable") }
                }) else { continue }
                found.append(finding(rule, member.file, member.line, LocalizedText(
                    english: "`\(type.name)` is marked `@unchecked Sendable` (which only tells the compiler not to check it) and keeps `\(member.name)`, a `\(unsafe)`, a class that is not Sendable, with no lock beside it: tasks that share the \(type.name) change the \(unsafe)'s state at once, and the compiler says nothing.",
                    chinese: "`\(type.name)` 标了 `@unchecked Sendable`（这只是让编译器不再检查），却保存着 `\(member.name)`，一个不是 Sendable 的类 `\(unsafe)`，旁边没有任何锁：共享这个 \(type.name) 的任务会同时修改 \(unsafe) 的状态，而编译器一声不吭。")))
                break
            }
        }
        // A generic wrapper marked `@unchecked Sendable`, with no lock, around a value of its own parameter
        // (`struct Handed<Value>: @unchecked Sendable { let value: Value }`) keeps unchecked whatever it wraps: a
        // stored property of the module typed `Handed<PitCrew>` keeps the crew through it.
        let wrappers = Set(scope.program.types.values.filter { type in
            guard type.isUncheckedSendable else { return false }
            let stored = (scope.program.membersByOwner[type.name] ?? []).filter { $0.kind == "var_decl" && $0.isStored && !$0.isStatic && !$0.isImplicit }
            let guarded = stored.contains { member in
                DemangledName.identifiers(member.type).contains { name in RuleChecker.locks.contains(String(name.split(separator: ".").last ?? Substring(name))) }
            }
            // A parameter's name is a type the module does not declare and the standard library does not know.
            return !guarded && stored.contains { member in
                let bare = ProgramScope.unwrappedOptional(member.type)
                return bare.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && scope.declared(bare) == nil && !ProgramScope.valueTypes.contains(bare)
            }
        }.map { ProgramScope.root($0.name) })
        if !wrappers.isEmpty {
            for member in scope.program.members.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) })
            where member.kind == "var_decl" && member.isStored && !member.isImplicit {
                guard let owner = member.owner, scope.belongs(owner, to: rule.inTypes), !wrappers.contains(ProgramScope.root(owner)),
                      !scope.isExcepted(owner: owner, member: member.name, file: member.file, by: rule) else { continue }
                let names = DemangledName.identifiers(member.type).map { ProgramScope.withoutModule($0, scope.program.module) }
                guard let wrapper = names.first(where: { wrappers.contains($0) }), let unsafe = names.first(where: { name in
                    guard let declared = scope.declared(name), declared.kind == "class_decl", !declared.isActor else { return false }
                    return !declared.isUncheckedSendable && !declared.supertypes.contains { $0 == "Sendable" || $0.hasSuffix(".Sendable") }
                }) else { continue }
                found.append(finding(rule, member.file, member.line, LocalizedText(
                    english: "`\(owner).\(member.name)` keeps a `\(unsafe)` (a class that is not Sendable) inside `\(wrapper)`, a wrapper marked `@unchecked Sendable` with no lock: the wrapper only tells the compiler not to check what it holds, so tasks that share \(ProgramScope.root(owner)) change the \(unsafe)'s state at once.",
                    chinese: "`\(owner).\(member.name)` 把一个 `\(unsafe)`（不是 Sendable 的类）放在 `\(wrapper)` 里，而这个包装标了 `@unchecked Sendable`，又没有锁：包装只是让编译器不去检查它里面的东西，于是共享 \(ProgramScope.root(owner)) 的任务会同时修改 \(unsafe) 的状态。")))
            }
        }
        return found
    }

    private func finding(_ rule: LessonRule, _ file: String, _ line: Int, _ what: LocalizedText) -> RuleFinding {
        RuleChecker.finding(rule, file: file, line: line, what: what)
    }

    enum Words {
        static func named(_ name: String, where place: LocalizedText) -> LocalizedText {
            LocalizedText(english: "`\(name)` is still used here, \(place.english), even if no test runs this line.",
                          chinese: "这里仍然用到 `\(name)`，\(place.chinese)；即使没有测试执行这一行也不行。")
        }
        static func reachesThrough(_ owner: String, _ part: String, where place: LocalizedText) -> LocalizedText {
            LocalizedText(english: "`\(owner)` reaches through `\(part)` here, \(place.english), to use a part of something it was handed: it still depends on that part, and the type in between only carries it in: a bag of parameters under another name.",
                          chinese: "这里，\(place.chinese)，`\(owner)` 穿过 `\(part)` 去用交给它的东西里面的一个零件：它仍然依赖那个零件，中间的类型只是把它带进来：这是换了名字的参数袋。")
        }
        static func looksUp(_ owner: String, _ provider: String, where place: LocalizedText) -> LocalizedText {
            LocalizedText(english: "`\(owner)` asks `\(provider)` for the collaborator it keeps, here, \(place.english): it is handed something to look its part up in, not the part itself, which is a service locator behind a protocol. Take the collaborator itself as a parameter; whoever builds \(owner) asks the provider, if anyone must.",
                          chinese: "这里，\(place.chinese)，`\(owner)` 向 `\(provider)` 要它要保存的协作者：交给它的是一个可以查找零件的东西，而不是零件本身，这是藏在协议后面的服务定位器。把协作者本身作为参数接收；如果确实需要向提供者要，由创建 \(owner) 的人去要。")
        }
        static func reaches(_ name: String, through: String, where place: LocalizedText) -> LocalizedText {
            LocalizedText(english: "`\(name)` is reached from here, \(place.english), through `\(through)`: a helper in between still hands over the forbidden thing.",
                          chinese: "这里，\(place.chinese)，通过 `\(through)` 仍然会用到 `\(name)`：中间隔了一层辅助代码，拿到的仍是被禁止的东西。")
        }
        static func keepsState(_ member: ResolvedProgram.MemberDeclaration, mutable: Bool) -> LocalizedText {
            let holder = [member.owner, member.name].compactMap { $0 }.joined(separator: ".")
            let kind = member.owner == nil ? ("global", "全局") : ("static", "静态")
            let what = mutable ? ("variable", "变量") : ("constant holding an object (`\(member.type)`)", "常量（保存着一个对象：`\(member.type)`）")
            return LocalizedText(
                english: "`\(holder)` is a \(kind.0) \(what.0): one value shared by every instance, so two objects built side by side share it.",
                chinese: "`\(holder)` 是\(kind.1)\(what.1)：所有实例共用同一份，两个并排创建的对象会共享它。")
        }
        static func swappable(_ member: ResolvedProgram.MemberDeclaration) -> LocalizedText {
            let holder = [member.owner, member.name].compactMap { $0 }.joined(separator: ".")
            return LocalizedText(
                english: "`\(holder)` is a name the lesson allows, but as a stored `static var` anyone can swap it, for every object and every test at once: keep it a `static let`.",
                chinese: "`\(holder)` 是本课允许的名字，但写成存储的 `static var` 之后，任何人都能替换它，而且同时影响所有对象和所有测试：请保持为 `static let`。")
        }
        static func ambient(_ member: ResolvedProgram.MemberDeclaration) -> LocalizedText {
            let holder = [member.owner, member.name].compactMap { $0 }.joined(separator: ".")
            return LocalizedText(
                english: "`\(holder)` is a task-local that holds a collaborator (`\(member.type)`): code reads it from the ambient context instead of being handed it, a locator by another name. Keep task-locals for values that describe the work (a session id, tags) and hand real collaborators through the initializer.",
                chinese: "`\(holder)` 是保存着协作者（`\(member.type)`）的 task-local：代码从环境上下文里取它，而不是被交给它，这是换了名字的服务定位器。task-local 只用于描述这项工作的值（会话 id、标签），真正的协作者请通过初始化方法交进来。")
        }
        static func later(_ name: String, where place: LocalizedText) -> LocalizedText {
            LocalizedText(english: "`\(name)` is read inside a closure made \(place.english) and handed on: it runs later, wherever the closure went, so the global is read there, again and again. Read it once here and hand over the value.",
                          chinese: "`\(name)` 在 \(place.chinese) 创建并交出去的闭包里被读取：闭包稍后在别处运行，全局对象会在那里一次次被读取。请在这里读取一次，把值交出去。")
        }
        static func notKept(_ holder: String, ownership: String?, lazy: Bool) -> LocalizedText {
            if let ownership {
                return LocalizedText(english: "`\(holder)` is `\(ownership)`: the collaborator it was handed can go away while it still needs it. Keep it in a strong `let`.",
                                     chinese: "`\(holder)` 是 `\(ownership)`：交给它的协作者可能在它还需要时就被释放。请用强引用的 `let` 保存。")
            }
            return LocalizedText(english: "`\(holder)` is a `\(lazy ? "lazy var" : "var")`: anyone can swap the collaborator after the object was built, behind its back. Keep what it is handed in a `let`.",
                                 chinese: "`\(holder)` 是 `\(lazy ? "lazy var" : "var")`：对象创建之后，任何人都能在背后换掉这个协作者。请把交给它的东西保存在 `let` 中。")
        }
        static func erased(_ holder: String, initializer: Bool) -> LocalizedText {
            let english = initializer ? "takes its collaborators as `Any`" : "keeps its collaborators as `Any`"
            let chinese = initializer ? "以 `Any` 接收协作者" : "以 `Any` 保存协作者"
            return LocalizedText(english: "`\(holder)` \(english): the type no longer says what it needs, and a missing or wrong one is found only at run time, by a cast. Take each collaborator as a parameter of its own protocol type and keep it in a `let` of that type.",
                                 chinese: "`\(holder)` \(chinese)：类型不再说明它需要什么，缺少或给错的协作者只能在运行时通过类型转换才发现。请把每个协作者作为各自协议类型的参数接收，并保存在该类型的 `let` 中。")
        }
        static func unlocked(_ miss: LockDiscipline.Miss) -> LocalizedText {
            if miss.setFromOutside {
                return LocalizedText(english: "`\(miss.owner).\(miss.property)` is a `var` that code outside `\(miss.owner)` can set, and that setter never holds `\(miss.lock)`, which guards it in `\(miss.guardedIn)`: a thread that sets it races with one that reads it. Make it a `let` set once in the initializer (or `private`, changed only under the lock).",
                                     chinese: "`\(miss.owner).\(miss.property)` 是一个 `\(miss.owner)` 之外的代码也能设置的 `var`，而那个 setter 从不持有 `\(miss.lock)`，可是在 `\(miss.guardedIn)` 中这把锁保护着它：设置它的线程会和读取它的线程发生数据竞争。把它改成只在初始化方法里设置一次的 `let`（或者改成 `private`，只在持有锁时修改）。")
            }
            let caller = miss.calledFrom.map { (" (`\($0)` calls it without the lock)", "（`\($0)` 在没有锁的情况下调用它）") } ?? ("", "")
            return LocalizedText(english: "`\(miss.owner).\(miss.function)` touches `\(miss.property)` without holding `\(miss.lock)`\(caller.0), which guards it in `\(miss.guardedIn)`: two threads that call at once race on it.",
                                 chinese: "`\(miss.owner).\(miss.function)` 在没有持有 `\(miss.lock)` 的情况下访问 `\(miss.property)`\(caller.1)，而在 `\(miss.guardedIn)` 中这把锁保护着它：两个线程同时调用就会发生数据竞争。")
        }
        static func defaultedValue(_ type: String, where place: LocalizedText) -> LocalizedText {
            LocalizedText(english: "A value of type `\(type)` gets a default here, \(place.english): it is a value with no sensible default, so a caller who leaves it out gets one nobody chose.",
                          chinese: "这里，\(place.chinese)，给 `\(type)` 设了默认值：它是没有合理默认值的值，省略它的调用者会得到一个没人选择过的值。")
        }
        static func defaulted(_ owner: String) -> LocalizedText {
            LocalizedText(english: "An initializer of `\(owner)` gives a parameter a default value: a caller who leaves it out gets a value nobody chose.",
                          chinese: "`\(owner)` 的初始化方法给参数设了默认值：省略它的调用者会得到一个没人选择过的值。")
        }
        static func delegatesWithInvented(_ owner: String, from: String, to: String, member: String = "init") -> LocalizedText {
            LocalizedText(english: "`\(owner).\(member)\(from)` fills in values for `\(owner).init\(to)` itself: a caller who uses it gets values nobody chose, a default argument under another name. Remove \(member == "init" ? "that initializer" : "`\(member)`"); callers hand over every value.",
                          chinese: "`\(owner).\(member)\(from)` 替 `\(owner).init\(to)` 自己补上了数值：用它的调用者会得到没人选择过的值，这就是换了写法的默认参数。删掉\(member == "init" ? "这个初始化方法" : " `\(member)`")，让调用者交出每一个值。")
        }
        static func offersMore(_ type: String, _ member: String, allowed: [String]) -> LocalizedText {
            LocalizedText(english: "`\(type)` offers `\(member)` too, but the lesson gives it only \(allowed.map { "`\($0)`" }.joined(separator: ", ")): every other way in is one more thing its callers can lean on, and work that belongs to them. Remove `\(member)` (its work goes back to the caller), or make it `private` if it only helps \(type) itself.",
                          chinese: "`\(type)` 还提供了 `\(member)`，但本课只给它 \(allowed.map { "`\($0)`" }.joined(separator: "、"))：每多一个入口，调用者就多一样可以依赖的东西，也多拿走一份本该属于调用者的工作。删掉 `\(member)`（它做的事还给调用者）；如果它只是帮 \(type) 自己干活，就把它设为 `private`。")
        }
        static func widened(_ proto: String, _ member: String, allowed: [String]) -> LocalizedText {
            LocalizedText(english: "`\(proto)` requires `\(member)` too, but the lesson asks for a protocol with only \(allowed.map { "`\($0)`" }.joined(separator: ", ")): every extra requirement is one more thing each fake must provide.",
                          chinese: "`\(proto)` 还要求了 `\(member)`，但本课要求协议只包含 \(allowed.map { "`\($0)`" }.joined(separator: "、"))：每多一个要求，每个替身都要多实现一样东西。")
        }
        static func defaultForRequirement(_ proto: String, _ member: String) -> LocalizedText {
            LocalizedText(english: "`\(proto)` gets a default `\(member)` in an extension: a type that adopts `\(proto)` and forgets `\(member)` still compiles and silently runs this default. Delete the default, so that every implementation must write its own `\(member)`.",
                          chinese: "`\(proto)` 在扩展里有一个默认的 `\(member)`：遵循 `\(proto)` 却忘了写 `\(member)` 的类型照样能编译，并悄悄地执行这个默认实现。删掉这个默认实现，让每个实现都必须自己写 `\(member)`。")
        }
        static func extraCase(_ type: String, _ name: String, allowed: [String]) -> LocalizedText {
            LocalizedText(english: "`\(type)` has a case `\(name)` too, but the lesson asks for only \(allowed.map { "`.\($0)`" }.joined(separator: ", ")): every case is a promise every `switch` over it, and every caller, must keep.",
                          chinese: "`\(type)` 还多了一个 `\(name)` 分支，但本课只要求 \(allowed.map { "`.\($0)`" }.joined(separator: "、"))：每多一个分支，所有对它的 `switch` 和所有调用者都要多兑现一个承诺。")
        }
        static func doesSomething(_ holder: String, _ used: String) -> LocalizedText {
            LocalizedText(english: "`\(holder)` does something (it uses `\(used)`), but a null object's methods do nothing at all: a stand-in that acts behind the caller's back is not a safe default.",
                          chinese: "`\(holder)` 做了事情（用到了 `\(used)`），但空对象的方法什么都不做：在调用者背后有所动作的替身不是安全的默认值。")
        }
        static func keepsSomething(_ holder: String) -> LocalizedText {
            LocalizedText(english: "`\(holder)` is stored state, but a null object keeps nothing: what it is told is simply dropped.",
                          chinese: "`\(holder)` 是存储的状态，但空对象什么都不保存：告诉它的东西直接丢掉。")
        }
        static func handed(_ type: String, where place: LocalizedText) -> LocalizedText {
            LocalizedText(english: "The container (`\(type)`) reaches code outside the composition root here, \(place.english).",
                          chinese: "容器（`\(type)`）在这里到达了组合根之外的代码，\(place.chinese)。")
        }
        static func handsOutInClosure(_ receiver: String, where place: LocalizedText) -> LocalizedText {
            LocalizedText(english: "A closure that captures the container is handed to `\(receiver)` here, \(place.english): whenever it runs, code outside the composition root pulls from the container. Resolve the part here and hand over the part itself.",
                          chinese: "这里，\(place.chinese)，一个捕获了容器的闭包被交给了 `\(receiver)`：无论它何时运行，组合根之外的代码都会从容器里取东西。请在这里解析出零件，把零件本身交出去。")
        }
        static func containerAs(_ container: String, _ type: String, where place: LocalizedText) -> LocalizedText {
            LocalizedText(english: "The container (`\(container)`) is handed over here, \(place.english), as `\(type)`: whoever keeps that value keeps the container, and each call through it looks a part up, a service locator behind a small protocol. Hand over the part itself, or a factory closure the root writes (`{ try c.resolve(Driver.self) }`).",
                          chinese: "容器（`\(container)`）在这里，\(place.chinese)，被作为 `\(type)` 交了出去：保存这个值的人就保存了容器，通过它的每次调用都是在查找零件，这是藏在小协议后面的服务定位器。请交出零件本身，或者由组合根写好的工厂闭包（`{ try c.resolve(Driver.self) }`）。")
        }
        static func handsOut(_ type: String, where place: LocalizedText) -> LocalizedText {
            LocalizedText(english: "The composition root hands itself out here, \(place.english), as `\(type)`: whoever gets it can pull any part from it.",
                          chinese: "组合根在这里，\(place.chinese)，把自己作为 `\(type)` 交了出去：拿到它的人可以从中取出任何零件。")
        }
    }
}

/// What a node reaches, through the module's own code.
struct Reach {
    let scope: ProgramScope
    let hit: (ResolvedProgram.Use) -> Bool
    /// Which uses run now and are followed (a factory handed on runs later, where it was handed).
    let follows: (ResolvedProgram.Use) -> Bool
    private let memo = Memo()

    init(scope: ProgramScope, hit: @escaping (ResolvedProgram.Use) -> Bool, follows: @escaping (ResolvedProgram.Use) -> Bool = { _ in true }) {
        self.scope = scope
        self.hit = hit
        self.follows = follows
    }

    final class Memo { var results: [String: Path?] = [:] }

    struct Path { var name: String; var use: ResolvedProgram.Use? }

    /// The first forbidden use reachable from a node (its own uses first), or nil.
    ///
    /// Every search leaves what it learnt: the nodes it saw reach nothing when it found nothing, and the nodes on the
    /// way to what it found reach that. So the searches of one rule over a whole program take time in proportion to
    /// the program, not to its square (a chain of thousands of methods, each calling the next, is read once).
    func path(from start: String) -> Path? {
        if let known = memo.results[start] { return known }
        var visited: Set<String> = [start]
        var queue = [start]
        var head = 0
        var parent: [String: String] = [:]
        var result: Path?
        var foundAt: String?
        search: while head < queue.count {
            let id = queue[head]
            head += 1
            // A node an earlier search found reaching nothing: nothing past it either.
            if id != start, let known = memo.results[id], known == nil { continue }
            guard let node = scope.program.nodes[id] else { continue }
            for use in node.uses where follows(use) && hit(use) {
                result = Path(name: use.shownName, use: use)
                foundAt = id
                break search
            }
            let next = node.uses.filter(follows).compactMap { scope.nodeID(for: $0) } + node.implied
            for target in next where visited.insert(target).inserted {
                parent[target] = id
                queue.append(target)
            }
        }
        if result == nil {
            for id in visited { memo.results[id] = .some(nil) }
        } else {
            var id = foundAt
            while let current = id {
                if memo.results[current] == nil { memo.results[current] = .some(result) }
                id = parent[current]
            }
        }
        memo.results[start] = .some(result)
        return result
    }
}

extension ResolvedProgram.Use {
    /// `V8Engine.shared`, `Date.init()`.
    var shownName: String {
        let name = path.joined(separator: ".")
        return isInitializer ? String(name.dropLast(5)) + arguments : name
    }
}

/// Questions about one resolved program.
struct ProgramScope {
    let program: ResolvedProgram
    private let typesByName: [String: ResolvedProgram.TypeDeclaration]
    /// What `holdsReference` found for each type of the module: a type's answer does not depend on the path that
    /// reached it, so a web of types that each hold two of the next is walked once, not once per path.
    private let referenceAnswers = AnswerCache()
    final class AnswerCache: @unchecked Sendable {
        private let lock = NSLock()
        private var answers: [String: Bool] = [:]
        func value(_ key: String) -> Bool? { lock.withLock { answers[key] } }
        func set(_ key: String, _ value: Bool) { lock.withLock { answers[key] = value } }
    }

    /// The nodes that use each declaration, by its usr.
    let usedFrom: [String: [ResolvedProgram.Node]]

    init(_ program: ResolvedProgram) {
        self.program = program
        // Two private types of two files may share a name (`private final class Gauge` here, `private struct Gauge` there):
        // judged by name, they are judged as one, the strictest reading of the two (a class if either is one, every
        // supertype, unchecked if either is), whatever order the grader's dictionaries come in.
        var byName: [String: ResolvedProgram.TypeDeclaration] = [:]
        for type in program.types.values.sorted(by: { ($0.file, $0.line, $0.usr) < ($1.file, $1.line, $1.usr) }) {
            guard var merged = byName[type.name] else { byName[type.name] = type; continue }
            if type.kind == "class_decl" || type.isActor && merged.kind != "class_decl" { merged.kind = type.kind; merged.isActor = type.isActor }
            merged.supertypes += type.supertypes.filter { !merged.supertypes.contains($0) }
            merged.isUncheckedSendable = merged.isUncheckedSendable || type.isUncheckedSendable
            byName[type.name] = merged
        }
        typesByName = byName
        var users: [String: [ResolvedProgram.Node]] = [:]
        for node in program.nodes.values {
            for use in node.uses { users[use.usr, default: []].append(node) }
        }
        usedFrom = users
    }

    static func root(_ owner: String) -> String { owner.split(separator: ".").first.map(String.init) ?? owner }

    /// The node a use runs: a function, initializer or property of the module.
    func nodeID(for use: ResolvedProgram.Use) -> String? {
        program.nodes[use.usr] != nil ? use.usr : nil
    }

    /// `Container?`, `Swift.Optional<Container>`, `(Container)?` -> `Container`.
    /// What a function type hands back, without spaces: `() throws -> () throws -> any Engine` gives `()throws->anyEngine`.
    /// Nil for a type that is no function.
    static func functionResult(_ type: String) -> String? {
        var depth = 0
        let characters = Array(type)
        for index in characters.indices {
            if characters[index] == "(" || characters[index] == "[" || characters[index] == "<" { depth += 1 }
            else if characters[index] == ")" || characters[index] == "]" || characters[index] == ">" && (index == 0 || characters[index - 1] != "-") { depth -= 1 }
            else if depth == 0, characters[index] == "-", index + 1 < characters.count, characters[index + 1] == ">" {
                return String(characters[(index + 2)...]).filter { !$0.isWhitespace }
            }
        }
        return nil
    }

    static func unwrappedOptional(_ type: String) -> String {
        var text = type.trimmingCharacters(in: .whitespaces)
        while true {
            if text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast(); continue }
            if text.hasPrefix("Swift.Optional<"), text.hasSuffix(">") { text = String(text.dropFirst("Swift.Optional<".count).dropLast()); continue }
            if text.hasPrefix("("), text.hasSuffix(")"), !text.contains("->"), !text.contains(",") { text = String(text.dropFirst().dropLast()); continue }
            return text
        }
    }

    func same(_ name: String, _ wanted: String) -> Bool {
        name == wanted || name.hasSuffix("." + wanted) && !program.types.values.contains { $0.name == name }
    }

    func belongs(_ owner: String, to types: [String]) -> Bool {
        let root = Self.root(owner)
        return types.contains { $0 == "*" || $0 == owner || $0 == root }
    }

    /// `belongs`, and code in an extension of a protocol of the module that one of `types` adopts: a fluent
    /// `extension LapTimesClient { func cached() -> ... }` builds for every client, however it is spelled.
    /// (What a type's own member replaces is not its code: rules about a type's members keep to `belongs`.)
    func runsAsCode(of owner: String, in types: [String]) -> Bool {
        if belongs(owner, to: types) { return true }
        let root = Self.root(owner)
        guard isProtocol(root) else { return false }
        return types.contains { adopts($0, root) }
    }

    /// Whether the module's type `name` conforms to the protocol `proto`, directly, through a protocol it adopts,
    /// or through a class it inherits from.
    func adopts(_ name: String, _ proto: String) -> Bool {
        var seen: Set<String> = []
        var next = [name]
        while let current = next.popLast() {
            guard seen.insert(current).inserted, let type = typesByName[current] else { continue }
            for supertype in type.supertypes {
                let bare = String(supertype.split(separator: ".").last ?? Substring(supertype))
                if bare == proto { return true }
                next.append(bare)
            }
        }
        return false
    }

    func isProtocol(_ name: String) -> Bool { typesByName[name]?.kind == "protocol" }

    /// The module's type of that name (`RaceCar`, `RaceCar.Pit`), if there is one.
    func declared(_ name: String) -> ResolvedProgram.TypeDeclaration? { typesByName[name] }

    /// A type a container (or a root) becomes when it is handed over as something else: `Any`, or a protocol or
    /// class of the module, not the container's own type, not a function.
    func isAnotherFace(_ target: String, of containers: Set<String>) -> Bool {
        !containers.contains(where: { mentions(target, $0) }) && !target.contains("->")
            && (isErased(target) || Self.bareNames(target).contains(where: isProtocol) || isModuleReferenceType(target))
    }

    func descendants(of types: [String]) -> [String] {
        var found: [String] = []
        var changed = true
        while changed {
            changed = false
            for type in program.types.values where !found.contains(type.name) && !types.contains(type.name) {
                if type.supertypes.contains(where: { (types + found).contains($0) }) {
                    found.append(type.name)
                    changed = true
                }
            }
        }
        return found
    }

    /// A tuple of two or more of the module's collaborators (classes, protocols, actors), or a dictionary whose values are
    /// one: a bag of parts, wherever it sits in a declared type. A function's parameter list (`(engine: any Engine,
    /// wheels: any Wheels) -> RaceCar`) is no tuple: it is the parameters themselves.
    func bagOfCollaborators(_ type: String) -> (text: String, isDictionary: Bool)? {
        let characters = Array(type)
        func closing(_ start: Int, _ open: Character, _ close: Character) -> Int? {
            var depth = 0
            for index in start..<characters.count {
                if characters[index] == open { depth += 1 } else if characters[index] == close { depth -= 1; if depth == 0 { return index } }
            }
            return nil
        }
        func parts(_ inner: String, separator: Character) -> [String] {
            var result: [String] = [], depth = 0, current = ""
            for character in inner {
                // The `>` of an arrow (`->`) closes nothing.
                if "([<".contains(character) { depth += 1 } else if ")]".contains(character) || character == ">" && current.last != "-" { depth -= 1 }
                if character == separator && depth == 0 { result.append(current); current = "" } else { current.append(character) }
            }
            result.append(current)
            return result.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        func withoutLabel(_ element: String) -> String {
            guard let colon = element.range(of: ": "), !element[..<colon.lowerBound].contains(where: { "([<".contains($0) }) else { return element }
            return String(element[colon.upperBound...])
        }
        func collaborator(_ element: String) -> Bool {
            let bare = ProgramScope.unwrappedOptional(withoutLabel(element))
            return !bare.contains("->") && isModuleReferenceType(bare)
        }
        for (index, character) in characters.enumerated() {
            if character == "(", let end = closing(index, "(", ")") {
                var rest = String(characters[(end + 1)...]).trimmingCharacters(in: .whitespaces)
                for word in ["async", "throws", "rethrows"] where rest.hasPrefix(word) { rest = String(rest.dropFirst(word.count)).trimmingCharacters(in: .whitespaces) }
                if rest.hasPrefix("throws(") || rest.hasPrefix("->") { continue }
                let inner = String(characters[(index + 1)..<end])
                let elements = parts(inner, separator: ",")
                if elements.count >= 2 && elements.filter(collaborator).count >= 2 { return ("(\(inner))", false) }
            } else if character == "[", let end = closing(index, "[", "]") {
                let inner = String(characters[(index + 1)..<end])
                let pair = parts(inner, separator: ":")
                if pair.count == 2, collaborator(pair[1]) { return ("[\(inner)]", true) }
            } else if character == "<", String(characters[..<index]).hasSuffix("Dictionary"), let end = closing(index, "<", ">") {
                let inner = String(characters[(index + 1)..<end])
                let pair = parts(inner, separator: ",")
                if pair.count == 2, collaborator(pair[1]) { return ("Dictionary<\(inner)>", true) }
            }
        }
        return nil
    }

    /// A kept value that hands out one of `wanted` on request: a closure whose result mentions one (`() -> any Stopwatch`),
    /// or a type of the module (not one of `wanted`) with an instance method or property that gives one
    /// (`tower.stopwatch(for:)`). Returns how to name it and which one it hands out.
    func source(of wanted: [String], kept type: String) -> (String, String)? {
        if let arrow = type.range(of: "->", options: .backwards) {
            let result = String(type[arrow.upperBound...])
            if let hit = wanted.first(where: { mentions(result, $0) }) { return ("a closure (`\(type)`)", hit) }
            return nil
        }
        for name in DemangledName.typeNames(type) + Self.bareNames(type) {
            let short = name.split(separator: ".").last.map(String.init) ?? name
            guard let declared = typesByName[name] ?? typesByName[Self.withoutModule(name, program.module)] ?? typesByName[short],
                  !wanted.contains(where: { mentions(declared.name, $0) || adopts(declared.name, $0) }) else { continue }
            for member in program.membersByOwner[declared.name] ?? [] where !member.isStatic && !member.isImplicit {
                let gives = member.kind == "var_decl" ? member.type : member.kind == "func_decl" || member.kind == "subscript_decl" ? member.result : ""
                if let hit = wanted.first(where: { mentions(gives, $0) }) { return ("a `\(declared.name)`", hit) }
            }
        }
        return nil
    }

    /// Does a demangled type name `wanted` anywhere in it (`Optional<RaceCar>`, `[any Engine]`, `RaceCar.Type`)?
    func mentions(_ type: String, _ wanted: String) -> Bool {
        // A private nested type (`Container.(Registration in _9F...)`) never leaves its file: it is not the container.
        let visible = type.replacingOccurrences(of: #"[\w.]*\.\(\w+ in _[0-9A-Fa-f]+\)"#, with: "_", options: .regularExpression)
        return DemangledName.identifiers(visible).contains { name in
            // The type itself, module-qualified or not, or its metatype; a type nested in it (`Container.Registration`)
            // is a type of its own.
            name == wanted || name.hasSuffix("." + wanted) || name == wanted + ".Type" || name == wanted + ".Protocol"
        }
    }

    func matches(_ pattern: ForbiddenName, _ use: ResolvedProgram.Use) -> Bool {
        switch pattern {
        case .member(let base, let member):
            return use.name == member && use.owner.map { same($0, base) } == true
        case .construction(let type, let bare):
            return use.isInitializer && use.owner.map { same($0, type) } == true && (!bare || use.arguments == "()")
        case .global(let name):
            return use.owner == nil && use.name == name
        case .type(let type):
            if use.owner.map({ same($0, type) || Self.root($0) == type }) == true { return true }
            return use.path == [type]
        }
    }

    /// Free functions of the module that only excepted code can run: not visible outside the module, and every
    /// use of them in it lies in excepted code or in another such function. A helper the composition root
    /// splits off (`private func overridden(by:)` under `withDependencies`) is part of the root. (A method of
    /// another type is never one: handing the container to a car's method is the car reaching into it.)
    func helpersOfExcepted(by rule: LessonRule) -> Set<String> {
        let candidates = program.members.values.filter { member in
            member.kind == "func_decl" && member.owner == nil && !member.isVisibleOutside && !member.isImplicit
                && !(usedFrom[member.usr] ?? []).isEmpty
        }
        var helpers: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for member in candidates where !helpers.contains(member.usr) {
                let callers = usedFrom[member.usr] ?? []
                if callers.allSatisfy({ isExcepted($0, by: rule) || $0.memberUSR.map(helpers.contains) == true || $0.memberUSR == member.usr }) {
                    helpers.insert(member.usr)
                    changed = true
                }
            }
        }
        return helpers
    }

    func isExcepted(_ node: ResolvedProgram.Node, by rule: LessonRule) -> Bool {
        isExcepted(owner: node.owner, member: node.member, file: node.file, by: rule, initializer: node.memberUSR.flatMap { program.members[$0] }?.kind)
    }

    func isExcepted(owner: String?, member: String?, file: String, by rule: LessonRule, initializer kind: String? = nil) -> Bool {
        let fileName = file.split(separator: "/").last.map(String.init) ?? file
        if rule.exceptIn.contains(fileName) { return true }
        // A type nested in another (`extension DependencyValues { struct EngineKey }`) is still that type: an entry
        // names it, or its member, by its own path as well as by the full one.
        func names(_ qualified: String, _ entry: String) -> Bool { qualified == entry || qualified.hasSuffix("." + entry) }
        return rule.exceptIn.contains { entry in
            if let owner, names(owner, entry) || entry == Self.root(owner) { return true }
            guard let member else { return false }
            let qualified = owner.map { "\($0).\(member)" } ?? member
            return names(qualified, entry) || names(qualified + "()", entry) && kind != "var_decl"
        }
    }

    func place(_ node: ResolvedProgram.Node) -> LocalizedText {
        let context: ReferenceContext
        switch node.context {
        case .body: context = .body
        case .defaultArgument: context = .defaultArgument
        case .initialValue: context = .initialValue
        }
        return RuleChecker.place(node.owner, node.member, context)
    }

    // MARK: values and references

    static let valueTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Float80",
        "Bool", "String", "Character", "Substring", "Array", "Dictionary", "Set", "Optional", "Range", "ClosedRange",
        "Duration", "Never", "Void", "StaticString", "Unicode.Scalar", "Date", "UUID", "URL", "Data", "Decimal", "TimeInterval",
        "DateComponents", "Locale", "TimeZone", "Calendar", "CGFloat", "Result",
    ]

    /// A constant of this type may still share state: a class, an existential, a closure, or a value holding one.
    /// `varsCount`: a struct of the module with a `var` counts too (state when it is shared: a static one is); false
    /// asks only whether a reference is inside (a struct of values, `var`s or not, kept in a `var` is no collaborator).
    func holdsReference(_ written: String, varsCount: Bool = true) -> Bool {
        holdsReference(written, seen: [], varsCount: varsCount).holds
    }

    /// `cut`: the answer left out a type already on the path (a cycle), so a `false` is not yet that type's own.
    private func holdsReference(_ written: String, seen: Set<String>, varsCount: Bool) -> (holds: Bool, cut: Bool) {
        // A private type's name carries its file's discriminator (`M.Screen.(State in _AE62...)`): read it as `M.Screen.State`.
        let type = written.contains(" in _") ? Self.withoutDiscriminators(written) : written
        if type.contains("->") || type.contains("any ") || type.contains("some ") || type.contains("AnyObject") || type == "Any" { return (true, false) }
        var cut = false
        for name in DemangledName.typeNames(type) + Self.bareNames(type) {
            let short = name.split(separator: ".").last.map(String.init) ?? name
            if let declared = typesByName[name] ?? typesByName[Self.withoutModule(name, program.module)] ?? typesByName[short] {
                if declared.kind == "class_decl" || declared.kind == "protocol" { return (true, false) }
                if seen.contains(declared.name) { cut = true; continue }
                let key = "\(varsCount)|\(declared.name)"
                if let known = referenceAnswers.value(key) {
                    if known { return (true, false) }
                    continue
                }
                let stored = (program.membersByOwner[declared.name] ?? []).filter { $0.kind == "var_decl" && !$0.isStatic && $0.isStored }
                var innerCut = false
                var holds = false
                for member in stored {
                    if varsCount && !member.isLet { holds = true; break }
                    let answer = holdsReference(member.type, seen: seen.union([declared.name]), varsCount: varsCount)
                    if answer.holds { holds = true; break }
                    innerCut = innerCut || answer.cut
                }
                // Known for good: it holds one, or it holds none and no type on the path was left out below it.
                if holds || !innerCut { referenceAnswers.set(key, holds) }
                if holds { return (true, false) }
                cut = cut || innerCut
                continue
            }
            if Self.valueTypes.contains(short) { continue }
            return (true, false)
        }
        return (false, cut)
    }

    /// `Capstone.MessageListScreen.State` as the module declares it: `MessageListScreen.State` (a nested type's name).
    static func withoutModule(_ name: String, _ module: String) -> String {
        name.hasPrefix(module + ".") ? String(name.dropFirst(module.count + 1)) : name
    }

    /// `Capstone.Screen.(State in _AE62...)` as `Capstone.Screen.State`: a private type's file discriminator dropped.
    static func withoutDiscriminators(_ type: String) -> String {
        type.replacingOccurrences(of: #"\(([A-Za-z_][A-Za-z0-9_]*) in _[0-9A-F]+\)"#, with: "$1", options: .regularExpression)
    }

    /// Module type names the demangler printed without a module (the module's prefix was removed).
    static func bareNames(_ type: String) -> [String] {
        DemangledName.identifiers(type).filter { !$0.contains(".") && $0.first?.isUppercase == true && $0.count > 1 }
    }

    /// A class, protocol or actor declared in the module (`any Announcer`, `Engine?`, `M.PitRadio`).
    func isModuleReferenceType(_ type: String) -> Bool {
        for name in DemangledName.typeNames(type) + Self.bareNames(type) {
            let short = name.split(separator: ".").last.map(String.init) ?? name
            if let declared = typesByName[name] ?? typesByName[Self.withoutModule(name, program.module)] ?? typesByName[short],
               declared.kind == "class_decl" || declared.kind == "protocol" || declared.isActor { return true }
        }
        return false
    }

    /// `Any`, `AnyObject`, `Any?`: a type that can hold the container without saying so.
    func isErased(_ type: String) -> Bool {
        let bare = type.replacingOccurrences(of: "Swift.Optional<", with: "").replacingOccurrences(of: ">", with: "")
            .replacingOccurrences(of: "?", with: "")
        return ["Any", "AnyObject", "Swift.AnyObject", "Swift.Any", "Sendable", "Swift.Sendable", "any Swift.Sendable", "Any.Type"].contains(bare)
    }

    /// A closure whose result could be anything: `Any`, `AnyObject`, a generic parameter, or the container.
    func returnsAnything(_ type: String) -> Bool {
        guard let arrow = type.range(of: "->", options: .backwards) else { return false }
        let result = type[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
        return isErased(result) || result == "A" || result == "A?" || result.hasPrefix("A.")
    }

    /// `(Any.Type) -> Any`, `<A>(A.Type) -> A`: a function that hands out whatever it is asked for.
    func isResolverFunction(_ type: String) -> Bool {
        guard type.contains(".Type"), let arrow = type.range(of: "->", options: .backwards) else { return false }
        let result = type[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
        if isErased(result) { return true }
        // The type asked for handed back: a generic parameter (`<A>(A.Type) -> A`; in a protocol's requirement the
        // protocol's Self is `A`, so the method's own is `A1`, `B1`...), or one type (`(Driver.Type) throws -> Driver`,
        // a container's `resolve` handed on bound to it): a lookup by type, whatever it can look up.
        let asked = result.hasSuffix("?") || result.hasSuffix("!") ? String(result.dropLast()) : result
        guard let first = asked.first, first.isUppercase else { return false }
        let generic = asked.count <= 3 && asked.dropFirst().allSatisfy(\.isNumber)
        // One type asked for and handed back, in one call: `(Settings.Type) -> () -> Settings` is an initializer's
        // own type (`Settings.init` as a value), which builds, not looks up.
        guard generic || type.components(separatedBy: "->").count == 2 else { return false }
        return type[..<arrow.lowerBound].contains(asked + ".Type")
    }

    /// A type with a method that hands out whatever type it is asked for: a service locator.
    func isLocator(_ type: String) -> Bool {
        (program.membersByOwner[type] ?? []).contains { member in
            member.kind == "func_decl" && isResolverFunction(member.type)
        }
    }

    /// A protocol whose requirements hand out two or more different types of the module.
    func handsOutSeveralParts(_ proto: String) -> Bool {
        let results = (program.membersByOwner[proto] ?? []).compactMap { member -> String? in
            let result = member.kind == "var_decl" ? member.type : member.result
            return Self.bareNames(result).first { typesByName[$0] != nil }
        }
        return Set(results).count >= 2
    }
}

/// Rules every lesson has, whatever its `lesson.json` says.
enum CourseRules {
    static let unsafeID = "no-unsafe-references"
    static let bagID = "no-lookup-in-a-bag"
    static let concreteID = "works-through-the-protocol"
    /// A file the lesson gives as it is was changed (`kata check` only: a grader grades the course's copy).
    static let givenID = "keeps-given-files"
    /// The rules every lesson has without listing them.
    static let ids: Set<String> = [unsafeID, bagID, concreteID, UnstatedNumbers.ruleID, givenID]

    /// In every lesson: code that holds a collaborator as a protocol of the module and asks what it really is (`engine
    /// is V8Engine`, `announcer as? RadioAnnouncer`, `as!`) depends on that implementation after all: a test's double
    /// takes another path than the real part, so what passes with the double says nothing of the real one.
    /// A type that builds the objects it keeps behind a protocol of its own and casts them back (a container's typed
    /// registrations, erased to `any Registration`) asks nothing of a collaborator: what it casts to is its own product.
    static func concreteChecks(_ scope: ProgramScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        var builds: [String: Set<String>] = [:]
        // The module's protocols whose values it turns into `Any` or `AnyObject` somewhere (`engine as Any`, an argument
        // of type `Any`), in a fixed order.
        var erasedToAnything: [String] = []
        for node in scope.program.nodes.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
            for conversion in node.conversions where Self.holdsAnything(conversion.to) {
                for name in DemangledName.typeNames(conversion.from) + ProgramScope.bareNames(conversion.from) {
                    let short = ProgramScope.withoutModule(name, scope.program.module)
                    if scope.isProtocol(short), !erasedToAnything.contains(short) { erasedToAnything.append(short) }
                }
            }
        }
        for node in scope.program.nodes.values {
            guard let owner = node.owner.map(ProgramScope.root) else { continue }
            for use in node.uses where use.isInitializer {
                if let built = use.owner { builds[owner, default: []].insert(ProgramScope.withoutModule(built, scope.program.module)) }
            }
        }
        for node in scope.program.nodes.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
            for cast in node.casts where cast.downcast {
                let from = ProgramScope.unwrappedOptional(cast.from)
                let protocols = (DemangledName.typeNames(from) + ProgramScope.bareNames(from)).compactMap { name -> String? in
                    let short = ProgramScope.withoutModule(name, scope.program.module)
                    return scope.isProtocol(short) ? short : nil
                }
                let targets = (DemangledName.typeNames(cast.type) + ProgramScope.bareNames(cast.type)).compactMap { name -> String? in
                    let short = ProgramScope.withoutModule(name, scope.program.module)
                    guard let declared = scope.declared(short), declared.kind != "protocol" else { return nil }
                    return short
                }
                guard let proto = protocols.first, let target = targets.first else { continue }
                if let owner = node.owner.map(ProgramScope.root), let own = builds[owner],
                   own.contains(target) || own.contains(where: { $0.hasPrefix(target + "<") }) { continue }
                let who = node.owner.map(ProgramScope.root) ?? node.member ?? "this code"
                found.append(RuleFinding(file: cast.file, line: cast.line, rule: concreteID, messages: LocalizedText(
                    english: "`\(who)` is handed an `\(proto)` and checks here whether it really is a `\(target)` (\(scope.place(node).english)): the real part and a test's double now take different paths, so a test that passes with the double proves nothing about the real one. Fix: work only through `\(proto)`; if a \(target) must behave differently, that belongs in \(target) itself.",
                    chinese: "`\(who)` 拿到的是 `\(proto)`，却在这里检查它是不是 `\(target)`（\(scope.place(node).chinese)）：真实零件和测试替身从此走不同的路，用替身通过的测试说明不了真实零件的任何事。改法：只通过 `\(proto)` 工作；如果 \(target) 必须有不同的行为，应该写在 \(target) 自己里面。")))
            }
            // The same question without a cast: the type behind the protocol read at run time (`type(of: engine)`,
            // `Mirror(reflecting: engine)`), then compared, printed or matched by name. A value typed `Any` (or
            // `AnyObject`) read so is every protocol value the module erases to it: `logLine(engine)` with
            // `func logLine(_ value: Any) -> String { "\(value)" }` spells the engine's type as surely.
            for read in node.dynamicTypeReads {
                var protocols = (DemangledName.typeNames(read.type) + ProgramScope.bareNames(read.type)).compactMap { name -> String? in
                    let short = ProgramScope.withoutModule(name, scope.program.module)
                    return scope.isProtocol(short) ? short : nil
                }
                if protocols.isEmpty, Self.holdsAnything(read.type), let erased = erasedToAnything.first {
                    protocols = [erased]
                }
                guard let proto = protocols.first else { continue }
                let who = node.owner.map(ProgramScope.root) ?? node.member ?? "this code"
                found.append(RuleFinding(file: read.file, line: read.line, rule: concreteID, messages: LocalizedText(
                    english: "`\(who)` is handed an `\(proto)` and reads here what type it really is (`type(of:)`, `Mirror`, or its default description, `\"\\(value)\"`, `String(describing:)` or `print(value, to: &text)`, which spells the type's name; \(scope.place(node).english)): whatever it then compares, by type or by name, the real part and a test's double take different paths, so a test that passes with the double proves nothing about the real one. Fix: work only through `\(proto)`; if one part must behave differently, that belongs in that part itself.",
                    chinese: "`\(who)` 拿到的是 `\(proto)`，却在这里读取它真正的类型（`type(of:)`、`Mirror`，或者它默认的文字描述 `\"\\(value)\"`、`String(describing:)`、`print(value, to: &text)`，其中写着类型的名字；\(scope.place(node).chinese)）：之后无论按类型还是按名字比较，真实零件和测试替身都会走不同的路，用替身通过的测试说明不了真实零件的任何事。改法：只通过 `\(proto)` 工作；如果某个零件必须有不同的行为，应该写在那个零件自己里面。")))
            }
        }
        return found
    }

    /// `Any`, `AnyObject`, `any Sendable` or an optional of one: a type that holds a value of any type at all.
    static func holdsAnything(_ type: String) -> Bool {
        let bare = ProgramScope.unwrappedOptional(type).replacingOccurrences(of: "Swift.", with: "")
        return ["Any", "AnyObject", "any Sendable", "Sendable", "any Any"].contains(bare)
    }

    /// In every lesson: a type that is handed (or keeps) a value typed `Any`, `AnyObject`, `[String: Any]` or
    /// `(Any.Type) -> Any`, and casts in its own code to a class or protocol of the module, looks its
    /// collaborators up in a bag: a service locator whose type no longer says what it needs. A container the
    /// lesson itself teaches (a `container` of a rule, or code a `container_only_in` rule allows) is exempt:
    /// keeping factories as `Any` and casting them back is its job.
    static func lookupsInABag(_ scope: ProgramScope, rules: [LessonRule]) -> [RuleFinding] {
        let containerRules = rules.filter { $0.kind == .containerOnlyIn }
        let containers = containerRules.flatMap(\.container)
        func exempt(_ owner: String, member: String?, file: String) -> Bool {
            scope.belongs(owner, to: containers + scope.descendants(of: containers))
                || containerRules.contains { scope.isExcepted(owner: owner, member: member, file: file, by: $0) }
        }
        var casting: [String: (file: String, line: Int, type: String)] = [:]
        for node in scope.program.nodes.values {
            guard let owner = node.owner.map(ProgramScope.root) else { continue }
            for cast in node.casts where scope.isModuleReferenceType(cast.type) && casting[owner] == nil {
                casting[owner] = (cast.file, cast.line, cast.type)
            }
        }
        var found: [RuleFinding] = []
        for member in scope.program.members.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) })
            where !member.isStatic && !member.isImplicit
            && (member.kind == "constructor_decl" || member.kind == "func_decl" || member.kind == "var_decl" && (member.isStored || member.isLazy)) {
            guard let owner = member.owner, let cast = casting[ProgramScope.root(owner)],
                  MeaningJudge.erasesToAny(scope.program.expandingAliases(member.kind == "var_decl" ? member.type : Self.parameters(of: member.type))),
                  !exempt(owner, member: member.name, file: member.file) else { continue }
            let holder = member.kind == "var_decl" ? "\(owner).\(member.name)" : "\(owner).\(member.name)\(member.arguments)"
            found.append(RuleFinding(file: member.file, line: member.line, rule: bagID, messages: LocalizedText(
                english: "`\(holder)` takes a value of type `Any` (or a bag of them), and `\(owner)` reads a collaborator back out of it with a cast to `\(cast.type)` (\(cast.file):\(cast.line)): a service locator whose type no longer says what it needs, and a missing part shows only at run time. Fix: take each collaborator as a parameter or property of its own protocol type.",
                chinese: "`\(holder)` 接收 `Any` 类型的值（或一袋这样的值），而 `\(owner)` 再用类型转换从中取出协作者 `\(cast.type)`（\(cast.file):\(cast.line)）：这是服务定位器，类型不再说明它需要什么，缺少的零件只能在运行时发现。改法：把每个协作者作为各自协议类型的参数或属性接收。")))
        }
        // The bag behind a type of the learner's own: a type (or a protocol) that hands out whatever type it is asked for
        // (`func get<T>(_: T.Type) -> T?`), taken or kept by a type that is not it, not a container the lesson
        // teaches, and not code a container rule allows.
        // A protocol with such a requirement is the same locator behind an interface (`any PartsDepot`).
        let locators = Set(scope.program.types.values.filter { scope.isLocator($0.name) }.map(\.name))
        if !locators.isEmpty {
            for member in scope.program.members.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) })
                where !member.isStatic && !member.isImplicit
                && (member.kind == "constructor_decl" || member.kind == "func_decl" || member.kind == "var_decl" && (member.isStored || member.isLazy)) {
                guard let owner = member.owner, !exempt(owner, member: member.name, file: member.file),
                      !found.contains(where: { $0.file == member.file && $0.line == member.line }) else { continue }
                // The locator itself, taken or kept; a closure that is handed one (a factory a container runs with
                // itself) is the container's own design, not a lookup.
                let written = scope.program.expandingAliases(member.kind == "var_decl" ? member.type : Self.ownParameters(of: member.type))
                let pieces = member.kind == "var_decl" ? [written] : Self.topLevelPieces(written)
                var names = Set(pieces.filter { !$0.contains("->") }.flatMap(ProgramScope.bareNames))
                // A generic parameter (`some Depot`, `<D: Depot>`) takes what its constraint says.
                names.formUnion(member.constraints)
                guard let locator = locators.sorted().first(where: { names.contains($0) && ProgramScope.root($0) != ProgramScope.root(owner) }) else { continue }
                let holder = member.kind == "var_decl" ? "\(owner).\(member.name)" : "\(owner).\(member.name)\(member.arguments)"
                found.append(RuleFinding(file: member.file, line: member.line, rule: bagID, messages: LocalizedText(
                    english: "`\(holder)` takes a `\(locator)`, which hands out whatever type it is asked for: `\(owner)` looks its collaborators up instead of being handed them (a service locator, whatever its name), so its initializer no longer says what it needs and a missing part shows only at run time. Fix: take each collaborator as a parameter of its own type.",
                    chinese: "`\(holder)` 接收一个 `\(locator)`，它会按要求交出任何类型：`\(owner)` 是自己去查找协作者，而不是被交给协作者（这就是服务定位器，不管它叫什么名字），于是它的初始化方法不再说明它需要什么，缺少的零件只能在运行时发现。改法：把每个协作者作为各自类型的参数接收。")))
            }
        }
        return found
    }

    /// The parameters of a parameter list, split at its top-level commas: `(a: X, b: (C) -> Y)` -> `a: X`, `b: (C) -> Y`.
    static func topLevelPieces(_ list: String) -> [String] {
        var text = Substring(list.trimmingCharacters(in: .whitespaces))
        if text.hasPrefix("("), text.hasSuffix(")") { text = text.dropFirst().dropLast() }
        var pieces: [String] = [], current = "", depth = 0
        var previous: Character = " "
        for character in text {
            if "([<".contains(character) { depth += 1 }
            if ")]".contains(character) || character == ">" && previous != "-" { depth -= 1 }
            if character == ",", depth == 0 { pieces.append(current); current = "" } else { current.append(character) }
            previous = character
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { pieces.append(current) }
        return pieces
    }

    /// A member's own parameter list, without the `Self` a method's type starts with:
    /// `(RaceCar.Type) -> (depot: any PartsDepot) -> RaceCar` -> `(depot: any PartsDepot)`.
    static func ownParameters(of type: String) -> String {
        let list = parameters(of: type)
        var depth = 0
        var cut: String.Index?
        var index = list.startIndex
        while index < list.endIndex {
            if list[index...].hasPrefix("->") {
                if depth == 0 { cut = list.index(index, offsetBy: 2) }
                index = list.index(index, offsetBy: 2)
                continue
            }
            let character = list[index]
            if "([<".contains(character) { depth += 1 } else if ")]>".contains(character) { depth -= 1 }
            index = list.index(after: index)
        }
        return cut.map { String(list[$0...]).trimmingCharacters(in: .whitespaces) } ?? list
    }

    /// The parameter list of a function type, without its result: `(crewRoom: [String : Any]) -> Car` -> `(crewRoom: [String : Any])`.
    static func parameters(of type: String) -> String {
        guard let arrow = type.range(of: "->", options: .backwards) else { return type }
        // The last arrow at depth zero separates the parameters from the result.
        var depth = 0
        var cut: String.Index?
        var index = type.startIndex
        while index < type.endIndex {
            let character = type[index]
            if type[index...].hasPrefix("->") {
                if depth == 0 { cut = index }
                index = type.index(index, offsetBy: 2)
                continue
            }
            if "([<".contains(character) { depth += 1 } else if ")]>".contains(character) { depth -= 1 }
            index = type.index(after: index)
        }
        return String(type[..<(cut ?? arrow.lowerBound)])
    }

    static func unsafeReferences(_ scope: ProgramScope) -> [RuleFinding] {
        let fix = LocalizedText(
            english: "Keep a collaborator in a strong `let` (or `weak var` where the lesson asks for a weak reference), and use no unsafe pointer or `Unmanaged`: they let a program run on memory that is already gone.",
            chinese: "用强引用的 `let` 保存协作者（课文要求弱引用时用 `weak var`），不要使用不安全指针或 `Unmanaged`：它们会让程序在已经释放的内存上继续运行。")
        func finding(_ file: String, _ line: Int, _ what: String, _ chinese: String) -> RuleFinding {
            RuleFinding(file: file, line: line, rule: unsafeID, messages: LocalizedText(
                english: "\(what) Fix: \(fix.english)", chinese: "\(chinese)改法：\(fix.chinese)"))
        }
        var found: [RuleFinding] = []
        for member in scope.program.members.values where member.markers.contains("unowned(unsafe)") {
            found.append(finding(member.file, member.line,
                                 "`\(member.name)` is `unowned(unsafe)`: when the object goes away, the reference points at freed memory, and the program may pass or crash at random.",
                                 "`\(member.name)` 是 `unowned(unsafe)`：对象释放后，这个引用指向已释放的内存，程序可能随机通过或崩溃。"))
        }
        // A capture list's or a local's `unowned(unsafe)` is in no declaration the compiler's JSON describes (its capture
        // entries carry no ownership): the words themselves are the meaning, and no other spelling says it (`Unmanaged`,
        // below, is the other way in).
        var reported = Set(found.map { "\($0.file):\($0.line)" })
        for (file, text) in scope.program.texts.sorted(by: { $0.key < $1.key }) where text.contains("unsafe") {
            let tokens = SwiftLexer.tokens(of: text)
            let lines = LineIndex(text)
            for index in tokens.indices.dropLast(3) where tokens[index].text == "unowned" && tokens[index + 1].is("(")
                && tokens[index + 2].text == "unsafe" && tokens[index + 3].is(")") {
                let line = lines.line(of: tokens[index].offset)
                guard reported.insert("\(file):\(line)").inserted else { continue }
                let name = index + 4 < tokens.count && tokens[index + 4].isIdentifier && !["let", "var"].contains(tokens[index + 4].text)
                    ? tokens[index + 4].text : (index + 5 < tokens.count && tokens[index + 5].isIdentifier ? tokens[index + 5].text : "a reference")
                found.append(finding(file, line,
                                     "`\(name)` is captured or kept `unowned(unsafe)`: when the object goes away, the reference points at freed memory, and the program may pass or crash at random.",
                                     "`\(name)` 以 `unowned(unsafe)` 方式被捕获或保存：对象释放后，这个引用指向已释放的内存，程序可能随机通过或崩溃。"))
            }
        }
        for node in scope.program.nodes.values {
            for use in node.uses where use.module == "Swift" {
                let name = use.path.first ?? ""
                if name.hasPrefix("Unsafe") || name == "Unmanaged" || name.hasPrefix("withUnsafe") || name.hasPrefix("unsafe")
                    || name.hasPrefix("OpaquePointer") || name.hasPrefix("AutoreleasingUnsafe") {
                    found.append(finding(use.file, use.line, "`\(use.shownName)` is unsafe code: it steps outside what Swift checks for you.",
                                         "`\(use.shownName)` 是不安全的代码：它绕过了 Swift 替你做的检查。"))
                }
            }
        }
        return found
    }
}

/// The system's ambient services, each a set of declarations that read it. A rule that forbids one
/// of them (`Date()`, `Int.random`, `FileManager.default`) forbids the whole service: another API
/// reads the same clock.
struct SystemServices: Sendable {
    let name: String
    /// Names a lesson's rule may use for this service.
    let triggers: Set<String>
    let reads: @Sendable (ResolvedProgram.Use) -> Bool

    func shown(_ use: ResolvedProgram.Use) -> String { "\(use.shownName)` (the system \(name))`".replacingOccurrences(of: "` (", with: " (").replacingOccurrences(of: ")`", with: ")") }

    static func named(by names: [String]) -> [SystemServices] {
        all.filter { service in names.contains { service.triggers.contains($0) } }
    }

    static let all: [SystemServices] = [clock, random, fileSystem, threadStorage, environment]

    /// What the process and the machine it runs on are set to: environment variables, arguments, the user and
    /// their settings (locale, time zone, calendar, defaults). The same code answers differently on another
    /// machine, or when the test runner sets a variable.
    static let environment = SystemServices(name: "process environment",
                                            triggers: ["ProcessInfo.processInfo", "ProcessInfo", "getenv", "CommandLine.arguments", "Locale.current", "UserDefaults.standard"]) { use in
        switch use.owner ?? "" {
        case "ProcessInfo", "NSProcessInfo", "CommandLine", "UserDefaults", "NSUserDefaults", "Host": return true
        case "Locale", "NSLocale", "TimeZone", "NSTimeZone", "Calendar", "NSCalendar":
            return ["current", "autoupdatingCurrent", "preferredLanguages", "local", "system"].contains(use.name) && use.isStaticMember
        default:
            return use.owner == nil && (["getenv", "secure_getenv", "setenv", "unsetenv", "putenv", "getlogin", "getuid", "gethostname"].contains(use.name) && use.isC
                || ["NSHomeDirectory", "NSUserName", "NSFullUserName", "NSTemporaryDirectory"].contains(use.name))
        }
    }

    /// Storage kept per thread: what one thread keeps there, another never sees.
    static let threadStorage = SystemServices(name: "per-thread storage", triggers: ["Thread.current", "Thread.threadDictionary"]) { use in
        if use.owner == "Thread" || use.owner == "NSThread" { return use.name == "current" || use.name == "threadDictionary" }
        return use.owner == nil && use.isC && ["pthread_getspecific", "pthread_setspecific", "pthread_key_create"].contains(use.name)
    }

    static let clock = SystemServices(name: "clock", triggers: ["Date()", "Date.now", "Date"]) { use in
        let owner = use.owner ?? ""
        let name = use.name
        switch owner {
        case "Date", "NSDate":
            return (name == "init" && (use.arguments == "()" || use.arguments == "(timeIntervalSinceNow:)"))
                || name == "now" || name == "timeIntervalSinceNow" || name == "timeIntervalSinceReferenceDate" && use.isStaticMember
        case "DispatchTime", "DispatchWallTime", "ContinuousClock", "SuspendingClock", "ContinuousClock.Instant", "SuspendingClock.Instant", "CFAbsoluteTime":
            return name == "now"
        case "ProcessInfo": return name == "systemUptime"
        default:
            return use.owner == nil && ["CFAbsoluteTimeGetCurrent", "clock_gettime", "gettimeofday", "time", "mach_absolute_time", "CACurrentMediaTime"].contains(name)
        }
    }

    static let random = SystemServices(name: "random number generator", triggers: ["Int.random", "Double.random", "Bool.random", "random", "SystemRandomNumberGenerator"]) { use in
        if use.arguments.contains("using:") { return false }
        let name = use.name
        if ["random", "randomElement", "shuffled", "shuffle"].contains(name), use.module == "Swift" { return true }
        if name == "init", use.owner == "SystemRandomNumberGenerator" || use.owner == "UUID" && use.arguments == "()" { return true }
        return use.owner == nil && ["arc4random", "arc4random_uniform", "drand48", "rand", "random", "lrand48"].contains(name)
    }

    static let fileSystem = SystemServices(name: "file system", triggers: ["FileManager.default", "FileManager"]) { use in
        let owner = use.owner ?? ""
        if owner == "FileManager" || owner == "FileHandle" || owner == "NSFileManager" { return true }
        if (owner == "Data" || owner == "String" || owner == "NSString" || owner == "NSData"),
           use.name == "init", use.arguments.contains("contentsOf") { return true }
        if (owner == "Data" || owner == "String" || owner == "StringProtocol"), use.name == "write" { return true }
        return use.owner == nil && ["fopen", "open", "creat", "unlink", "remove", "rename", "mkdir"].contains(use.name) && use.isC
    }
}

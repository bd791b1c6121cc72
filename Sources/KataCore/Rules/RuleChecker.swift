/// Checks a lesson's rules on the learner's code, read by the project's own
/// token reader (`TokenReader`): comments and string text never count, every
/// branch of an `#if` counts, and a multi-line expression is one expression.
///
///     let model = SourceModel.read(files)            // [(name, text)]
///     let findings = RuleChecker(rules: lesson.metadata.rules).findings(in: model)
public struct RuleChecker: Sendable {
    public var rules: [LessonRule]

    public init(rules: [LessonRule]) { self.rules = rules }

    public func findings(in model: CodeModel) -> [RuleFinding] {
        let scope = ModelScope(model)
        var found: [RuleFinding] = []
        for rule in rules {
            let raw: [RuleFinding]
            switch rule.kind {
            case .forbiddenReference: raw = forbiddenReferences(rule, scope)
            // Only the compiler's reading knows which closures escape into a container.
            case .noConstruction: raw = rule.allow.contains(.factoryClosure) ? [] : constructions(rule, scope)
            case .noStaticState: raw = staticState(rule, scope)
            case .actor: raw = actors(rule, scope)
            case .sendable: raw = sendables(rule, scope)
            case .noUncheckedState: raw = uncheckedState(rule, scope)
            // Only the compiler's reading (`MeaningJudge`) can judge these.
            case .keptInLet, .noDefaultArgument, .protocolRequirements, .nullObject, .lockHeld, .noDowncast, .noReachThrough, .notStored, .keepsEverything, .declaresWhatItResolves: raw = []
            case .containerOnlyIn: raw = containers(rule, scope)
            }
            // One finding per line and rule: a line that names the singleton twice is one place to fix.
            var seen: Set<String> = []
            found += raw.filter { seen.insert("\($0.file):\($0.line)").inserted }
        }
        return found.sorted { ($0.file, $0.line, $0.rule) < ($1.file, $1.line, $1.rule) }
    }

    // MARK: the kinds

    private func forbiddenReferences(_ rule: LessonRule, _ scope: ModelScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for name in rule.names {
            let pattern = ForbiddenName(name)
            for reference in scope.model.references where !scope.isExcepted(owner: reference.owner, member: Self.exceptable(reference.member, reference.context), file: reference.file, by: rule) {
                let hit: Bool
                switch (pattern, scope.resolvedShape(reference)) {
                case (.member(let base, let member), .member(let written, let used)):
                    hit = used == member && scope.resolves(written, to: base)
                case (.construction(let type, let withoutArguments), .construction(let written)):
                    hit = scope.resolves(written, to: type) && (!withoutArguments || reference.withoutArguments)
                case (.global(let wanted), .name(let used)):
                    hit = used == wanted
                case (.type(let type), .member(let written, _)), (.type(let type), .construction(let written)):
                    hit = scope.resolves(written, to: type)
                default:
                    hit = false
                }
                if hit {
                    found.append(Self.finding(rule, file: reference.file, line: reference.line,
                                         what: Self.named(pattern.shown, where: Self.place(reference.owner, reference.member, reference.context))))
                }
            }
            if case .member(let base, let member) = pattern {
                for reference in scope.model.implicitMembers where reference.member == member
                    && !scope.isExcepted(owner: reference.owner, member: Self.exceptable(reference.inMember, reference.context), file: reference.file, by: rule) {
                    let known = reference.contextTypes.contains { scope.resolves($0, to: base) }
                    let guessed = reference.contextTypes.isEmpty && scope.memberIsUnique(member, of: base)
                    if known || guessed {
                        found.append(Self.finding(rule, file: reference.file, line: reference.line,
                                             what: Self.named("\(base).\(member)", written: ".\(member)", where: Self.place(reference.owner, reference.inMember, reference.context))))
                    }
                }
            }
            if case .type(let type) = pattern {
                for mention in scope.model.typeMentions where scope.resolves(mention.name, to: type)
                    && !scope.isExcepted(owner: mention.owner, member: Self.exceptable(mention.member, mention.context), file: mention.file, by: rule) {
                    found.append(Self.finding(rule, file: mention.file, line: mention.line,
                                         what: Self.named(type, where: Self.place(mention.owner, mention.member, mention.context))))
                }
                for member in scope.model.members where !scope.isExcepted(owner: member.owner, member: (member.name, member.kind == .property && !member.isComputed), file: member.file, by: rule) {
                    let named = member.typeNames + member.parameters.flatMap(\.typeNames)
                    if named.contains(where: { scope.resolves($0, to: type) }) {
                        found.append(Self.finding(rule, file: member.file, line: member.line,
                                             what: Self.named(type, where: Self.place(member.owner, member.name, .body))))
                    }
                }
            }
        }
        return found
    }

    private func constructions(_ rule: LessonRule, _ scope: ModelScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        // A protocol (or class) in `of` stands for every type of the module that conforms to it (or inherits
        // from it): a clock of the learner's own, under any name, is still a clock built inside.
        var rule = rule
        rule.of += scope.descendants(of: rule.of).filter { !rule.of.contains($0) }
        func allowed(_ context: ReferenceContext, convenience: Bool) -> Bool {
            (context == .defaultArgument && rule.allow.contains(.defaultArgument))
                || (convenience && rule.allow.contains(.convenienceInit))
        }
        for reference in scope.model.references {
            guard case .construction(let written) = reference.shape,
                  scope.belongs(reference.owner, to: rule.inTypes),
                  !scope.isExcepted(owner: reference.owner, member: Self.exceptable(reference.member, reference.context), file: reference.file, by: rule),
                  let built = rule.of.first(where: { scope.resolves(written, to: $0) }),
                  !allowed(reference.context, convenience: reference.inConvenienceInit)
            else { continue }
            found.append(Self.finding(rule, file: reference.file, line: reference.line,
                                 what: Self.builds(reference.owner ?? "?", built, where: Self.place(reference.owner, reference.member, reference.context))))
        }
        // Built one step away: a static member of the type that hands out a new one (`PitCrew.fullStock()`,
        // `SystemClock.live`, `.fullStock()` as a default), or a function of the module that returns one.
        // (`shared` and its kin are singletons, which `forbidden_reference` rules name.)
        let singletonNames: Set<String> = ["shared", "default", "standard", "current", "main", "instance", "sharedInstance"]
        var makers: [String: String] = [:]  // "Type.member" or "function" -> the type it makes
        for member in scope.model.members where !singletonNames.contains(member.name) && member.kind != .initializer {
            let made = member.kind == .method ? member.resultTypeNames : member.typeNames + [member.initialValueCall].compactMap { $0 }
            if let owner = member.owner, member.isStatic, let type = rule.of.first(where: { scope.resolves(owner, to: $0) }) {
                if member.declaredAsSelf || made.contains("Self") || made.contains(where: { scope.resolves($0, to: type) }) {
                    makers["\(ModelScope.root(owner)).\(member.name)"] = type
                }
            } else if member.owner == nil, member.kind == .method, let type = rule.of.first(where: { of in made.contains { scope.resolves($0, to: of) } }) {
                makers[member.name] = type
            }
        }
        if !makers.isEmpty {
            for reference in scope.model.references {
                guard scope.belongs(reference.owner, to: rule.inTypes),
                      !scope.isExcepted(owner: reference.owner, member: Self.exceptable(reference.member, reference.context), file: reference.file, by: rule),
                      !allowed(reference.context, convenience: reference.inConvenienceInit) else { continue }
                var key: String?
                switch scope.resolvedShape(reference) {
                case .member(let base, let member): key = makers.keys.first { $0 == "\(ModelScope.root(base)).\(member)" || $0.hasSuffix(".\(member)") && scope.resolves(base, to: String($0.split(separator: ".").first ?? "")) }
                case .name(let name): key = makers[name] != nil ? name : nil
                default: key = nil
                }
                guard let key, let built = makers[key] else { continue }
                found.append(Self.finding(rule, file: reference.file, line: reference.line,
                                     what: Self.builds(reference.owner ?? "?", built, where: Self.through(key, Self.place(reference.owner, reference.member, reference.context)))))
            }
            for reference in scope.model.implicitMembers where reference.member != "init" {
                guard scope.belongs(reference.owner, to: rule.inTypes),
                      !scope.isExcepted(owner: reference.owner, member: Self.exceptable(reference.inMember, reference.context), file: reference.file, by: rule),
                      !allowed(reference.context, convenience: false),
                      let key = makers.keys.first(where: { key in
                          key.hasSuffix(".\(reference.member)") && reference.contextTypes.contains { scope.resolves($0, to: String(key.split(separator: ".").first ?? "")) }
                      }), let built = makers[key] else { continue }
                found.append(Self.finding(rule, file: reference.file, line: reference.line,
                                     what: Self.builds(reference.owner ?? "?", built, where: Self.through(key, Self.place(reference.owner, reference.inMember, reference.context)))))
            }
        }
        for reference in scope.model.implicitMembers where reference.member == "init" {
            guard scope.belongs(reference.owner, to: rule.inTypes),
                  !scope.isExcepted(owner: reference.owner, member: Self.exceptable(reference.inMember, reference.context), file: reference.file, by: rule),
                  let built = rule.of.first(where: { type in reference.contextTypes.contains { scope.resolves($0, to: type) } }),
                  !allowed(reference.context, convenience: false)
            else { continue }
            found.append(Self.finding(rule, file: reference.file, line: reference.line,
                                 what: Self.builds(reference.owner ?? "?", built, where: Self.place(reference.owner, reference.inMember, reference.context))))
        }
        return found
    }

    private func staticState(_ rule: LessonRule, _ scope: ModelScope) -> [RuleFinding] {
        let everyType = rule.inTypes.contains("*")
        let filesOfTypes = Set(scope.model.types.filter { scope.belongs($0.name, to: rule.inTypes) }.map(\.file))
        var found: [RuleFinding] = []
        for member in scope.model.members where member.kind == .property && member.isStatic && !member.isComputed {
            if member.attributes.contains("TaskLocal") { continue }
            if !member.isMutable && (member.initialValueIsLiteral || scope.isValue(member.initialValueCall)) { continue }
            // Allowed by name (a stored `static var` of that name is judged on the compiler's reading, which knows the
            // files the lesson gives as they are).
            if scope.isExcepted(owner: member.owner, member: (member.name, member.kind == .property && !member.isComputed), file: member.file, by: rule) { continue }
            // A constant read only by a declaration the lesson allows (`static var liveValue: any Engine { live }`
            // over `private static let live = V8Engine()`) is that declaration under another name. (Whether code
            // outside the module can read it is the compiler's reading's to judge.)
            if !member.isMutable, let owner = member.owner {
                let readers = scope.model.references.filter { reference in
                    switch reference.shape {
                    case .name(let name): return name == member.name && reference.owner == owner
                    case .member(let base, let used): return used == member.name && scope.resolves(base, to: owner)
                    case .construction: return false
                    }
                }
                if !readers.isEmpty, readers.allSatisfy({ scope.isExcepted(owner: $0.owner, member: Self.exceptable($0.member, $0.context), file: $0.file, by: rule) }) { continue }
            }
            if let owner = member.owner {
                guard scope.belongs(owner, to: rule.inTypes) else { continue }
            } else {
                guard rule.globals, everyType || filesOfTypes.contains(member.file) else { continue }
            }
            found.append(Self.finding(rule, file: member.file, line: member.line,
                                 what: Self.keepsState(member)))
        }
        return found
    }

    private func actors(_ rule: LessonRule, _ scope: ModelScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for name in rule.types {
            let declarations = scope.model.types.filter { $0.name == name && $0.kind != .extension }
            guard let declaration = declarations.first else {
                found.append(Self.finding(rule, file: "", line: 0, what: LocalizedText(
                    english: "There is no type named `\(name)`; the lesson asks for an actor of that name.",
                    chinese: "找不到名为 `\(name)` 的类型；本课要求一个同名的 actor。")))
                continue
            }
            guard declaration.kind != .actor else { continue }
            let unchecked = declaration.isUncheckedSendable
            found.append(Self.finding(rule, file: declaration.file, line: declaration.line, what: LocalizedText(
                english: "`\(name)` is declared as a \(declaration.kind.rawValue)\(unchecked ? " marked `@unchecked Sendable` (which only tells the compiler not to check it)" : ""), not as an actor.",
                chinese: "`\(name)` 被声明为 \(declaration.kind.rawValue)\(unchecked ? "，并标了 `@unchecked Sendable`（这只是让编译器不再检查）" : "")，而不是 actor。")))
        }
        return found
    }

    private func sendables(_ rule: LessonRule, _ scope: ModelScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        for name in rule.types {
            let all = scope.model.types.filter { $0.name == name }
            guard let declaration = all.first(where: { $0.kind != .extension }) else {
                found.append(Self.finding(rule, file: "", line: 0, what: LocalizedText(
                    english: "There is no type named `\(name)`; the lesson asks for a Sendable type of that name.",
                    chinese: "找不到名为 `\(name)` 的类型；本课要求一个同名的 Sendable 类型。")))
                continue
            }
            // An actor is Sendable; so is a type that says so, where it is declared or in an extension of it.
            let says = all.contains { $0.isUncheckedSendable || $0.inherits.contains { $0 == "Sendable" || $0.hasSuffix(".Sendable") } }
            guard declaration.kind != .actor, !says else { continue }
            found.append(Self.finding(rule, file: declaration.file, line: declaration.line, what: LocalizedText(
                english: "`\(name)` is a \(declaration.kind.rawValue) that does not say it is `Sendable`: the compiler will not let it cross tasks, so every caller has to switch the checks off (`nonisolated(unsafe)`) where one mark, beside the lock that keeps the promise, would do.",
                chinese: "`\(name)` 是一个没有声明 `Sendable` 的 \(declaration.kind.rawValue)：编译器不允许它跨任务传递，于是每个调用者都得在自己那里关掉检查（`nonisolated(unsafe)`），而本来只要在兑现承诺的锁旁边标记一次就够了。")))
        }
        return found
    }

    /// Locks that make mutable state safe to share by hand.
    static let locks: Set<String> = ["NSLock", "NSRecursiveLock", "NSCondition", "Mutex", "OSAllocatedUnfairLock",
                                     "DispatchQueue", "DispatchSemaphore", "Atomic", "ManagedAtomic", "os_unfair_lock", "pthread_mutex_t"]

    /// What a stored property marked `nonisolated(unsafe)` is, in both readings' findings.
    static func uncheckedProperty(_ owner: String, _ name: String) -> LocalizedText {
        LocalizedText(
            english: "`\(owner).\(name)` is marked `nonisolated(unsafe)` (which only tells the compiler not to check it): tasks that share `\(owner)` reach it with nothing in between, and race.",
            chinese: "`\(owner).\(name)` 标了 `nonisolated(unsafe)`（这只是让编译器不再检查）：共享 `\(owner)` 的任务可以直接访问它，彼此之间没有任何保护，会发生数据竞争。")
    }

    private func uncheckedState(_ rule: LessonRule, _ scope: ModelScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        // A stored instance property marked `nonisolated(unsafe)`, in any type (an actor's included): the same silencing.
        for member in scope.model.members where member.kind == .property && !member.isStatic && !member.isComputed
            && member.attributes.contains("nonisolated(unsafe)") {
            guard let owner = member.owner, scope.belongs(owner, to: rule.inTypes),
                  !scope.isExcepted(owner: owner, member: (member.name, true), file: member.file, by: rule) else { continue }
            found.append(Self.finding(rule, file: member.file, line: member.line, what: Self.uncheckedProperty(owner, member.name)))
        }
        let marked = Set(scope.model.types.filter(\.isUncheckedSendable).map(\.name))
        for name in marked.sorted() where scope.belongs(name, to: rule.inTypes) {
            guard !scope.isExcepted(owner: name, file: "", by: rule) else { continue }
            let stored = scope.model.members.filter { $0.owner == name && $0.kind == .property && !$0.isStatic && !$0.isComputed }
            let guarded = stored.contains { member in
                member.typeNames.contains { Self.locks.contains($0) } || member.initialValueCall.map { Self.locks.contains($0) } == true
            }
            guard !guarded, let mutable = stored.first(where: \.isMutable) else { continue }
            found.append(Self.finding(rule, file: mutable.file, line: mutable.line, what: LocalizedText(
                english: "`\(name)` is marked `@unchecked Sendable` (which only tells the compiler not to check it) yet keeps mutable state, `var \(mutable.name)`, with no lock beside it: tasks that share it race.",
                chinese: "`\(name)` 标了 `@unchecked Sendable`（这只是让编译器不再检查），却保存着可变状态 `var \(mutable.name)`，旁边没有任何锁：共享它的任务会发生数据竞争。")))
        }
        return found
    }

    private func containers(_ rule: LessonRule, _ scope: ModelScope) -> [RuleFinding] {
        var found: [RuleFinding] = []
        // Besides the lesson's container: any type of the learner's that hands out whatever type it is asked
        // for (`func resolve<T>(_: T.Type) -> T`), whatever it is called, is a service locator too.
        var locators = !rule.locators ? [] : Set(scope.model.members.filter(\.resolvesByType).compactMap(\.owner))
            .filter { !scope.belongs($0, to: rule.container) }.sorted()
        // A protocol of the learner's that the container itself conforms to, and that hands out more than one
        // thing (`CarParts`: an engine, the telemetry, a clock), is a view of the whole container: a locator too.
        // A one-method factory the container also is (`DetailScreenFactory`) is what the lesson hands on.
        if rule.locators {
            let protocols = Set(scope.model.types.filter { $0.kind == .protocol }.map(\.name))
            let conformed = Set(scope.model.types.filter { scope.belongs($0.name, to: rule.container) }.flatMap(\.inherits))
            for name in conformed.sorted() where protocols.contains(name) && !locators.contains(name) && !scope.belongs(name, to: rule.container) {
                let requirements = scope.model.members.filter { $0.owner == name && $0.kind != .initializer }
                if requirements.count >= 2 { locators.append(name) }
            }
        }
        let containers = rule.container + locators
        let helpers = Self.helpersOfExcepted(rule, scope)
        for member in scope.model.members {
            if let owner = member.owner, scope.belongs(owner, to: containers) { continue }
            if member.owner == nil, member.kind == .method, helpers.contains(member.name) { continue }
            if scope.isExcepted(owner: member.owner, member: (member.name, member.kind == .property && !member.isComputed), file: member.file, by: rule) { continue }
            let handed: [String]
            // Where the container is a library (`except_is_root` false), a factory that takes the container
            // (`(Container) throws -> Any`), kept or handed over, is the container's own business; the token reader
            // cannot tell a stored factory from a stored container, so it leaves properties to the compiler's reading.
            switch member.kind {
            case .property: handed = member.isComputed || !rule.exceptIsRoot ? [] : member.typeNames
            case .initializer, .method:
                handed = member.parameters.filter { rule.exceptIsRoot || !$0.type.contains("->") }.flatMap(\.typeNames)
            }
            guard let container = containers.first(where: { type in handed.contains { scope.resolves($0, to: type) } }) else { continue }
            let holder = [member.owner, member.name].compactMap { $0 }.joined(separator: ".")
            if rule.container.contains(container) {
                found.append(Self.finding(rule, file: member.file, line: member.line, what: LocalizedText(
                    english: "`\(holder)` is handed the whole `\(container)`: it can pull whatever it likes from it (a service locator in disguise) instead of being handed what it uses.",
                    chinese: "`\(holder)` 被交给了整个 `\(container)`：它可以从中随意取用任何东西（变相的服务定位器），而不是只拿到它用到的东西。")))
            } else if !scope.model.members.contains(where: { $0.owner == container && $0.resolvesByType }) {
                found.append(Self.finding(rule, file: member.file, line: member.line, what: LocalizedText(
                    english: "`\(holder)` is handed `\(container)`, a protocol the container itself conforms to that hands out several parts: that is the container under another name (a service locator), and it hides what `\(member.owner ?? holder)` really uses.",
                    chinese: "`\(holder)` 被交给了 `\(container)`：这是容器自己遵循、能交出好几样零件的协议，也就是换了名字的容器（服务定位器），它把 `\(member.owner ?? holder)` 真正用到的东西藏了起来。")))
            } else {
                found.append(Self.finding(rule, file: member.file, line: member.line, what: LocalizedText(
                    english: "`\(holder)` is handed `\(container)`, which hands out whatever type it is asked for: that is a service locator under another name, and it hides what `\(member.owner ?? holder)` really uses.",
                    chinese: "`\(holder)` 被交给了 `\(container)`，它按类型交出任何被要求的东西：这是换了名字的服务定位器，它把 `\(member.owner ?? holder)` 真正用到的东西藏了起来。")))
            }
        }
        return found
    }

    /// Free functions named only from excepted code (or from other such functions): the composition root's own
    /// helpers (`private func overridden(by:)` under `withDependencies`). A method of another type never is.
    static func helpersOfExcepted(_ rule: LessonRule, _ scope: ModelScope) -> Set<String> {
        let free = Set(scope.model.members.filter { $0.owner == nil && $0.kind == .method }.map(\.name))
        var callers: [String: [CodeReference]] = [:]
        for reference in scope.model.references {
            if case .name(let name) = reference.shape, free.contains(name) { callers[name, default: []].append(reference) }
        }
        var helpers: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for name in free where !helpers.contains(name) {
                guard let uses = callers[name], !uses.isEmpty else { continue }
                let inRoot = uses.allSatisfy { use in
                    scope.isExcepted(owner: use.owner, member: exceptable(use.member, use.context), file: use.file, by: rule)
                        || use.owner == nil && use.member.map { helpers.contains($0) || $0 == name } == true
                }
                if inRoot { helpers.insert(name); changed = true }
            }
        }
        return helpers
    }

    /// The member to match against `except_in`: `Type.member` excuses any member of that name,
    /// `Type.member()` only a method or a computed property, never a stored property's initial
    /// value (a `static let live = ...` is new shared state, not the factory `live()`).
    static func exceptable(_ member: String?, _ context: ReferenceContext) -> (name: String, stored: Bool)? {
        member.map { ($0, context == .initialValue) }
    }

    // MARK: words

    /// What is wrong, why, and the rule's fix, in both languages: the words of every rule finding.
    static func finding(_ rule: LessonRule, file: String, line: Int, what: LocalizedText) -> RuleFinding {
        var english = what.english
        var chinese = what.chinese
        if let why = rule.why {
            english += " " + why.english
            chinese += why.chinese
        }
        english += " Fix: " + rule.fix.english
        chinese += "改法：" + rule.fix.chinese
        return RuleFinding(file: file, line: line, rule: rule.id, messages: LocalizedText(english: english, chinese: chinese))
    }

    /// "in the default argument of RaceCar.init", "in RaceCar.start", "at file scope".
    static func place(_ owner: String?, _ member: String?, _ context: ReferenceContext) -> LocalizedText {
        let holder = [owner, member].compactMap { $0 }.joined(separator: ".")
        if holder.isEmpty { return LocalizedText(english: "at file scope", chinese: "在文件顶层") }
        switch context {
        case .defaultArgument:
            return LocalizedText(english: "in a default argument of `\(holder)`", chinese: "在 `\(holder)` 的默认参数里")
        case .initialValue:
            return LocalizedText(english: "in the initial value of `\(holder)`", chinese: "在 `\(holder)` 的初始值里")
        case .attribute:
            return LocalizedText(english: "in an attribute of `\(holder)`", chinese: "在 `\(holder)` 的特性（attribute）里")
        case .body, .topLevel:
            return LocalizedText(english: "in `\(holder)`", chinese: "在 `\(holder)` 里")
        }
    }

    static func named(_ name: String, written: String? = nil, where place: LocalizedText) -> LocalizedText {
        let shown = written.map { "`\($0)` (that is `\(name)`)" } ?? "`\(name)`"
        let shownChinese = written.map { "`\($0)`（也就是 `\(name)`）" } ?? "`\(name)`"
        return LocalizedText(english: "\(shown) is still named here, \(place.english), even if no test runs this line.",
                             chinese: "这里仍然用到 \(shownChinese)，\(place.chinese)；即使没有测试执行这一行也不行。")
    }

    /// "in RaceEngineer.init, through `PitCrew.fullStock`".
    static func through(_ maker: String, _ place: LocalizedText) -> LocalizedText {
        LocalizedText(english: "\(place.english), through `\(maker)`,", chinese: "\(place.chinese)通过 `\(maker)` ")
    }

    static func builds(_ owner: String, _ built: String, where place: LocalizedText) -> LocalizedText {
        LocalizedText(english: "`\(owner)` builds its own `\(built)` \(place.english) instead of being handed one.",
                      chinese: "`\(owner)` \(place.chinese)自己创建了 `\(built)`，而不是由外部交给它。")
    }

    static func keepsState(_ member: MemberDeclaration) -> LocalizedText {
        let holder = [member.owner, member.name].compactMap { $0 }.joined(separator: ".")
        let kind = member.owner == nil ? ("global", "全局") : ("static", "静态")
        let what = member.isMutable ? ("variable", "变量") : ("constant holding an object", "常量（保存着一个对象）")
        return LocalizedText(
            english: "`\(holder)` is a \(kind.0) \(what.0): one value shared by every instance, so two objects built side by side share it.",
            chinese: "`\(holder)` 是\(kind.1)\(what.1)：所有实例共用同一份，两个并排创建的对象会共享它。")
    }
}

/// A name a `forbidden_reference` rule forbids, by its written form.
enum ForbiddenName: Equatable {
    case member(base: String, member: String)
    case construction(type: String, withoutArguments: Bool)
    case global(String)
    case type(String)

    init(_ text: String) {
        if text.hasSuffix("()") {
            self = .construction(type: String(text.dropLast(2)), withoutArguments: true)
        } else if text.hasSuffix("(...)") {
            self = .construction(type: String(text.dropLast(5)), withoutArguments: false)
        } else if let dot = text.lastIndex(of: "."), text[text.index(after: dot)...].first?.isLowercase == true {
            self = .member(base: String(text[..<dot]), member: String(text[text.index(after: dot)...]))
        } else if text.first?.isUppercase == true {
            self = .type(text)
        } else {
            self = .global(text)
        }
    }

    var shown: String {
        switch self {
        case .member(let base, let member): return "\(base).\(member)"
        case .construction(let type, let bare): return bare ? "\(type)()" : "\(type)(...)"
        case .global(let name), .type(let name): return name
        }
    }
}

/// Questions about one module's model: which type a name means, which types own what.
struct ModelScope {
    let model: CodeModel
    private let aliases: [String: String]
    private let staticMembers: [String: Set<String>]
    private let declaredTypes: Set<String>
    private let valueTypes: Set<String>

    init(_ model: CodeModel) {
        self.model = model
        var aliases: [String: String] = [:]
        for alias in model.typeAliases where alias.targetNames.count == 1 { aliases[alias.name] = alias.targetNames[0] }
        self.aliases = aliases
        var members: [String: Set<String>] = [:]
        for member in model.members where member.isStatic {
            members[member.name, default: []].insert(Self.root(member.owner ?? ""))
        }
        self.staticMembers = members
        self.declaredTypes = Set(model.types.filter { $0.kind != .extension }.map { Self.root($0.name) })
        self.valueTypes = Set(model.types.filter { $0.kind == .struct || $0.kind == .enum }.map { $0.name })
    }

    /// `written` (as in the code) means `wanted`: the same name, the last part of a qualified
    /// name (`Foundation.Date`), or a typealias of it.
    /// The module's types that conform to or inherit from one of `types`, directly or through others.
    func descendants(of types: [String]) -> [String] {
        var found: [String] = []
        var changed = true
        while changed {
            changed = false
            for type in model.types where !found.contains(type.name) && !types.contains(type.name) {
                if type.inherits.contains(where: { parent in (types + found).contains { resolves(parent, to: $0) } }) {
                    found.append(type.name)
                    changed = true
                }
            }
        }
        return found
    }

    func resolves(_ written: String, to wanted: String) -> Bool {
        var name = written
        var hops = 0
        while let target = aliases[name], hops < 8 { name = target; hops += 1 }
        if name == wanted { return true }
        return name.hasSuffix("." + wanted) || wanted.hasSuffix("." + name)
    }

    /// An implicit `.member` with no known context means `base.member` when no other type of the
    /// module declares a static member of that name.
    func memberIsUnique(_ member: String, of base: String) -> Bool {
        // A system type's member (`.default`, `.now`) is guessed only where the context names the type.
        guard declaredTypes.contains(Self.root(base)) else { return false }
        let owners = staticMembers[member] ?? []
        return owners.isEmpty || owners == [Self.root(base)]
    }

    /// `Self.shared` and a bare `shared` inside the type (or an extension of it) that declares
    /// `static var shared` are both `Type.shared`.
    func resolvedShape(_ reference: CodeReference) -> CodeReference.Shape {
        guard let owner = reference.owner else { return reference.shape }
        let root = Self.root(owner)
        switch reference.shape {
        case .member(let base, let member) where base == "Self":
            return .member(base: root, member: member)
        case .construction(let type) where type == "Self":
            return .construction(type: root)
        case .name(let name) where staticMembers[name]?.contains(root) == true:
            return .member(base: root, member: name)
        default:
            return reference.shape
        }
    }

    /// A constant of this type cannot be changed and is shared by nobody: a struct or an enum
    /// of the module, or one of the standard library's and Foundation's values.
    func isValue(_ type: String?) -> Bool {
        guard let type else { return false }
        let root = Self.root(type)
        if valueTypes.contains(root) { return true }
        return TokenTools.valueTypeNames.contains(root)
    }

    /// `RaceCar.Pit` belongs to `RaceCar`; `*` takes every type.
    func belongs(_ owner: String?, to types: [String]) -> Bool {
        guard let owner else { return false }
        let root = Self.root(owner)
        return types.contains { $0 == "*" || $0 == owner || $0 == root || resolves(root, to: $0) }
    }

    /// `except_in` names a type (`V8Engine`), one member of a type (`LapLogger.live`), or a file (`Settings.swift`).
    func isExcepted(owner: String?, member: (name: String, stored: Bool)? = nil, file: String, by rule: LessonRule) -> Bool {
        let fileName = file.split(separator: "/").last.map(String.init) ?? file
        if rule.exceptIn.contains(fileName) { return true }
        // A nested type is still that type: an entry names it by its own path as well as by the full one.
        func names(_ qualified: String, _ entry: String) -> Bool { qualified == entry || qualified.hasSuffix("." + entry) }
        func matches(_ entry: String, _ qualified: String) -> Bool {
            names(qualified, entry) || (names(qualified + "()", entry) && member?.stored == false)
        }
        guard let owner else { return member.map { m in rule.exceptIn.contains { matches($0, m.name) } } ?? false }
        return rule.exceptIn.contains { entry in
            names(owner, entry) || entry == Self.root(owner) || (member.map { matches(entry, "\(owner).\($0.name)") } ?? false)
        }
    }

    static func root(_ owner: String) -> String {
        owner.split(separator: ".").first.map(String.init) ?? owner
    }
}

/// A rule a lesson declares about the learner's code, checked by reading the
/// code (not by running it): the second judge next to the tests. Tests see
/// what runs; a rule sees what is written, so a singleton kept in a default
/// argument no test takes, or state stashed in a static, cannot slip by.
///
///     {"id": "no-shared-engine", "kind": "forbidden_reference",
///      "names": ["V8Engine.shared"], "except_in": ["V8Engine"],
///      "fix": {"en": "Hand the car its engine through init(engine:).", "zh-Hans": "……"}}
public struct LessonRule: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// `names` appear nowhere in the module, except in the code of `exceptIn`.
        case forbiddenReference = "forbidden_reference"
        /// Types of `in` construct none of `of`.
        case noConstruction = "no_construction"
        /// Types of `in` keep no static (and, with `*`, no global) mutable state.
        case noStaticState = "no_static_state"
        /// Each of `types` is declared `actor`.
        case actor
        /// Each of `types` may cross tasks: an actor, or a type that conforms to `Sendable` (checked, or
        /// `@unchecked Sendable` behind a lock of its own), in its declaration or an extension.
        case sendable
        /// No type but `exceptIn` is handed one of `container`.
        case containerOnlyIn = "container_only_in"
        /// No type of `in` is marked `@unchecked Sendable` while it keeps mutable state with no lock beside it.
        case noUncheckedState = "no_unchecked_state"
        /// Types of `in` keep each collaborator (a stored property holding an object, an existential or a
        /// closure) in a strong `let`. Judged on the compiled program only.
        case keptInLet = "kept_in_let"
        /// No initializer of a type of `in` gives a parameter a default value: every caller hands it over.
        /// Judged on the compiled program only.
        case noDefaultArgument = "no_default_argument"
        /// Each protocol named in `names` (`PitRadio.send(_:)`) has exactly the listed requirements.
        /// Judged on the compiled program only.
        case protocolRequirements = "protocol_requirements"
        /// Each type of `in` is a null object: its methods do nothing (they use no declaration at all) and it
        /// keeps no stored property. Judged on the compiled program only.
        case nullObject = "null_object"
        /// Types of `in` that keep a lock touch what it guards only while holding it. What a lock guards is read
        /// from the code: every mutable stored property that some method touches while holding it. Judged on the
        /// compiled program only.
        case lockHeld = "lock_held"
        /// Types of `in` never check what a value they were handed really is (`as?`, `as!`, `is` to a class or
        /// protocol of the module): they work through the abstraction they were given. Judged on the compiled
        /// program only.
        case noDowncast = "no_downcast"
        /// Types of `in` use what they were handed, never a part inside it: their code reads no property of
        /// another type of the module whose value holds a collaborator (`parts.tyres.fit()`,
        /// `pitStops.fuel.pump()`). What they were handed is then a service that does the work, not a bag of
        /// parameters. Judged on the compiled program only.
        case noReachThrough = "no_reach_through"
        /// Types of `in` keep no stored property (strong, weak or unowned, optional or in a collection) whose type
        /// mentions one of `of`: a collaborator that changes with every call is passed to the method, never kept.
        /// Judged on the compiled program only.
        case notStored = "not_stored"
        /// The code of `in` drops nothing it was given to keep: no call of the standard library that removes
        /// elements from a collection or keeps only part of one (`removeFirst`, `removeAll`, `popLast`,
        /// `suffix`, `dropFirst`, ...), whichever collection it is called on. Judged on the compiled program only.
        case keepsEverything = "keeps_everything"
        /// Every registration made in the code of `in` declares what its factory resolves while it builds: a call with
        /// a `dependencies:` list and a factory, whose factory (its own code, the closures it runs at once, the module's
        /// functions it calls) resolves no type the list leaves out. A factory handed on for later (`{ try
        /// c.resolve(Driver.self) }`) resolves nothing while it builds. Judged on the compiled program only.
        case declaresWhatItResolves = "declares_what_it_resolves"
    }

    /// Where `no_construction` lets a fresh collaborator be built.
    public enum Allowance: String, Sendable, Equatable, CaseIterable {
        case defaultArgument = "default_argument"
        case convenienceInit = "convenience_init"
        /// Inside an escaping closure (a factory handed to a container): built when the factory runs, not before.
        /// Judged on the compiled program only.
        case factoryClosure = "factory_closure"
        /// Reading a stored `static let` or global `let` builds nothing: what it holds was built once, the first time
        /// it was read (`TeamDefaults.standard` returning its one instance), and is shared, not made again. Where such
        /// a `let` is declared in the rule's scope, its initial value is still judged. Judged on the compiled program only.
        case onceStored = "once_stored"
        /// `kept_in_let`: a `var` or `lazy var` only its own type can set (`private`, `private(set)`) keeps what it holds
        /// for as long as the type lives (a shared object made on first use): nobody outside can swap it.
        case privateSetter = "private_setter"
    }

    public var id: String
    public var kind: Kind
    /// `forbidden_reference`: `Type.member`, `Type()`, `Type(...)` or a bare global name.
    public var names: [String] = []
    /// `no_construction`, `no_static_state`: the types the rule is about (`*`: every type).
    public var inTypes: [String] = []
    /// `no_construction`: what they must not build.
    public var of: [String] = []
    /// `actor`: the types that must be actors.
    public var types: [String] = []
    /// `container_only_in`: the container types.
    public var container: [String] = []
    /// Types (or file names ending in `.swift`) the rule leaves alone.
    public var exceptIn: [String] = []
    public var allow: [Allowance] = []
    /// `no_static_state`: global variables count too (default: yes).
    public var globals: Bool = true
    /// `kept_in_let`: plain values count too (an `Int` counter, a `String`): the type keeps no mutable state at all
    /// (default: no, only collaborators).
    public var values: Bool = false
    /// `no_default_argument`: a static member of the type that builds one from fewer values (`static func stock()`)
    /// is the default too (default: no; a composition root's `static func live()` builds the same way, on purpose).
    public var staticMembers: Bool = false
    /// `container_only_in`: a type of the learner's that hands out whatever type it is asked for
    /// (`func resolve<T>(_: T.Type) -> T`) counts as a container too (default: yes).
    public var locators: Bool = true
    /// `container_only_in`: the code of `exceptIn` is a composition root, which may hand out its parts but never
    /// itself (default: yes). `false` when the excepted code is the container's own implementation (a container
    /// library keeps a parent, runs factories that take it): what it does inside is not handing itself out.
    public var exceptIsRoot: Bool = true
    /// `container_only_in`: the root may hand itself out behind a one-method factory protocol it conforms to (a
    /// garage given the root as its `DetailScreenFactory`). False where the text forbids the root behind any
    /// protocol at all (a team that must reach its engineers only as parts).
    public var rootAsFactory: Bool = true
    /// What to do about it, in the learner's words.
    public var fix: LocalizedText
    public var why: LocalizedText?
    /// Points when graded; nil: the same share as a test.
    public var points: Double?

    public init(id: String, kind: Kind, fix: LocalizedText) {
        self.id = id
        self.kind = kind
        self.fix = fix
    }
}

extension LessonRule {
    /// Reads one entry of `rules`, adding every problem found to `problems`.
    static func parse(_ value: Any, at index: Int, problems: inout [String]) -> LessonRule? {
        let place = "rules[\(index)]"
        guard let object = value as? [String: Any] else {
            problems.append("\"\(place)\" must be an object with \"id\", \"kind\" and \"fix\"")
            return nil
        }
        let before = problems.count
        let id = object["id"] as? String ?? ""
        if id.isEmpty || !id.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" }) {
            problems.append("\"\(place).id\" must be kebab-case, like \"no-shared-engine\"")
        }
        let kindName = object["kind"] as? String ?? ""
        let kind = Kind(rawValue: kindName)
        if kind == nil {
            problems.append("\"\(place).kind\" must be one of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")) (it is \"\(kindName)\")")
        }
        func strings(_ key: String, required: Bool) -> [String] {
            guard let raw = object[key] else {
                if required { problems.append("\"\(place)\" (\(kindName)) needs \"\(key)\": a list of names") }
                return []
            }
            guard let list = raw as? [String], !list.isEmpty || !required else {
                problems.append("\"\(place).\(key)\" must be a list of names")
                return []
            }
            return list
        }
        func text(_ key: String, required: Bool) -> LocalizedText? {
            guard let raw = object[key] else {
                if required { problems.append("\"\(place)\" needs \"\(key)\": {\"en\": ..., \"zh-Hans\": ...}, what the learner does about it") }
                return nil
            }
            guard let dictionary = raw as? [String: String],
                  let english = dictionary["en"], !english.isEmpty,
                  let chinese = dictionary["zh-Hans"], !chinese.isEmpty
            else {
                problems.append("\"\(place).\(key)\" must be {\"en\": ..., \"zh-Hans\": ...} with both texts")
                return nil
            }
            return LocalizedText(english: english, chinese: chinese)
        }
        let fix = text("fix", required: true)
        let why = text("why", required: false)
        var rule = LessonRule(id: id, kind: kind ?? .forbiddenReference, fix: fix ?? LocalizedText(english: "", chinese: ""))
        rule.why = why
        rule.exceptIn = strings("except_in", required: false)
        switch kind {
        case .forbiddenReference?: rule.names = strings("names", required: true)
        case .noConstruction?:
            rule.inTypes = strings("in", required: true)
            rule.of = strings("of", required: true)
        case .notStored?:
            rule.inTypes = strings("in", required: true)
            rule.of = strings("of", required: true)
        case .noStaticState?: rule.inTypes = strings("in", required: true)
        case .actor?, .sendable?: rule.types = strings("types", required: true)
        case .containerOnlyIn?: rule.container = strings("container", required: true)
        case .noDefaultArgument?:
            rule.inTypes = strings("in", required: true)
            rule.of = strings("of", required: false)
        case .keptInLet?:
            rule.inTypes = strings("in", required: true)
            rule.of = strings("of", required: false)
        case .noUncheckedState?, .nullObject?, .lockHeld?, .noDowncast?, .noReachThrough?, .keepsEverything?, .declaresWhatItResolves?: rule.inTypes = strings("in", required: true)
        case .protocolRequirements?: rule.names = strings("names", required: true)
        case nil: break
        }
        for name in strings("allow", required: false) {
            if let allowance = Allowance(rawValue: name) { rule.allow.append(allowance) } else {
                problems.append("\"\(place).allow\" knows \(Allowance.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(name)\"")
            }
        }
        if let globals = object["globals"] {
            if let flag = globals as? Bool { rule.globals = flag } else { problems.append("\"\(place).globals\" must be true or false") }
        }
        if let values = object["values"] {
            if let flag = values as? Bool { rule.values = flag } else { problems.append("\"\(place).values\" must be true or false") }
        }
        if let members = object["static_members"] {
            if let flag = members as? Bool { rule.staticMembers = flag } else { problems.append("\"\(place).static_members\" must be true or false") }
        }
        if let locators = object["locators"] {
            if let flag = locators as? Bool { rule.locators = flag } else { problems.append("\"\(place).locators\" must be true or false") }
        }
        if let factory = object["root_as_factory"] {
            if let flag = factory as? Bool { rule.rootAsFactory = flag } else { problems.append("\"\(place).root_as_factory\" must be true or false") }
        }
        if let root = object["except_is_root"] {
            if let flag = root as? Bool { rule.exceptIsRoot = flag } else { problems.append("\"\(place).except_is_root\" must be true or false") }
        }
        if let points = object["points"] {
            if let number = points as? Double, number >= 0 { rule.points = number } else {
                problems.append("\"\(place).points\" must be a number of at least 0")
            }
        }
        let known: Set<String> = ["id", "kind", "names", "in", "of", "types", "container", "except_in", "allow", "globals", "values", "static_members", "locators", "except_is_root", "root_as_factory", "fix", "why", "points"]
        for key in object.keys.sorted() where !known.contains(key) {
            problems.append("\"\(place)\" has an unknown field \"\(key)\" (known: \(known.sorted().joined(separator: ", ")))")
        }
        return problems.count == before ? rule : nil
    }

    func encoded() -> [String: Any] {
        func text(_ value: LocalizedText) -> [String: Any] { ["en": value.english, "zh-Hans": value.chinese] }
        var object: [String: Any] = ["id": id, "kind": kind.rawValue, "fix": text(fix)]
        if !names.isEmpty { object["names"] = names }
        if !inTypes.isEmpty { object["in"] = inTypes }
        if !of.isEmpty { object["of"] = of }
        if !types.isEmpty { object["types"] = types }
        if !container.isEmpty { object["container"] = container }
        if !exceptIn.isEmpty { object["except_in"] = exceptIn }
        if !allow.isEmpty { object["allow"] = allow.map(\.rawValue) }
        if !globals { object["globals"] = false }
        if values { object["values"] = true }
        if staticMembers { object["static_members"] = true }
        if !locators { object["locators"] = false }
        if !exceptIsRoot { object["except_is_root"] = false }
        if !rootAsFactory { object["root_as_factory"] = false }
        if let why { object["why"] = text(why) }
        if let points { object["points"] = points }
        return object
    }
}

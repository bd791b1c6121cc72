import Foundation

/// A lesson module as the compiler reads it: every reference resolved to the
/// declaration it names, from the type-checked AST that
/// `swiftc -dump-ast -dump-ast-format json` prints.
///
/// The spelling a learner chose does not matter here: `V8Engine.shared`,
/// `t.shared` through a metatype, `\V8Engine.Type.shared` in a key path and
/// `type(of: engine).shared` all name one declaration, with one USR.
///
/// Code is grouped into *nodes*: a function, an initializer, a property (its
/// initial value and accessors), or one default argument. A node lists what it
/// uses; calls through a protocol requirement or a closure value reach no
/// implementation, which is exactly what injection means.
///
///     let program = try ResolvedProgram.decode(dumps, files: texts, demangle: demangler)
///     program.nodes["s:1M7RaceCarC6engineAA6Engine_pvp"]?.uses
public struct ResolvedProgram: Sendable {
    public enum Context: String, Sendable { case body, defaultArgument, initialValue }

    /// A type of the module: a class, struct, enum, protocol or actor.
    public struct TypeDeclaration: Sendable {
        public var usr: String
        /// `RaceCar`, `RaceCar.Pit` (without the module).
        public var name: String
        public var kind: String
        public var isActor: Bool
        public var file: String
        public var line: Int
        /// The protocols it conforms to and the class it inherits from, by name.
        public var supertypes: [String]
        public var isUncheckedSendable: Bool
    }

    /// A property, function or initializer of the module.
    public struct MemberDeclaration: Sendable {
        public var usr: String
        public var name: String
        /// `RaceCar` for a member of RaceCar (or of an extension of it); nil at file scope.
        public var owner: String?
        public var kind: String
        public var file: String
        public var line: Int
        public var isStatic: Bool
        public var isLet: Bool
        public var isStored: Bool
        public var isLazy: Bool
        public var isImplicit: Bool
        public var isConvenience: Bool
        /// `weak`, `unowned`, `unowned(unsafe)`, `nonisolated(unsafe)`, `TaskLocal`.
        public var markers: [String]
        /// The declared type, demangled (`any ConstructorInjection.Engine`).
        public var type: String
        /// A function's result type, demangled.
        public var result: String
        public var hasInitialValue: Bool
        /// Declared in an extension, not in the type itself (for a protocol: not a requirement).
        public var inExtension: Bool = false
        /// A function's argument labels: `(_:)`, `(engine:)`; empty for a property.
        public var arguments: String = ""
        /// `private`, `fileprivate`, `internal`, `package`, `public` or `open`, as the compiler decided it.
        public var access: String = "internal"
        /// The module's protocols its generic parameters must conform to (`some Depot`, `<D: Depot>`).
        public var constraints: [String] = []
        /// Code outside the module can name it (a test, an app).
        public var isVisibleOutside: Bool { access == "public" || access == "open" || access == "package" }
    }

    /// One reference to a declaration, at a place in the learner's files.
    public struct Use: Sendable {
        public var usr: String
        /// The referenced declaration, demangled and shortened: `V8Engine.shared`, `Date.init`.
        public var path: [String]
        /// The referenced declaration's module (`Swift`, `FoundationEssentials`, or the lesson's).
        public var module: String
        /// `()` for `init()`, `(engine:)` for `init(engine:)`; empty for a property.
        public var arguments: String
        public var file: String
        public var line: Int
        public var isC: Bool
        /// Inside an escaping closure: it runs later, wherever the closure was handed.
        public var inEscapingClosure: Bool = false
        /// Named, not called: a function or initializer handed on as a value (`factory: makeEngine`, `Wheel.init`).
        public var isUnappliedFunction: Bool = false
        /// The base name the compiler recorded (`shared`, `init`, `fork`).
        public var baseName: String
        /// A static member (`static Date.timeIntervalSinceReferenceDate`), not the instance one of the same name.
        public var isStaticMember: Bool = false
        public var name: String { path.last ?? baseName }
        public var owner: String? { path.count > 1 ? path.dropLast().joined(separator: ".") : nil }
        public var isInitializer: Bool { name == "init" }
    }

    /// A value converted to another type: `any Engine`, `Any`, an optional.
    public struct Conversion: Sendable {
        public var from: String
        public var to: String
        public var file: String
        public var line: Int
        public var fromSelf: Bool
    }

    public struct Closure: Sendable {
        public var type: String
        public var capturesSelf: Bool
        public var file: String
        public var line: Int
        /// The types of the values it captures (`self` included), readable.
        public var capturedTypes: [String] = []
        /// The declaration it is handed to as an argument (`DeferredEngine.init(load:)`), when it is one.
        public var handedTo: String?
        /// The declarations its body refers to (usrs), nested closures included.
        public var usesInside: [String] = []
        /// Escaping (the compiler says so): it may run, and keep what it captured, after the call that made it returns.
        public var isEscaping: Bool = false
        /// It changes a local variable it captured (`{ starts += 1 }`): whoever keeps the closure keeps that variable,
        /// state that lives on from one call to the next.
        public var mutatesCapture: Bool = false
    }

    public struct Node: Sendable {
        public var id: String
        public var owner: String?
        public var member: String?
        public var memberUSR: String?
        public var context: Context
        public var file: String
        public var line: Int
        public var uses: [Use] = []
        /// Every type named or inferred in the node, demangled.
        public var types: Set<String> = []
        public var conversions: [Conversion] = []
        /// Casts in the code: `downcast` for `as?`, `as!` and `is` (a check of what a value really is), not `as`.
        /// Casts: the type cast to, where, whether it can fail (`as?`, `as!`, `is`), and the type of the value cast.
        public var casts: [(type: String, file: String, line: Int, downcast: Bool, from: String)] = []
        /// What a value really is, read at run time: `type(of: engine)`, `Mirror(reflecting: engine)` (`reflects`), or its
        /// default description (`"\(engine)"`, `String(describing:)`); the value's static type (an `any Engine` asks
        /// of the part behind the protocol).
        public var dynamicTypeReads: [(type: String, file: String, line: Int, reflects: Bool)] = []
        public var closures: [Closure] = []
        /// Nodes it runs without naming them: an initializer runs its type's stored properties' initial values.
        public var implied: [String] = []
    }

    /// An attribute written in the code (`@discardableResult`, `@c`, `@section`): implicit ones left out.
    public struct Attribute: Sendable {
        /// The compiler's kind: `discardable_result_attr`, `cdecl_attr`, `section_attr`.
        public var kind: String
        public var file: String
        public var line: Int
    }

    /// A call that registers a factory with what it declares the factory resolves (`register(Driver.self, lifetime:
    /// .scoped, dependencies: [Roster.self]) { c in ... }`: any call with an argument labelled `dependencies` and a
    /// factory, a closure or a function of the module), and what that factory resolves while it builds: the calls
    /// that take a type and hand back a value of it (`c.resolve(Roster.self)`), in the factory's own code, in the
    /// closures it runs at once (`map`, `??`), and in the module's functions it calls, but not in a closure it hands
    /// on for later (`{ try c.resolve(Driver.self) }`, a factory the built object keeps).
    public struct Registration: Sendable {
        /// The type whose code makes the call.
        public var owner: String?
        public var file: String
        public var line: Int
        /// The type registered (its readable name), when the call names one (`Driver.self`).
        public var registered: String?
        /// The types declared, or nil when the argument is not a literal list of types (`dependencies: someList`).
        public var declared: [String]?
        public var resolved: [(type: String, file: String, line: Int)]
    }

    public var module: String
    public var registrations: [Registration] = []
    public var attributes: [Attribute] = []
    /// Every `import` the files write: the module, and whether it is re-exported (`@_exported`).
    public var imports: [Import] = []
    /// Every name declared at the top level of a file (a type, an alias, a function, a variable, an operator):
    /// what a file that imports the module sees under that name.
    public var topLevelNames: [TopLevelName] = []

    public struct Import: Sendable {
        public var module: String
        public var exported: Bool
        public var file: String
        public var line: Int
    }

    public struct TopLevelName: Sendable {
        public var name: String
        public var kind: String
        public var file: String
        public var line: Int
    }
    public var types: [String: TypeDeclaration] = [:]
    public var members: [String: MemberDeclaration] = [:]
    public var nodes: [String: Node] = [:]
    /// Members of the module by owner name, for lookups such as "the initializers of Wheel".
    public var membersByOwner: [String: [MemberDeclaration]] = [:]
    /// Each file's text, by the name findings show: where a rule needs the code's layout (the lines a lock is held).
    public var texts: [String: String] = [:]
    /// The module's type aliases and what they stand for (`CrewRoom`: `[Swift.String : Any]`).
    public var typeAliases: [String: String] = [:]
    /// Types of other modules that the module makes adopt its protocols, with the module's name
    /// (`Foundation.Thread`, adopting `Launcher`).
    public var foreignConformances: [(type: String, protocols: [String])] = []

    /// `type` with the module's aliases spelled out, as deep as they go.
    public func expandingAliases(_ type: String) -> String {
        guard !typeAliases.isEmpty else { return type }
        var text = type
        for _ in 0..<4 {
            var changed = false
            for identifier in DemangledName.identifiers(text) {
                guard let underlying = typeAliases[identifier] else { continue }
                let whole = "(?<![A-Za-z0-9_.])" + NSRegularExpression.escapedPattern(for: identifier) + "(?![A-Za-z0-9_])"
                let replaced = text.replacingOccurrences(of: whole, with: NSRegularExpression.escapedTemplate(for: underlying), options: .regularExpression)
                if replaced != text { text = replaced; changed = true }
            }
            if !changed { break }
        }
        return text
    }

    public init(module: String) { self.module = module }

    /// The id prefix of the nodes that hold what the sweep found outside the walk's places (`sweep:RaceCar.swift`).
    public static let sweepPrefix = "sweep:"
    /// The same for what the sweep found inside key paths: vetted, never judged by the rules.
    public static let sweptKeyPathPrefix = "sweep-keypath:"
}

// MARK: reading the dump

extension ResolvedProgram {
    public enum ReadError: Error, Equatable { case noDump(String), undecodable(String) }

    /// Turns mangled names into readable ones, all at once: `swift-demangle`, or a fake in tests.
    public typealias Demangler = ([String]) -> [String: String]

    /// Splits the compiler's output (one JSON object per file, maybe with diagnostics around them)
    /// and reads every file of the module.
    ///
    /// - files: each source file's name as given to the compiler, its name to show, and its text.
    public static func decode(output: String, module: String, files: [(path: String, shown: String, text: String)],
                              demangle: @escaping Demangler) throws -> ResolvedProgram {
        let objects = splitObjects(output)
        guard !objects.isEmpty else {
            throw ReadError.noDump(String(output.prefix(400)))
        }
        var reader = Reader(module: module, demangle: demangle)
        for (path, shown, text) in files {
            reader.files[(path as NSString).lastPathComponent] = (shown, LineTable(text))
        }
        // Every file the compiler read must be decoded: a reading with a file left out would judge less than the
        // compiler compiles (a dump nested past the JSON reader's depth, say), so there is no reading at all.
        guard objects.count >= files.count else { throw ReadError.undecodable("the compiler's reading holds \(objects.count) files of \(files.count)") }
        for object in objects {
            guard let value = try? JSONSerialization.jsonObject(with: Data(object.utf8), options: [.fragmentsAllowed]),
                  let file = value as? [String: Any] else {
                throw ReadError.undecodable("a file of the compiler's reading could not be decoded (\(object.utf8.count) bytes)")
            }
            reader.read(file: file)
        }
        var program = reader.finish()
        for (_, shown, text) in files { program.texts[shown] = text }
        return program
    }

    /// The top-level `{"_kind":"source_file",...}` objects in the compiler's output.
    static func splitObjects(_ output: String) -> [String] {
        let bytes = Array(output.utf8)
        let marker = Array("{\"_kind\":\"source_file\"".utf8)
        var objects: [String] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), index + marker.count <= bytes.count,
                  Array(bytes[index..<index + marker.count]) == marker else { index += 1; continue }
            var depth = 0
            var inString = false
            var escaped = false
            var end = index
            while end < bytes.count {
                let byte = bytes[end]
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: "{") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 { break }
                }
                end += 1
            }
            guard end < bytes.count else { break }
            objects.append(String(decoding: bytes[index...end], as: UTF8.self))
            index = end + 1
        }
        return objects
    }
}

/// Byte offsets to line numbers.
struct LineTable: Sendable {
    private var starts: [Int] = [0]
    init(_ text: String) {
        var offset = 0
        let bytes = Array(text.utf8)
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n") {
                starts.append(offset + 1)
            } else if byte == UInt8(ascii: "\r") {
                // Swift ends a line at CR, LF or CR LF.
                if offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "\n") { offset += 1 }
                starts.append(offset + 1)
            }
            offset += 1
        }
    }
    func line(_ offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }
}

/// Readable names from the demangler's text.
enum DemangledName {
    /// `static M.V8Engine.shared : M.V8Engine` -> (["M", "V8Engine", "shared"], "");
    /// `M.V8Engine.init() -> M.V8Engine` -> (["M", "V8Engine", "init"], "()").
    static func declaration(_ text: String) -> (path: [String], arguments: String) {
        var text = text
        for prefix in ["static ", "class "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        text = withoutGenerics(text)
        // A private declaration: `M.T.(startedAt in _3B59AB72…)`.
        while let range = text.range(of: #"\(([^() ]+) in _[0-9A-F]+\)"#, options: .regularExpression) {
            let inner = text[range].dropFirst().prefix { $0 != " " }
            text.replaceSubrange(range, with: inner)
        }
        // `(extension in Swift):Swift.Sequence.randomElement()`: the extension's module is not part of the path.
        while let range = text.range(of: "(extension in ") {
            guard let close = text[range.upperBound...].range(of: "):") else { break }
            text.removeSubrange(range.lowerBound..<close.upperBound)
        }
        var path = text
        var arguments = ""
        if let colon = path.range(of: " : ") { path = String(path[..<colon.lowerBound]) }
        if let open = path.firstIndex(of: "(") {
            var depth = 0
            var close = open
            for index in path[open...].indices {
                if path[index] == "(" { depth += 1 }
                if path[index] == ")" { depth -= 1; if depth == 0 { close = index; break } }
            }
            arguments = labels(String(path[open...close]))
            path = String(path[..<open])
        }
        // An operator: `Swift.Int.+ infix`, `Swift...< infix`.
        for fixity in [" infix", " prefix", " postfix"] where path.hasSuffix(fixity) {
            let qualified = String(path.dropLast(fixity.count))
            let operatorCharacters = Set("/=-+!*%<>&|^~?.")
            let name = String(qualified.reversed().prefix { operatorCharacters.contains($0) }.reversed())
            var owner = String(qualified.dropLast(name.count))
            var operatorName = name
            // The dot that ends the owner's name belongs to it, not to the operator (`Int.+`; `...<` keeps its own).
            if owner.isEmpty == false, !owner.hasSuffix("."), operatorName.hasPrefix(".") {
                owner += "."
                operatorName.removeFirst()
            }
            if owner.hasSuffix(".") { owner.removeLast() }
            return (owner.split(separator: ".").map(String.init) + [operatorName], arguments)
        }
        if let space = path.lastIndex(of: " ") { path = String(path[path.index(after: space)...]) }
        return (path.split(separator: ".").map(String.init), arguments)
    }

    /// `(engine: any M.Engine, clock: A)` -> `(engine:clock:)`; `()` stays `()`; `(Swift.Int)` -> `(_:)`.
    static func labels(_ list: String) -> String {
        let inner = list.dropFirst().dropLast()
        if inner.trimmingCharacters(in: .whitespaces).isEmpty { return "()" }
        var parts: [String] = []
        var depth = 0
        var current = ""
        var previous: Character = " "
        for character in inner {
            defer { previous = character }
            if "(<[".contains(character) { depth += 1 }
            if ")]".contains(character) || character == ">" && previous != "-" { depth -= 1 }
            if character == ",", depth == 0 { parts.append(current); current = ""; continue }
            current.append(character)
        }
        parts.append(current)
        return "(" + parts.map { part -> String in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if let colon = trimmed.range(of: ": "), !trimmed[..<colon.lowerBound].contains(" "),
               !trimmed[..<colon.lowerBound].contains("(") {
                return String(trimmed[..<colon.lowerBound]) + ":"
            }
            return "_:"
        }.joined() + ")"
    }

    static func withoutGenerics(_ text: String) -> String {
        var result = ""
        var depth = 0
        var previous: Character = " "
        for character in text {
            if character == "<" { depth += 1 }
            if depth == 0 { result.append(character) }
            if character == ">" && previous != "-" && depth > 0 { depth -= 1 }
            previous = character
        }
        return result
    }

    /// Every qualified name in a demangled type: `Swift.Optional<any M.Engine>` -> [Swift.Optional, M.Engine].
    static func typeNames(_ type: String) -> [String] {
        identifiers(type).filter { $0.contains(".") && !$0.hasPrefix(".") }
    }

    /// The identifiers of a demangled text, dotted names kept whole: `[any M.Engine]` -> [any, M.Engine].
    static func identifiers(_ text: String) -> [String] {
        var names: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                current.append(character)
            } else if !current.isEmpty {
                names.append(current)
                current = ""
            }
        }
        if !current.isEmpty { names.append(current) }
        return names
    }
}

private struct Reader {
    let module: String
    let demangle: ResolvedProgram.Demangler
    var files: [String: (shown: String, lines: LineTable)] = [:]
    var program: ResolvedProgram

    // Collected before demangling.
    var rawUses: [(node: String, usr: String, base: String, file: String, offset: Int, escaping: Bool, unapplied: Bool)] = []
    /// Local functions: their node's id, name, the node that declares them, and file.
    var localFunctions: [(id: String, name: String, enclosing: String, file: String)] = []
    /// References with no usr (a local value or a local function), resolved against `localFunctions` at the end.
    var rawLocalReferences: [(node: String, name: String, file: String, offset: Int, escaping: Bool, unapplied: Bool)] = []
    var rawTypes: [(node: String, type: String)] = []
    var rawConversions: [(node: String, from: String, to: String, file: String, offset: Int, fromSelf: Bool)] = []
    /// `typealias Bag = [String: Any]`: the alias's name (qualified by its owner) and its mangled underlying type.
    var rawAliases: [(name: String, type: String)] = []
    var rawCasts: [(node: String, type: String, file: String, offset: Int, downcast: Bool, from: String)] = []
    var rawDynamicTypes: [(node: String, type: String, file: String, offset: Int, reflects: Bool)] = []
    var rawClosures: [(node: String, type: String, capturesSelf: Bool, file: String, offset: Int, captured: [String], inside: [String], escaping: Bool, mutates: Bool)] = []
    /// Closures written as a call's argument: where they start, and the declaration called.
    var rawHandedClosures: [String: String] = [:]
    var rawTypesOf: [String: (kind: String, owner: String?, file: String, offset: Int, conformances: [String], superclass: String?, actor: Bool, unchecked: Bool)] = [:]
    var rawMembers: [(usr: String, name: String, owner: String?, kind: String, file: String, offset: Int, json: [String: Any])] = []
    var extensionTypes: [String] = []
    var rawDefaults: [(node: String, target: String)] = []
    var extensionConformances: [(type: String, protocols: [String])] = []
    /// Types made `@unchecked Sendable` in an extension (`extension RaceTeam: @unchecked Sendable {}`).
    var extensionUnchecked: [String] = []
    var rawAttributes: [(kind: String, file: String, offset: Int)] = []
    var rawImports: [(module: String, exported: Bool, file: String, offset: Int)] = []
    var rawTopLevel: [(name: String, kind: String, file: String, offset: Int)] = []
    /// Calls that take a type and return a value of it (`c.resolve(Roster.self)`), by the escaping closure they run in
    /// (nil: the node's own code), and calls of the module's functions, the same way.
    var rawResolutions: [(node: String, closure: String?, type: String, file: String, offset: Int)] = []
    var rawModuleCalls: [(node: String, closure: String?, usr: String)] = []
    var rawRegistrations: [(node: String, file: String, offset: Int, registered: String?, declared: [String]?, factoryClosure: String?, factoryFunction: String?)] = []

    init(module: String, demangle: @escaping ResolvedProgram.Demangler) {
        self.module = module
        self.demangle = demangle
        self.program = ResolvedProgram(module: module)
    }

    struct Place {
        var file: String
        var owner: String?     // a type's name, or a mangled extended type (resolved later) prefixed with "$"
        var node: String?
        var member: String?
        var memberUSR: String?
        var context: ResolvedProgram.Context = .body
        var offset: Int = 0
        var selfType: String?
        var escaping = false
        var unapplied = false
        /// The expression is the function a call applies at once (`overridden(by: x)`): converting it hands nothing out.
        var isCallee = false
        /// Inside the initial value of a toolchain macro's own storage (see `var_decl`): its types are the library's.
        var toolchainStorage = false
        /// The innermost escaping closure the expression is in (`file:offset`): code that runs when that closure is
        /// called, not when the code around it runs.
        var escapingClosure: String?
    }

    mutating func read(file: [String: Any]) {
        let name = ((file["filename"] as? String) ?? "") as NSString
        let place = Place(file: name.lastPathComponent, owner: nil, node: nil)
        let usesBefore = rawUses.count, attributesBefore = rawAttributes.count
        for case let item as [String: Any] in file["items"] as? [Any] ?? [] {
            let kind = item["_kind"] as? String ?? ""
            let at = offset(item) ?? 0
            if kind == "import_decl" {
                let path = (item["module_path"] as? [String]) ?? []
                rawImports.append((path.joined(separator: "."), item["exported"] as? Bool == true, place.file, at))
            } else if kind.hasSuffix("_decl") || kind == "protocol" || kind == "typealias", item["implicit"] as? Bool != true,
                      let declared = Self.name(item) {
                rawTopLevel.append((declared, kind, place.file, at))
            } else if kind == "pattern_binding_decl" {
                for case let entry as [String: Any] in item["pattern_entries"] as? [Any] ?? [] {
                    for name in Self.boundNames(entry["pattern"]) { rawTopLevel.append((name, "var_decl", place.file, at)) }
                }
            }
        }
        visitDeclarations(file["items"] as? [Any] ?? [], place)
        sweep(file["items"] as? [Any] ?? [], file: place.file, usesFrom: usesBefore, attributesFrom: attributesBefore)
    }

    /// Everything the compiler resolved in the file, wherever it stands: the walk above reads the places code
    /// usually is (bodies, initial values, default arguments of functions), and this sweep reads every object of
    /// the dump, so a reference or an attribute in a place the walk does not know (an enum case's default argument,
    /// a property wrapper's attribute argument, whatever the compiler accepts next) is still seen. What the walk
    /// did not record is added to a node of the file's own (`sweep:<file>`, no owner), once per declaration.
    mutating func sweep(_ items: [Any], file: String, usesFrom: Int, attributesFrom: Int) {
        var usedHere = Set(rawUses[usesFrom...].map { "\($0.usr)" })
        var attributesHere = Set(rawAttributes[attributesFrom...].map(\.kind))
        // What is found is kept under the type it stands in (a nested type by its path, an extension by its mangled
        // type, resolved like the walk's owners), so a rule's allowed places apply to it too.
        var found: [(usr: String, base: String, offset: Int, owner: String?, keyPath: Bool)] = []
        var attributes: [(kind: String, offset: Int)] = []
        func walk(_ value: Any, _ offset: Int, _ owner: String?, _ inKeyPath: Bool) {
            if let list = value as? [Any] {
                for item in list { walk(item, offset, owner, inKeyPath) }
                return
            }
            guard let json = value as? [String: Any] else { return }
            // A declaration the compiler made up (a derived `==`, a wrapper's storage) is not code the submission wrote.
            if json["implicit"] as? Bool == true, json["usr"] != nil { return }
            let here = ((json["range"] as? [String: Any])?["start"] as? Int) ?? offset
            var inner = owner
            switch json["_kind"] as? String ?? "" {
            case "class_decl", "struct_decl", "enum_decl", "protocol":
                if let name = Self.name(json) { inner = owner.flatMap { $0.hasPrefix("$") ? nil : $0 }.map { "\($0).\(name)" } ?? name }
            case "extension_decl":
                if let extended = json["extended_type"] as? String { inner = "$" + extended }
            default: break
            }
            // A key path (`\DependencyValues.engine`, a wrapper's argument) names a property; it reads nothing itself.
            let keyPath = inKeyPath || (json["_kind"] as? String ?? "").hasPrefix("keypath")
            if let usr = json["decl_usr"] as? String, !usr.isEmpty, usedHere.insert(usr).inserted {
                found.append((usr, json["base_name"] as? String ?? "", here, inner, keyPath))
            }
            if let kind = json["_kind"] as? String, kind.hasSuffix("_attr"), json["implicit"] as? Bool != true,
               (json["range"] as? [String: Any])?["buffer_id"] == nil, attributesHere.insert(kind).inserted {
                attributes.append((kind, here))
            }
            for (key, child) in json where key != "range" && key != "_kind" {
                if child is [String: Any] || child is [Any] { walk(child, here, inner, keyPath) }
            }
        }
        walk(items, 0, nil, false)
        for use in found {
            let prefix = use.keyPath ? ResolvedProgram.sweptKeyPathPrefix : ResolvedProgram.sweepPrefix
            let node = prefix + file + (use.owner.map { ":" + $0 } ?? "")
            ensureNode(Place(file: file, owner: use.owner, node: node))
            rawUses.append((node, use.usr, use.base, file, use.offset, false, false))
        }
        for attribute in attributes { rawAttributes.append((attribute.kind, file, attribute.offset)) }
    }

    private func offset(_ json: [String: Any]) -> Int? {
        (json["range"] as? [String: Any])?["start"] as? Int
    }

    mutating func visitDeclarations(_ items: [Any], _ place: Place) {
        // A stored property's initial value sits in the pattern binding before the property itself.
        var usrByName: [String: String] = [:]
        for case let item as [String: Any] in items where item["_kind"] as? String == "var_decl" {
            if let usr = item["usr"] as? String, let name = Self.name(item) { usrByName[name] = usr }
        }
        for case let item as [String: Any] in items {
            visitDeclaration(item, place, usrByName: usrByName)
        }
    }

    /// The names a pattern binds (`let (a, b) = ...`, `var x: Int`).
    static func boundNames(_ pattern: Any?) -> [String] {
        guard let json = pattern as? [String: Any] else { return [] }
        if json["_kind"] as? String == "pattern_named", let name = Self.name(json) { return [name] }
        var names: [String] = []
        for (key, child) in json where key != "range" {
            if let list = child as? [Any] { for item in list { names += boundNames(item) } } else if child is [String: Any] { names += boundNames(child) }
        }
        return names
    }

    static func name(_ json: [String: Any]) -> String? {
        guard let name = json["name"] as? [String: Any], let base = name["base_name"] as? [String: Any] else { return nil }
        return (base["name"] as? String) ?? (base["special"] as? String)
    }

    mutating func visitDeclaration(_ json: [String: Any], _ outer: Place, usrByName: [String: String]) {
        let kind = json["_kind"] as? String ?? ""
        var place = outer
        if let start = offset(json) { place.offset = start }
        // Attributes written in the code: not those the compiler adds, nor those of declarations it synthesizes
        // (a derived `==`) or a toolchain macro expands (`@TaskLocal`).
        for case let attribute as [String: Any] in json["attrs"] as? [Any] ?? []
        where attribute["implicit"] as? Bool != true && json["implicit"] as? Bool != true
            && (attribute["range"] as? [String: Any])?["buffer_id"] == nil {
            rawAttributes.append((attribute["_kind"] as? String ?? "?", place.file, offset(attribute) ?? place.offset))
        }
        switch kind {
        case "typealias":
            if let name = Self.name(json), let type = json["type"] as? String {
                rawAliases.append((outer.owner.map { "\($0).\(name)" } ?? name, type))
            }
        case "class_decl", "struct_decl", "enum_decl", "protocol":
            guard let usr = json["usr"] as? String, let name = Self.name(json) else { return }
            let qualified = outer.owner.map { "\($0).\(name)" } ?? name
            let inherits = json["inherits"] as? [String: Any]
            var conformances: [String] = []
            var unchecked = false
            for case let conformance as [String: Any] in inherits?["conformances"] as? [Any] ?? [] {
                if let proto = conformance["protocol"] as? String { conformances.append(proto) }
                if conformance["unchecked"] as? Bool == true { unchecked = true }
            }
            conformances += (inherits?["protocols"] as? [String]) ?? []
            if String(describing: json["attrs"] ?? "").contains("unchecked") { unchecked = true }
            rawTypesOf[usr] = (kind, qualified, place.file, place.offset, conformances, inherits?["superclass"] as? String,
                               json["actor"] as? Bool == true, unchecked)
            var inner = place
            inner.owner = qualified
            inner.node = nil
            inner.selfType = usr
            visitDeclarations(json["members"] as? [Any] ?? [], inner)
        case "extension_decl":
            guard let extended = json["extended_type"] as? String else { return }
            extensionTypes.append(extended)
            // `extension V8Engine: Buildable {}`: a conformance declared away from the type.
            let inherits = json["inherits"] as? [String: Any]
            var conformances: [String] = []
            for case let conformance as [String: Any] in inherits?["conformances"] as? [Any] ?? [] {
                if let proto = conformance["protocol"] as? String { conformances.append(proto) }
                if conformance["unchecked"] as? Bool == true { extensionUnchecked.append(extended) }
            }
            conformances += (inherits?["protocols"] as? [String]) ?? []
            if String(describing: json["attrs"] ?? "").contains("unchecked") { extensionUnchecked.append(extended) }
            if !conformances.isEmpty { extensionConformances.append((extended, conformances)) }
            var inner = place
            inner.owner = "$" + extended
            inner.node = nil
            visitDeclarations(json["members"] as? [Any] ?? [], inner)
        case "pattern_binding_decl":
            for case let entry as [String: Any] in json["pattern_entries"] as? [Any] ?? [] {
                let initializer = (entry["init"] ?? entry["original_init"]) as? [String: Any]
                guard let initializer else { continue }
                if place.node != nil {
                    visitExpression(initializer, place)
                } else {
                    let names = Self.patternNames(entry["pattern"])
                    guard let usr = names.compactMap({ usrByName[$0] }).first else { continue }
                    var inner = place
                    inner.node = usr
                    inner.member = names.first
                    inner.memberUSR = usr
                    inner.context = .initialValue
                    inner.toolchainStorage = names.first?.hasPrefix("$") == true && (json["range"] as? [String: Any])?["buffer_id"] != nil
                    ensureNode(inner)
                    visitExpression(initializer, inner)
                }
            }
        case "var_decl":
            guard let usr = json["usr"] as? String else {
                if place.node != nil { collectTypes(json, place) }
                return
            }
            let name = Self.name(json) ?? "?"
            rawMembers.append((usr, name, outer.owner, kind, place.file, place.offset, json))
            var inner = place
            inner.node = usr
            inner.member = name
            inner.memberUSR = usr
            inner.context = .body
            ensureNode(inner)
            // A toolchain macro's own storage (Swift Testing's test record: `$s...testContentRecord...`, a tuple with a C
            // accessor): a name no source can declare, in the macro's expansion. Its type is the library's; what it holds
            // is still read below.
            let expanded = name.hasPrefix("$") && (json["range"] as? [String: Any])?["buffer_id"] != nil
            if let type = json["interface_type"] as? String, !expanded { rawTypes.append((usr, type)) }
            for case let accessor as [String: Any] in json["accessors"] as? [Any] ?? [] where accessor["implicit"] as? Bool != true {
                if let body = accessor["body"] { visitExpression(body, inner) }
            }
        case "enum_element_decl":
            // A case of an enum: a member with no code of its own.
            guard let usr = json["usr"] as? String, let name = Self.name(json) else { return }
            rawMembers.append((usr, name, outer.owner, kind, place.file, place.offset, json))
        case "func_decl", "constructor_decl", "destructor_decl", "subscript_decl", "accessor_decl":
            guard let usr = json["usr"] as? String else { return }
            let name = Self.name(json) ?? kind
            rawMembers.append((usr, name, outer.owner, kind, place.file, place.offset, json))
            var inner = place
            inner.node = usr
            inner.member = name
            inner.memberUSR = usr
            inner.context = .body
            ensureNode(inner)
            let parameters = ((json["params"] as? [String: Any])?["params"] as? [Any]) ?? []
            for (index, item) in parameters.enumerated() {
                guard let parameter = item as? [String: Any] else { continue }
                if let type = parameter["interface_type"] as? String { rawTypes.append((usr, type)) }
                if let expression = parameter["expression"] as? [String: Any] {
                    var argument = inner
                    argument.node = "\(usr)#\(index)"
                    argument.context = .defaultArgument
                    if let start = offset(expression) { argument.offset = start }
                    ensureNode(argument)
                    visitExpression(expression, argument)
                }
            }
            if let result = json["result"] as? String, !result.isEmpty { rawTypes.append((usr, result)) }
            if let body = json["body"] { visitExpression(body, inner) }
            for case let accessor as [String: Any] in json["accessors"] as? [Any] ?? [] where accessor["implicit"] as? Bool != true {
                if let body = accessor["body"] { visitExpression(body, inner) }
            }
        case "top_level_code_decl":
            var inner = place
            inner.node = "top-level:\(place.file)"
            inner.member = nil
            ensureNode(inner)
            visitExpression(json, inner)
        default:
            break
        }
    }

    /// The declaration a call applies: `f(...)`, `x.f(...)`, `T(...)`.
    static func callee(_ value: Any?) -> String? {
        guard let json = value as? [String: Any] else { return nil }
        if let decl = json["decl"] as? [String: Any], let usr = decl["decl_usr"] as? String, !usr.isEmpty { return usr }
        if let inner = json["fn"] { return callee(inner) }
        if let inner = json["sub_expr"] { return callee(inner) }
        return nil
    }

    static func patternNames(_ pattern: Any?) -> [String] {
        var names: [String] = []
        func walk(_ value: Any?) {
            if let json = value as? [String: Any] {
                if json["_kind"] as? String == "pattern_named", let name = Reader.name(json) { names.append(name) }
                for (_, child) in json { walk(child) }
            } else if let list = value as? [Any] {
                list.forEach(walk)
            }
        }
        walk(pattern)
        return names
    }

    mutating func ensureNode(_ place: Place) {
        guard let id = place.node, program.nodes[id] == nil else { return }
        program.nodes[id] = ResolvedProgram.Node(id: id, owner: place.owner, member: place.member, memberUSR: place.memberUSR,
                                                 context: place.context, file: place.file, line: place.offset)
    }

    mutating func collectTypes(_ json: [String: Any], _ place: Place) {
        guard let node = place.node, !place.toolchainStorage else { return }
        for key in ["type", "interface_type", "replacement_type", "written_type", "type_usr", "result"] {
            if let type = json[key] as? String, type.hasPrefix("$s") { rawTypes.append((node, type)) }
        }
    }

    /// Everything inside a body or an expression: references, types, conversions, casts, closures,
    /// and declarations nested in it (local functions and types).
    mutating func visitExpression(_ value: Any, _ outer: Place) {
        if let list = value as? [Any] {
            for item in list { visitExpression(item, outer) }
            return
        }
        guard let json = value as? [String: Any] else { return }
        var place = outer
        if let start = offset(json) { place.offset = start }
        let kind = json["_kind"] as? String ?? ""
        switch kind {
        case "func_decl" where json["usr"] == nil || json["implicit"] as? Bool == true:
            // A local function (`func engine() -> any Engine { V8Engine() }` inside a function) has no usr: it is a
            // node of its own, under a name made from its place, and its enclosing code uses it by name, calling it or
            // handing it on (`factory: engine`).
            if json["implicit"] as? Bool != true, let name = Self.name(json), !name.hasPrefix("$"), let enclosing = place.node {
                let id = "local:\(place.file):\(place.offset):\(name)"
                localFunctions.append((id, name, enclosing, place.file))
                var declared = json
                declared["usr"] = id
                visitDeclaration(declared, place, usrByName: [:])
                return
            }
            // A `defer { ... }` block is an implicit function with no name of its own: its code runs here, as part
            // of the function that holds it.
            if let body = json["body"] { visitExpression(body, place) }
            return
        case "func_decl", "constructor_decl", "class_decl", "struct_decl", "enum_decl", "protocol", "extension_decl":
            // A local function or type: its own node, used from here by name.
            visitDeclaration(json, place, usrByName: [:])
            return
        case "var_decl" where json["usr"] != nil && place.node == nil:
            visitDeclaration(json, place, usrByName: [:])
            return
        default:
            break
        }
        guard let node = place.node else { return }
        let isCallee = place.isCallee
        place.isCallee = false
        // The reference expression says whether the function it names is called or only named.
        if json["decl"] is [String: Any] {
            place.unapplied = (json["function_ref"] as? [String: Any])?["apply_level"] as? String == "unapplied"
        }
        if kind == "decl_ref", let usr = json["decl_usr"] as? String, !usr.isEmpty {
            rawUses.append((node, usr, json["base_name"] as? String ?? "", place.file, place.offset, place.escaping, place.unapplied))
        } else if kind == "decl_ref", let base = json["base_name"] as? String, !base.isEmpty {
            // A local value or a local function: which one is known once every local function was seen.
            rawLocalReferences.append((node, base, place.file, place.offset, place.escaping, place.unapplied))
        }
        if kind == "erasure_expr" || kind == "inject_into_optional" || kind == "function_conversion_expr" || kind == "derived_to_base_expr"
            || kind == "metatype_conversion_expr" || kind == "existential_metatype_expr" || kind == "underlying_to_opaque_expr" {
            if !(kind == "function_conversion_expr" && isCallee),
               let to = json["type"] as? String, let sub = json["sub_expr"] as? [String: Any], let from = sub["type"] as? String {
                let fromSelf = (sub["decl"] as? [String: Any])?["base_name"] as? String == "self"
                rawConversions.append((node, from, to, place.file, place.offset, fromSelf))
            }
        }
        if kind.hasSuffix("checked_cast_expr") || kind == "is_subtype_expr" || kind == "coerce_expr" {
            let downcast = kind != "coerce_expr"
            let from = (json["sub_expr"] as? [String: Any])?["type"] as? String ?? ""
            if let written = json["written_type"] as? String { rawCasts.append((node, written, place.file, place.offset, downcast, from)) }
            else if let type = json["cast_type"] as? String { rawCasts.append((node, type, place.file, place.offset, downcast, from)) }
        }
        // `type(of: x)`: a metatype read from a value (not `T.self`), and `Mirror(reflecting: x)`.
        if kind == "metatype_expr", let base = json["base"] as? [String: Any], let type = base["type"] as? String {
            rawDynamicTypes.append((node, type, place.file, place.offset, true))
        }
        if kind == "call_expr", let usr = (((json["fn"] as? [String: Any])?["fn"] as? [String: Any])?["decl"] as? [String: Any])?["decl_usr"] as? String,
           usr.hasPrefix("s:s6MirrorV10reflecting"),
           let argument = ((json["args"] as? [String: Any])?["args"] as? [Any])?.first as? [String: Any],
           let expression = argument["expr"] as? [String: Any] {
            let opened = (expression["opaque_value"] as? [String: Any])?["type"] as? String
            let erased = (expression["sub_expr"] as? [String: Any])?["type"] as? String
            if let type = opened ?? erased { rawDynamicTypes.append((node, type, place.file, place.offset, true)) }
        }
        // The value turned into text by its default description (`"\(engine)"`, `String(describing: engine)`): for a
        // value of a protocol type, that text is the name of the type behind it, read at run time like `type(of:)`.
        // (`"\(engine.horsepower)"` describes an Int: the argument's own type is what counts.)
        if kind == "call_expr", let usr = (((json["fn"] as? [String: Any])?["fn"] as? [String: Any])?["decl"] as? [String: Any])?["decl_usr"] as? String,
           usr == "s:s26DefaultStringInterpolationV06appendC0yyxlF" || usr.hasPrefix("s:SS10describingSSx") || usr.hasPrefix("s:SS10reflectingSSx"),
           let argument = ((json["args"] as? [String: Any])?["args"] as? [Any])?.first as? [String: Any],
           let type = (argument["expr"] as? [String: Any])?["type"] as? String {
            rawDynamicTypes.append((node, type, place.file, place.offset, false))
        }
        // The same text written into a stream the code reads back (`print(engine, to: &text)`, `dump(engine, to: &text)`,
        // `debugPrint`): each value a standard-library call with an output stream renders, by its own type.
        if kind == "call_expr", let usr = Self.callee(json["fn"]), usr.hasPrefix("s:s"),
           let arguments = (json["args"] as? [String: Any])?["args"] as? [Any],
           arguments.contains(where: { ($0 as? [String: Any])?["label"] as? String == "to" }) {
            for case let argument as [String: Any] in arguments where argument["label"] as? String != "to" {
                guard let expression = argument["expr"] as? [String: Any] else { continue }
                var values = [expression]
                if expression["_kind"] as? String == "vararg_expansion_expr" {
                    values = ((expression["sub_expr"] as? [String: Any])?["elements"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
                }
                for value in values {
                    // What is erased to `Any` is the value before the erasure (a protocol value is opened first).
                    var erased = value
                    if erased["_kind"] as? String == "open_existential_expr", let inner = erased["sub_expr"] as? [String: Any] { erased = inner }
                    let type = erased["_kind"] as? String == "erasure_expr" ? (erased["sub_expr"] as? [String: Any])?["type"] as? String : value["type"] as? String
                    if let type { rawDynamicTypes.append((node, type, place.file, place.offset, false)) }
                }
            }
        }
        if kind == "closure_expr" || kind == "auto_closure_expr" {
            let captures = json["captures"] as? [Any] ?? []
            let capturesSelf = captures.contains { capture in
                ((capture as? [String: Any])?["decl"] as? [String: Any])?["base_name"] as? String == "self"
            }
            let captured = captures.compactMap { capture -> String? in
                guard let decl = (capture as? [String: Any])?["decl"] as? [String: Any], let type = decl["type_usr"] as? String, type.hasPrefix("$s") else { return nil }
                return type
            }
            var inside: [String] = []
            func collect(_ value: Any?) {
                if let object = value as? [String: Any] {
                    if let usr = object["decl_usr"] as? String, !usr.isEmpty { inside.append(usr) }
                    for (key, child) in object where key != "range" { collect(child) }
                } else if let list = value as? [Any] {
                    list.forEach(collect)
                }
            }
            collect(json["body"])
            // The local variables it captures, and whether its body writes one (an assignment, or `inout` as `+=` takes it).
            let locals = Set(captures.compactMap { capture -> String? in
                guard let capture = capture as? [String: Any], capture["is_local_capture"] as? Bool == true,
                      let name = (capture["decl"] as? [String: Any])?["base_name"] as? String, name != "self" else { return nil }
                return name
            })
            var mutates = false
            func written(_ value: Any?) {
                guard !mutates else { return }
                if let object = value as? [String: Any] {
                    let kind = object["_kind"] as? String
                    if kind == "inout_expr" || kind == "assign_expr" {
                        var target = object[kind == "assign_expr" ? "dest_expr" : "sub_expr"] as? [String: Any]
                        // `starts.count += 1`, `box[0] = x`: the variable is what the member or subscript is read from.
                        while let inner = target, inner["_kind"] as? String != "declref_expr", let base = inner["base"] ?? inner["sub_expr"] { target = base as? [String: Any] }
                        if let name = (target?["decl"] as? [String: Any])?["base_name"] as? String, locals.contains(name) { mutates = true; return }
                    }
                    for (key, child) in object where key != "range" { written(child) }
                } else if let list = value as? [Any] {
                    list.forEach(written)
                }
            }
            if !locals.isEmpty { written(json["body"]) }
            if let type = json["type"] as? String {
                rawClosures.append((node, type, capturesSelf, place.file, place.offset, captured, inside, json["escaping"] as? Bool == true, mutates))
            }
            if json["escaping"] as? Bool == true {
                place.escaping = true
                if kind == "closure_expr" { place.escapingClosure = "\(place.file):\(place.offset)" }
            }
        }
        if kind == "call_expr" { readCall(json, place, node: node) }
        if let arguments = (json["args"] as? [String: Any])?["args"] as? [Any], let callee = Self.callee(json["fn"]) {
            for case let argument as [String: Any] in arguments {
                // A closure written as the argument (through the conversions the compiler wraps it in) is handed to the callee.
                var handed = argument["expr"] as? [String: Any]
                // Through the wrappers the compiler puts around it (conversions, `inject_into_optional`, parentheses) and
                // a capture list (`[weak container] in ...`).
                while let inner = handed, inner["_kind"] as? String != "closure_expr" {
                    handed = (inner["closure_body"] ?? inner["sub_expr"]) as? [String: Any]
                }
                if let closure = handed, closure["_kind"] as? String == "closure_expr", let start = offset(closure) {
                    rawHandedClosures["\(place.file):\(start)"] = callee
                }
                if let expression = argument["expr"] as? [String: Any], expression["_kind"] as? String == "default_argument_expr",
                   let index = (expression["param"] as? String).flatMap(Int.init) {
                    rawDefaults.append((node, "\(callee)#\(index)"))
                }
            }
        }
        collectTypes(json, place)
        for (key, child) in json where key != "_kind" && key != "range" && key != "parsed_root" && key != "original_expr" {
            guard child is [String: Any] || child is [Any] else { continue }
            var inner = place
            inner.isCallee = key == "fn" && (json["args"] is [String: Any])
            visitExpression(child, inner)
        }
    }

    /// The metatype an expression is, through the conversions around it (`Roster.self` as `Any.Type`): its mangled type.
    static func metatype(_ value: Any?) -> String? {
        var expression = value as? [String: Any]
        while let inner = expression, let kind = inner["_kind"] as? String {
            if kind == "dot_self_expr" || kind == "type_expr" { return (inner["type"] as? String).flatMap { $0.hasSuffix("mD") ? $0 : nil } }
            guard kind.hasSuffix("erasure_expr") || kind == "paren_expr" || kind == "metatype_conversion_expr" else { return nil }
            expression = inner["sub_expr"] as? [String: Any]
        }
        return nil
    }

    /// A call of the module's function, a resolution, or a registration (see `ResolvedProgram.Registration`).
    mutating func readCall(_ json: [String: Any], _ place: Place, node: String) {
        let arguments = ((json["args"] as? [String: Any])?["args"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        if let usr = Self.callee(json["fn"]), usr.hasPrefix("s:\(module.utf8.count)\(module)") {
            rawModuleCalls.append((node, place.escapingClosure, usr))
        }
        // One type in, a value of that type out (`T`, `T?`): a resolution, whatever the function is called.
        if arguments.count == 1, let type = json["type"] as? String, type.hasSuffix("D"),
           let asked = arguments.lazy.compactMap({ Self.metatype($0["expr"]) }).first {
            let instance = String(asked.dropLast(2)) + "D"
            if type == instance || type == String(instance.dropLast()) + "SgD" {
                rawResolutions.append((node, place.escapingClosure, instance, place.file, place.offset))
            }
        }
        guard let declared = arguments.first(where: { $0["label"] as? String == "dependencies" }) else { return }
        var factoryClosure: String?
        var factoryFunction: String?
        for argument in arguments {
            var expression = argument["expr"] as? [String: Any]
            while let inner = expression, inner["_kind"] as? String != "closure_expr", inner["_kind"] as? String != "declref_expr" {
                expression = (inner["closure_body"] ?? inner["sub_expr"]) as? [String: Any]
            }
            guard let found = expression else { continue }
            if found["_kind"] as? String == "closure_expr", let start = offset(found) { factoryClosure = "\(place.file):\(start)" }
            if found["_kind"] as? String == "declref_expr", let usr = (found["decl"] as? [String: Any])?["decl_usr"] as? String,
               usr.hasPrefix("s:\(module.utf8.count)\(module)"), (found["type"] as? String)?.hasSuffix("cD") == true {
                factoryFunction = usr
            }
        }
        guard factoryClosure != nil || factoryFunction != nil else { return }
        var types: [String]?
        let expression = declared["expr"] as? [String: Any]
        switch expression?["_kind"] as? String {
        case "default_argument_expr"?: types = []
        case "array_expr"?:
            let elements = expression?["elements"] as? [Any] ?? []
            let read = elements.compactMap(Self.metatype)
            types = read.count == elements.count ? read : nil
        default: types = nil
        }
        let registered = arguments.lazy.compactMap { Self.metatype($0["expr"]) }.first
        rawRegistrations.append((node, place.file, place.offset, registered, types, factoryClosure, factoryFunction))
    }

    mutating func finish() -> ResolvedProgram {
        // A name with no usr names a local function declared by the node that uses it, or by one that encloses it.
        if !localFunctions.isEmpty {
            let enclosing = Dictionary(localFunctions.map { ($0.id, $0.enclosing) }, uniquingKeysWith: { first, _ in first })
            // By name, scope and file at once: a lookup per scope of the chain, however many local functions share a name.
            var byPlace: [String: String] = [:]
            for local in localFunctions where byPlace["\(local.name)\u{0}\(local.enclosing)\u{0}\(local.file)"] == nil {
                byPlace["\(local.name)\u{0}\(local.enclosing)\u{0}\(local.file)"] = local.id
            }
            for reference in rawLocalReferences {
                var scope: String? = reference.node
                var seen: Set<String> = []
                while let current = scope, seen.insert(current).inserted {
                    if let local = byPlace["\(reference.name)\u{0}\(current)\u{0}\(reference.file)"] {
                        rawUses.append((reference.node, local, reference.name, reference.file, reference.offset, reference.escaping, reference.unapplied))
                        break
                    }
                    scope = enclosing[current]
                }
            }
        }
        // Demangle everything in one call.
        var mangled: Set<String> = []
        for use in rawUses where use.usr.hasPrefix("s:") { mangled.insert("$s" + use.usr.dropFirst(2)) }
        for type in rawTypes { mangled.insert(type.type) }
        for conversion in rawConversions { mangled.insert(conversion.from); mangled.insert(conversion.to) }
        for cast in rawCasts { mangled.insert(cast.type) }
        for read in rawDynamicTypes { mangled.insert(read.type) }
        for closure in rawClosures { mangled.insert(closure.type) }
        for resolution in rawResolutions { mangled.insert(resolution.type) }
        for registration in rawRegistrations {
            for type in (registration.declared ?? []) + [registration.registered].compactMap({ $0 }) { mangled.insert(type) }
        }
        for type in extensionTypes { mangled.insert(type) }
        for alias in rawAliases { mangled.insert(alias.type) }
        for member in rawMembers {
            mangled.insert("$s" + member.usr.dropFirst(2))
            if let type = member.json["interface_type"] as? String { mangled.insert(type) }
            if let result = member.json["result"] as? String, !result.isEmpty { mangled.insert(result) }
        }
        for (usr, raw) in rawTypesOf {
            mangled.insert("$s" + usr.dropFirst(2))
            for supertype in raw.conformances + [raw.superclass].compactMap({ $0 }) { mangled.insert("$s" + supertype.dropFirst(2)) }
        }
        for conformance in extensionConformances {
            for proto in conformance.protocols { mangled.insert("$s" + proto.dropFirst(2)) }
        }
        let names = demangle(Array(mangled))
        func readable(_ type: String) -> String {
            (names[type] ?? type).replacingOccurrences(of: "\(module).", with: "")
        }
        func shown(_ file: String) -> String { files[file]?.shown ?? file }
        func line(_ file: String, _ offset: Int) -> Int { files[file]?.lines.line(offset) ?? 0 }
        for alias in rawAliases { program.typeAliases[alias.name] = readable(alias.type) }
        func owner(_ raw: String?) -> String? {
            guard let raw else { return nil }
            guard raw.hasPrefix("$") else { return raw }
            var type = readable(String(raw.dropFirst()))
            for prefix in ["any ", "some "] where type.hasPrefix(prefix) { type.removeFirst(prefix.count) }
            return DemangledName.withoutGenerics(type)
        }

        for (usr, raw) in rawTypesOf {
            let supertypes = (raw.conformances + [raw.superclass].compactMap { $0 }).map { usr -> String in
                let path = DemangledName.declaration(names["$s" + usr.dropFirst(2)] ?? usr).path
                return path.first == module ? path.dropFirst().joined(separator: ".") : path.joined(separator: ".")
            }
            program.types[usr] = ResolvedProgram.TypeDeclaration(
                usr: usr, name: raw.owner ?? "?", kind: raw.kind, isActor: raw.actor, file: shown(raw.file),
                line: line(raw.file, raw.offset), supertypes: supertypes, isUncheckedSendable: raw.unchecked)
        }
        for type in extensionUnchecked {
            guard let name = owner("$" + type), let usr = program.types.filter({ $0.value.name == name }).keys.min() else { continue }
            program.types[usr]?.isUncheckedSendable = true
        }
        for (type, protocols) in extensionConformances {
            guard let name = owner("$" + type) else { continue }
            guard let usr = program.types.filter({ $0.value.name == name }).keys.min() else {
                // A type of another module made to adopt protocols of this one (`extension Thread: Launcher {}`).
                let adopted = protocols.map { proto -> String in
                    let path = DemangledName.declaration(names["$s" + proto.dropFirst(2)] ?? proto).path
                    return path.first == module ? path.dropFirst().joined(separator: ".") : path.joined(separator: ".")
                }
                program.foreignConformances.append((type: name, protocols: adopted))
                continue
            }
            for proto in protocols {
                let path = DemangledName.declaration(names["$s" + proto.dropFirst(2)] ?? proto).path
                let shown = path.first == module ? path.dropFirst().joined(separator: ".") : path.joined(separator: ".")
                if !(program.types[usr]?.supertypes.contains(shown) ?? true) { program.types[usr]?.supertypes.append(shown) }
            }
        }
        for raw in rawMembers {
            let json = raw.json
            var markers: [String] = []
            for case let attribute as [String: Any] in json["attrs"] as? [Any] ?? [] {
                let kind = attribute["_kind"] as? String ?? ""
                if kind == "reference_ownership_attr" {
                    for key in ["weak", "unowned", "unowned(unsafe)", "unowned(safe)"] where attribute[key] as? Bool == true { markers.append(key) }
                }
                if kind == "nonisolated_attr", attribute["unsafe"] as? Bool == true { markers.append("nonisolated(unsafe)") }
                if kind == "setter_access_attr", let access = attribute["access"] as? String { markers.append("\(access)(set)") }
                if kind == "custom_attr", let macro = attribute["macro"] as? [String: Any], let base = macro["base_name"] as? String { markers.append(base) }
                if kind == "custom_attr", let type = attribute["type"] as? String { markers.append(readable(type)) }
            }
            if json["nonisolated(unsafe)"] as? Bool == true, !markers.contains("nonisolated(unsafe)") { markers.append("nonisolated(unsafe)") }
            let attributes = String(describing: json["attrs"] ?? "")
            var member = ResolvedProgram.MemberDeclaration(
                usr: raw.usr, name: raw.name, owner: owner(raw.owner), kind: raw.kind, file: shown(raw.file),
                line: line(raw.file, raw.offset), isStatic: json["static"] as? Bool == true, isLet: json["let"] as? Bool == true,
                isStored: json["readImpl"] as? String == "stored" || attributes.contains("has_storage_attr"),
                isLazy: json["lazy"] as? Bool == true, isImplicit: json["implicit"] as? Bool == true,
                isConvenience: json["convenience"] as? Bool == true, markers: markers,
                type: readable(json["interface_type"] as? String ?? ""), result: readable(json["result"] as? String ?? ""),
                hasInitialValue: attributes.contains("has_initial_value_attr"))
            member.inExtension = raw.owner?.hasPrefix("$") == true
            if let access = json["access"] as? String { member.access = access }
            for case let requirement as [String: Any] in (json["generic_signature"] as? [String: Any])?["generic_reqs"] as? [Any] ?? [] {
                if let proto = requirement["protocol"] as? String, let name = program.types[proto]?.name { member.constraints.append(name) }
            }
            if raw.kind != "var_decl", let labels = (json["name"] as? [String: Any])?["args"] as? [String] {
                // The labels as declared: `(crewRoom:)`, `(_:)`.
                member.arguments = "(" + labels.map { ($0.isEmpty ? "_" : $0) + ":" }.joined() + ")"
            } else if raw.kind != "var_decl", let text = names["$s" + raw.usr.dropFirst(2)] {
                member.arguments = DemangledName.declaration(text).arguments
            }
            program.members[raw.usr] = member
            program.membersByOwner[member.owner ?? "", default: []].append(member)
        }
        for (id, var node) in program.nodes {
            node.owner = owner(node.owner)
            node.line = line(node.file, node.line)
            node.file = shown(node.file)
            program.nodes[id] = node
        }
        for raw in rawUses {
            let isC = raw.usr.hasPrefix("c:")
            var path = [raw.base]
            var arguments = ""
            var usedModule = isC ? "C" : ""
            var isStatic = false
            // Only a Swift usr (`s:...`) is demangled: a local function's id (`local:File.swift:12:helper`) is the module's own.
            if !isC, raw.usr.hasPrefix("s:"), let text = names["$s" + raw.usr.dropFirst(2)] {
                isStatic = text.hasPrefix("static ")
                let declaration = DemangledName.declaration(text)
                path = declaration.path
                arguments = declaration.arguments
                if let first = path.first, path.count > 1 { usedModule = first; path.removeFirst() }
            }
            var use = ResolvedProgram.Use(usr: raw.usr, path: path, module: usedModule, arguments: arguments,
                                          file: shown(raw.file), line: line(raw.file, raw.offset), isC: isC, baseName: raw.base)
            use.isStaticMember = isStatic
            use.inEscapingClosure = raw.escaping
            use.isUnappliedFunction = raw.unapplied && (use.isInitializer || !arguments.isEmpty || raw.usr.hasPrefix("local:"))
            program.nodes[raw.node]?.uses.append(use)
        }
        for raw in rawTypes { program.nodes[raw.node]?.types.insert(readable(raw.type)) }
        for raw in rawConversions {
            program.nodes[raw.node]?.conversions.append(.init(from: readable(raw.from), to: readable(raw.to), file: shown(raw.file),
                                                              line: line(raw.file, raw.offset), fromSelf: raw.fromSelf))
        }
        for raw in rawDynamicTypes {
            program.nodes[raw.node]?.dynamicTypeReads.append((readable(raw.type), shown(raw.file), line(raw.file, raw.offset), raw.reflects))
        }
        for raw in rawCasts {
            program.nodes[raw.node]?.casts.append((readable(raw.type), shown(raw.file), line(raw.file, raw.offset), raw.downcast,
                                                   raw.from.hasPrefix("$s") ? readable(raw.from) : raw.from))
        }
        for raw in rawClosures {
            program.nodes[raw.node]?.closures.append(.init(type: readable(raw.type), capturesSelf: raw.capturesSelf,
                                                           file: shown(raw.file), line: line(raw.file, raw.offset),
                                                           capturedTypes: raw.captured.map(readable),
                                                           handedTo: rawHandedClosures["\(raw.file):\(raw.offset)"], usesInside: raw.inside,
                                                           isEscaping: raw.escaping, mutatesCapture: raw.mutates))
        }
        // An initializer runs the initial values of its type's stored instance properties.
        for (id, node) in program.nodes {
            guard let member = node.memberUSR.flatMap({ program.members[$0] }), member.kind == "constructor_decl",
                  node.context == .body, let owner = member.owner else { continue }
            let stored = (program.membersByOwner[owner] ?? []).filter { $0.kind == "var_decl" && !$0.isStatic && !$0.isLazy && $0.hasInitialValue }
            program.nodes[id]?.implied = stored.map(\.usr)
        }
        program.attributes = rawAttributes.map { .init(kind: $0.kind, file: shown($0.file), line: line($0.file, $0.offset)) }
        program.imports = rawImports.map { .init(module: $0.module, exported: $0.exported, file: shown($0.file), line: line($0.file, $0.offset)) }
        program.topLevelNames = rawTopLevel.map { .init(name: $0.name, kind: $0.kind, file: shown($0.file), line: line($0.file, $0.offset)) }
        for raw in rawDefaults where program.nodes[raw.target] != nil { program.nodes[raw.node]?.implied.append(raw.target) }
        // What each factory resolves while it builds: its own code, then the module's functions it calls, as deep as they go.
        func instance(_ metatype: String) -> String {
            var type = readable(metatype)
            if type.hasSuffix(".Type") { type.removeLast(5) }
            return type
        }
        let resolutionsIn = Dictionary(grouping: rawResolutions, by: { "\($0.node)|\($0.closure ?? "")" })
        let callsIn = Dictionary(grouping: rawModuleCalls, by: { "\($0.node)|\($0.closure ?? "")" })
        let nodeOfClosure = Dictionary(rawClosures.map { ("\($0.file):\($0.offset)", $0.node) }, uniquingKeysWith: { first, _ in first })
        for registration in rawRegistrations {
            var pending: [String] = []
            if let closure = registration.factoryClosure, let node = nodeOfClosure[closure] { pending.append("\(node)|\(closure)") }
            if let function = registration.factoryFunction { pending.append("\(function)|") }
            var seen: Set<String> = []
            var resolved: [(type: String, file: String, line: Int)] = []
            while let key = pending.popLast() {
                guard seen.insert(key).inserted else { continue }
                for resolution in resolutionsIn[key] ?? [] {
                    resolved.append((instance(resolution.type), shown(resolution.file), line(resolution.file, resolution.offset)))
                }
                for call in callsIn[key] ?? [] where program.nodes[call.usr] != nil { pending.append("\(call.usr)|") }
            }
            program.registrations.append(.init(owner: program.nodes[registration.node]?.owner, file: shown(registration.file), line: line(registration.file, registration.offset),
                                               registered: registration.registered.map(instance),
                                               declared: registration.declared?.map(instance), resolved: resolved))
        }
        return program
    }
}
